// Description enrichment at build time: LLM-written phrasings per tool, cached by tool text in the embedding cache.

import type { LanguageModel } from "ai";
import type { EmbeddingCache } from "../cache/embedding-cache.js";
import type { ToolsiftEvent } from "../events.js";
import { EMBEDDING_FORMAT } from "../semantic/semantic-engine.js";
import { textHash } from "../semantic/embedding-text.js";
import { enrichToolTexts, type ToolText } from "./rerank.js";

// Enrichment texts travel through the vector cache as fixed-length rows of UTF-16 code units (exact
// in float32), so every cache adapter stores them unchanged; slot 0 holds the length.
const TEXT_SLOTS = 1024;
const BATCH = 40;

export function encodeText(text: string): Float32Array {
  const row = new Float32Array(TEXT_SLOTS);
  const length = Math.min(text.length, TEXT_SLOTS - 1);
  row[0] = length;
  for (let i = 0; i < length; i++) row[i + 1] = text.charCodeAt(i);
  return row;
}

export function decodeText(row: Float32Array): string | undefined {
  const length = row[0];
  if (row.length !== TEXT_SLOTS || !Number.isInteger(length) || length < 0 || length >= TEXT_SLOTS) return undefined;
  let text = "";
  for (let i = 1; i <= length; i++) text += String.fromCharCode(row[i]);
  return text;
}

function modelName(model: LanguageModel): string {
  if (typeof model === "string") return `gateway/${model}`;
  const { provider, modelId } = model as { provider?: string; modelId?: string };
  return `${provider ?? "unknown"}/${modelId ?? "unknown"}`;
}

/**
 * Enrichment texts by tool name: from the cache where present, from the model for the rest (in
 * batches). A failed batch is reported and its tools keep their original text.
 */
export async function enrichDescriptions(
  model: LanguageModel,
  tools: readonly ToolText[],
  cache: EmbeddingCache | undefined,
  emit: (event: ToolsiftEvent) => void,
  abortSignal?: AbortSignal,
): Promise<Map<string, string>> {
  const namespace = `${EMBEDDING_FORMAT}/enrich/${modelName(model).split("/").map(encodeURIComponent).join("/")}/text`;
  const keyOf = (tool: ToolText) => `${namespace}/${textHash(`${tool.name}\n${tool.description}`)}`;
  const texts = new Map<string, string>();
  let missing = [...tools];
  if (cache !== undefined && tools.length > 0) {
    try {
      const rows = await cache.getMany(tools.map(keyOf));
      tools.forEach((tool, position) => {
        const row = rows[position];
        const text = row === undefined ? undefined : decodeText(row);
        if (text !== undefined) texts.set(tool.name, text);
      });
      missing = tools.filter((tool) => !texts.has(tool.name));
    } catch (error) {
      emit({ type: "embedding-cache-error", operation: "read", error, message: "reading enrichment texts from the cache failed; enriching without it" });
    }
  }
  const fresh: [string, Float32Array][] = [];
  for (let start = 0; start < missing.length; start += BATCH) {
    const batch = missing.slice(start, start + BATCH);
    try {
      const written = await enrichToolTexts(model, batch, abortSignal);
      for (const tool of batch) {
        const text = written.get(tool.name);
        if (text === undefined) continue;
        texts.set(tool.name, text);
        fresh.push([keyOf(tool), encodeText(text)]);
      }
    } catch (error) {
      emit({ type: "enrichment-failed", error, tools: batch.map((tool) => tool.name), message: "enriching descriptions failed; these tools keep their original text" });
    }
  }
  if (cache !== undefined && fresh.length > 0) {
    try {
      await cache.setMany(fresh);
    } catch (error) {
      emit({ type: "embedding-cache-error", operation: "write", error, message: "writing enrichment texts to the cache failed; they are used but not stored" });
    }
  }
  return texts;
}
