// The stages of an index that call a model — embeddings, query expansion by word vectors, the LLM reranker and
// description enrichment — passed in by the entry that offers them, so that `toolsift/core` bundles none of them;
// and what their options resolve to (which options they are: the option table's, option-table.ts).

import type { LanguageModel } from "ai";
import type { TextCache } from "../cache/text-cache.js";
import type { SchemaTypeReporter } from "../core/schema-types.js";
import type { EverydayWords } from "../core/everyday-readings.js";
import type { WordSpecificity } from "../core/word-specificity.js";
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
  /**
   * The stages that work on a built index: the owner of its tool vectors (catalog-vectors.ts) and ranking by them
   * (rank-vectors.ts), and those below. Their signatures name the index's own types, which this file cannot import
   * without a cycle (the index context holds these stages), so they are typed where they are called.
   */
  readonly catalogVectors: (...args: never[]) => unknown;
  readonly rankWithVectors: (...args: never[]) => Promise<unknown>;
  /** Query expansion: the catalog's word-vector neighbours (built-index.ts) and each call's lookup (ranking.ts). */
  readonly expansionNeighbours: (...args: never[]) => Promise<unknown>;
  readonly nearWords: (...args: never[]) => Promise<unknown>;
  /** The LLM's descriptions of the catalog's tools, at build time (built-index.ts). */
  readonly enrichCatalog: (...args: never[]) => Promise<unknown>;
  /** The LLM rerank of a selection's candidates (post-process.ts). */
  readonly rerankHits: (...args: never[]) => Promise<unknown>;
  /**
   * How specific a word is in general English, which keyword relevance reads (core/relevance.ts). Not a model, but a
   * 2,000-word list that `toolsift/core`'s size budget has no room for: without it every word counts as specific.
   */
  readonly wordSpecificity?: WordSpecificity;
  /**
   * Everyday words read as catalog words ("ditch" → delete, core/everyday-readings.ts): a table of 650 entries, kept
   * out of `toolsift/core` for the same budget.
   */
  readonly everydayWords?: EverydayWords;
  /**
   * The check of an input schema's `type` keywords at build (core/schema-types.ts: `"dict"` is no JSON Schema type,
   * and a provider refuses it), each reported as a `catalog-warning`. Not a model either; absent from `toolsift/core`.
   */
  readonly schemaTypes?: SchemaTypeReporter;
}
