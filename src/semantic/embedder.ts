// Calls an embedding model through its own doEmbed (batches, parallelism, retries, timeouts); `ai` only for id strings.

import { boundedCall, runBounded } from "../support/bounded-calls.js";
import type { EmbeddingModel } from "ai";
import { loadAiForModelIds, withRetries } from "../ai-sdk.js";
import { ToolsiftError } from "../errors.js";
import { hasMethods, invalidOption } from "../support/validate-options.js";

/** Set on `localEmbeddingModel` itself (toolsift/local), so passing it uncalled is named in the error. */
const LOCAL_MODEL_FACTORY = Symbol.for("toolsift.localEmbeddingModel");

/** How toolsift calls the embedding model. */
export interface EmbedderSettings {
  /** Milliseconds one embedding call may take before it is aborted. */
  readonly timeoutMs: number;
  /** Most concurrent `doEmbed` calls when embedding the catalog. */
  readonly maxParallelCalls: number;
  /** Retries of a call the provider marks retryable (a 429 or a 5xx), after its retry-after or a backoff. */
  readonly maxRetries: number;
  /** Cancels every call toolsift makes. */
  readonly abortSignal: AbortSignal | undefined;
  /** Asked of the provider (`embedMany({ dimensions })`), and part of the cache keys. */
  readonly dimensions: number | undefined;
}

/** A model's identity, as cache keys name it. */
export interface ModelIdentity {
  readonly provider: string;
  readonly modelId: string;
}

/** The vectors of one pass over the model, with what the provider said it cost. */
export interface EmbeddingPass {
  readonly vectors: Float32Array[];
  /** Tokens the provider reported over the pass's calls (`usage.tokens`); `undefined` when it reported none. */
  readonly tokens: number | undefined;
}

export interface Embedder {
  readonly identity: ModelIdentity;
  embedMany(values: readonly string[]): Promise<EmbeddingPass>;
  embed(value: string): Promise<Float32Array>;
}

/**
 * Reads the provider and model id of an embedding model, as cache keys name it: the same rule as
 * `modelId()` (a string id resolves through the AI SDK gateway: provider `gateway`), kept as two parts
 * because the cache namespace encodes each one on its own. Throws INVALID_OPTION naming
 * `createToolIndex`'s `embeddingModel` for anything else.
 */
export function modelIdentity(model: unknown): ModelIdentity {
  if (typeof model === "string") {
    if (model.trim().length === 0) {
      invalidOption("createToolIndex", "embeddingModel", "a model id that is not blank", model);
    }
    return { provider: "gateway", modelId: model };
  }
  if (typeof model === "function") {
    const local = (model as unknown as Record<symbol, unknown>)[LOCAL_MODEL_FACTORY] === true;
    throw new ToolsiftError(
      "INVALID_OPTION",
      local
        ? 'createToolIndex: option "embeddingModel" got the localEmbeddingModel function itself; call it: ' +
            "localEmbeddingModel()."
        : 'createToolIndex: option "embeddingModel" got a function, not a model; call the factory to make one, ' +
            'e.g. openai.embedding("text-embedding-3-small") or localEmbeddingModel().',
      { option: "embeddingModel" },
    );
  }
  const candidate = model as { provider?: unknown; modelId?: unknown; doEmbed?: unknown } | null;
  if (
    !hasMethods(candidate, "doEmbed") ||
    typeof candidate.modelId !== "string" ||
    typeof candidate.provider !== "string"
  ) {
    invalidOption(
      "createToolIndex",
      "embeddingModel",
      "an AI SDK embedding model (an object with provider, modelId and doEmbed, " +
        'e.g. openai.embedding("text-embedding-3-small")) or a model id string',
      model,
    );
  }
  return { provider: candidate.provider, modelId: candidate.modelId };
}

function toVector(values: readonly number[], what: string): Float32Array {
  if (!Array.isArray(values) || values.length === 0) {
    throw new ToolsiftError(
      "EMBEDDING_FAILED",
      `The embedding model returned ${Array.isArray(values) ? "an empty vector" : "no vector"} for ${what}.`,
      { what },
    );
  }
  return Float32Array.from(values);
}

function toVectors(embeddings: readonly (readonly number[])[], count: number): Float32Array[] {
  if (embeddings.length !== count) {
    throw new ToolsiftError(
      "EMBEDDING_FAILED",
      `The embedding model returned ${embeddings.length} vectors for ${count} texts.`,
      { expected: count, received: embeddings.length },
    );
  }
  return embeddings.map((embedding, position) => toVector(embedding, `text ${position}`));
}

/** Call options toolsift passes to `doEmbed`. */
interface DoEmbedOptions {
  values: string[];
  abortSignal?: AbortSignal;
  dimensions?: number;
}

type Awaitable<T> = PromiseLike<T> | T;

/** An embedding model object (specification v2–v4) as toolsift calls it. */
interface DirectModel {
  readonly maxEmbeddingsPerCall?: Awaitable<number | undefined>;
  readonly supportsParallelCalls?: Awaitable<boolean | undefined>;
  doEmbed(options: DoEmbedOptions): PromiseLike<{ embeddings: number[][]; usage?: { tokens?: number } }>;
}

/** Where AI SDK providers put a per-call byte limit on a model (OpenAI: 300,000 bytes of input). */
const MAX_INPUT_BYTES_PER_CALL = Symbol.for("vercel.ai.embeddingModel.maxInputBytesPerCall");

/** Tokens the provider reported over one pass. */
interface UsageCount {
  tokens: number | undefined;
}

function addTokens(count: UsageCount, tokens: unknown): void {
  if (typeof tokens === "number" && Number.isFinite(tokens)) count.tokens = (count.tokens ?? 0) + tokens;
}

/**
 * One `doEmbed` call, each attempt bounded by the timeout and the abort signal (settled on time even when the model
 * ignores its signal); an error the provider marks retryable is retried up to `maxRetries` times. The last error is
 * thrown as the provider raised it, so its message (e.g. "Incorrect API key provided") reaches `embedding-failed`.
 */
async function callModel(model: DirectModel, values: string[], settings: EmbedderSettings, usage: UsageCount) {
  const dimensions = settings.dimensions === undefined ? {} : { dimensions: settings.dimensions };
  const result = await withRetries(
    () =>
      boundedCall((abortSignal) => model.doEmbed({ values, abortSignal, ...dimensions }), settings.timeoutMs, [
        settings.abortSignal,
      ]),
    settings.maxRetries,
    settings.abortSignal,
  );
  addTokens(usage, result?.usage?.tokens);
  return result?.embeddings;
}

/** `values` in order, cut where a chunk would pass `maxCount` texts or `maxBytes` bytes of UTF-8. */
function chunksOf(values: readonly string[], maxCount: number, maxBytes: number): string[][] {
  const encoder = new TextEncoder();
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let bytes = 0;
  for (const value of values) {
    const size = maxBytes === Infinity ? 0 : encoder.encode(value).length;
    if (chunk.length > 0 && (chunk.length >= maxCount || bytes + size > maxBytes)) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(value);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

function positiveLimit(value: unknown): number {
  return typeof value === "number" && value > 0 ? value : Infinity;
}

/**
 * Embeds `values` with the model's own `doEmbed`, as the AI SDK's `embedMany` would, without loading the SDK:
 * chunks of at most `maxEmbeddingsPerCall` texts (and the provider's per-call byte limit), up to `maxParallelCalls`
 * chunks at once when the model `supportsParallelCalls` (one at a time otherwise), order kept.
 */
export async function embedDirectly(
  model: DirectModel,
  values: readonly string[],
  settings: EmbedderSettings,
  usage: UsageCount = { tokens: undefined },
): Promise<number[][]> {
  const [maxCount, parallel] = await Promise.all([model.maxEmbeddingsPerCall, model.supportsParallelCalls]);
  const maxBytes = (model as unknown as Record<symbol, unknown>)[MAX_INPUT_BYTES_PER_CALL];
  const chunks = chunksOf(values, positiveLimit(maxCount), positiveLimit(maxBytes));
  const results: number[][][] = new Array(chunks.length);
  const lanes = parallel === true ? Math.max(1, settings.maxParallelCalls) : 1;
  await runBounded(chunks.length, lanes, async (index) => {
    const embeddings = await callModel(model, chunks[index], settings, usage);
    // A short or long answer for one chunk would shift every later vector onto the wrong tool.
    results[index] = Array.isArray(embeddings) ? embeddings : [];
    if (results[index].length !== chunks[index].length) toVectors(results[index], chunks[index].length);
  });
  return results.flat();
}

/**
 * Wraps an embedding model for toolsift. A model object is called through its own `doEmbed` (no AI SDK code is
 * loaded or bundled for it); a model id string is resolved by the AI SDK (`embedMany`), imported on first use and
 * bounded per pass. Every call settles on time even when the model ignores its abort signal.
 */
export function createEmbedder(model: EmbeddingModel, settings: EmbedderSettings): Embedder {
  const identity = modelIdentity(model);
  if (typeof model === "string") return gatewayEmbedder(model, identity, settings);
  const direct = model as unknown as DirectModel;
  return {
    identity,
    async embedMany(values) {
      const usage: UsageCount = { tokens: undefined };
      if (values.length === 0) return { vectors: [], tokens: 0 };
      const embeddings = await embedDirectly(direct, values, settings, usage);
      return { vectors: toVectors(embeddings, values.length), tokens: usage.tokens };
    },
    async embed(value) {
      const [embedding] = await embedDirectly(direct, [value], settings);
      return toVector(embedding, "the query");
    },
  };
}

/** A model id string ("openai/text-embedding-3-small"): only the AI SDK's gateway knows how to call it. */
function gatewayEmbedder(model: string, identity: ModelIdentity, settings: EmbedderSettings): Embedder {
  const dimensions = settings.dimensions === undefined ? {} : { dimensions: settings.dimensions };
  const common = { model, maxRetries: settings.maxRetries, ...dimensions };
  const bounded = <T>(call: (abortSignal: AbortSignal) => PromiseLike<T>) =>
    boundedCall(call, settings.timeoutMs, [settings.abortSignal]);
  return {
    identity,
    async embedMany(values) {
      if (values.length === 0) return { vectors: [], tokens: 0 };
      const ai = await loadAiForModelIds(model);
      const result = await bounded((abortSignal) =>
        ai.embedMany({ ...common, values: [...values], maxParallelCalls: settings.maxParallelCalls, abortSignal }),
      );
      const usage: UsageCount = { tokens: undefined };
      addTokens(usage, result.usage?.tokens);
      return { vectors: toVectors(result.embeddings, values.length), tokens: usage.tokens };
    },
    async embed(value) {
      const ai = await loadAiForModelIds(model);
      const result = await bounded((abortSignal) => ai.embed({ ...common, value, abortSignal }));
      return toVector(result.embedding, "the query");
    },
  };
}
