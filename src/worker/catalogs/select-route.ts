// POST /v1/catalogs/:id/select: ranks a published catalog for a query or a conversation.

import { noMatchReason } from "../../agent/offer-policy.js";
import { conversationQuery } from "../../conversation/model-messages.js";
import type { ScoredTool } from "../../tool-index.js";
import { checkQueryLength } from "./upload-limits.js";
import { eventsOf, type ServiceContext } from "../http/service-context.js";
import { selectBodySchema, validate, validateMessages } from "../http/validation.js";
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
          ...(tool.similarity === undefined ? {} : { similarity: tool.similarity }),
          matchedTerms: tool.matchedTerms,
          expansions: tool.expansions,
        }
      : {}),
  };
}

/**
 * `{ query | messages, maxTools?, minRelevance?, adaptive?, alwaysActive?, explain? }` →
 * `{ tools, results, strategy, fallback?, noMatch?, catalog: { id, version }, query?, warnings? }`.
 * `noMatch: { reason }` when nothing was found for the request (`"no-user-text"`: no query or user text to rank;
 * `"nothing-relevant"`: no tool is relevant): `tools` then holds only the asked-for pins, and a client offers no
 * catalog tool (the library's default policy, `onNoMatch`).
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
  const messages = input.messages === undefined ? undefined : validateMessages(input.messages, "select");
  if (input.query !== undefined) checkQueryLength(input.query, limits);
  const query = input.query ?? conversationQuery(messages ?? [], limits.maxQueryLength);

  const { entry, warnings } = await warm.lookup(id, store, { recheckMs, model, onEvent: eventsOf(c, id) });
  const usageWarnings = usage === undefined ? [] : await warmUsage.bringUpToDate(entry, usage, recheckMs);
  const selection = await entry.index.selectWithScores(query, {
    ...(messages === undefined ? {} : { messages }),
    ...(input.maxTools === undefined ? {} : { maxTools: input.maxTools }),
    ...(input.minRelevance === undefined ? {} : { minRelevance: input.minRelevance }),
    ...(input.adaptive === undefined ? {} : { adaptive: input.adaptive }),
    ...(input.alwaysActive === undefined ? {} : { alwaysActive: input.alwaysActive }),
  });
  const explain = input.explain === true;
  const answered: ServiceWarning[] = [...warnings, ...usageWarnings];
  // A query the model embeds as zero (none of its words known to the local model) is no failure: `fallback` says it.
  if (selection.fallbackReason === "embedding-failed") {
    const message = "Embedding failed for this request; it was ranked by keywords.";
    answered.push({ code: "EMBEDDING_FAILED", message });
  }
  const all = dedupe(answered);
  const noMatch = noMatchReason(query, selection.results);
  return c.json({
    tools: selection.tools,
    results: selection.results.map((tool) => resultOf(tool, explain)),
    strategy: selection.strategy,
    ...(selection.fallback === undefined ? {} : { fallback: selection.fallback }),
    ...(selection.fallbackReason === undefined ? {} : { fallbackReason: selection.fallbackReason }),
    ...(noMatch === undefined ? {} : { noMatch: { reason: noMatch } }),
    catalog: { id, version: entry.pointer.version },
    ...(explain ? { query } : {}),
    ...(all.length > 0 ? { warnings: all } : {}),
  });
}
