// The embeddingCache option: an EmbeddingCache passes through, toolpick's { load, save } is adapted, anything else is
// INVALID_OPTION.

import { describe, expect, it } from "vitest";
import { memoryCache } from "../../src/storage/index.js";
import { isEmbeddingCache, toEmbeddingCache } from "../../src/cache/to-embedding-cache.js";
import type { LoadSaveEmbeddingCache } from "../../src/cache/embedding-cache.js";
import { ToolsiftError } from "../../src/errors.js";
import { key, NAMESPACE_A, vector } from "./cache-checks.js";

describe("isEmbeddingCache / toEmbeddingCache", () => {
  it("returns an EmbeddingCache as it is", () => {
    const cache = memoryCache();
    expect(isEmbeddingCache(cache)).toBe(true);
    expect(toEmbeddingCache(cache)).toBe(cache);
  });

  it("adapts a { load, save } object, which then saves through save()", async () => {
    const saved: number[][][] = [];
    const loadSave: LoadSaveEmbeddingCache = { load: async () => null, save: async (rows) => void saved.push(rows) };
    expect(isEmbeddingCache(loadSave)).toBe(false);
    const cache = toEmbeddingCache(loadSave);
    expect(isEmbeddingCache(cache)).toBe(true);
    await cache.setMany([[key(NAMESPACE_A, 1), vector(1, 8)]]);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toHaveLength(2); // the vector and the marker row
  });

  it.each([
    [null, "got null"],
    [42, "got 42"],
    ["cache.json", 'got the string "cache.json"'],
    [[], "an array"],
    [{}, "an object without methods"],
    [{ get: () => undefined, set: () => undefined }, "an object with methods get, set"],
    [{ load: () => null }, "an object with methods load"],
    [{ getMany: () => [] }, "an object with methods getMany"],
  ])("rejects %j with INVALID_OPTION naming embedding.cache", (value, described) => {
    let thrown: unknown;
    try {
      toEmbeddingCache(value as never);
    } catch (error) {
      thrown = error;
    }
    expect(ToolsiftError.isInstance(thrown)).toBe(true);
    const error = thrown as ToolsiftError;
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toMatch(/^createToolIndex: option "embedding.cache" must be an EmbeddingCache/);
    expect(error.message).toContain(described);
    expect(error.details.option).toBe("embedding.cache");
  });

  it("names the function the option was given to", () => {
    expect(() => toEmbeddingCache(42 as never, "createMiddleware")).toThrow(
      /^createMiddleware: option "embedding.cache"/,
    );
  });
});
