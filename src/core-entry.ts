// toolsift/core: keyword selection with the smallest bundle — the same index as the package root (selection, explain,
// catalog changes, learning), without the AI SDK adapters and without any model (embeddings, query expansion,
// reranking, enrichment), whose options it refuses by name. The English word list the root reads by default is data it
// exports and requires as an option, so the same options select the same tools from both entries and an app that
// passes `false` bundles no list. See src/tool-index.ts for the root's composition.

import type { ToolCatalog } from "./core/catalog.js";
import type { CommonWords, KeywordOptions, ToolIndexOptions } from "./options.js";
import { createIndex } from "./tool-index/create-index.js";
import { refuseModelOptions } from "./tool-index/refuse-model-options.js";
import type { CoreToolIndex, ToolNames } from "./tool-index/types.js";

/**
 * The options of `createToolIndex` from `toolsift/core`: the root's, without those that need a model (the option
 * table's `i` options it has no `c` for: `embeddingModel`, `rerankerModel`, `onError`, `embedding`, `enrichment`,
 * `keyword.queryExpansion`, and toolpick's `embeddingCache` and `enrichDescriptions`), and with `keyword.commonWords`
 * required: `ENGLISH_COMMON_WORDS` to select as the root does, or `false` for the smallest bundle.
 */
export type CoreToolIndexOptions = Omit<
  ToolIndexOptions,
  | "embeddingModel"
  | "rerankerModel"
  | "onError"
  | "embedding"
  | "enrichment"
  | "keyword"
  | "strategy"
  | "embeddingCache"
  | "enrichDescriptions"
> & {
  /** `"keyword"` (BM25F), or toolpick's name for it, `"hybrid"`. Default `"keyword"`. */
  strategy?: "keyword" | "hybrid";
  /** The keyword (BM25F) ranking: field weights, saturation, typos, abbreviations, and the word list (required). */
  keyword: Omit<KeywordOptions, "queryExpansion" | "commonWords"> & {
    /** `ENGLISH_COMMON_WORDS` (what the root reads by default) or `false` (no list: a smaller bundle). */
    commonWords: CommonWords | false;
  };
};

/**
 * Indexes a tool catalog for keyword selection, as `createToolIndex` from `toolsift` does, for the smallest bundle:
 * no AI SDK adapters (`prepareStep`, `middleware`, ... are on the root's index) and no models. An option that needs a
 * model (`embeddingModel`, `rerankerModel`, `queryExpansion`, ...) throws `ToolsiftError` `INVALID_OPTION` naming it,
 * and so does a missing `keyword.commonWords`:
 *
 * ```ts
 * createToolIndex(tools, { keyword: { commonWords: ENGLISH_COMMON_WORDS } }); // selects as `toolsift` does
 * ```
 */
export function createToolIndex<const CATALOG extends ToolCatalog>(
  tools: CATALOG,
  options: CoreToolIndexOptions,
): CoreToolIndex<ToolNames<CATALOG>> {
  return createIndex(tools, options as ToolIndexOptions | undefined, { resolveModelOptions: refuseModelOptions });
}

export { ENGLISH_COMMON_WORDS } from "./tool-index/english-common-words.js";
export type { CoreToolIndex, SelectionResult } from "./tool-index/types.js";
export * from "./public-exports.js";
