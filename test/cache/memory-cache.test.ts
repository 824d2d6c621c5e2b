// memoryCache: bounded by maxEntries, dropping the least recently used vector first.

import { describe, expect, it } from "vitest";
import { memoryCache } from "../../src/cache/memory-cache.js";
import { ToolsiftError } from "../../src/errors.js";
import { key, NAMESPACE_A, vector } from "./cache-checks.js";

const keys = (...ns: number[]) => ns.map((n) => key(NAMESPACE_A, n));
const present = (found: ReadonlyArray<Float32Array | undefined>) => found.map((v) => v !== undefined);

describe("memoryCache({ maxEntries })", () => {
  it("keeps at most maxEntries vectors, dropping the oldest written first", async () => {
    const cache = memoryCache({ maxEntries: 3 });
    await cache.setMany([1, 2, 3, 4].map((n) => [key(NAMESPACE_A, n), vector(n, 8)]));
    expect(present(await cache.getMany(keys(1, 2, 3, 4)))).toEqual([false, true, true, true]);
  });

  it("a read counts as a use: the vector read survives the next eviction", async () => {
    const cache = memoryCache({ maxEntries: 2 });
    await cache.setMany([1, 2].map((n) => [key(NAMESPACE_A, n), vector(n, 8)]));
    await cache.getMany(keys(1));
    await cache.setMany([[key(NAMESPACE_A, 3), vector(3, 8)]]);
    expect(present(await cache.getMany(keys(1, 2, 3)))).toEqual([true, false, true]);
  });

  it("an overwrite counts as a use", async () => {
    const cache = memoryCache({ maxEntries: 2 });
    await cache.setMany([1, 2].map((n) => [key(NAMESPACE_A, n), vector(n, 8)]));
    await cache.setMany([[key(NAMESPACE_A, 1), vector(10, 8)]]);
    await cache.setMany([[key(NAMESPACE_A, 3), vector(3, 8)]]);
    expect(present(await cache.getMany(keys(1, 2, 3)))).toEqual([true, false, true]);
  });

  it.each([0, -1, 2.5, Number.NaN, "3"])("rejects maxEntries %j with INVALID_OPTION", (maxEntries) => {
    let thrown: unknown;
    try {
      memoryCache({ maxEntries: maxEntries as number });
    } catch (error) {
      thrown = error;
    }
    expect(ToolsiftError.isInstance(thrown) && thrown.code).toBe("INVALID_OPTION");
    expect((thrown as Error).message).toContain("maxEntries");
  });
});
