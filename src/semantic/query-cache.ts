// A small LRU of query embeddings, keyed on the normalised query text.

import { LruMap } from "../support/lru-map.js";

/** Query text as the cache keys it: Unicode-normalised (NFKC), lower case, whitespace collapsed. */
export function queryCacheKey(query: string): string {
  return query.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

export class QueryEmbeddingCache {
  private entries: LruMap<string, Float32Array>;

  /** `capacity` 0 disables the cache. */
  constructor(private readonly capacity: number) {
    this.entries = new LruMap(Math.max(capacity, 1));
  }

  get(query: string): Float32Array | undefined {
    return this.capacity === 0 ? undefined : this.entries.get(queryCacheKey(query));
  }

  set(query: string, vector: Float32Array): void {
    if (this.capacity > 0) this.entries.set(queryCacheKey(query), vector);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries = new LruMap(Math.max(this.capacity, 1));
  }
}
