// kvCache and fileCache keep at most `maxEntries` vectors, the least recently used dropped first: their stored size
// stays flat while a catalog churns (test/workerd/kv-cache.test.ts repeats the churn on miniflare's KV).

import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { EmbeddingCache } from "../../src/cache/embedding-cache.js";
import { fileCache } from "../../src/cache/file-cache.js";
import { kvCache } from "../../src/cache/kv-cache.js";
import { key, NAMESPACE_A, NAMESPACE_B, vector } from "./cache-checks.js";
import { memoryKv } from "./memory-kv.js";

const directory = await mkdtemp(join(tmpdir(), "toolsift-bounded-"));
afterAll(() => rm(directory, { recursive: true, force: true }));
let files = 0;

/** A storage of its own: `open` makes a cache instance on it, `bytes` is what it holds now. */
interface Storage {
  open(options?: { maxEntries?: number }): EmbeddingCache;
  bytes(): Promise<number>;
}

function kvStorage(): Storage {
  const kv = memoryKv();
  return {
    open: (options) => kvCache(kv, { ...options, maxChunkBytes: 4096 }),
    async bytes() {
      let total = 0;
      for (const value of kv.values.values()) total += typeof value === "string" ? value.length : value.byteLength;
      return total;
    },
  };
}

function fileStorage(): Storage {
  const path = join(directory, `cache-${files++}.bin`);
  return { open: (options) => fileCache(path, options), bytes: async () => (await stat(path)).size };
}

const adapters: [string, () => Storage][] = [
  ["kvCache", kvStorage],
  ["fileCache", fileStorage],
];

const round = (n: number, size = 100) => Array.from({ length: size }, (_, i) => key(NAMESPACE_A, n * size + i));
const present = (found: ReadonlyArray<Float32Array | undefined>) => found.map((vector) => vector !== undefined);

describe.each(adapters)("%s({ maxEntries })", (_, makeStorage) => {
  it("five rounds of 100 new keys with maxEntries 100: the stored size stays flat, earlier rounds are dropped", async () => {
    const storage = makeStorage();
    const cache = storage.open({ maxEntries: 100 });
    const sizes: number[] = [];
    for (let n = 0; n < 5; n++) {
      await cache.setMany(round(n).map((k, i) => [k, vector(n * 100 + i, 8)]));
      sizes.push(await storage.bytes());
    }
    // Flat to within the few characters a KV manifest's random version id varies by.
    for (const size of sizes) expect(Math.abs(size - sizes[0]), `sizes ${sizes.join(", ")}`).toBeLessThanOrEqual(16);
    const fresh = storage.open({ maxEntries: 100 });
    expect(present(await fresh.getMany(round(0)))).toEqual(Array(100).fill(false));
    expect(present(await fresh.getMany(round(3)))).toEqual(Array(100).fill(false));
    const last = await fresh.getMany(round(4));
    last.forEach((found, i) => expect(found).toEqual(vector(400 + i, 8)));
  });

  it("a vector read since the last write counts as used: the least recently used is dropped, also by a later instance", async () => {
    const storage = makeStorage();
    const cache = storage.open({ maxEntries: 3 });
    const keys = [1, 2, 3, 4, 5, 6].map((n) => key(NAMESPACE_A, n));
    await cache.setMany(keys.slice(0, 3).map((k, i) => [k, vector(i, 8)]));
    await cache.getMany([keys[0]]);
    await cache.setMany([[keys[3], vector(3, 8)]]);
    expect(present(await cache.getMany(keys.slice(0, 4)))).toEqual([true, false, true, true]);
    // The stored order is 3, 1, 4 (key 2 went first): another instance that writes 5 drops key 3.
    await storage.open({ maxEntries: 3 }).setMany([[keys[4], vector(4, 8)]]);
    expect(present(await storage.open().getMany(keys.slice(0, 5)))).toEqual([true, false, false, true, true]);
  });

  it("keeps 10,000 vectors by default", async () => {
    const storage = makeStorage();
    const keys = round(0, 10_001);
    await storage.open().setMany(keys.map((k, i) => [k, Float32Array.of(i + 1)]));
    const found = present(await storage.open().getMany(keys));
    expect(found.filter(Boolean)).toHaveLength(10_000);
    expect(found[0]).toBe(false);
  });
});

describe("fileCache's bound counts every namespace in the file", () => {
  it("drops the rows of the namespace used longest ago first", async () => {
    const storage = fileStorage();
    const cache = storage.open({ maxEntries: 4 });
    await cache.setMany([1, 2, 3].map((n) => [key(NAMESPACE_A, n), vector(n, 8)]));
    await cache.setMany([1, 2, 3].map((n) => [key(NAMESPACE_B, n), vector(n, 3)]));
    const fresh = storage.open();
    expect(present(await fresh.getMany([1, 2, 3].map((n) => key(NAMESPACE_A, n))))).toEqual([false, false, true]);
    expect(present(await fresh.getMany([1, 2, 3].map((n) => key(NAMESPACE_B, n))))).toEqual([true, true, true]);
  });
});
