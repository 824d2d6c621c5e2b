// kvCache inside workerd on miniflare's real KV binding: the shared spec, chunking, publish-by-manifest, TTLs and
// injected faults.

import type { KVNamespace } from "@cloudflare/workers-types/index.ts";
import { env } from "cloudflare:workers";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { EmbeddingCacheEvent } from "../../src/cache/embedding-cache.js";
import { kvCache, type KvCacheOptions, type KvNamespaceLike } from "../../src/cache/kv-cache.js";
import { ToolsiftError } from "../../src/errors.js";
import { hash, key, NAMESPACE_A, vector } from "../cache/cache-checks.js";
import { describeEmbeddingCache } from "../cache/embedding-cache-spec.js";
import { Gate, hang, interceptKv, type KvOperation } from "./kv-interceptor.js";

const kv = env.CACHE_TEST_KV;

let prefixes = 0;
/** A key prefix of its own for each test, so tests never see each other's values. */
const freshPrefix = () => `test-${prefixes++}`;

const keys = (count: number) => Array.from({ length: count }, (_, n) => key(NAMESPACE_A, n));
const entries = (count: number, seed: number, dims = 8) =>
  keys(count).map((k, n) => [k, vector(seed + n, dims)] as const);
const vectors = (count: number, seed: number, dims = 8) =>
  Array.from({ length: count }, (_, n) => vector(seed + n, dims));

async function storedKeys(prefix: string): Promise<{ name: string; expiration?: number }[]> {
  return (await kv.list({ prefix: `${prefix}/` })).keys;
}

async function manifestOf(prefix: string): Promise<{
  format: number;
  dims: number;
  count: number;
  hashes: string[];
  chunks: number;
  chunkBytes: number;
  version: string;
}> {
  return JSON.parse((await kv.get(`${prefix}/${NAMESPACE_A}/manifest`, "text"))!);
}

async function rejection(action: () => Promise<unknown>): Promise<ToolsiftError> {
  const error = await action().then(
    () => expect.fail("expected a rejection"),
    (thrown: unknown) => thrown,
  );
  expect(ToolsiftError.isInstance(error)).toBe(true);
  return error as ToolsiftError;
}

/** A cache over the real KV whose calls go through `handler` first. */
function cacheWith(
  prefix: string,
  handler: (operation: KvOperation, key: string) => Promise<void> | "throw" | "hang" | undefined,
  options: KvCacheOptions = {},
) {
  return kvCache(
    interceptKv(kv, async (operation, key, proceed) => {
      const fault = await handler(operation, key);
      if (fault === "throw") throw new Error(`KV ${operation} failed (injected)`);
      if (fault === "hang") return hang();
      return proceed();
    }),
    { prefix, ...options },
  );
}

describe("kvCache's binding type", () => {
  // Type assertions: `tsc -p tsconfig.json` (npm run typecheck) fails if they stop holding; the run-time
  // half checks what a JavaScript caller gets for the same mistake.
  it("takes a Workers KV binding as @cloudflare/workers-types types it, and refuses an object without put and delete", () => {
    expectTypeOf<KVNamespace>().toExtend<KvNamespaceLike>();
    expectTypeOf(kvCache).parameter(0).toEqualTypeOf<KvNamespaceLike>();
    const onlyGet = { get: async () => null };
    // @ts-expect-error: an object with only `get` is not a KV namespace
    expect(() => kvCache(onlyGet)).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
  });
});

const slabTraits = { persistent: true, newLength: "replaces-namespace" } as const;

describeEmbeddingCache("kvCache on miniflare KV", slabTraits, () => {
  const prefix = freshPrefix();
  return () => kvCache(kv, { prefix });
});

describeEmbeddingCache("kvCache on miniflare KV, 64 KiB chunks", slabTraits, () => {
  const prefix = freshPrefix();
  return () => kvCache(kv, { prefix, maxChunkBytes: 64 * 1024 });
});

describe("kvCache slab layout", () => {
  it("stores a JSON manifest and the rows as binary chunks no larger than maxChunkBytes", async () => {
    const prefix = freshPrefix();
    await kvCache(kv, { prefix, maxChunkBytes: 100 }).setMany(entries(10, 0));
    const manifest = await manifestOf(prefix);
    expect(manifest).toEqual({
      format: 1,
      dims: 8,
      count: 10,
      hashes: keys(10).map((k) => k.split("/").at(-1)),
      chunks: 4,
      chunkBytes: 100,
      version: expect.any(String),
    });
    const chunkKeys = [0, 1, 2, 3].map((n) => `${prefix}/${NAMESPACE_A}/chunk/${manifest.version}/${n}`);
    expect((await storedKeys(prefix)).map((stored) => stored.name).sort()).toEqual(
      [...chunkKeys, `${prefix}/${NAMESPACE_A}/manifest`].sort(),
    );
    const chunks = await Promise.all(chunkKeys.map((chunkKey) => kv.get(chunkKey, "arrayBuffer")));
    expect(chunks.map((chunk) => chunk!.byteLength)).toEqual([100, 100, 100, 20]);
    const joined = new Uint8Array(320);
    chunks.forEach((chunk, n) => joined.set(new Uint8Array(chunk!), n * 100));
    expect(new Float32Array(joined.buffer)).toEqual(new Float32Array(vectors(10, 0).flatMap((v) => [...v])));
    expect(await kvCache(kv, { prefix }).getMany(keys(10))).toEqual(vectors(10, 0));
  });

  it("a write publishes a new version and deletes the chunks of the old one", async () => {
    const prefix = freshPrefix();
    const cache = kvCache(kv, { prefix, maxChunkBytes: 64 });
    await cache.setMany(entries(4, 0));
    const first = await manifestOf(prefix);
    await cache.setMany([[key(NAMESPACE_A, 9), vector(9, 8)]]);
    const second = await manifestOf(prefix);
    expect(second.version).not.toBe(first.version);
    expect(second.count).toBe(5);
    const names = (await storedKeys(prefix)).map((stored) => stored.name);
    const chunkNames = names.filter((name) => name.includes("/chunk/"));
    expect(second.chunks).toBeGreaterThan(1);
    expect(chunkNames.sort()).toEqual(
      Array.from({ length: second.chunks }, (_, n) => `${prefix}/${NAMESPACE_A}/chunk/${second.version}/${n}`).sort(),
    );
    expect(names).toHaveLength(1 + second.chunks);
  });

  it("repeated getMany calls read KV once; after its own setMany the instance reads nothing back", async () => {
    const prefix = freshPrefix();
    await kvCache(kv, { prefix, maxChunkBytes: 64 }).setMany(entries(6, 0));
    const calls: string[] = [];
    const cache = cacheWith(prefix, async (operation, key) => void calls.push(`${operation} ${key}`), {
      maxChunkBytes: 64,
    });
    expect(await cache.getMany(keys(6))).toEqual(vectors(6, 0));
    const chunks = (await manifestOf(prefix)).chunks;
    expect(calls.filter((call) => call.startsWith("get"))).toHaveLength(1 + chunks);
    calls.length = 0;
    expect(await cache.getMany(keys(6))).toEqual(vectors(6, 0));
    expect(calls).toEqual([]);
    await cache.setMany([[key(NAMESPACE_A, 0), vector(50, 8)]]);
    expect(calls.filter((call) => call.startsWith("get"))).toEqual([`get ${prefix}/${NAMESPACE_A}/manifest`]);
    calls.length = 0;
    expect((await cache.getMany(keys(1)))[0]).toEqual(vector(50, 8));
    expect(calls).toEqual([]);
  });

  it("five rounds of 100 new keys with maxEntries 100: one manifest of 100 rows and as many chunks, round 0 dropped", async () => {
    const prefix = freshPrefix();
    const cache = kvCache(kv, { prefix, maxEntries: 100, maxChunkBytes: 1024 });
    const round = (n: number) => Array.from({ length: 100 }, (_, i) => key(NAMESPACE_A, n * 100 + i));
    for (let n = 0; n < 5; n++) {
      await cache.setMany(round(n).map((k, i) => [k, vector(n * 100 + i, 8)]));
      // 100 rows of 8 floats in 1,024-byte chunks: 4 chunks and the manifest, whatever the round.
      expect((await manifestOf(prefix)).count).toBe(100);
      expect(await storedKeys(prefix)).toHaveLength(5);
    }
    const fresh = kvCache(kv, { prefix });
    expect((await fresh.getMany(round(0))).every((found) => found === undefined)).toBe(true);
    expect(await fresh.getMany(round(4))).toEqual(round(4).map((_, i) => vector(400 + i, 8)));
  });

  it("passes expirationTtl to the manifest, and 5 minutes more to the chunks", async () => {
    const prefix = freshPrefix();
    const now = Math.floor(Date.now() / 1000);
    await kvCache(kv, { prefix, maxChunkBytes: 64, expirationTtl: 3600 }).setMany(entries(4, 0));
    const stored = await storedKeys(prefix);
    const manifest = stored.find((entry) => entry.name.endsWith("/manifest"))!;
    const chunks = stored.filter((entry) => entry.name.includes("/chunk/"));
    expect(chunks.length).toBeGreaterThan(1);
    expect(manifest.expiration).toBeGreaterThanOrEqual(now + 3600 - 60);
    expect(manifest.expiration).toBeLessThanOrEqual(now + 3600 + 60);
    for (const chunk of chunks) expect(chunk.expiration! - manifest.expiration!).toBeGreaterThanOrEqual(300 - 5);
  });

  it("without expirationTtl nothing expires", async () => {
    const prefix = freshPrefix();
    await kvCache(kv, { prefix }).setMany(entries(2, 0));
    const stored = await storedKeys(prefix);
    expect(stored.length).toBeGreaterThanOrEqual(2); // the manifest and at least one chunk
    expect(stored.map((entry) => entry.expiration)).toEqual(stored.map(() => undefined));
  });
});

describe("kvCache publishes by writing the manifest last", () => {
  it("a reader during a write sees the whole old slab, then the whole new one", async () => {
    const prefix = freshPrefix();
    await kvCache(kv, { prefix, maxChunkBytes: 64 }).setMany(entries(10, 0));
    const chunkGate = new Gate();
    const manifestGate = new Gate();
    const writer = cacheWith(
      prefix,
      (operation, key) =>
        operation !== "put" ? undefined : key.endsWith("/manifest") ? manifestGate.wait() : chunkGate.wait(),
      { maxChunkBytes: 64 },
    );
    const writing = writer.setMany(entries(15, 100));
    const read = () => kvCache(kv, { prefix }).getMany(keys(15));
    const old = [...vectors(10, 0), ...new Array(5).fill(undefined)];

    await chunkGate.reached(1);
    expect(await read()).toEqual(old);
    chunkGate.open();
    await manifestGate.reached(1);
    // Every new chunk is in KV now, but nothing points at them yet.
    const versions = new Set(
      (await storedKeys(prefix))
        .filter((entry) => entry.name.includes("/chunk/"))
        .map((entry) => entry.name.split("/chunk/")[1].split("/")[0]),
    );
    expect(versions.size).toBe(2);
    expect(await read()).toEqual(old);
    manifestGate.open();
    await writing;
    expect(await read()).toEqual(vectors(15, 100));
  });

  it("a reader whose chunks were deleted by a newer publish mid-read reads the newer slab", async () => {
    const prefix = freshPrefix();
    await kvCache(kv, { prefix, maxChunkBytes: 64 }).setMany(entries(10, 0));
    const chunkReads = new Gate();
    const reader = cacheWith(prefix, (operation, key) =>
      operation === "get" && key.includes("/chunk/") ? chunkReads.wait() : undefined,
    );
    const reading = reader.getMany(keys(10));
    await chunkReads.reached(1); // the reader holds the old manifest
    await kvCache(kv, { prefix, maxChunkBytes: 64 }).setMany(entries(10, 200)); // publishes and deletes the old chunks
    chunkReads.open();
    expect(await reading).toEqual(vectors(10, 200));
  });
});

describe("kvCache under KV faults", () => {
  it("reads that throw: getMany rejects with CACHE_READ_FAILED, keeping the cause", async () => {
    const prefix = freshPrefix();
    await kvCache(kv, { prefix }).setMany(entries(2, 0));
    const error = await rejection(() =>
      cacheWith(prefix, (operation) => (operation === "get" ? "throw" : undefined)).getMany(keys(2)),
    );
    expect(error.code).toBe("CACHE_READ_FAILED");
    expect(error.message).toContain(NAMESPACE_A);
    expect(error.message).toContain("KV get failed (injected)");
    expect((error.cause as Error).message).toBe("KV get failed (injected)");
  });

  it("reads that never answer: getMany rejects with CACHE_READ_FAILED after operationTimeout", async () => {
    const prefix = freshPrefix();
    await kvCache(kv, { prefix }).setMany(entries(2, 0));
    const cache = cacheWith(
      prefix,
      (operation, key) => (operation === "get" && key.includes("/chunk/") ? "hang" : undefined),
      { operationTimeout: 20 },
    );
    const error = await rejection(() => cache.getMany(keys(2)));
    expect(error.code).toBe("CACHE_READ_FAILED");
    expect(error.details.timedOut).toBe(true);
    expect(error.message).toContain("did not finish within 20 ms");
  });

  it.each(["throw", "hang"] as const)(
    "chunk writes that %s: setMany rejects with CACHE_WRITE_FAILED and the previous slab stays readable",
    async (fault) => {
      const prefix = freshPrefix();
      await kvCache(kv, { prefix, maxChunkBytes: 64 }).setMany(entries(4, 0));
      const before = await manifestOf(prefix);
      let failing = true;
      const cache = cacheWith(prefix, (operation) => (failing && operation === "put" ? fault : undefined), {
        maxChunkBytes: 64,
        operationTimeout: 20,
      });
      expect(await cache.getMany(keys(4))).toEqual(vectors(4, 0));
      const error = await rejection(() => cache.setMany(entries(4, 100)));
      expect(error.code).toBe("CACHE_WRITE_FAILED");
      expect(error.message).toContain("the previous vectors stay published");
      expect(error.details.timedOut).toBe(fault === "hang");
      expect(await manifestOf(prefix)).toEqual(before);
      expect(await cache.getMany(keys(4))).toEqual(vectors(4, 0));
      expect(await kvCache(kv, { prefix }).getMany(keys(4))).toEqual(vectors(4, 0));
      // The failed write does not block the next one on the same instance.
      failing = false;
      await cache.setMany(entries(4, 100));
      expect(await kvCache(kv, { prefix }).getMany(keys(4))).toEqual(vectors(4, 100));
    },
  );

  it("a manifest write that fails: CACHE_WRITE_FAILED, the new chunks reported as left behind, the old slab readable", async () => {
    const prefix = freshPrefix();
    await kvCache(kv, { prefix, maxChunkBytes: 64 }).setMany(entries(4, 0));
    const events: EmbeddingCacheEvent[] = [];
    const cache = cacheWith(
      prefix,
      (operation, key) => (operation === "put" && key.endsWith("/manifest") ? "throw" : undefined),
      { maxChunkBytes: 64, onEvent: (event) => events.push(event) },
    );
    const error = await rejection(() => cache.setMany(entries(4, 100)));
    expect(error.code).toBe("CACHE_WRITE_FAILED");
    expect(events).toHaveLength(1);
    expect(events[0].type).toBe("embedding-cache-cleanup-failed");
    const leftBehind = events[0].type === "embedding-cache-cleanup-failed" ? events[0].keys : [];
    expect(leftBehind.length).toBeGreaterThan(0);
    for (const chunkKey of leftBehind) expect(await kv.get(chunkKey, "arrayBuffer")).not.toBeNull();
    expect(await cache.getMany(keys(4))).toEqual(vectors(4, 0));
  });

  it("old chunks that cannot be deleted: setMany succeeds and reports them", async () => {
    const prefix = freshPrefix();
    await kvCache(kv, { prefix, maxChunkBytes: 64 }).setMany(entries(4, 0));
    const old = await manifestOf(prefix);
    const events: EmbeddingCacheEvent[] = [];
    const cache = cacheWith(prefix, (operation) => (operation === "delete" ? "throw" : undefined), {
      maxChunkBytes: 64,
      onEvent: (event) => events.push(event),
    });
    await cache.setMany(entries(4, 100));
    expect(await kvCache(kv, { prefix }).getMany(keys(4))).toEqual(vectors(4, 100));
    expect(events).toEqual([
      {
        type: "embedding-cache-cleanup-failed",
        keys: Array.from({ length: old.chunks }, (_, n) => `${prefix}/${NAMESPACE_A}/chunk/${old.version}/${n}`),
        message: expect.stringContaining(`could not be deleted`),
        cause: expect.any(Error),
      },
    ]);
  });
});

describe("kvCache with damaged or foreign values", () => {
  it("a manifest that is not JSON: getMany rejects, the next setMany replaces it and reports that", async () => {
    const prefix = freshPrefix();
    await kv.put(`${prefix}/${NAMESPACE_A}/manifest`, "{not json");
    const events: EmbeddingCacheEvent[] = [];
    const cache = kvCache(kv, { prefix, onEvent: (event) => events.push(event) });
    const error = await rejection(() => cache.getMany(keys(1)));
    expect(error.code).toBe("CACHE_READ_FAILED");
    expect(error.message).toContain("is not JSON");
    await cache.setMany(entries(2, 0));
    expect(events.map((event) => event.type)).toEqual(["embedding-cache-replaced"]);
    expect(await kvCache(kv, { prefix }).getMany(keys(2))).toEqual(vectors(2, 0));
  });

  it("a chunk missing for good: getMany rejects with CACHE_READ_FAILED naming it", async () => {
    const prefix = freshPrefix();
    await kvCache(kv, { prefix, maxChunkBytes: 64 }).setMany(entries(4, 0));
    const manifest = await manifestOf(prefix);
    const lost = `${prefix}/${NAMESPACE_A}/chunk/${manifest.version}/1`;
    await kv.delete(lost);
    const error = await rejection(() => kvCache(kv, { prefix }).getMany(keys(4)));
    expect(error.code).toBe("CACHE_READ_FAILED");
    expect(error.message).toContain(`${lost} is missing`);
  });

  it("a manifest of a newer format is neither read nor overwritten", async () => {
    const prefix = freshPrefix();
    const newer = JSON.stringify({ format: 2, hashes: [hash(0)] });
    await kv.put(`${prefix}/${NAMESPACE_A}/manifest`, newer);
    const cache = kvCache(kv, { prefix });
    const read = await rejection(() => cache.getMany(keys(1)));
    expect(read.code).toBe("CACHE_READ_FAILED");
    expect(read.message).toContain("format 2");
    const write = await rejection(() => cache.setMany(entries(1, 0)));
    expect(write.code).toBe("CACHE_WRITE_FAILED");
    expect(await kv.get(`${prefix}/${NAMESPACE_A}/manifest`, "text")).toBe(newer);
  });
});
