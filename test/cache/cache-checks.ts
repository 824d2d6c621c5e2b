// The behaviour every EmbeddingCache adapter shares, as plain async checks: vitest runs them in Node and workerd, a
// page runs them in Chromium.

import type { EmbeddingCache } from "../../src/cache/embedding-cache.js";

/** What an adapter documents about its storage; the checks assert it. */
export interface CacheTraits {
  /** Whether a second instance sees what the first one wrote. */
  readonly persistent: boolean;
  /**
   * What a write of vectors of a new length does to the namespace's older vectors, as the adapter
   * documents it: `"replaces-namespace"` (one slab per namespace: kvCache, fileCache drop the older
   * vectors) or `"keeps-other-keys"` (one value per key: memoryCache, indexedDbCache, fromLoadSave).
   * Default `"keeps-other-keys"`.
   */
  readonly newLength?: "replaces-namespace" | "keeps-other-keys";
}

/** One adapter on storage of its own, fresh for each check. */
export interface CacheCheckTarget extends CacheTraits {
  /** A cache on this check's storage; calling it again opens another instance on the same storage. */
  open(): EmbeddingCache | Promise<EmbeddingCache>;
}

export interface CacheCheck {
  readonly name: string;
  /** The check needs a second instance to see the first one's writes; it is skipped (visibly) otherwise. */
  readonly needsPersistence?: boolean;
  run(target: CacheCheckTarget): Promise<void>;
}

export const NAMESPACE_A = "toolsift-v1/openai/text-embedding-3-small/8";
export const NAMESPACE_B = "toolsift-v1/toolsift-test/hashing-3-0/3";

/** A 16-hex-digit tool-text hash. */
export function hash(n: number): string {
  return (0x1000000 + n).toString(16).padStart(16, "0");
}

export function key(namespace: string, n: number): string {
  return `${namespace}/${hash(n)}`;
}

/** A deterministic vector with negative, small and large components. */
export function vector(seed: number, dims: number): Float32Array {
  const values = new Float32Array(dims);
  for (let i = 0; i < dims; i++) values[i] = Math.sin(seed * 7.31 + i * 0.917) * (i % 5 === 0 ? 1e3 : 1);
  return values;
}

function fail(message: string): never {
  throw new Error(message);
}

function sameVector(actual: Float32Array | undefined, expected: Float32Array, label: string): void {
  if (!(actual instanceof Float32Array)) {
    fail(
      `${label}: expected a Float32Array of ${expected.length}, got ${actual === undefined ? "undefined" : String(actual)}`,
    );
  }
  if (actual.length !== expected.length) fail(`${label}: expected ${expected.length} dimensions, got ${actual.length}`);
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(actual[i], expected[i])) fail(`${label}: component ${i} is ${actual[i]}, expected ${expected[i]}`);
  }
}

function absent(actual: Float32Array | undefined, label: string): void {
  if (actual !== undefined) fail(`${label}: expected undefined, got a vector of ${actual.length}`);
}

function sameLength(actual: ReadonlyArray<unknown>, expected: number, label: string): void {
  if (!Array.isArray(actual) || actual.length !== expected) {
    fail(`${label}: expected ${expected} results, got ${Array.isArray(actual) ? actual.length : typeof actual}`);
  }
}

async function rejectsWith(action: () => Promise<unknown>, code: string, label: string): Promise<void> {
  const outcome = await action().then(
    () => undefined,
    (error: unknown) => error,
  );
  if (outcome === undefined) fail(`${label}: expected a rejection with code ${code}, but it resolved`);
  const received = (outcome as { code?: unknown }).code;
  if (received !== code) fail(`${label}: expected code ${code}, got ${String(received)} (${String(outcome)})`);
}

export const cacheChecks: readonly CacheCheck[] = [
  {
    name: "round trip: vectors come back equal, in the order asked",
    async run(target) {
      const cache = await target.open();
      await cache.setMany([0, 1, 2].map((n) => [key(NAMESPACE_A, n), vector(n, 8)] as const));
      const found = await cache.getMany([2, 0, 1].map((n) => key(NAMESPACE_A, n)));
      sameLength(found, 3, "getMany");
      [2, 0, 1].forEach((n, position) => sameVector(found[position], vector(n, 8), `key ${n}`));
    },
  },
  {
    name: "special float values survive: -0, subnormals, the largest float",
    async run(target) {
      const cache = await target.open();
      const special = new Float32Array([-0, 0, 1e-40, -1e-40, 3.4028234663852886e38, -3.4028234663852886e38, 1, -1]);
      await cache.setMany([[key(NAMESPACE_A, 9), special]]);
      sameVector((await cache.getMany([key(NAMESPACE_A, 9)]))[0], special, "special values");
    },
  },
  {
    name: "missing keys are undefined, present ones found, in mixed positions",
    async run(target) {
      const cache = await target.open();
      const empty = await cache.getMany([key(NAMESPACE_A, 0), key(NAMESPACE_A, 1)]);
      sameLength(empty, 2, "empty cache");
      empty.forEach((found, i) => absent(found, `empty cache, key ${i}`));
      await cache.setMany([[key(NAMESPACE_A, 5), vector(5, 8)]]);
      const found = await cache.getMany([key(NAMESPACE_A, 4), key(NAMESPACE_A, 5), key(NAMESPACE_A, 6)]);
      sameLength(found, 3, "mixed");
      absent(found[0], "key 4");
      sameVector(found[1], vector(5, 8), "key 5");
      absent(found[2], "key 6");
    },
  },
  {
    name: "a later write overwrites a key and leaves the others",
    async run(target) {
      const cache = await target.open();
      await cache.setMany([
        [key(NAMESPACE_A, 1), vector(1, 8)],
        [key(NAMESPACE_A, 2), vector(2, 8)],
      ]);
      await cache.setMany([[key(NAMESPACE_A, 1), vector(100, 8)]]);
      const found = await cache.getMany([key(NAMESPACE_A, 1), key(NAMESPACE_A, 2)]);
      sameVector(found[0], vector(100, 8), "overwritten key");
      sameVector(found[1], vector(2, 8), "untouched key");
    },
  },
  {
    name: "a duplicate key: the last vector of a batch wins; asked twice, found twice",
    async run(target) {
      const cache = await target.open();
      await cache.setMany([
        [key(NAMESPACE_A, 1), vector(1, 8)],
        [key(NAMESPACE_A, 1), vector(2, 8)],
      ]);
      const found = await cache.getMany([key(NAMESPACE_A, 1), key(NAMESPACE_A, 1)]);
      sameVector(found[0], vector(2, 8), "first ask");
      sameVector(found[1], vector(2, 8), "second ask");
    },
  },
  {
    name: "many namespaces with different lengths in one batch",
    async run(target) {
      const cache = await target.open();
      const namespaces = [
        ["toolsift-v1/openai/text-embedding-3-small/1536", 1536],
        [NAMESPACE_A, 8],
        [NAMESPACE_B, 3],
        ["toolsift-v1/cohere/embed-v4/auto", 16],
      ] as const;
      await cache.setMany(
        namespaces.flatMap(([namespace, dims], i) =>
          [0, 1].map((n) => [key(namespace, n), vector(10 * i + n, dims)] as const),
        ),
      );
      const found = await cache.getMany(namespaces.flatMap(([namespace]) => [key(namespace, 1), key(namespace, 0)]));
      sameLength(found, 8, "getMany");
      namespaces.forEach(([namespace, dims], i) => {
        sameVector(found[2 * i], vector(10 * i + 1, dims), `${namespace} key 1`);
        sameVector(found[2 * i + 1], vector(10 * i, dims), `${namespace} key 0`);
      });
    },
  },
  {
    name: "vectors of different namespaces never mix, even under the same hash",
    async run(target) {
      const cache = await target.open();
      await cache.setMany([[key(NAMESPACE_A, 7), vector(7, 8)]]);
      const found = await cache.getMany([key(NAMESPACE_B, 7), hash(7), `other/${hash(7)}`, key(NAMESPACE_A, 7)]);
      absent(found[0], "same hash in namespace B");
      absent(found[1], "same hash without a namespace");
      absent(found[2], "same hash in namespace other");
      sameVector(found[3], vector(7, 8), "namespace A");
      await cache.setMany([[key(NAMESPACE_B, 7), vector(70, 3)]]);
      const both = await cache.getMany([key(NAMESPACE_A, 7), key(NAMESPACE_B, 7)]);
      sameVector(both[0], vector(7, 8), "namespace A after writing B");
      sameVector(both[1], vector(70, 3), "namespace B");
    },
  },
  {
    name: "empty input: getMany([]) is [], setMany([]) changes nothing",
    async run(target) {
      const cache = await target.open();
      sameLength(await cache.getMany([]), 0, "getMany([]) on an empty cache");
      await cache.setMany([]);
      await cache.setMany([[key(NAMESPACE_A, 1), vector(1, 8)]]);
      await cache.setMany([]);
      sameLength(await cache.getMany([]), 0, "getMany([])");
      sameVector((await cache.getMany([key(NAMESPACE_A, 1)]))[0], vector(1, 8), "stored before setMany([])");
    },
  },
  {
    name: "a large batch: 3,000 vectors of 384 dimensions",
    async run(target) {
      const cache = await target.open();
      const count = 3000;
      const entries = Array.from(
        { length: count },
        (_, n) => [key(NAMESPACE_A.replace(/8$/, "384"), n), vector(n, 384)] as const,
      );
      await cache.setMany(entries);
      const reopened = target.persistent ? await target.open() : cache;
      const found = await reopened.getMany(entries.map(([k]) => k).reverse());
      sameLength(found, count, "getMany");
      found.forEach((vectorFound, position) =>
        sameVector(vectorFound, entries[count - 1 - position][1], `key ${count - 1 - position}`),
      );
    },
  },
  {
    name: "later writes to a namespace keep the earlier ones",
    async run(target) {
      const cache = await target.open();
      await cache.setMany([
        [key(NAMESPACE_A, 1), vector(1, 8)],
        [key(NAMESPACE_A, 2), vector(2, 8)],
      ]);
      await cache.setMany([[key(NAMESPACE_A, 3), vector(3, 8)]]);
      await cache.setMany([[key(NAMESPACE_B, 3), vector(3, 3)]]);
      const found = await cache.getMany([1, 2, 3].map((n) => key(NAMESPACE_A, n)));
      [1, 2, 3].forEach((n, i) => sameVector(found[i], vector(n, 8), `key ${n}`));
    },
  },
  {
    name: "concurrent writes from one instance all land",
    async run(target) {
      const cache = await target.open();
      await Promise.all([1, 2, 3, 4].map((n) => cache.setMany([[key(NAMESPACE_A, n), vector(n, 8)]])));
      const reopened = target.persistent ? await target.open() : cache;
      const found = await reopened.getMany([1, 2, 3, 4].map((n) => key(NAMESPACE_A, n)));
      [1, 2, 3, 4].forEach((n, i) => sameVector(found[i], vector(n, 8), `key ${n}`));
    },
  },
  {
    name: "stores copies: changing a vector after setMany or after getMany changes nothing stored",
    async run(target) {
      const cache = await target.open();
      const given = vector(1, 8);
      await cache.setMany([[key(NAMESPACE_A, 1), given]]);
      given.fill(42);
      const first = (await cache.getMany([key(NAMESPACE_A, 1)]))[0];
      sameVector(first, vector(1, 8), "after changing the given vector");
      first!.fill(7);
      sameVector((await cache.getMany([key(NAMESPACE_A, 1)]))[0], vector(1, 8), "after changing a returned vector");
    },
  },
  {
    name: "a vector that is a view on a larger buffer is stored as itself",
    async run(target) {
      const cache = await target.open();
      const buffer = new Float32Array(24);
      buffer.set(vector(1, 8), 8);
      await cache.setMany([[key(NAMESPACE_A, 1), buffer.subarray(8, 16)]]);
      sameVector((await cache.getMany([key(NAMESPACE_A, 1)]))[0], vector(1, 8), "view");
    },
  },
  {
    name: "a second instance on the same storage sees what the first wrote",
    needsPersistence: true,
    async run(target) {
      if (!target.persistent) fail("this check needs persistent storage: skip it for this adapter");
      const writer = await target.open();
      await writer.setMany([
        [key(NAMESPACE_A, 1), vector(1, 8)],
        [key(NAMESPACE_B, 1), vector(1, 3)],
      ]);
      const reader = await target.open();
      const found = await reader.getMany([key(NAMESPACE_A, 1), key(NAMESPACE_B, 1), key(NAMESPACE_A, 2)]);
      sameVector(found[0], vector(1, 8), "namespace A");
      sameVector(found[1], vector(1, 3), "namespace B");
      absent(found[2], "never written");
    },
  },
  {
    name: "a new vector length for a namespace: older vectors dropped or kept, as the adapter documents",
    async run(target) {
      const cache = await target.open();
      await cache.setMany([[key(NAMESPACE_A, 1), vector(1, 8)]]);
      await cache.setMany([[key(NAMESPACE_A, 2), vector(2, 4)]]);
      const found = await cache.getMany([key(NAMESPACE_A, 1), key(NAMESPACE_A, 2)]);
      // As each adapter documents: a slab per namespace is replaced; a value per key stays (toolsift
      // re-embeds cached vectors of the wrong length).
      if ((target.newLength ?? "keeps-other-keys") === "replaces-namespace") absent(found[0], "old length, replaced");
      else sameVector(found[0], vector(1, 8), "old length, kept");
      sameVector(found[1], vector(2, 4), "new length");
    },
  },
  {
    name: "invalid entries reject with INVALID_CACHE_ENTRY and store nothing",
    async run(target) {
      const cache = await target.open();
      const bad = [
        [[key(NAMESPACE_A, 1), [1, 2, 3] as unknown as Float32Array]],
        [[key(NAMESPACE_A, 1), new Float32Array(0)]],
        [[42 as unknown as string, vector(1, 8)]],
        [
          [key(NAMESPACE_A, 1), vector(1, 8)],
          [key(NAMESPACE_A, 2), vector(2, 4)],
        ],
      ] as const;
      for (const [index, entries] of bad.entries()) {
        await rejectsWith(
          () => cache.setMany(entries as unknown as [string, Float32Array][]),
          "INVALID_CACHE_ENTRY",
          `bad batch ${index}`,
        );
      }
      absent((await cache.getMany([key(NAMESPACE_A, 1)]))[0], "after the rejected batches");
      await rejectsWith(
        () => cache.getMany([42 as unknown as string]),
        "INVALID_CACHE_ENTRY",
        "a key that is not a string",
      );
    },
  },
];
