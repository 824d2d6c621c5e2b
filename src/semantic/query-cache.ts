// A small LRU of query embeddings, keyed on the normalised query text.

/** Query text as the cache keys it: Unicode-normalised (NFKC), lower case, whitespace collapsed. */
export function queryCacheKey(query: string): string {
  return query.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

export class QueryEmbeddingCache {
  private readonly entries = new Map<string, Float32Array>();

  /** `capacity` 0 disables the cache. */
  constructor(private readonly capacity: number) {}

  get(query: string): Float32Array | undefined {
    if (this.capacity === 0) return undefined;
    const key = queryCacheKey(query);
    const vector = this.entries.get(key);
    if (vector !== undefined) {
      // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, vector);
    }
    return vector;
  }

  set(query: string, vector: Float32Array): void {
    if (this.capacity === 0) return;
    const key = queryCacheKey(query);
    this.entries.delete(key);
    this.entries.set(key, vector);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
