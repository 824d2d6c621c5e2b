// An embedding cache in Cloudflare Workers KV: per namespace one binary slab in chunks, published by writing its manifest last.

import { ToolsiftError } from "../errors.js";
import { DeadlineExceeded, runBounded, withDeadline } from "./bounded-calls.js";
import { groupEntries, groupKeys, type NamespaceEntries } from "./cache-batch.js";
import type { EmbeddingCacheEvent } from "./cache-events.js";
import type { EmbeddingCache } from "./embedding-cache.js";
import { CorruptSlab, parseManifest, type Manifest } from "./kv-manifest.js";
import { VectorSlab } from "./vector-slab.js";

/**
 * The parts of a Workers KV binding (`KVNamespace`) the cache uses, typed here so that the module
 * needs no Cloudflare types at run time. `env.MY_KV` fits it.
 */
export interface KvNamespaceLike {
  get(key: string, type: "text"): Promise<string | null>;
  get(key: string, type: "arrayBuffer"): Promise<ArrayBuffer | null>;
  put(key: string, value: string | ArrayBuffer | ArrayBufferView, options?: { expirationTtl?: number }): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Options of `kvCache`. */
export interface KvCacheOptions {
  /** Start of every KV key the cache writes (`<prefix>/<namespace>/manifest`, `…/chunk/<version>/<n>`). Default `"toolsift"`; a non-empty string. */
  prefix?: string;
  /**
   * Seconds until stored values expire (KV `expirationTtl`), counted from each write. Chunks get 5
   * minutes more than their manifest, so a manifest never outlives the chunks it names. Default:
   * never. Integer ≥ 60 (KV's minimum).
   */
  expirationTtl?: number;
  /** Largest chunk value in bytes (rounded down to whole floats). Default 24 MiB; KV allows 25 MiB per value. Integer 16–26,214,400. */
  maxChunkBytes?: number;
  /** Most KV calls in flight at once within one `getMany`/`setMany`. Default 6; integer 1–100. */
  concurrency?: number;
  /** Milliseconds one KV call may take before the `getMany`/`setMany` fails. Default 30,000; positive, or `Infinity` to wait forever. */
  operationTimeout?: number;
  /** Receives what the cache worked around without failing: undeletable old chunks, a corrupt slab replaced. Default: none. */
  onEvent?: (event: EmbeddingCacheEvent) => void;
}

interface Published {
  readonly version: string;
  readonly slab: VectorSlab;
  readonly chunkKeys: readonly string[];
}

const KV_VALUE_LIMIT = 25 * 1024 * 1024;
const KV_KEY_LIMIT = 512;
const CHUNK_TTL_MARGIN = 300;
const utf8 = new TextEncoder();

function checkInteger(option: string, value: number | undefined, min: number, max: number): void {
  if (value !== undefined && (!Number.isInteger(value) || value < min || value > max)) {
    throw new ToolsiftError("INVALID_OPTION", `kvCache option "${option}" must be an integer in [${min}, ${max}], got ${String(value)}.`, { option, value });
  }
}

function newVersion(): string {
  const random = crypto.getRandomValues(new Uint32Array(2));
  return `${Date.now().toString(36)}-${random[0].toString(36)}${random[1].toString(36)}`;
}

class KvEmbeddingCache implements EmbeddingCache {
  private readonly prefix: string;
  private readonly expirationTtl: number | undefined;
  private readonly chunkBytes: number;
  private readonly concurrency: number;
  private readonly timeout: number;
  /** Slabs read or written by this instance, reused until this instance writes the namespace again. */
  private readonly published = new Map<string, Published>();
  private readonly loading = new Map<string, Promise<Published | null>>();
  /** Per namespace, the tail of this instance's writes: they run one after another. */
  private readonly writes = new Map<string, Promise<void>>();

  constructor(
    private readonly kv: KvNamespaceLike,
    private readonly options: KvCacheOptions,
  ) {
    if (typeof kv !== "object" || kv === null || typeof kv.get !== "function" || typeof kv.put !== "function" || typeof kv.delete !== "function") {
      throw new ToolsiftError("INVALID_OPTION", "kvCache expects a KV namespace binding (an object with get, put and delete), e.g. kvCache(env.MY_KV).", { received: kv === null ? "null" : typeof kv });
    }
    this.prefix = options.prefix ?? "toolsift";
    if (typeof this.prefix !== "string" || this.prefix.length === 0) {
      throw new ToolsiftError("INVALID_OPTION", `kvCache option "prefix" must be a non-empty string, got ${JSON.stringify(options.prefix)}.`, { option: "prefix", value: options.prefix });
    }
    checkInteger("expirationTtl", options.expirationTtl, 60, Number.MAX_SAFE_INTEGER);
    checkInteger("maxChunkBytes", options.maxChunkBytes, 16, KV_VALUE_LIMIT);
    checkInteger("concurrency", options.concurrency, 1, 100);
    const timeout = options.operationTimeout ?? 30_000;
    if (typeof timeout !== "number" || !(timeout > 0)) {
      throw new ToolsiftError("INVALID_OPTION", `kvCache option "operationTimeout" must be a positive number of milliseconds or Infinity, got ${String(timeout)}.`, { option: "operationTimeout", value: timeout });
    }
    this.expirationTtl = options.expirationTtl;
    this.chunkBytes = Math.floor((options.maxChunkBytes ?? 24 * 1024 * 1024) / 4) * 4;
    this.concurrency = options.concurrency ?? 6;
    this.timeout = timeout;
  }

  async getMany(keys: readonly string[]): Promise<ReadonlyArray<Float32Array | undefined>> {
    const groups = groupKeys(keys, "kvCache");
    const found: (Float32Array | undefined)[] = new Array(keys.length).fill(undefined);
    for (const group of groups) {
      let current = this.published.get(group.namespace);
      if (current === undefined) {
        const stored = await this.load(group.namespace).catch((error: unknown) => {
          throw this.failure("CACHE_READ_FAILED", `kvCache could not read the vectors of namespace "${group.namespace}"`, group.namespace, error);
        });
        if (stored === null) continue;
        current = stored;
      }
      group.hashes.forEach((hash, index) => (found[group.positions[index]] = current.slab.get(hash)));
    }
    return found;
  }

  async setMany(entries: ReadonlyArray<readonly [key: string, vector: Float32Array]>): Promise<void> {
    for (const group of groupEntries(entries, "kvCache")) {
      await this.serialised(group.namespace, () => this.publish(group));
    }
  }

  private manifestKey(namespace: string): string {
    return `${this.prefix}/${namespace}/manifest`;
  }

  private chunkKey(namespace: string, version: string, index: number): string {
    return `${this.prefix}/${namespace}/chunk/${version}/${index}`;
  }

  private call<T>(what: string, call: () => Promise<T>): Promise<T> {
    return withDeadline(call, this.timeout, what);
  }

  private failure(code: "CACHE_READ_FAILED" | "CACHE_WRITE_FAILED", message: string, namespace: string, cause: unknown): ToolsiftError {
    if (ToolsiftError.isInstance(cause) && cause.code === code) return cause;
    const reason = cause instanceof Error ? cause.message : String(cause);
    return new ToolsiftError(code, `${message}: ${reason}.`, { namespace, timedOut: cause instanceof DeadlineExceeded }, { cause });
  }

  /** One read of the namespace at a time per instance; the result is kept. */
  private load(namespace: string): Promise<Published | null> {
    let pending = this.loading.get(namespace);
    if (pending === undefined) {
      pending = this.read(namespace).then(
        (stored) => {
          this.loading.delete(namespace);
          if (stored !== null) this.published.set(namespace, stored);
          return stored;
        },
        (error: unknown) => {
          this.loading.delete(namespace);
          throw error;
        },
      );
      this.loading.set(namespace, pending);
    }
    return pending;
  }

  /**
   * The published slab of `namespace`, or null when there is none. A chunk that vanished means a
   * writer published a newer slab and deleted this one's chunks while we read: read once more.
   */
  private async read(namespace: string, retried = false): Promise<Published | null> {
    const key = this.manifestKey(namespace);
    const text = await this.call(`KV get "${key}"`, () => this.kv.get(key, "text"));
    if (text === null) return null;
    const manifest = parseManifest(text, key);
    const known = this.published.get(namespace);
    if (known?.version === manifest.version) return known;

    const data = new Float32Array(manifest.count * manifest.dims);
    const bytes = new Uint8Array(data.buffer);
    const chunkKeys = Array.from({ length: manifest.chunks }, (_, index) => this.chunkKey(namespace, manifest.version, index));
    let missing: string | undefined;
    await runBounded(manifest.chunks, this.concurrency, async (index) => {
      const chunkKey = chunkKeys[index];
      const chunk = await this.call(`KV get "${chunkKey}"`, () => this.kv.get(chunkKey, "arrayBuffer"));
      if (chunk === null) {
        missing = chunkKey;
        return;
      }
      const start = index * manifest.chunkBytes;
      const expected = Math.min(manifest.chunkBytes, bytes.length - start);
      if (!(chunk instanceof ArrayBuffer) || chunk.byteLength !== expected) {
        throw new CorruptSlab(`${chunkKey} holds ${chunk instanceof ArrayBuffer ? `${chunk.byteLength} bytes` : typeof chunk}; the manifest expects ${expected} bytes`);
      }
      bytes.set(new Uint8Array(chunk), start);
    });
    if (missing !== undefined) {
      if (retried) throw new CorruptSlab(`${missing} is missing (named by manifest version ${manifest.version})`);
      const again = await this.read(namespace, true);
      if (again?.version === manifest.version) throw new CorruptSlab(`${missing} is missing (named by manifest version ${manifest.version})`);
      return again;
    }
    return { version: manifest.version, slab: new VectorSlab(manifest.dims, manifest.hashes, data), chunkKeys };
  }

  private serialised(namespace: string, action: () => Promise<void>): Promise<void> {
    const previous = this.writes.get(namespace) ?? Promise.resolve();
    const run = previous.then(action);
    // The chain only orders the writes; each caller receives its own write's outcome through `run`.
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.writes.set(namespace, tail);
    void tail.then(() => {
      if (this.writes.get(namespace) === tail) this.writes.delete(namespace);
    });
    return run;
  }

  /** Merges `group` into the namespace's slab, writes the chunks under a new version, then the manifest. */
  private async publish(group: NamespaceEntries): Promise<void> {
    const { namespace } = group;
    const manifestKey = this.manifestKey(namespace);
    if (utf8.encode(this.chunkKey(namespace, newVersion(), 99_999)).length > KV_KEY_LIMIT) {
      throw new ToolsiftError("INVALID_CACHE_ENTRY", `kvCache: namespace "${namespace.slice(0, 80)}…" makes KV keys longer than ${KV_KEY_LIMIT} bytes.`, { namespace });
    }
    let current: Published | null;
    try {
      current = await this.read(namespace);
    } catch (error) {
      if (!(error instanceof CorruptSlab)) throw this.failure("CACHE_WRITE_FAILED", `kvCache could not read the current vectors of namespace "${namespace}" to add to them`, namespace, error);
      current = null;
      this.options.onEvent?.({ type: "embedding-cache-replaced", namespace, message: `the stored slab could not be read (${error.message}); writing a new one`, cause: error });
    }
    const slab = current === null ? VectorSlab.of(group.dims, group.vectors) : current.slab.with(group.dims, group.vectors);
    const version = newVersion();
    const bytes = slab.bytes;
    const chunks = Math.ceil(bytes.length / this.chunkBytes);
    const manifest: Manifest = { format: 1, dims: slab.dims, count: slab.count, hashes: [...slab.hashes], chunks, chunkBytes: this.chunkBytes, version };
    const manifestText = JSON.stringify(manifest);
    if (utf8.encode(manifestText).length > KV_VALUE_LIMIT) {
      throw new ToolsiftError("CACHE_WRITE_FAILED", `kvCache: the manifest of namespace "${namespace}" (${slab.count} vectors) exceeds KV's ${KV_VALUE_LIMIT}-byte value limit.`, { namespace, count: slab.count });
    }
    const chunkKeys = Array.from({ length: chunks }, (_, index) => this.chunkKey(namespace, version, index));
    const ttl = this.expirationTtl;

    try {
      await runBounded(chunks, this.concurrency, (index) => {
        const value = bytes.subarray(index * this.chunkBytes, (index + 1) * this.chunkBytes);
        return this.call(`KV put "${chunkKeys[index]}"`, () => this.kv.put(chunkKeys[index], value, ttl === undefined ? undefined : { expirationTtl: ttl + CHUNK_TTL_MARGIN }));
      });
    } catch (error) {
      // Nothing points at the new chunks yet: remove them, keep the published slab as it is.
      await this.deleteKeys(chunkKeys, "chunks of a write that failed before publishing");
      throw this.failure("CACHE_WRITE_FAILED", `kvCache could not write the chunks of namespace "${namespace}"; the previous vectors stay published`, namespace, error);
    }
    try {
      await this.call(`KV put "${manifestKey}"`, () => this.kv.put(manifestKey, manifestText, ttl === undefined ? undefined : { expirationTtl: ttl }));
    } catch (error) {
      // The manifest may still land (a timed-out put is not a failed one), so its chunks must stay.
      this.published.delete(namespace);
      this.options.onEvent?.({ type: "embedding-cache-cleanup-failed", keys: chunkKeys, message: `the manifest write for namespace "${namespace}" failed; its ${chunks} new chunks are left in place`, cause: error });
      throw this.failure("CACHE_WRITE_FAILED", `kvCache could not publish the manifest of namespace "${namespace}"`, namespace, error);
    }
    this.published.set(namespace, { version, slab, chunkKeys });
    if (current !== null) await this.deleteKeys(current.chunkKeys, `chunks of the replaced version ${current.version}`);
  }

  /** Best-effort deletes; the keys that could not be deleted are reported through `onEvent`. */
  private async deleteKeys(keys: readonly string[], what: string): Promise<void> {
    const failed: string[] = [];
    let cause: unknown;
    await runBounded(keys.length, this.concurrency, async (index) => {
      try {
        await this.call(`KV delete "${keys[index]}"`, () => this.kv.delete(keys[index]));
      } catch (error) {
        failed.push(keys[index]);
        cause ??= error;
      }
    });
    if (failed.length > 0) {
      this.options.onEvent?.({ type: "embedding-cache-cleanup-failed", keys: failed, message: `${failed.length} of ${keys.length} ${what} could not be deleted`, cause });
    }
  }
}

/**
 * An `EmbeddingCache` in Cloudflare Workers KV. Each key namespace is stored as one slab: a JSON
 * manifest (`<prefix>/<namespace>/manifest`: dims, count, hashes, chunk count, version) and the
 * vectors as binary Float32 chunks under that version. A write merges into the slab, puts the chunks
 * under a new version, then the manifest (so a reader sees the old slab or the new one, never half),
 * then deletes the old chunks. The slab read or written is kept per instance, so repeated `getMany`
 * calls read KV once. KV is eventually consistent and allows one write per key per second: two
 * writers of one namespace within a short time may lose each other's additions (they re-embed).
 */
export function kvCache(namespace: KvNamespaceLike, options: KvCacheOptions = {}): EmbeddingCache {
  return new KvEmbeddingCache(namespace, options);
}
