// The semantic side of an index: tool vectors from the cache or the model into a wasm slab, queries through an LRU.

import type { EmbeddingCache } from "../cache/embedding-cache.js";
import { ToolsiftError } from "../errors.js";
import type { ToolsiftEvent } from "../events.js";
import { describeValue } from "../support/describe-value.js";
import { WasmArena } from "../wasm/arena.js";
import { instantiateCore } from "../wasm/load-wasm.js";
import { LruMap } from "../support/lru-map.js";
import type { Embedder } from "./embedder.js";
import { VectorIndex, vectorNorm, type Quantization } from "./vector-index.js";

/** Version of the cache key layout and of what is embedded; bump to invalidate every cached vector. */
export const EMBEDDING_FORMAT = "toolsift-v1";

/** Vectors for the documents of one built index (row i = document i). */
export interface VectorSet {
  readonly index: VectorIndex;
  /** Embedding-text hash of each row (16 hex digits each, packed: 8 bytes a row rather than a string). */
  readonly hashes: BigUint64Array;
}

export interface SemanticSettings {
  readonly quantization: Quantization;
  /** int8 only: keep 4-bit residuals and rescore the best candidates (VectorIndex). */
  readonly rescore: boolean;
  readonly queryCacheSize: number;
  readonly dimensions: number | undefined;
  readonly cache: EmbeddingCache | undefined;
}

/** Per-call details the events report. */
interface BuildReport {
  embedded: number;
  fromCache: number;
  reused: number;
  tokens: number | undefined;
}

// A small LRU of query embeddings, keyed on the normalised query text.

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

export class SemanticEngine {
  private readonly queries: QueryEmbeddingCache;
  readonly namespace: string;

  constructor(
    private readonly embedder: Embedder,
    private readonly settings: SemanticSettings,
    private readonly module: () => Promise<WebAssembly.Module>,
    private readonly emit: (event: ToolsiftEvent) => void,
  ) {
    this.queries = new QueryEmbeddingCache(settings.queryCacheSize);
    const { provider, modelId } = embedder.identity;
    this.namespace = `${EMBEDDING_FORMAT}/${encodeURIComponent(provider)}/${encodeURIComponent(modelId)}/${settings.dimensions ?? "auto"}`;
  }

  /**
   * Vectors for `texts` (with their `hashes`): rows of `previous` whose text is unchanged are copied,
   * then the cache is asked, then the model embeds only what is still missing. Cache failures are
   * reported and skipped; a model failure rejects (the caller falls back).
   */
  async build(
    texts: readonly string[],
    hashes: readonly string[],
    previous: VectorSet | undefined,
  ): Promise<VectorSet> {
    const started = Date.now();
    const count = texts.length;
    const vectors: (Float32Array | undefined)[] = new Array(count).fill(undefined);
    const copyFrom: number[] = new Array(count).fill(-1);
    const report: BuildReport = { embedded: 0, fromCache: 0, reused: 0, tokens: 0 };
    let dims = previous?.index.dims;

    if (previous !== undefined) {
      const previousRow = new Map<string, number>();
      previous.hashes.forEach((hash, row) => previousRow.set(hash.toString(16).padStart(16, "0"), row));
      for (let row = 0; row < count; row++) {
        const from = previousRow.get(hashes[row]);
        if (from !== undefined) {
          copyFrom[row] = from;
          report.reused++;
        }
      }
    }

    const wanted = (row: number) => copyFrom[row] < 0 && vectors[row] === undefined;
    if (this.settings.cache !== undefined) {
      const rows = [...Array(count).keys()].filter(wanted);
      if (rows.length > 0) {
        const found = await this.readCache(rows.map((row) => this.key(hashes[row])));
        const stale: string[] = [];
        rows.forEach((row, position) => {
          const vector = found[position];
          if (vector === undefined) return;
          dims ??= vector.length;
          if (vector.length !== dims) stale.push(hashes[row]);
          else {
            vectors[row] = vector;
            report.fromCache++;
          }
        });
        if (stale.length > 0) {
          this.emit({
            type: "embedding-cache-stale",
            namespace: this.namespace,
            count: stale.length,
            message: `${stale.length} cached vectors have another length than ${dims}; they are re-embedded`,
          });
        }
      }
    }

    const missing = [...Array(count).keys()].filter(wanted);
    if (missing.length > 0) {
      const pass = await this.embedder.embedMany(missing.map((row) => texts[row]));
      const embedded = pass.vectors;
      report.tokens = pass.tokens;
      dims ??= embedded[0].length;
      const fresh: [string, Float32Array][] = [];
      missing.forEach((row, position) => {
        const vector = embedded[position];
        if (vector.length !== dims) {
          throw new ToolsiftError(
            "EMBEDDING_FAILED",
            `The embedding model returned a ${vector.length}-dimensional vector where ${dims} were expected (tool text ${row}).`,
            { expected: dims, received: vector.length },
          );
        }
        vectors[row] = vector;
        fresh.push([this.key(hashes[row]), vector]);
      });
      report.embedded = missing.length;
      await this.writeCache(fresh);
    }

    const arena = new WasmArena(instantiateCore(await this.module()));
    const index = new VectorIndex(arena, count, dims ?? 1, this.settings.quantization, this.settings.rescore);
    const zero: number[] = [];
    for (let row = 0; row < count; row++) {
      if (copyFrom[row] >= 0 && previous !== undefined) index.copyRow(row, previous.index, copyFrom[row]);
      else if (!index.setRow(row, vectors[row]!)) zero.push(row);
      vectors[row] = undefined; // drop the JS copy: the slab in wasm memory is the only one kept
    }
    if (zero.length > 0) {
      this.emit({
        type: "embedding-warning",
        stage: "catalog",
        message: `${zero.length} tool vectors were zero or not finite; those tools rank by keywords only`,
        rows: zero,
      });
    }
    this.emit({
      type: "embeddings-ready",
      tools: count,
      dimensions: dims ?? 0,
      ...report,
      milliseconds: Date.now() - started,
    });
    return { index, hashes: BigUint64Array.from(hashes, (hash) => BigInt(`0x${hash}`)) };
  }

  /**
   * The query's embedding, from the LRU when the same (normalised) query was embedded before; `undefined` when the
   * model gave a zero vector (the local model's for a query of none of its words; the caller judges it).
   */
  async embedQuery(query: string, dims: number): Promise<Float32Array | undefined> {
    const cached = this.queries.get(query);
    if (cached !== undefined) return cached;
    const vector = await this.embedder.embed(query);
    if (vector.length !== dims) {
      throw new ToolsiftError(
        "EMBEDDING_FAILED",
        `The query embedding has ${vector.length} dimensions, the tool vectors ${dims}.`,
        { expected: dims, received: vector.length },
      );
    }
    // A zero or non-finite vector ranks nothing (every cosine 0 or NaN). Zero: the model read nothing in the query
    // (the caller ranks by keywords and says so); not finite: a failure. Neither is cached.
    const norm = vectorNorm(vector);
    if (norm === 0) return undefined;
    if (!(norm > 0) || !Number.isFinite(norm)) {
      throw new ToolsiftError(
        "EMBEDDING_FAILED",
        `The query embedding is not finite (norm ${norm}); a query vector needs finite values.`,
        { field: "query embedding", received: String(norm) },
      );
    }
    this.queries.set(query, vector);
    return vector;
  }

  private key(hash: string): string {
    return `${this.namespace}/${hash}`;
  }

  private async readCache(keys: readonly string[]): Promise<ReadonlyArray<Float32Array | undefined>> {
    try {
      const found = await this.settings.cache!.getMany(keys);
      if (!Array.isArray(found) || found.length !== keys.length) {
        throw new ToolsiftError(
          "CACHE_READ_FAILED",
          `embeddingCache.getMany returned ${Array.isArray(found) ? `${found.length} entries` : describeValue(found)} for ${keys.length} keys.`,
          {},
        );
      }
      return found.map((vector) => (vector instanceof Float32Array && vector.length > 0 ? vector : undefined));
    } catch (error) {
      this.emit({
        type: "embedding-cache-error",
        operation: "read",
        error,
        message: "reading the embedding cache failed; embedding without it",
      });
      return keys.map(() => undefined);
    }
  }

  private async writeCache(entries: ReadonlyArray<readonly [string, Float32Array]>): Promise<void> {
    if (this.settings.cache === undefined || entries.length === 0) return;
    try {
      await this.settings.cache.setMany(entries);
    } catch (error) {
      this.emit({
        type: "embedding-cache-error",
        operation: "write",
        error,
        message: "writing the embedding cache failed; the vectors are used but not stored",
      });
    }
  }
}
