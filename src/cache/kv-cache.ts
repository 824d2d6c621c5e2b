// An embedding cache in Cloudflare Workers KV: per namespace one binary slab in chunks, published by its manifest.

export type { KvCacheOptions, KvNamespaceLike } from "./kv-cache-options.js";

import { storageFailure } from "../support/storage-failure.js";
import { ToolsiftError } from "../errors.js";
import { keyedMemoizeUntilFailure } from "../support/memoize-until-failure.js";
import { createKeyedSerialQueue } from "../support/serial-queue.js";
import { newVersionId } from "../support/version-id.js";
import { DeadlineExceeded, runBounded, withDeadline } from "../support/bounded-calls.js";
import { groupEntries, groupKeys, type NamespaceEntries } from "./cache-batch.js";
import type { EmbeddingCache } from "./embedding-cache.js";
import {
  KV_VALUE_LIMIT,
  resolveKvCacheOptions,
  type KvCacheOptions,
  type KvCacheSettings,
  type KvNamespaceLike,
} from "./kv-cache-options.js";
import { CorruptSlab, parseManifest, type Manifest } from "./kv-manifest.js";
import { VectorSlab } from "./vector-slab.js";

interface Published {
  readonly version: string;
  readonly slab: VectorSlab;
  readonly chunkKeys: readonly string[];
}

const KV_KEY_LIMIT = 512;
const CHUNK_TTL_MARGIN = 300;
const utf8 = new TextEncoder();

class KvEmbeddingCache implements EmbeddingCache {
  /** Slabs read or written by this instance, reused until this instance writes the namespace again. */
  private readonly published = new Map<string, Published>();
  /**
   * One read of a namespace at a time per instance. The entry is dropped once the read settles: a
   * slab found is kept in `published`, and a namespace without one is read again on the next call.
   */
  private readonly reads = keyedMemoizeUntilFailure(async (namespace: string): Promise<Published | null> => {
    try {
      const stored = await this.read(namespace);
      if (stored !== null) this.published.set(namespace, stored);
      return stored;
    } finally {
      this.reads.delete(namespace);
    }
  });
  /** Per namespace, the hashes this instance read since it last wrote it: the next write keeps them as used. */
  private readonly used = new Map<string, Set<string>>();
  /** This instance's writes of one namespace run one after another. */
  private readonly writes = createKeyedSerialQueue<string>();

  private readonly settings: KvCacheSettings;

  constructor(
    private readonly kv: KvNamespaceLike,
    options: KvCacheOptions,
  ) {
    this.settings = resolveKvCacheOptions(kv, options);
  }

  async getMany(keys: readonly string[]): Promise<ReadonlyArray<Float32Array | undefined>> {
    const groups = groupKeys(keys, "kvCache");
    const found: (Float32Array | undefined)[] = new Array(keys.length).fill(undefined);
    for (const group of groups) {
      let current = this.published.get(group.namespace);
      if (current === undefined) {
        const stored = await this.reads.get(group.namespace).catch((error: unknown) => {
          throw this.failure(
            "CACHE_READ_FAILED",
            `kvCache could not read the vectors of namespace "${group.namespace}"`,
            group.namespace,
            error,
          );
        });
        if (stored === null) continue;
        current = stored;
      }
      current.slab.readInto(group, found, this.used);
    }
    return found;
  }

  async setMany(entries: ReadonlyArray<readonly [key: string, vector: Float32Array]>): Promise<void> {
    for (const group of groupEntries(entries, "kvCache")) {
      await this.writes.run(group.namespace, () => this.publish(group));
    }
  }

  private manifestKey(namespace: string): string {
    return `${this.settings.prefix}/${namespace}/manifest`;
  }

  private chunkKey(namespace: string, version: string, index: number): string {
    return `${this.settings.prefix}/${namespace}/chunk/${version}/${index}`;
  }

  private call<T>(what: string, call: () => Promise<T>): Promise<T> {
    return withDeadline(call, this.settings.timeout, what);
  }

  private failure(
    code: "CACHE_READ_FAILED" | "CACHE_WRITE_FAILED",
    message: string,
    namespace: string,
    cause: unknown,
  ): ToolsiftError {
    if (ToolsiftError.isInstance(cause) && cause.code === code) return cause;
    return storageFailure(code, message, { namespace, timedOut: cause instanceof DeadlineExceeded }, cause);
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
    const chunkKeys = Array.from({ length: manifest.chunks }, (_, index) =>
      this.chunkKey(namespace, manifest.version, index),
    );
    let missing: string | undefined;
    await runBounded(manifest.chunks, this.settings.concurrency, async (index) => {
      const chunkKey = chunkKeys[index];
      const chunk = await this.call(`KV get "${chunkKey}"`, () => this.kv.get(chunkKey, "arrayBuffer"));
      if (chunk === null) {
        missing = chunkKey;
        return;
      }
      const start = index * manifest.chunkBytes;
      const expected = Math.min(manifest.chunkBytes, bytes.length - start);
      if (!(chunk instanceof ArrayBuffer) || chunk.byteLength !== expected) {
        throw new CorruptSlab(
          `${chunkKey} holds ${chunk instanceof ArrayBuffer ? `${chunk.byteLength} bytes` : typeof chunk}; the manifest expects ${expected} bytes`,
        );
      }
      bytes.set(new Uint8Array(chunk), start);
    });
    if (missing !== undefined) {
      if (retried) throw new CorruptSlab(`${missing} is missing (named by manifest version ${manifest.version})`);
      const again = await this.read(namespace, true);
      if (again?.version === manifest.version) {
        throw new CorruptSlab(`${missing} is missing (named by manifest version ${manifest.version})`);
      }
      return again;
    }
    return { version: manifest.version, slab: new VectorSlab(manifest.dims, manifest.hashes, data), chunkKeys };
  }

  /** Merges `group` into the namespace's slab, writes the chunks under a new version, then the manifest. */
  private async publish(group: NamespaceEntries): Promise<void> {
    const { namespace } = group;
    const manifestKey = this.manifestKey(namespace);
    if (utf8.encode(this.chunkKey(namespace, newVersionId(), 99_999)).length > KV_KEY_LIMIT) {
      throw new ToolsiftError(
        "INVALID_CACHE_ENTRY",
        `kvCache: namespace "${namespace.slice(0, 80)}…" makes KV keys longer than ${KV_KEY_LIMIT} bytes.`,
        { namespace },
      );
    }
    let current: Published | null;
    try {
      current = await this.read(namespace);
    } catch (error) {
      if (!(error instanceof CorruptSlab)) {
        throw this.failure(
          "CACHE_WRITE_FAILED",
          `kvCache could not read the current vectors of namespace "${namespace}" to add to them`,
          namespace,
          error,
        );
      }
      current = null;
      this.settings.onEvent?.({
        type: "embedding-cache-replaced",
        namespace,
        message: `the stored slab could not be read (${error.message}); writing a new one`,
        cause: error,
      });
    }
    // Reads from here on count towards the next write.
    const used = this.used.get(namespace);
    this.used.delete(namespace);
    const slab = (current?.slab ?? VectorSlab.empty).with(group.dims, group.vectors, {
      used,
      maxEntries: this.settings.maxEntries,
    });
    const version = newVersionId();
    const bytes = slab.bytes;
    const chunks = Math.ceil(bytes.length / this.settings.chunkBytes);
    const manifest: Manifest = {
      format: 1,
      dims: slab.dims,
      count: slab.count,
      hashes: [...slab.hashes],
      chunks,
      chunkBytes: this.settings.chunkBytes,
      version,
    };
    const manifestText = JSON.stringify(manifest);
    if (utf8.encode(manifestText).length > KV_VALUE_LIMIT) {
      throw new ToolsiftError(
        "CACHE_WRITE_FAILED",
        `kvCache: the manifest of namespace "${namespace}" (${slab.count} vectors) exceeds KV's ${KV_VALUE_LIMIT}-byte value limit.`,
        { namespace, count: slab.count },
      );
    }
    const chunkKeys = Array.from({ length: chunks }, (_, index) => this.chunkKey(namespace, version, index));
    const ttl = this.settings.expirationTtl;

    try {
      await runBounded(chunks, this.settings.concurrency, (index) => {
        const value = bytes.subarray(index * this.settings.chunkBytes, (index + 1) * this.settings.chunkBytes);
        return this.call(`KV put "${chunkKeys[index]}"`, () =>
          this.kv.put(
            chunkKeys[index],
            value,
            ttl === undefined ? undefined : { expirationTtl: ttl + CHUNK_TTL_MARGIN },
          ),
        );
      });
    } catch (error) {
      // Nothing points at the new chunks yet: remove them, keep the published slab as it is.
      await this.deleteKeys(chunkKeys, "chunks of a write that failed before publishing");
      throw this.failure(
        "CACHE_WRITE_FAILED",
        `kvCache could not write the chunks of namespace "${namespace}"; the previous vectors stay published`,
        namespace,
        error,
      );
    }
    try {
      await this.call(`KV put "${manifestKey}"`, () =>
        this.kv.put(manifestKey, manifestText, ttl === undefined ? undefined : { expirationTtl: ttl }),
      );
    } catch (error) {
      // The manifest may still land (a timed-out put is not a failed one), so its chunks must stay.
      this.published.delete(namespace);
      this.settings.onEvent?.({
        type: "embedding-cache-cleanup-failed",
        keys: chunkKeys,
        message: `the manifest write for namespace "${namespace}" failed; its ${chunks} new chunks are left in place`,
        cause: error,
      });
      throw this.failure(
        "CACHE_WRITE_FAILED",
        `kvCache could not publish the manifest of namespace "${namespace}"`,
        namespace,
        error,
      );
    }
    this.published.set(namespace, { version, slab, chunkKeys });
    if (current !== null) await this.deleteKeys(current.chunkKeys, `chunks of the replaced version ${current.version}`);
  }

  /** Best-effort deletes; the keys that could not be deleted are reported through `onEvent`. */
  private async deleteKeys(keys: readonly string[], what: string): Promise<void> {
    const failed: string[] = [];
    let cause: unknown;
    await runBounded(keys.length, this.settings.concurrency, async (index) => {
      try {
        await this.call(`KV delete "${keys[index]}"`, () => this.kv.delete(keys[index]));
      } catch (error) {
        failed.push(keys[index]);
        cause ??= error;
      }
    });
    if (failed.length > 0) {
      this.settings.onEvent?.({
        type: "embedding-cache-cleanup-failed",
        keys: failed,
        message: `${failed.length} of ${keys.length} ${what} could not be deleted`,
        cause,
      });
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
 * Vectors of a new length for a namespace (the model behind it changed) replace its slab. A slab keeps at most
 * `maxEntries` vectors (10,000), the least recently used dropped first: churn does not grow it or each write's cost.
 */
export function kvCache(namespace: KvNamespaceLike, options: KvCacheOptions = {}): EmbeddingCache {
  return new KvEmbeddingCache(namespace, options);
}
