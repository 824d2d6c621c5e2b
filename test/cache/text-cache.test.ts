// The TextCache contract: the memory and KV adapters return what was set, undefined for missing keys, in key order.
import { describe, expect, it } from "vitest";
import { kvTextCache, memoryTextCache, textCacheOption, type TextCache } from "../../src/cache/text-cache.js";
import type { KvNamespaceLike } from "../../src/cache/kv-cache.js";

/** A KV namespace over a Map, recording the keys written. */
function mapKv() {
  const values = new Map<string, string>();
  const kv = {
    get: async (key: string) => values.get(key) ?? null,
    put: async (key: string, value: string) => void values.set(key, value),
    delete: async (key: string) => void values.delete(key),
  } as unknown as KvNamespaceLike;
  return { kv, values };
}

function contract(name: string, make: () => TextCache) {
  describe(name, () => {
    it("returns the texts set, undefined for missing keys, in key order", async () => {
      const cache = make();
      expect(await cache.get(["a", "b"])).toEqual([undefined, undefined]);
      await cache.set([
        ["b", "second 🦄"],
        ["a", "first"],
      ]);
      expect(await cache.get(["a", "missing", "b"])).toEqual(["first", undefined, "second 🦄"]);
      await cache.set([["a", "replaced"]]);
      expect(await cache.get(["a"])).toEqual(["replaced"]);
    });
  });
}

contract("memoryTextCache", memoryTextCache);
contract("kvTextCache", () => kvTextCache(mapKv().kv));

describe("kvTextCache", () => {
  it("stores one KV value per text under its prefix", async () => {
    const { kv, values } = mapKv();
    await kvTextCache(kv, { prefix: "enrich" }).set([["k1", "hello"]]);
    expect([...values]).toEqual([["enrich/k1", "hello"]]);
  });

  it("validates its arguments", () => {
    expect(() => kvTextCache({} as KvNamespaceLike)).toThrow(
      /kvTextCache: option "namespace" must be a KV namespace binding/,
    );
    expect(() => kvTextCache(mapKv().kv, { prefix: "" })).toThrow(
      /kvTextCache: option "prefix" must be a non-empty string/,
    );
    expect(() => kvTextCache(mapKv().kv, { prefx: "x" } as never)).toThrow(/did you mean "prefix"/);
    expect(() => textCacheOption("createToolIndex", "enrichmentCache", { get() {} })).toThrow(
      /option "enrichmentCache" must be a TextCache/,
    );
    expect(textCacheOption("createToolIndex", "enrichmentCache", undefined)).toBeUndefined();
  });
});
