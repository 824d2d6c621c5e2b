// Public options of toolsift, with their defaults and validation (every error names the option and value).

import type { FieldName, FieldWeight } from "./core/fields.js";
import { DEFAULT_FIELD_WEIGHTS, FIELD_NAMES } from "./core/fields.js";
import type { LexicalSettings } from "./core/lexical-engine.js";
import { ToolsiftError } from "./errors.js";
import type { WasmSource } from "./wasm/load-wasm.js";
import type { ToolsiftEvent } from "./events.js";
import type { EmbeddingModel, LanguageModel } from "ai";
import type { EmbeddingCache, LoadSaveEmbeddingCache } from "./cache/embedding-cache.js";
import type { FusionOptions, ResolvedFusion } from "./semantic/fusion.js";
import type { Quantization } from "./semantic/vector-index.js";
import type { WordVectorSource } from "./core/word-neighbours.js";

/** Which rankings a selection uses. */
export type SearchStrategy = "keyword" | "semantic" | "combined" | "hybrid";

/** Options of `createToolIndex`. */
export interface ToolIndexOptions {
  /**
   * Any AI SDK embedding model (`EmbeddingModelV4`/`V3` object, or a model id string the AI SDK
   * resolves). Enables `"semantic"` and `"combined"`. Default: none (keyword search only).
   */
  embeddingModel?: EmbeddingModel;
  /**
   * `"keyword"` (BM25F), `"semantic"` (embeddings), or `"combined"` (both, fused). `"hybrid"` is
   * accepted as toolpick's name for keyword search. Default: `"combined"` with an embedding model,
   * else `"keyword"`.
   */
  strategy?: SearchStrategy;
  /**
   * How keyword and semantic rankings fuse (see `FusionOptions`). Default weighted 0.3 / 0.7; with
   * `localEmbeddingModel()`, adaptive with keyword 1 / semantic 0 (the semantic ranking gets the share
   * of the query the keyword index could not read).
   */
  fusion?: FusionOptions;
  /** Tool vector storage: `"float32"` or `"int8"` (per-row scale, 4x smaller). Default `"float32"`. */
  quantize?: Quantization;
  /** Query embeddings kept in an LRU, keyed on the normalised query. Default 128; 0 disables; integer ≥ 0. */
  queryCacheSize?: number;
  /**
   * Where tool vectors persist between runs: an `EmbeddingCache` (`memoryCache()`, `kvCache(env.KV)`,
   * `fileCache(path)` from `toolsift/file-cache`, `indexedDbCache()` from `toolsift/indexeddb-cache`) or
   * toolpick's `{ load, save }` shape. Default: none.
   */
  embeddingCache?: EmbeddingCache | LoadSaveEmbeddingCache;
  /** Requested vector length (`embedMany({ dimensions })`), part of the cache keys. Default: the model's. */
  dimensions?: number;
  /** Milliseconds one embedding call may take before it is aborted and reported. Default 10,000; range 1–600,000. */
  embeddingTimeout?: number;
  /** Most concurrent embedding calls while embedding the catalog. Default 4; integer ≥ 1. */
  maxParallelCalls?: number;
  /** Retries of a failed embedding call (inside the AI SDK). Default 1; integer 0–10. */
  maxRetries?: number;
  /** Cancels every embedding call of this index. */
  abortSignal?: AbortSignal;
  /**
   * When embedding fails: `"fallback"` ranks that call by keywords only and reports it through
   * `onEvent` (the next call tries again); `"throw"` rejects with `ToolsiftError("EMBEDDING_FAILED")`.
   * Default `"fallback"`.
   */
  onError?: "fallback" | "throw";
  /** Also log every event with `console.debug`. Default `false`. */
  debug?: boolean;
  /**
   * BM25F weight (≥ 0) and length normalisation `b` (0–1) per indexed field. Merged over the defaults:
   * name 3 / 0.5, description 1 / 0.75, parameterNames 1.5 / 0.5, parameterDescriptions 0.5 / 0.75,
   * enumValues 0.5 / 0.5.
   */
  fields?: Partial<Record<FieldName, Partial<FieldWeight>>>;
  /** BM25 term-frequency saturation. Default 1.2; range (0, 10]. */
  k1?: number;
  /**
   * Typo tolerance for query words missing from the catalog: 1 edit from 4 letters, 2 from 8, none above 32.
   * `weight` (0–1, default 0.7) scales a 1-edit match, its square a 2-edit match. Default `true`.
   */
  typoTolerance?: boolean | { weight?: number };
  /**
   * Abbreviations learnt from the catalog (numeronyms `k8s` ↔ kubernetes, initialisms `PR` ↔ pull
   * request) and compound splits (`github` → git hub). `weight` 0–1, default 0.8. Default `true`.
   */
  abbreviations?: boolean | { weight?: number };
  /**
   * Where the wasm scoring core comes from. Default: the runtime's own (inlined bytes in Node and
   * browsers, a module import in Workers and Vercel Edge). Accepts a `WebAssembly.Module`,
   * `{ default: Module }`, a `Response` or bytes.
   */
  wasm?: WasmSource;
  /**
   * Query expansion for keyword ranking: a query word the catalog lacks adds its nearest catalog words
   * by word vectors (cosine ≥ `threshold`, weight `weight` × cosine, at most `maxTerms`). Pass
   * `localEmbeddingModel()` from `toolsift/local`, or `{ model, threshold = 0.5, weight = 0.5, maxTerms = 3 }`.
   * Default: none.
   */
  queryExpansion?: WordVectorSource | { model: WordVectorSource; threshold?: number; weight?: number; maxTerms?: number };
  /**
   * An AI SDK language model that reorders the candidates (3 × maxTools) of every selection by
   * relevance, through `generateText` with `Output.object`. On failure the call keeps the
   * unreranked ranking (event `rerank-failed`). Default: none.
   */
  rerankerModel?: LanguageModel;
  /**
   * Once, when the index is built, ask `enrichmentModel` (default: `rerankerModel`) for synonyms and
   * everyday phrasings of each tool and index them with the description; cached by tool text in the
   * `embeddingCache`. On failure tools keep their original text (event `enrichment-failed`). Default `false`.
   */
  enrichDescriptions?: boolean;
  /** The model for `enrichDescriptions`. Default: `rerankerModel`. */
  enrichmentModel?: LanguageModel;
  /** Passed as `{ context }` to tool descriptions that are functions (AI SDK 7). Default `undefined`. */
  context?: unknown;
  /** Receives warnings and fallbacks (a schema that could not be read, a query that was cut). */
  onEvent?: (event: ToolsiftEvent) => void;
}

/** Options of `select`, `selectWithScores` and `explain`. */
export interface SelectOptions {
  /** Most tools ranked by relevance to return (pinned tools come on top). Default 5; integer ≥ 1. */
  maxTools?: number;
  /** Minimum relevance score: 0–1, where 1 is a full match (every query word in the tool's name and description). Default 0. */
  threshold?: number;
  /**
   * Cut the list at the score elbow: where the drop between two neighbours is at least 40% of the
   * top score, keep what is above it (never fewer than 2). Default `true`.
   */
  adaptive?: boolean;
  /** Tool names always returned, on top of `maxTools`; names not in the catalog are passed through. */
  alwaysActive?: readonly string[];
  /** Rank only among these tools (rules, deferred tools). Default: every tool. */
  allowedTools?: readonly string[];
}

/** The longest query toolsift reads; longer queries are cut to this many characters (reported by `onEvent`). */
export const MAX_QUERY_LENGTH = 2_000;

function fail(option: string, expected: string, value: unknown): never {
  throw new ToolsiftError("INVALID_OPTION", `Option "${option}" must be ${expected}, got ${typeof value === "string" ? JSON.stringify(value) : String(value)}.`, { option, value });
}

function numberIn(option: string, value: unknown, min: number, max: number, exclusiveMin = false): number {
  if (typeof value !== "number" || Number.isNaN(value) || (exclusiveMin ? value <= min : value < min) || value > max) {
    fail(option, `a number in ${exclusiveMin ? "(" : "["}${min}, ${max}]`, value);
  }
  return value;
}

function expansionWeight(option: string, value: unknown, fallback: number): number {
  if (value === undefined || value === true) return fallback;
  if (value === false) return 0;
  if (typeof value === "object" && value !== null) {
    const weight = (value as { weight?: unknown }).weight;
    return weight === undefined ? fallback : numberIn(`${option}.weight`, weight, 0, 1);
  }
  return fail(option, "a boolean or { weight }", value);
}

/** Validates index options and resolves the engine settings. */
export function resolveIndexOptions(options: ToolIndexOptions | undefined): LexicalSettings {
  if (options !== undefined && (typeof options !== "object" || options === null)) fail("options", "an object", options);
  const fields = {} as Record<FieldName, FieldWeight>;
  const given = options?.fields;
  if (given !== undefined && (typeof given !== "object" || given === null)) fail("fields", "an object", given);
  for (const key of Object.keys(given ?? {})) {
    if (!(FIELD_NAMES as readonly string[]).includes(key)) fail("fields", `keyed by ${FIELD_NAMES.join(", ")}`, key);
  }
  for (const field of FIELD_NAMES) {
    const override = given?.[field];
    fields[field] = {
      weight: override?.weight === undefined ? DEFAULT_FIELD_WEIGHTS[field].weight : numberIn(`fields.${field}.weight`, override.weight, 0, 100),
      b: override?.b === undefined ? DEFAULT_FIELD_WEIGHTS[field].b : numberIn(`fields.${field}.b`, override.b, 0, 1),
    };
  }
  if (options?.onEvent !== undefined && typeof options.onEvent !== "function") fail("onEvent", "a function", options.onEvent);
  if (options?.enrichDescriptions !== undefined && typeof options.enrichDescriptions !== "boolean") fail("enrichDescriptions", "a boolean", options.enrichDescriptions);
  if (options?.enrichDescriptions && options.enrichmentModel === undefined && options.rerankerModel === undefined) {
    throw new ToolsiftError("INVALID_OPTION", `Option "enrichDescriptions" needs a model: pass "enrichmentModel" or "rerankerModel".`, { option: "enrichDescriptions" });
  }
  const expansion = resolveQueryExpansion(options?.queryExpansion);
  return {
    fields,
    semanticWeight: expansion?.weight ?? 0,
    k1: options?.k1 === undefined ? 1.2 : numberIn("k1", options.k1, 0, 10, true),
    typoWeight: expansionWeight("typoTolerance", options?.typoTolerance, 0.7),
    abbreviationWeight: expansionWeight("abbreviations", options?.abbreviations, 0.8),
  };
}

/** Semantic settings after validation (`undefined` model: keyword only). */
export interface ResolvedSemanticOptions {
  readonly strategy: "keyword" | "semantic" | "combined";
  readonly fusion: ResolvedFusion;
  readonly quantization: Quantization;
  readonly queryCacheSize: number;
  readonly dimensions: number | undefined;
  readonly timeoutMs: number;
  readonly maxParallelCalls: number;
  readonly maxRetries: number;
  readonly onError: "fallback" | "throw";
}

function integerIn(option: string, value: unknown, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) fail(option, `an integer in [${min}, ${max}]`, value);
  return value;
}

const LOCAL_MODEL_FUSION: FusionOptions = { method: "adaptive", weights: { keyword: 1, semantic: 0 } };

function isLocalModel(model: unknown): boolean {
  return typeof model === "object" && model !== null && (model as { provider?: unknown }).provider === "toolsift" && String((model as { modelId?: unknown }).modelId).startsWith("local-");
}

/** Validates the semantic options (the model itself is checked when the embedder is made). */
export function resolveSemanticOptions(options: ToolIndexOptions | undefined): ResolvedSemanticOptions {
  const hasModel = options?.embeddingModel !== undefined;
  const strategyOption = options?.strategy;
  if (strategyOption !== undefined && !["keyword", "semantic", "combined", "hybrid"].includes(strategyOption)) {
    fail("strategy", `one of "keyword", "semantic", "combined", "hybrid"`, strategyOption);
  }
  const strategy = strategyOption === undefined ? (hasModel ? "combined" : "keyword") : strategyOption === "hybrid" ? "keyword" : strategyOption;
  if (strategy !== "keyword" && !hasModel) {
    throw new ToolsiftError("INVALID_OPTION", `Option "strategy" is "${strategy}", which needs an "embeddingModel"; pass one, or use strategy "keyword".`, { option: "strategy", value: strategy });
  }
  const given = options?.fusion;
  if (given !== undefined && (typeof given !== "object" || given === null)) fail("fusion", "an object", given);
  // The bundled local model reads paraphrases but is weaker than keywords where words match: by
  // default it gets the share of the query the keyword index could not read (bench/RESULTS.md).
  const fusion = given ?? (isLocalModel(options?.embeddingModel) ? LOCAL_MODEL_FUSION : undefined);
  const method = fusion?.method ?? "weighted";
  if (!["weighted", "rrf", "adaptive"].includes(method)) fail("fusion.method", `one of "weighted", "rrf", "adaptive"`, method);
  const keyword = fusion?.weights?.keyword === undefined ? 0.3 : numberIn("fusion.weights.keyword", fusion.weights.keyword, 0, 1000);
  const semantic = fusion?.weights?.semantic === undefined ? 0.7 : numberIn("fusion.weights.semantic", fusion.weights.semantic, 0, 1000);
  if (keyword + semantic === 0) fail("fusion.weights", "weights that are not both 0", "0 and 0");
  const adaptive = fusion?.adaptive ?? method === "adaptive";
  if (typeof adaptive !== "boolean") fail("fusion.adaptive", "a boolean", adaptive);
  const quantization = options?.quantize ?? "float32";
  if (quantization !== "float32" && quantization !== "int8") fail("quantize", `"float32" or "int8"`, quantization);
  const onError = options?.onError ?? "fallback";
  if (onError !== "fallback" && onError !== "throw") fail("onError", `"fallback" or "throw"`, onError);
  return {
    strategy,
    // Weights are scaled to sum to 1, so a fused score stays in 0–1.
    fusion: { method: method === "rrf" ? "rrf" : "weighted", keyword: keyword / (keyword + semantic), semantic: semantic / (keyword + semantic), k: fusion?.k === undefined ? 60 : numberIn("fusion.k", fusion.k, 1, 1e6), adaptive },
    quantization,
    queryCacheSize: options?.queryCacheSize === undefined ? 128 : integerIn("queryCacheSize", options.queryCacheSize, 0, 1_000_000),
    dimensions: options?.dimensions === undefined ? undefined : integerIn("dimensions", options.dimensions, 1, 65_536),
    timeoutMs: options?.embeddingTimeout === undefined ? 10_000 : numberIn("embeddingTimeout", options.embeddingTimeout, 1, 600_000),
    maxParallelCalls: options?.maxParallelCalls === undefined ? 4 : integerIn("maxParallelCalls", options.maxParallelCalls, 1, 1_000),
    maxRetries: options?.maxRetries === undefined ? 1 : integerIn("maxRetries", options.maxRetries, 0, 10),
    onError,
  };
}

/** Query expansion after validation. */
export interface ResolvedQueryExpansion {
  readonly source: WordVectorSource;
  readonly threshold: number;
  readonly weight: number;
  readonly maxTerms: number;
}

function isWordVectorSource(value: unknown): value is WordVectorSource {
  return typeof value === "object" && value !== null && typeof (value as { wordVectors?: unknown }).wordVectors === "function";
}

/** Validates `queryExpansion`. */
export function resolveQueryExpansion(value: ToolIndexOptions["queryExpansion"]): ResolvedQueryExpansion | undefined {
  if (value === undefined) return undefined;
  if (isWordVectorSource(value)) return { source: value, threshold: 0.5, weight: 0.5, maxTerms: 3 };
  if (typeof value !== "object" || value === null || !isWordVectorSource((value as { model?: unknown }).model)) {
    fail("queryExpansion", "localEmbeddingModel() from toolsift/local, or { model, threshold, weight, maxTerms }", value);
  }
  return {
    source: value.model,
    threshold: value.threshold === undefined ? 0.5 : numberIn("queryExpansion.threshold", value.threshold, -1, 1),
    weight: value.weight === undefined ? 0.5 : numberIn("queryExpansion.weight", value.weight, 0, 1),
    maxTerms: value.maxTerms === undefined ? 3 : integerIn("queryExpansion.maxTerms", value.maxTerms, 1, 20),
  };
}

/** Validated select options with defaults applied. */
export interface ResolvedSelectOptions {
  readonly maxTools: number;
  readonly threshold: number;
  readonly adaptive: boolean;
  readonly alwaysActive: readonly string[];
  readonly allowedTools: ReadonlySet<string> | undefined;
}

const DEFAULT_SELECT: ResolvedSelectOptions = { maxTools: 5, threshold: 0, adaptive: true, alwaysActive: [], allowedTools: undefined };

export function resolveSelectOptions(options: SelectOptions | undefined): ResolvedSelectOptions {
  if (options === undefined) return DEFAULT_SELECT;
  if (options !== undefined && (typeof options !== "object" || options === null)) fail("options", "an object", options);
  const maxTools = options?.maxTools ?? 5;
  if (typeof maxTools !== "number" || !Number.isInteger(maxTools) || maxTools < 1) fail("maxTools", "an integer ≥ 1", maxTools);
  const threshold = options?.threshold === undefined ? 0 : numberIn("threshold", options.threshold, 0, 1);
  const adaptive = options?.adaptive ?? true;
  if (typeof adaptive !== "boolean") fail("adaptive", "a boolean", adaptive);
  const alwaysActive = options?.alwaysActive ?? [];
  if (!Array.isArray(alwaysActive)) fail("alwaysActive", "an array of tool names", alwaysActive);
  alwaysActive.forEach((name, position) => {
    if (typeof name !== "string") fail(`alwaysActive[${position}]`, "a tool name (string)", name);
  });
  const allowed = options?.allowedTools;
  if (allowed !== undefined && !Array.isArray(allowed)) fail("allowedTools", "an array of tool names", allowed);
  allowed?.forEach((name, position) => {
    if (typeof name !== "string") fail(`allowedTools[${position}]`, "a tool name (string)", name);
  });
  return { maxTools, threshold, adaptive, alwaysActive, allowedTools: allowed === undefined ? undefined : new Set(allowed) };
}

/** Validates a query: a string, cut to MAX_QUERY_LENGTH characters (never inside a surrogate pair). */
export function normalizeQuery(query: unknown): { text: string; truncatedFrom: number | undefined } {
  if (typeof query !== "string") {
    throw new ToolsiftError("INVALID_QUERY", `The query must be a string, got ${query === null ? "null" : typeof query}.`, { received: typeof query });
  }
  if (query.length <= MAX_QUERY_LENGTH) return { text: query, truncatedFrom: undefined };
  let end = MAX_QUERY_LENGTH;
  const code = query.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return { text: query.slice(0, end), truncatedFrom: query.length };
}
