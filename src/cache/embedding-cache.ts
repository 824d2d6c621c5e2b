// The embedding cache contract: vectors stored and fetched by key, in batches; each adapter implements it, and
// reports what it worked around without failing as an `EmbeddingCacheEvent`.

/**
 * Where toolsift keeps tool embeddings between runs. Keys are
 * `${namespace}/${hash}`: the namespace (`toolsift-v1/<provider>/<modelId>/<dimensions or "auto">`) names
 * the model, and the hash (16 hex digits) covers the tool's indexed text, so a changed description
 * misses exactly its own key and a switched model misses all of them.
 */
export interface EmbeddingCache {
  /**
   * Vectors for `keys`, in the same order; `undefined` where absent. May throw: toolsift reports it and
   * carries on without the cache.
   */
  getMany(keys: readonly string[]): Promise<ReadonlyArray<Float32Array | undefined>>;
  /** Stores vectors (overwriting). May throw: toolsift reports it and carries on. */
  setMany(entries: ReadonlyArray<readonly [key: string, vector: Float32Array]>): Promise<void>;
}

/**
 * Something a cache adapter worked around, reported through its `onEvent` option; the call itself succeeded.
 */
export type EmbeddingCacheEvent =
  | {
      /**
       * Stored values the cache meant to delete are still there: chunks of a replaced slab whose delete
       * failed, or chunks of a write whose manifest did not confirm (left in place because that
       * manifest may still land). They are unreferenced; they expire with `expirationTtl` if one is set.
       */
      readonly type: "embedding-cache-cleanup-failed";
      readonly keys: readonly string[];
      readonly message: string;
      readonly cause?: unknown;
    }
  | {
      /** A namespace's stored slab could not be read (corrupt or incomplete); the write replaced it. */
      readonly type: "embedding-cache-replaced";
      readonly namespace: string;
      readonly message: string;
      readonly cause: unknown;
    };

/** toolpick's cache shape: the whole set of vectors loaded and saved at once, in catalog order. */
export interface LoadSaveEmbeddingCache {
  load(): Promise<number[][] | null>;
  save(embeddings: number[][]): Promise<void>;
}

/** Splits a cache key into its namespace and tool-text hash. */
export function splitCacheKey(key: string): { namespace: string; hash: string } {
  const cut = key.lastIndexOf("/");
  return cut < 0 ? { namespace: "", hash: key } : { namespace: key.slice(0, cut), hash: key.slice(cut + 1) };
}
