// The stages of an index that call a model — embeddings, query expansion by word vectors, the LLM reranker and
// description enrichment — passed in by the entry that offers them, so that `toolsift/core` bundles none of them;
// and what their options resolve to (which options they are: the option table's, option-table.ts).

import type { LanguageModel } from "ai";
import type { TextCache } from "../cache/text-cache.js";
import type { SchemaTypeReporter } from "../core/schema-types.js";
import type { ToolsiftEvent } from "../events.js";
import type { ToolIndexOptions } from "../options.js";
import type { SemanticEngine } from "../semantic/semantic-engine.js";
import type { ResolvedQueryExpansion, ResolvedSemanticOptions } from "./resolve-semantic-options.js";

/** What the model options resolve to; all `undefined` (and strategy "keyword") when none is given. */
export interface ResolvedModelOptions {
  /** `undefined`: keyword search only (no model, or `strategy: "keyword"` with a model). */
  readonly semantic: ResolvedSemanticOptions | undefined;
  /** The strategy every call ranks with unless embedding fails. */
  readonly strategy: "keyword" | "semantic" | "combined";
  readonly expansion: ResolvedQueryExpansion | undefined;
  readonly rerankerModel: LanguageModel | undefined;
  /** Set only when `enrichment` is on: `enrichment.model`, else `rerankerModel`. */
  readonly enrichmentModel: LanguageModel | undefined;
  /** Where enrichment texts are cached. */
  readonly enrichmentCache: TextCache | undefined;
  readonly abortSignal: AbortSignal | undefined;
}

/** Validates the model options (throwing `ToolsiftError` naming the option) and resolves their defaults. */
export type ModelOptionsResolver = (options: ToolIndexOptions | undefined) => ResolvedModelOptions;

/**
 * The model stages one entry offers. `toolsift` passes them all (`all-model-stages.ts`) with the resolver of their
 * options; `toolsift/core` passes none, and its resolver refuses every model option (`refuse-model-options.ts`), so a
 * stage is only reached when it exists.
 */
export interface ModelStages {
  /** The embedder and vector side of an index with a semantic strategy. */
  readonly semanticEngine: (
    semantic: ResolvedSemanticOptions,
    abortSignal: AbortSignal | undefined,
    module: () => Promise<WebAssembly.Module>,
    emit: (event: ToolsiftEvent) => void,
  ) => SemanticEngine;
  // The stages that work on a built index (the owner of its tool vectors, ranking by them, query expansion,
  // enrichment, the rerank) name the index's own types, which this file cannot import without a cycle (the index
  // context holds these stages): each is declared, with its full type, by declaration merging beside the code that
  // calls it — built-index.ts (catalogVectors, expansionNeighbours, enrichCatalog), ranking.ts (rankWithVectors,
  // nearWords) and post-process.ts (rerankHits).
  /**
   * The check of an input schema's `type` keywords at build (core/schema-types.ts: `"dict"` is no JSON Schema type,
   * and a provider refuses it), each reported as a `catalog-warning`. Not a model either; absent from `toolsift/core`.
   */
  readonly schemaTypes?: SchemaTypeReporter;
}
