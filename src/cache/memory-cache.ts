// An embedding cache in a Map, optionally bounded to the most recently used entries.

import { knownOptions, limitOption } from "../support/validate-options.js";
import { groupEntries, groupKeys } from "./cache-batch.js";
import type { EmbeddingCache } from "./embedding-cache.js";

/** Options of `memoryCache`. */
export interface MemoryCacheOptions {
  /**
   * Most vectors kept; beyond it the least recently read or written are dropped. Default: unbounded
   * (`Infinity`). Integer ≥ 1, or `Infinity`.
   */
  maxEntries?: number;
}

const WHERE = "memoryCache";

/**
 * An `EmbeddingCache` held in this process's memory (lost when it ends). It stores copies of the
 * vectors it is given and hands out copies, so neither side can change the other's arrays. Vectors
 * are kept per key: a vector of a new length for a namespace leaves that namespace's other vectors in
 * place (toolsift re-embeds cached vectors of the wrong length).
 */
export function memoryCache(options: MemoryCacheOptions = {}): EmbeddingCache {
  const given = knownOptions(WHERE, options, ["maxEntries"]);
  const maxEntries = limitOption(WHERE, "maxEntries", given?.maxEntries, Infinity);
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Float32Array>();

  return {
    async getMany(keys) {
      groupKeys(keys, WHERE);
      return keys.map((key) => {
        const vector = entries.get(key);
        if (vector === undefined) return undefined;
        if (maxEntries !== Infinity) {
          entries.delete(key);
          entries.set(key, vector);
        }
        return vector.slice();
      });
    },

    async setMany(batch) {
      groupEntries(batch, WHERE);
      for (const [key, vector] of batch) {
        entries.delete(key);
        entries.set(key, vector.slice());
      }
      for (const key of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(key);
      }
    },
  };
}
