// kvCache option checks (fast, no KV needed); its behaviour on a real KV binding is in test/workerd/kv-cache.test.ts.

import { describe, expect, it } from "vitest";
import { kvCache, type KvCacheOptions } from "../../src/cache/kv-cache.js";
import { ToolsiftError } from "../../src/errors.js";
import { memoryKv } from "./memory-kv.js";

function thrown(action: () => unknown): ToolsiftError {
  try {
    action();
  } catch (error) {
    expect(ToolsiftError.isInstance(error)).toBe(true);
    return error as ToolsiftError;
  }
  return expect.fail("expected a ToolsiftError");
}

describe("kvCache options", () => {
  it.each<[KvCacheOptions, string]>([
    [{ prefix: "" }, "prefix"],
    [{ expirationTtl: 30 }, "expirationTtl"],
    [{ expirationTtl: 90.5 }, "expirationTtl"],
    [{ maxChunkBytes: 8 }, "maxChunkBytes"],
    [{ maxChunkBytes: 26 * 1024 * 1024 }, "maxChunkBytes"],
    [{ concurrency: 0 }, "concurrency"],
    [{ operationTimeout: 0 }, "operationTimeout"],
    [{ operationTimeout: Number.NaN }, "operationTimeout"],
  ])("rejects %j with INVALID_OPTION naming the option", (options, option) => {
    const error = thrown(() => kvCache(memoryKv(), options));
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toContain(`"${option}"`);
  });

  it.each([undefined, null, {}, { get() {} }])("rejects %j as a KV binding", (binding) => {
    const error = thrown(() => kvCache(binding as never));
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toContain("KV namespace binding");
  });

  it("accepts the documented ranges", () => {
    expect(() => kvCache(memoryKv(), { prefix: "p", expirationTtl: 60, maxChunkBytes: 16, concurrency: 100, operationTimeout: Infinity })).not.toThrow();
  });
});
