// Every model stage (model-stages.ts): the embedder and semantic engine, query expansion, the LLM reranker and
// enrichment, with the validation of their options. The root entry passes these; `toolsift/core` does not.

import { toEmbeddingCache } from "../cache/to-embedding-cache.js";
import { memoryTextCache, textCacheOption } from "../cache/text-cache.js";
import { ToolsiftError } from "../errors.js";
import type { ToolIndexOptions } from "../options.js";
import { createEmbedder } from "../semantic/embedder.js";
import { SemanticEngine } from "../semantic/semantic-engine.js";
import { booleanOption, invalidOption } from "../support/validate-options.js";
import { enrichCatalog } from "./llm/enrichment.js";
import { rerankHits } from "./llm/rerank-hits.js";
import { CatalogVectors } from "./catalog-vectors.js";
import { englishWordSpecificity } from "./english-word-specificity.js";
import { rankWithVectors } from "./rank-vectors.js";
import type { CatalogEnrichment, ExpansionNeighbours, VectorsOwner } from "./built-index.js";
import { expansionNeighbours, nearWordsFor } from "./query-expansion.js";
import type { NearWords, VectorRanking } from "./ranking.js";
import type { ModelStages, ResolvedModelOptions } from "./model-stages.js";
import { resolveQueryExpansion, resolveSemanticOptions } from "./resolve-semantic-options.js";

const WHERE = "createToolIndex";

/** Validates the model options of `createToolIndex` and resolves their defaults. */
export function resolveModelOptions(options: ToolIndexOptions | undefined): ResolvedModelOptions {
  const enrich = booleanOption(WHERE, "enrichDescriptions", options?.enrichDescriptions, false);
  if (enrich && options?.enrichmentModel === undefined && options?.rerankerModel === undefined) {
    throw new ToolsiftError(
      "INVALID_OPTION",
      `${WHERE}: option "enrichDescriptions" needs a model: pass "enrichmentModel" or "rerankerModel".`,
      { option: "enrichDescriptions" },
    );
  }
  const expansion = resolveQueryExpansion(options?.queryExpansion);
  const textCache = textCacheOption(WHERE, "enrichmentCache", options?.enrichmentCache);
  const cache = options?.embeddingCache === undefined ? undefined : toEmbeddingCache(options.embeddingCache);
  const semantic = resolveSemanticOptions(options, cache);
  const signal = options?.abortSignal as { aborted?: unknown; addEventListener?: unknown } | undefined;
  // By shape, not instanceof: a signal from another realm (an edge VM, a test runner) is still a signal.
  if (signal !== undefined && (typeof signal.aborted !== "boolean" || typeof signal.addEventListener !== "function")) {
    invalidOption(WHERE, "abortSignal", "an AbortSignal", signal);
  }
  return {
    semantic,
    strategy: semantic?.strategy ?? "keyword",
    expansion,
    rerankerModel: options?.rerankerModel,
    enrichmentModel: enrich ? (options?.enrichmentModel ?? options?.rerankerModel) : undefined,
    // Without a persistent cache, one in memory per index: a sync or add re-asks the model only for changed tools.
    enrichmentCache: enrich ? (textCache ?? memoryTextCache()) : undefined,
    abortSignal: options?.abortSignal,
  };
}

export const ALL_MODEL_STAGES: ModelStages = {
  wordSpecificity: englishWordSpecificity,
  semanticEngine: (settings, abortSignal, module, emit) =>
    new SemanticEngine(
      createEmbedder(settings.model, {
        timeoutMs: settings.timeoutMs,
        maxParallelCalls: settings.maxParallelCalls,
        maxRetries: settings.maxRetries,
        abortSignal,
        dimensions: settings.dimensions,
      }),
      {
        quantization: settings.quantization,
        rescore: settings.rescore,
        queryCacheSize: settings.queryCacheSize,
        dimensions: settings.dimensions,
        cache: settings.cache,
      },
      module,
      emit,
    ),
  // Typed loosely in ModelStages (an import cycle otherwise); checked here against what their callers cast them to.
  catalogVectors: ((context, semantic, fields) => new CatalogVectors(context, semantic, fields)) satisfies VectorsOwner,
  rankWithVectors: rankWithVectors satisfies VectorRanking,
  expansionNeighbours: expansionNeighbours satisfies ExpansionNeighbours,
  nearWords: nearWordsFor satisfies NearWords,
  enrichCatalog: enrichCatalog satisfies CatalogEnrichment,
  rerankHits,
};
