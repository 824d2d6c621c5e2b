// Calls any AI SDK embedding model through `embedMany`/`embed`, with a timeout, an abort signal, bounded parallelism.

import { boundedCall } from "./bounded-call.js";
import type { EmbeddingModel } from "ai";
import { loadAi } from "../ai-sdk.js";
import { ToolsiftError } from "../errors.js";
import { invalidOption } from "../support/validate-options.js";

/** Set on `localEmbeddingModel` itself (toolsift/local), so passing it uncalled is named in the error. */
const LOCAL_MODEL_FACTORY = Symbol.for("toolsift.localEmbeddingModel");

/** How toolsift calls the embedding model. */
export interface EmbedderSettings {
  /** Milliseconds one embedding call may take before it is aborted. */
  readonly timeoutMs: number;
  /** Most concurrent `doEmbed` calls when embedding the catalog. */
  readonly maxParallelCalls: number;
  /** Retries of a failed call inside the AI SDK. */
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
    typeof candidate !== "object" ||
    candidate === null ||
    typeof candidate.doEmbed !== "function" ||
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

/** An embedding model object (V2–V4) as toolsift calls it. */
interface DirectModel {
  readonly maxEmbeddingsPerCall?: PromiseLike<number | undefined> | number | undefined;
  doEmbed(options: DoEmbedOptions): PromiseLike<{ embeddings: number[][]; usage?: { tokens?: number } }>;
}

function isDirectModel(model: unknown): model is DirectModel {
  return typeof model === "object" && model !== null && typeof (model as { doEmbed?: unknown }).doEmbed === "function";
}

/** Tokens the provider reported over one pass. */
interface UsageCount {
  tokens: number | undefined;
}

function addTokens(count: UsageCount, tokens: unknown): void {
  if (typeof tokens === "number" && Number.isFinite(tokens)) count.tokens = (count.tokens ?? 0) + tokens;
}

/**
 * The model with every `doEmbed` call bounded by the timeout and the abort signal (each retry gets its own
 * timer), counting the tokens the provider reports. A Proxy, so getters and private fields of provider classes
 * (`provider`, the AI SDK's per-call byte limit) read as on the model itself.
 */
function boundedModel<M extends object>(model: M, settings: EmbedderSettings, usage: UsageCount): M {
  return new Proxy(model, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property !== "doEmbed" || typeof value !== "function") return value;
      const doEmbed = value as DirectModel["doEmbed"];
      return async (options: DoEmbedOptions) => {
        const result = await boundedCall(
          (abortSignal) => doEmbed.call(target, { ...options, abortSignal }),
          settings.timeoutMs,
          [options.abortSignal, settings.abortSignal],
        );
        addTokens(usage, result?.usage?.tokens);
        return result;
      };
    },
  });
}

/**
 * Without the `ai` package (a LangChain-only app, say), a model object is called directly: values in
 * chunks of its `maxEmbeddingsPerCall`, up to `maxParallelCalls` at once, each bounded by the timeout.
 */
export async function embedDirectly(
  model: DirectModel,
  values: readonly string[],
  settings: EmbedderSettings,
  usage: UsageCount = { tokens: undefined },
): Promise<number[][]> {
  const bounded = boundedModel(model, settings, usage);
  const limit = (await model.maxEmbeddingsPerCall) ?? 2048;
  const size = Number.isFinite(limit) && limit > 0 ? limit : values.length;
  const chunks: string[][] = [];
  for (let start = 0; start < values.length; start += size) chunks.push(values.slice(start, start + size));
  const dimensions = settings.dimensions === undefined ? {} : { dimensions: settings.dimensions };
  const results: number[][][] = new Array(chunks.length);
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const index = next++;
      const options = { values: chunks[index], abortSignal: settings.abortSignal, ...dimensions };
      results[index] = (await bounded.doEmbed(options)).embeddings;
    }
  };
  await Promise.all(Array.from({ length: Math.min(settings.maxParallelCalls, chunks.length) }, worker));
  return results.flat();
}

/** The AI SDK, or `undefined` when it is not installed and the model can be called directly. */
async function aiOrDirect(model: unknown): Promise<typeof import("ai") | undefined> {
  try {
    return await loadAi();
  } catch (error) {
    if (isDirectModel(model) && ToolsiftError.isInstance(error) && error.code === "MISSING_DEPENDENCY") {
      return undefined;
    }
    throw error;
  }
}

/**
 * Wraps an embedding model for toolsift: every model call bounded by the timeout and the abort signal, settled
 * on time even when the model ignores its signal. A model id string (resolved by the AI SDK) is bounded per pass.
 */
export function createEmbedder(model: EmbeddingModel, settings: EmbedderSettings): Embedder {
  const identity = modelIdentity(model);
  const dimensionOptions = settings.dimensions === undefined ? {} : { dimensions: settings.dimensions };
  const common = { maxRetries: settings.maxRetries, abortSignal: settings.abortSignal, ...dimensionOptions };
  return {
    identity,
    async embedMany(values) {
      const usage: UsageCount = { tokens: undefined };
      if (values.length === 0) return { vectors: [], tokens: 0 };
      const ai = await aiOrDirect(model);
      if (ai === undefined) {
        const embeddings = await embedDirectly(model as unknown as DirectModel, values, settings, usage);
        return { vectors: toVectors(embeddings, values.length), tokens: usage.tokens };
      }
      const run = (abortSignal: AbortSignal | undefined, used: EmbeddingModel) =>
        ai.embedMany({
          ...common,
          model: used,
          values: [...values],
          maxParallelCalls: settings.maxParallelCalls,
          abortSignal,
        });
      if (typeof model === "string") {
        const result = await boundedCall((signal) => run(signal, model), settings.timeoutMs, [settings.abortSignal]);
        addTokens(usage, result.usage?.tokens);
        return { vectors: toVectors(result.embeddings, values.length), tokens: usage.tokens };
      }
      const result = await run(settings.abortSignal, boundedModel(model, settings, usage));
      return { vectors: toVectors(result.embeddings, values.length), tokens: usage.tokens };
    },
    async embed(value) {
      const ai = await aiOrDirect(model);
      if (ai === undefined) {
        return toVector((await embedDirectly(model as unknown as DirectModel, [value], settings))[0], "the query");
      }
      const run = (abortSignal: AbortSignal | undefined, used: EmbeddingModel) =>
        ai.embed({ ...common, model: used, value, abortSignal });
      const result =
        typeof model === "string"
          ? await boundedCall((signal) => run(signal, model), settings.timeoutMs, [settings.abortSignal])
          : await run(settings.abortSignal, boundedModel(model, settings, { tokens: undefined }));
      return toVector(result.embedding, "the query");
    },
  };
}
