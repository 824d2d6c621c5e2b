// toolsift/core: keyword selection with the smallest bundle — the same index as the package root (selection, explain,
// catalog changes, learning), without the AI SDK adapters and without any model (embeddings, query expansion,
// reranking, enrichment), whose options it refuses by name. See src/tool-index.ts for the root's composition.

import type { ToolCatalog } from "./core/catalog.js";
import type { ToolIndexOptions } from "./options.js";
import { createIndex } from "./tool-index/create-index.js";
import type { MODEL_OPTIONS } from "./tool-index/model-stages.js";
import { refuseModelOptions } from "./tool-index/refuse-model-options.js";
import type { CoreToolIndex, ToolNames } from "./tool-index/types.js";

/** The options of `createToolIndex` from `toolsift/core`: the root's, without those that need a model. */
export type CoreToolIndexOptions = Omit<ToolIndexOptions, (typeof MODEL_OPTIONS)[number] | "strategy"> & {
  /** `"keyword"` (BM25F), or toolpick's name for it, `"hybrid"`. Default `"keyword"`. */
  strategy?: "keyword" | "hybrid";
};

/**
 * Indexes a tool catalog for keyword selection, as `createToolIndex` from `toolsift` does, for the smallest bundle:
 * no AI SDK adapters (`prepareStep`, `middleware`, ... are on the root's index) and no models. An option that needs a
 * model (`embeddingModel`, `rerankerModel`, `queryExpansion`, ...) throws `ToolsiftError` `INVALID_OPTION` naming it.
 */
export function createToolIndex<const CATALOG extends ToolCatalog>(
  tools: CATALOG,
  options?: CoreToolIndexOptions,
): CoreToolIndex<ToolNames<CATALOG>> {
  return createIndex(tools, options as ToolIndexOptions | undefined, { resolveModelOptions: refuseModelOptions });
}

export type * from "./tool-index/types.js";
export type { SelectOptions, SearchStrategy } from "./options.js";
export type { ToolCatalog, ToolDefinition, ToolSetEntry } from "./core/catalog.js";
export type { FieldName, FieldWeight } from "./core/fields.js";
export type { MatchKind } from "./core/query.js";
export type { TermContribution } from "./core/keyword-engine.js";
export type { ToolsiftEvent } from "./events.js";
export { MAX_QUERY_LENGTH } from "./options.js";
export { mergeUsage, USAGE_FORMAT, USAGE_VERSION, type UsageSnapshot } from "./usage/usage-snapshot.js";
export { ToolsiftError, type ToolsiftErrorCode } from "./errors.js";
export { loadWasm, type WasmSource } from "./wasm/load-wasm.js";
