// Deterministic AI SDK embedding models for tests and benchmarks: a seeded feature-hashing model and a failing one.

import type { EmbeddingModelV4 } from "@ai-sdk/provider";
import { mixedHash32 } from "../core/hash.js";
import { tokenize } from "../core/tokenizer.js";
import {
  booleanOption,
  countOption,
  integerOption,
  invalidOption,
  knownOptions,
  stringOption,
} from "../support/validate-options.js";

/** Options of `hashingEmbeddingModel`. */
export interface HashingEmbeddingModelOptions {
  /** Vector length. Default 256; integer 8–8192. */
  dimensions?: number;
  /** Changes every vector; two models with the same seed agree. Default 0; integer 0–4,294,967,295. */
  seed?: number;
  /** Reported as `modelId` (cache keys use it). Default `hashing-${dimensions}-${seed}`; a non-empty string. */
  modelId?: string;
  /** Most values per `doEmbed` call, as a provider's limit. Default 2048; integer ≥ 1, or `Infinity`. */
  maxEmbeddingsPerCall?: number;
}

/** Options of `failingEmbeddingModel`. */
export interface FailingEmbeddingModelOptions {
  /** What every call rejects with. Default `new Error("embedding provider unavailable")`; an Error. */
  error?: Error;
  /** Calls never settle until their abort signal fires (a provider that hangs). Default `false`. */
  hang?: boolean;
  /** Reported as `modelId`. Default `"failing"`; a non-empty string. */
  modelId?: string;
}

function hash32(text: string, seed: number): number {
  return mixedHash32(text, 0x811c9dc5 ^ seed);
}

/**
 * Embeds text by a seeded random projection of hashed features: each stemmed term (and each of its
 * character trigrams, at a lower weight) adds a dense pseudo-random direction; the vector is
 * L2-normalised. Texts sharing words get
 * similar vectors, so it exercises semantic and combined search deterministically — but it knows no
 * synonyms: it proves wiring, not semantic quality. Calls are recorded in `calls`.
 */
export function hashingEmbeddingModel(
  options: HashingEmbeddingModelOptions = {},
): EmbeddingModelV4 & { readonly dimensions: number; readonly calls: string[][] } {
  const where = "hashingEmbeddingModel";
  const given = knownOptions(where, options, ["dimensions", "seed", "modelId", "maxEmbeddingsPerCall"]);
  const dimensions = integerOption(where, "dimensions", given?.dimensions, 8, 8192, 256);
  const seed = integerOption(where, "seed", given?.seed, 0, 0xffffffff, 0);
  const modelId = stringOption(where, "modelId", given?.modelId, `hashing-${dimensions}-${seed}`);
  const maxEmbeddingsPerCall =
    given?.maxEmbeddingsPerCall === Infinity
      ? Infinity
      : countOption(where, "maxEmbeddingsPerCall", given?.maxEmbeddingsPerCall, 2048);
  const calls: string[][] = [];
  const embedOne = (text: string): number[] => {
    const vector = new Float64Array(dimensions);
    // Each feature adds its own dense pseudo-random direction (a random projection of the bag of
    // features), so vectors are dense like real embeddings rather than a few spikes.
    const add = (feature: string, weight: number) => {
      let state = hash32(feature, seed) || 1;
      for (let d = 0; d < dimensions; d++) {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        vector[d] += weight * (((state >>> 0) / 4294967296) * 2 - 1);
      }
    };
    for (const token of tokenize(text)) {
      if (token.stop) continue;
      add(`w:${token.term}`, 1);
      const padded = `^${token.term}$`;
      for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, 0.25);
    }
    let norm = 0;
    for (const value of vector) norm += value * value;
    norm = Math.sqrt(norm);
    return Array.from(vector, (value) => (norm > 0 ? value / norm : 0));
  };
  return {
    specificationVersion: "v4",
    provider: "toolsift-test",
    modelId,
    maxEmbeddingsPerCall,
    supportsParallelCalls: true,
    dimensions,
    calls,
    async doEmbed({ values, abortSignal }) {
      abortSignal?.throwIfAborted();
      calls.push([...values]);
      return { embeddings: values.map(embedOne), usage: { tokens: values.length }, warnings: [] };
    },
  };
}

/** An embedding model whose calls fail: they reject with `error`, or, with `hang`, wait until aborted. */
export function failingEmbeddingModel(
  options: FailingEmbeddingModelOptions = {},
): EmbeddingModelV4 & { readonly calls: string[][] } {
  const where = "failingEmbeddingModel";
  const given = knownOptions(where, options, ["error", "hang", "modelId"]);
  if (given?.error !== undefined && !(given.error instanceof Error)) {
    invalidOption(where, "error", "an Error", given.error);
  }
  const error = (given?.error as Error | undefined) ?? new Error("embedding provider unavailable");
  const hang = booleanOption(where, "hang", given?.hang, false);
  const modelId = stringOption(where, "modelId", given?.modelId, "failing");
  const calls: string[][] = [];
  return {
    specificationVersion: "v4",
    provider: "toolsift-test",
    modelId,
    maxEmbeddingsPerCall: 2048,
    supportsParallelCalls: true,
    calls,
    doEmbed({ values, abortSignal }) {
      calls.push([...values]);
      if (hang) {
        return new Promise((_, reject) => {
          abortSignal?.addEventListener("abort", () => reject(abortSignal.reason), { once: true });
        });
      }
      return Promise.reject(error);
    },
  };
}
