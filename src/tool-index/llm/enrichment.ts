// Description enrichment at build time: LLM-written phrasings per tool, cached by tool text in a TextCache.

import type { LanguageModel } from "ai";
import type { TextCache } from "../../cache/text-cache.js";
import type { ToolsiftEvent } from "../../events.js";
import { textHash } from "../../semantic/embedding-text.js";
import { modelId } from "../../support/model-id.js";
import type { CatalogTool } from "../../core/catalog.js";
import type { IndexContext } from "../context.js";
import { enrichToolTexts, type ToolText } from "./rerank.js";

/** Start of every enrichment cache key; bumped when the prompt or the key layout changes. */
export const ENRICHMENT_FORMAT = "toolsift-enrich-v1";
/** Tools per model call. */
const BATCH = 40;

/** The cache key of one tool's enrichment: format, model id, and a hash of the tool's name and description. */
export function enrichmentKey(model: LanguageModel, tool: ToolText): string {
  const modelPath = modelId(model).split("/").map(encodeURIComponent).join("/");
  return `${ENRICHMENT_FORMAT}/${modelPath}/${textHash(`${tool.name}\n${tool.description}`)}`;
}

/** The index's enrichment texts for `tools` by tool name (none unless `enrichDescriptions` is on). */
export async function enrichCatalog(
  context: IndexContext,
  tools: readonly CatalogTool[],
): Promise<Map<string, string>> {
  const { enrichmentModel, enrichmentCache, emit, abortSignal } = context.options;
  if (enrichmentModel === undefined) return new Map();
  const texts = tools.map((tool) => ({ name: tool.name, description: tool.description }));
  return enrichDescriptions(enrichmentModel, texts, enrichmentCache, emit, abortSignal);
}

/**
 * Enrichment texts by tool name: from `cache` where present, from the model for the rest (in batches
 * of 40), then stored in `cache`. A failed batch is reported (`enrichment-failed`) and its tools keep
 * their original text; a failed cache read or write is reported (`embedding-cache-error`) and skipped.
 */
export async function enrichDescriptions(
  model: LanguageModel,
  tools: readonly ToolText[],
  cache: TextCache | undefined,
  emit: (event: ToolsiftEvent) => void,
  abortSignal?: AbortSignal,
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  let missing = [...tools];
  if (cache !== undefined && tools.length > 0) {
    try {
      const stored = await cache.get(tools.map((tool) => enrichmentKey(model, tool)));
      tools.forEach((tool, position) => {
        const text = stored[position];
        if (typeof text === "string") texts.set(tool.name, text);
      });
      missing = tools.filter((tool) => !texts.has(tool.name));
    } catch (error) {
      emit({
        type: "embedding-cache-error",
        operation: "read",
        error,
        message: "reading enrichment texts from the enrichment cache failed; enriching without it",
      });
    }
  }
  const fresh: [string, string][] = [];
  for (let start = 0; start < missing.length; start += BATCH) {
    const batch = missing.slice(start, start + BATCH);
    try {
      const written = await enrichToolTexts(model, batch, abortSignal);
      for (const tool of batch) {
        const text = written.get(tool.name);
        if (text === undefined) continue;
        texts.set(tool.name, text);
        fresh.push([enrichmentKey(model, tool), text]);
      }
    } catch (error) {
      emit({
        type: "enrichment-failed",
        error,
        tools: batch.map((tool) => tool.name),
        message: "enriching descriptions failed; these tools keep their original text",
      });
    }
  }
  if (cache !== undefined && fresh.length > 0) {
    try {
      await cache.set(fresh);
    } catch (error) {
      emit({
        type: "embedding-cache-error",
        operation: "write",
        error,
        message: "writing enrichment texts to the enrichment cache failed; they are used but not stored",
      });
    }
  }
  return texts;
}
