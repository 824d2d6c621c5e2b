// Every model stage (model-stages.ts): the embedder and semantic engine, query expansion, the LLM reranker and
// enrichment, with the validation of their options. The root entry passes these; `toolsift/core` does not.

import { toEmbeddingCache } from "../cache/to-embedding-cache.js";
import { reportSchemaTypes } from "../core/schema-types.js";
import { memoryTextCache, textCacheOption } from "../cache/text-cache.js";
import { ToolsiftError } from "../errors.js";
import type { LanguageModel } from "ai";
import type { TextCache } from "../cache/text-cache.js";
import type { EmbeddingOptions, EnrichmentOptions, ToolIndexOptions } from "../options.js";
import { createEmbedder } from "../semantic/embedder.js";
import { SemanticEngine } from "../semantic/semantic-engine.js";
import { invalidOption, optionsObject, tableOption } from "../support/validate-options.js";
import { enrichCatalog } from "./llm/enrichment.js";
import { rerankHits } from "./llm/rerank-hits.js";
import { CatalogVectors } from "./catalog-vectors.js";
import { ROOT_OPTION_TABLE } from "./model-option-table.js";
import { rankWithVectors } from "./rank-vectors.js";
import { expansionNeighbours, nearWordsFor } from "./query-expansion.js";
import type { ModelStages, ResolvedModelOptions } from "./model-stages.js";
import { resolveQueryExpansion, resolveSemanticOptions } from "./resolve-semantic-options.js";

const WHERE = "createToolIndex";

/** Validates the model options of `createToolIndex` and resolves their defaults. */
export function resolveModelOptions(options: ToolIndexOptions | undefined): ResolvedModelOptions {
  tableOption(WHERE, "enrichDescriptions", options?.enrichDescriptions, ROOT_OPTION_TABLE);
  const enrichment = resolveEnrichment(toolpickName(options, "enrichment", "enrichDescriptions"));
  if (enrichment !== undefined && enrichment.model === undefined && options?.rerankerModel === undefined) {
    throw new ToolsiftError(
      "INVALID_OPTION",
      `${WHERE}: option "enrichment" needs a model: pass "enrichment.model" or "rerankerModel".`,
      { option: "enrichment" },
    );
  }
  const expansion = resolveQueryExpansion(options?.keyword?.queryExpansion);
  const given = toolpickName(options, "embedding.cache", "embeddingCache") as EmbeddingOptions["cache"];
  const cache = given === undefined ? undefined : toEmbeddingCache(given);
  const semantic = resolveSemanticOptions(options, cache);
  const signal = options?.embedding?.abortSignal as { aborted?: unknown; addEventListener?: unknown } | undefined;
  // By shape, not instanceof: a signal from another realm (an edge VM, a test runner) is still a signal.
  if (signal !== undefined && (typeof signal.aborted !== "boolean" || typeof signal.addEventListener !== "function")) {
    invalidOption(WHERE, "embedding.abortSignal", "an AbortSignal", signal);
  }
  return {
    semantic,
    strategy: semantic?.strategy ?? "keyword",
    expansion,
    rerankerModel: options?.rerankerModel,
    enrichmentModel: enrichment === undefined ? undefined : (enrichment.model ?? options?.rerankerModel),
    // Without a persistent cache, one in memory per index: a sync or add re-asks the model only for changed tools.
    enrichmentCache: enrichment === undefined ? undefined : (enrichment.cache ?? memoryTextCache()),
    abortSignal: options?.embedding?.abortSignal,
  };
}

/**
 * An option given by its path or by toolpick's name for it (`embeddingCache` is `embedding.cache`,
 * `enrichDescriptions` is `enrichment`), never both.
 */
function toolpickName(options: ToolIndexOptions | undefined, path: string, toolpick: keyof ToolIndexOptions): unknown {
  const [group, key] = path.split(".");
  const groupValue = options?.[group as keyof ToolIndexOptions] as Record<string, unknown> | boolean | undefined;
  const value = key === undefined ? groupValue : (groupValue as Record<string, unknown> | undefined)?.[key];
  if (value !== undefined && options?.[toolpick] !== undefined) {
    throw new ToolsiftError(
      "INVALID_OPTION",
      `${WHERE}: options "${toolpick}" (toolpick's name) and "${path}" are the same option; pass one.`,
      { option: toolpick },
    );
  }
  return value ?? options?.[toolpick];
}

/** `enrichment`: off (`undefined`, `false`), `true` (every default) or `{ model, cache }`. */
function resolveEnrichment(value: unknown): { model?: LanguageModel; cache?: TextCache } | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return {};
  const given = optionsObject(WHERE, value, "enrichment") as EnrichmentOptions;
  return { model: given.model, cache: textCacheOption(WHERE, "enrichment.cache", given.cache) };
}

export const ALL_MODEL_STAGES: ModelStages = {
  schemaTypes: reportSchemaTypes,
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
  catalogVectors: (context, semantic, fields) => new CatalogVectors(context, semantic, fields),
  rankWithVectors,
  expansionNeighbours,
  nearWords: nearWordsFor,
  enrichCatalog,
  rerankHits,
};
