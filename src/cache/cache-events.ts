// Events an embedding cache adapter reports through its `onEvent` option: what it worked around without failing.

/** Something a cache adapter worked around; the call itself succeeded. */
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
