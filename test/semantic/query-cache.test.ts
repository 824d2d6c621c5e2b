// The query embedding LRU.
import { describe, expect, it } from "vitest";
import { QueryEmbeddingCache, queryCacheKey } from "../../src/semantic/semantic-engine.js";

describe("QueryEmbeddingCache", () => {
  it("keys on the normalised query", () => {
    expect(queryCacheKey("  Send   an EMAIL ")).toBe("send an email");
    const cache = new QueryEmbeddingCache(4);
    const vector = new Float32Array([1, 2]);
    cache.set("Send an email", vector);
    expect(cache.get("send  an email")).toBe(vector);
  });

  it("evicts the least recently used entry", () => {
    const cache = new QueryEmbeddingCache(2);
    const a = new Float32Array([1]);
    const c = new Float32Array([3]);
    cache.set("a", a);
    cache.set("b", new Float32Array([2]));
    expect(cache.get("a")).toBe(a); // a read counts as a use: "b" is now the least recently used
    cache.set("c", c);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(a);
    expect(cache.get("c")).toBe(c);
    expect(cache.size).toBe(2);
  });

  it("holds nothing at capacity 0", () => {
    const cache = new QueryEmbeddingCache(0);
    cache.set("a", new Float32Array([1]));
    expect(cache.get("a")).toBeUndefined();
  });
});
