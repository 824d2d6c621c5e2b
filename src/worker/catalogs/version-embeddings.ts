// The embedding cache a catalog write builds with: unchanged tools' vectors from the previous version.

import type { EmbeddingCache } from "../../cache/embedding-cache.js";

/**
 * Reads from the previous version's stored vectors (so a replaced catalog re-embeds only the tools
 * whose text changed) and keeps every vector the build used, read or embedded, in memory. The write
 * then stores them under the new version with one `setMany` (`take()`), before it publishes.
 */
export class VersionEmbeddings implements EmbeddingCache {
  private readonly kept = new Map<string, Float32Array>();

  constructor(private readonly previous: EmbeddingCache | undefined) {}

  async getMany(keys: readonly string[]): Promise<ReadonlyArray<Float32Array | undefined>> {
    if (this.previous === undefined) return keys.map(() => undefined);
    // A failed read rejects: the index reports it (embedding-cache-error) and embeds every tool.
    const found = await this.previous.getMany(keys);
    found.forEach((vector, position) => {
      if (vector !== undefined) this.kept.set(keys[position], vector);
    });
    return found;
  }

  async setMany(entries: ReadonlyArray<readonly [key: string, vector: Float32Array]>): Promise<void> {
    for (const [key, vector] of entries) this.kept.set(key, vector);
  }

  /** Every vector kept so far, handed over once (the copies are then dropped). */
  take(): [string, Float32Array][] {
    const entries = [...this.kept];
    this.kept.clear();
    return entries;
  }
}

/** A stored version's vectors for readers: they read, never write (KV is written by PUT and DELETE only). */
export function readOnly(cache: EmbeddingCache): EmbeddingCache {
  return {
    getMany: (keys) => cache.getMany(keys),
    setMany: async () => undefined,
  };
}
