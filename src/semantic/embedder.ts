// Calls any AI SDK embedding model through `embedMany`/`embed`, with a timeout, an abort signal, bounded parallelism.

import type { EmbeddingModel } from "ai";
import { loadAi } from "../ai-sdk.js";
import { ToolsiftError } from "../errors.js";
import { invalidOption } from "../support/validate-options.js";

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

export interface Embedder {
  readonly identity: ModelIdentity;
  embedMany(values: readonly string[]): Promise<Float32Array[]>;
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

function callSignal(settings: EmbedderSettings): AbortSignal {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  return settings.abortSignal === undefined ? timeout : AbortSignal.any([settings.abortSignal, timeout]);
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

/** An embedding model object (V3/V4) that can be called without the AI SDK. */
interface DirectModel {
  readonly maxEmbeddingsPerCall?: PromiseLike<number | undefined> | number | undefined;
  doEmbed(options: { values: string[]; abortSignal?: AbortSignal }): PromiseLike<{ embeddings: number[][] }>;
}

function isDirectModel(model: unknown): model is DirectModel {
  return typeof model === "object" && model !== null && typeof (model as { doEmbed?: unknown }).doEmbed === "function";
}

/**
 * Without the `ai` package (a LangChain-only app, say), a model object is called directly: values in
 * chunks of its `maxEmbeddingsPerCall`, up to `maxParallelCalls` at once, each bounded by the timeout.
 */
export async function embedDirectly(
  model: DirectModel,
  values: readonly string[],
  settings: EmbedderSettings,
): Promise<number[][]> {
  const limit = (await model.maxEmbeddingsPerCall) ?? 2048;
  const size = Number.isFinite(limit) && limit > 0 ? limit : values.length;
  const chunks: string[][] = [];
  for (let start = 0; start < values.length; start += size) chunks.push(values.slice(start, start + size));
  const results: number[][][] = new Array(chunks.length);
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const index = next++;
      results[index] = (await model.doEmbed({ values: chunks[index], abortSignal: callSignal(settings) })).embeddings;
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

/** Wraps an embedding model for toolsift: every call bounded by the timeout and the abort signal. */
export function createEmbedder(model: EmbeddingModel, settings: EmbedderSettings): Embedder {
  const identity = modelIdentity(model);
  const dimensionOptions = settings.dimensions === undefined ? {} : { dimensions: settings.dimensions };
  return {
    identity,
    async embedMany(values) {
      if (values.length === 0) return [];
      const ai = await aiOrDirect(model);
      if (ai === undefined) {
        const embeddings = await embedDirectly(model as unknown as DirectModel, values, settings);
        if (embeddings.length !== values.length) {
          throw new ToolsiftError(
            "EMBEDDING_FAILED",
            `The embedding model returned ${embeddings.length} vectors for ${values.length} texts.`,
            { expected: values.length, received: embeddings.length },
          );
        }
        return embeddings.map((embedding, position) => toVector(embedding, `text ${position}`));
      }
      const { embedMany } = ai;
      const result = await embedMany({
        model,
        values: [...values],
        maxParallelCalls: settings.maxParallelCalls,
        maxRetries: settings.maxRetries,
        abortSignal: callSignal(settings),
        ...dimensionOptions,
      });
      if (result.embeddings.length !== values.length) {
        throw new ToolsiftError(
          "EMBEDDING_FAILED",
          `The embedding model returned ${result.embeddings.length} vectors for ${values.length} texts.`,
          { expected: values.length, received: result.embeddings.length },
        );
      }
      return result.embeddings.map((embedding, position) => toVector(embedding, `text ${position}`));
    },
    async embed(value) {
      const ai = await aiOrDirect(model);
      if (ai === undefined) {
        return toVector((await embedDirectly(model as unknown as DirectModel, [value], settings))[0], "the query");
      }
      const { embed } = ai;
      const result = await embed({
        model,
        value,
        maxRetries: settings.maxRetries,
        abortSignal: callSignal(settings),
        ...dimensionOptions,
      });
      return toVector(result.embedding, "the query");
    },
  };
}
