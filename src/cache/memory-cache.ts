// An embedding cache in a Map, optionally bounded to the most recently used entries.

import { ToolsiftError } from "../errors.js";
import { groupEntries, groupKeys } from "./cache-batch.js";
import type { EmbeddingCache } from "./embedding-cache.js";

/** Options of `memoryCache`. */
export interface MemoryCacheOptions {
  /**
   * Most vectors kept; beyond it the least recently read or written are dropped. Default: unbounded.
   * Integer ≥ 1.
   */
  maxEntries?: number;
}

/**
 * An `EmbeddingCache` held in this process's memory (lost when it ends). It stores copies of the
 * vectors it is given and hands out copies, so neither side can change the other's arrays.
 */
export function memoryCache(options: MemoryCacheOptions = {}): EmbeddingCache {
  const maxEntries = options.maxEntries ?? Infinity;
  if (maxEntries !== Infinity && (!Number.isInteger(maxEntries) || maxEntries < 1)) {
    throw new ToolsiftError("INVALID_OPTION", `memoryCache option "maxEntries" must be an integer ≥ 1, got ${String(options.maxEntries)}.`, { option: "maxEntries", value: options.maxEntries });
  }
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Float32Array>();

  return {
    async getMany(keys) {
      groupKeys(keys, "memoryCache");
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
      groupEntries(batch, "memoryCache");
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
