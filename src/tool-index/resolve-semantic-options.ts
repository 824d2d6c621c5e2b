// The semantic options of createToolIndex (model, strategy, fusion, vectors, timeouts) and query expansion, validated.

import type { EmbeddingModel } from "ai";
import type { EmbeddingCache } from "../cache/embedding-cache.js";
import type { WordVectorSource } from "../core/word-neighbours.js";
import { ToolsiftError } from "../errors.js";
import { MODEL_OPTION_TABLE } from "./model-option-table.js";
import type { KeywordOptions, ToolIndexOptions } from "../options.js";
import type { FusionOptions, ResolvedFusion } from "../semantic/fusion.js";
import type { Quantization } from "../semantic/vector-index.js";
import {
  booleanOption,
  choiceOption,
  integerOption,
  invalidOption,
  knownOptions,
  numberOption,
  rejectUnknownOptions,
  tableOption,
} from "../support/validate-options.js";

const WHERE = "createToolIndex";

/** Semantic settings after validation. */
export interface ResolvedSemanticOptions {
  readonly model: EmbeddingModel;
  readonly strategy: "semantic" | "combined";
  readonly fusion: ResolvedFusion;
  readonly quantization: Quantization;
  /** int8 rows keep 4-bit residuals and the best candidates are rescored with them. */
  readonly rescore: boolean;
  readonly queryCacheSize: number;
  readonly dimensions: number | undefined;
  readonly timeoutMs: number;
  readonly maxParallelCalls: number;
  readonly maxRetries: number;
  readonly onError: "fallback" | "throw";
  readonly cache: EmbeddingCache | undefined;
  /** The local model's vocabulary check: typo corrections are added to queries for words it does not know. */
  readonly knowsWord: ((word: string) => boolean | undefined) | undefined;
}

/** Query expansion after validation. */
export interface ResolvedQueryExpansion {
  readonly source: WordVectorSource;
  readonly threshold: number;
  readonly weight: number;
  readonly maxTerms: number;
}

const LOCAL_MODEL_FUSION: FusionOptions = { method: "adaptive", weights: { keyword: 1, semantic: 0 } };

function isLocalModel(model: unknown): boolean {
  if (typeof model !== "object" || model === null) return false;
  const { provider, modelId } = model as { provider?: unknown; modelId?: unknown };
  return provider === "toolsift" && String(modelId).startsWith("local-");
}

/** Validates the semantic options (the model itself is checked when the embedder is made). */
export function resolveSemanticOptions(
  options: ToolIndexOptions | undefined,
  cache: EmbeddingCache | undefined = undefined,
): ResolvedSemanticOptions | undefined {
  const model = options?.embeddingModel;
  const embedding = options?.embedding;
  const chosen = choiceOption(
    WHERE,
    "strategy",
    options?.strategy,
    ["keyword", "semantic", "combined", "hybrid"],
    model === undefined ? "keyword" : "combined",
  );
  const strategy = chosen === "hybrid" ? "keyword" : chosen;
  if (strategy !== "keyword" && model === undefined) {
    throw new ToolsiftError(
      "INVALID_OPTION",
      `${WHERE}: option "strategy" is "${strategy}", which needs an "embeddingModel"; pass one, or use strategy "keyword".`,
      { option: "strategy", value: strategy },
    );
  }
  // Validated even when unused, so a mistake shows at once rather than after a strategy change.
  const given = knownOptions(WHERE, embedding?.fusion, ["method", "weights", "k", "adaptive"], "embedding.fusion") as
    FusionOptions | undefined;
  // The bundled local model reads paraphrases but is weaker than keywords where words match: by
  // default it gets the share of the query the keyword index could not read (bench/RESULTS.md).
  const fusion = given ?? (isLocalModel(model) ? LOCAL_MODEL_FUSION : undefined);
  const method = choiceOption(
    WHERE,
    "embedding.fusion.method",
    fusion?.method,
    ["weighted", "rrf", "adaptive"],
    "weighted",
  );
  const weights = knownOptions(
    WHERE,
    fusion?.weights,
    ["keyword", "semantic"],
    "embedding.fusion.weights",
  ) as FusionOptions["weights"];
  const keyword = numberOption(WHERE, "embedding.fusion.weights.keyword", weights?.keyword, { min: 0, max: 1000 }, 0.3);
  const semanticWeight = numberOption(
    WHERE,
    "embedding.fusion.weights.semantic",
    weights?.semantic,
    { min: 0, max: 1000 },
    0.7,
  );
  if (keyword + semanticWeight === 0)
    invalidOption(WHERE, "embedding.fusion.weights", "weights that are not both 0", weights);
  const adaptive = booleanOption(WHERE, "embedding.fusion.adaptive", fusion?.adaptive, method === "adaptive");
  const quantization = choiceOption(
    WHERE,
    "embedding.quantize",
    embedding?.quantize,
    ["float32", "int8"],
    MODEL_OPTION_TABLE["embedding.quantize"].default,
  );
  const onError = choiceOption(
    WHERE,
    "onError",
    options?.onError,
    ["fallback", "throw"],
    MODEL_OPTION_TABLE.onError.default,
  );
  const resolved = {
    // Weights are scaled to sum to 1, so a fused score stays in 0–1.
    fusion: {
      method: method === "rrf" ? "rrf" : "weighted",
      keyword: keyword / (keyword + semanticWeight),
      semantic: semanticWeight / (keyword + semanticWeight),
      k: numberOption(WHERE, "embedding.fusion.k", fusion?.k, { min: 1, max: 1e6 }, 60),
      adaptive,
    },
    quantization,
    rescore: tableOption(WHERE, "embedding.rescore", embedding?.rescore, MODEL_OPTION_TABLE),
    queryCacheSize: tableOption(WHERE, "embedding.queryCacheSize", embedding?.queryCacheSize, MODEL_OPTION_TABLE),
    dimensions: tableOption(WHERE, "embedding.dimensions", embedding?.dimensions, MODEL_OPTION_TABLE),
    timeoutMs: tableOption(WHERE, "embedding.timeout", embedding?.timeout, MODEL_OPTION_TABLE),
    maxParallelCalls: tableOption(WHERE, "embedding.maxParallelCalls", embedding?.maxParallelCalls, MODEL_OPTION_TABLE),
    maxRetries: tableOption(WHERE, "embedding.maxRetries", embedding?.maxRetries, MODEL_OPTION_TABLE),
    onError,
  } as const;
  if (model === undefined || strategy === "keyword") return undefined;
  const knowsWord = (model as { knowsWord?: unknown }).knowsWord;
  return {
    ...resolved,
    model,
    strategy,
    cache,
    knowsWord: typeof knowsWord === "function" ? (knowsWord as (word: string) => boolean | undefined) : undefined,
  };
}

function isWordVectorSource(value: unknown): value is WordVectorSource {
  return typeof value === "object" && value !== null && typeof (value as WordVectorSource).wordVectors === "function";
}

/** Validates `keyword.queryExpansion`. */
export function resolveQueryExpansion(value: KeywordOptions["queryExpansion"]): ResolvedQueryExpansion | undefined {
  if (value === undefined) return undefined;
  if (isWordVectorSource(value)) return { source: value, threshold: 0.5, weight: 0.5, maxTerms: 3 };
  if (typeof value === "function") {
    throw new ToolsiftError(
      "INVALID_OPTION",
      `${WHERE}: option "keyword.queryExpansion" got a function, not a model; call it: localEmbeddingModel().`,
      { option: "keyword.queryExpansion" },
    );
  }
  if (typeof value !== "object" || value === null || !isWordVectorSource((value as { model?: unknown }).model)) {
    invalidOption(
      WHERE,
      "keyword.queryExpansion",
      "localEmbeddingModel() from toolsift/local, or { model, threshold, weight, maxTerms }",
      value,
    );
  }
  rejectUnknownOptions(WHERE, value, ["model", "threshold", "weight", "maxTerms"], "keyword.queryExpansion.");
  return {
    source: value.model,
    threshold: numberOption(WHERE, "keyword.queryExpansion.threshold", value.threshold, { min: -1, max: 1 }, 0.5),
    weight: numberOption(WHERE, "keyword.queryExpansion.weight", value.weight, { min: 0, max: 1 }, 0.5),
    maxTerms: integerOption(WHERE, "keyword.queryExpansion.maxTerms", value.maxTerms, 1, 20, 3),
  };
}
