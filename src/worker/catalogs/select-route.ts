// POST /v1/catalogs/:id/select: ranks a published catalog for a query or a conversation.

import { conversationQuery } from "../../conversation/model-messages.js";
import type { ScoredTool } from "../../tool-index.js";
import { checkQueryLength } from "./upload-limits.js";
import { eventsOf, type ServiceContext } from "../http/service-context.js";
import { selectBodySchema, validate } from "../http/validation.js";
import { dedupe, type ServiceWarning } from "../http/warnings.js";

/** One ranked tool in a select answer; `explain: true` adds where its score came from. */
function resultOf(tool: ScoredTool, explain: boolean) {
  return {
    name: tool.name,
    score: tool.score,
    ...(tool.fusion === undefined ? {} : { keyword: tool.fusion.keyword, semantic: tool.fusion.semantic }),
    ...(tool.pinned === undefined ? {} : { pinned: tool.pinned }),
    ...(tool.reason === "ranked" || tool.pinned !== undefined ? {} : { reason: tool.reason }),
    ...(explain
      ? {
          keywordScore: tool.keywordScore,
          lexicalScore: tool.keywordScore, // deprecated name of keywordScore, kept for one minor version
          ...(tool.similarity === undefined ? {} : { similarity: tool.similarity }),
          matchedTerms: tool.matchedTerms,
          expansions: tool.expansions,
        }
      : {}),
  };
}

/**
 * `{ query | messages, maxTools?, threshold?, minRelevance?, adaptive?, alwaysActive?, explain? }` →
 * `{ tools, results, strategy, fallback?, catalog: { id, version }, query?, warnings? }`.
 * With `messages`, the query is read from the conversation as `prepareStep` reads it (the latest user
 * request, or the assistant's latest text), cut to TOOLSIFT_MAX_QUERY_LENGTH, and the conversation's tool
 * calls bring their learnt next tools and its memory (results with a `reason`). What was learnt
 * (`…/learn`) is installed into the warm index first (warm-usage.ts).
 */
export async function selectRoute(c: ServiceContext): Promise<Response> {
  const id = c.var.catalogId;
  const { limits, recheckMs } = c.var.config;
  const { store, warm, model, usage, warmUsage } = c.var.state;
  const input = validate(selectBodySchema, c.var.body.value, "select request");
  if (input.query !== undefined) checkQueryLength(input.query, limits);
  const query = input.query ?? conversationQuery(input.messages ?? [], limits.maxQueryLength);

  const { entry, warnings } = await warm.lookup(id, store, { recheckMs, model, onEvent: eventsOf(c, id) });
  const usageWarnings = usage === undefined ? [] : await warmUsage.bringUpToDate(entry, usage, recheckMs);
  const selection = await entry.index.selectWithScores(query, {
    ...(input.messages === undefined ? {} : { messages: input.messages }),
    ...(input.maxTools === undefined ? {} : { maxTools: input.maxTools }),
    ...(input.threshold === undefined ? {} : { threshold: input.threshold }),
    ...(input.minRelevance === undefined ? {} : { minRelevance: input.minRelevance }),
    ...(input.adaptive === undefined ? {} : { adaptive: input.adaptive }),
    ...(input.alwaysActive === undefined ? {} : { alwaysActive: input.alwaysActive }),
  });
  const explain = input.explain === true;
  const answered: ServiceWarning[] = [...warnings, ...usageWarnings];
  if (selection.fallback !== undefined) {
    const message = "Embedding failed for this request; it was ranked by keywords.";
    answered.push({ code: "EMBEDDING_FAILED", message });
  }
  const all = dedupe(answered);
  return c.json({
    tools: selection.tools,
    results: selection.results.map((tool) => resultOf(tool, explain)),
    strategy: selection.strategy,
    ...(selection.fallback === undefined ? {} : { fallback: selection.fallback }),
    catalog: { id, version: entry.pointer.version },
    ...(explain ? { query } : {}),
    ...(all.length > 0 ? { warnings: all } : {}),
  });
}
