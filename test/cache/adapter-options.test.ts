// The cache adapters' option checks (fast, no storage needed): one message style naming the function, unknown keys
// refused with the nearest valid name. kvCache's behaviour on a real KV binding is in test/workerd/kv-cache.test.ts.

import { describe, expect, it } from "vitest";
import { fileCache } from "../../src/cache/file-cache.js";
import { memoryCache } from "../../src/storage/index.js";
import { fromLoadSave } from "../../src/cache/load-save-cache.js";
import { indexedDbCache } from "../../src/cache/indexeddb-cache.js";
import { kvCache, type KvCacheOptions } from "../../src/cache/kv-cache.js";
import { memoryKv } from "./memory-kv.js";
import { thrown } from "../support/toolsift-error.js";

describe("kvCache options", () => {
  it.each<[KvCacheOptions, string, string]>([
    [{ prefix: "" }, "prefix", 'must be a non-empty string, got the string ""'],
    [{ expirationTtl: 30 }, "expirationTtl", "must be an integer ≥ 60, got 30"],
    [{ expirationTtl: 90.5 }, "expirationTtl", "must be an integer ≥ 60, got 90.5"],
    [{ maxChunkBytes: 8 }, "maxChunkBytes", "must be an integer in [16, 26214400], got 8"],
    [{ maxChunkBytes: 26 * 1024 * 1024 }, "maxChunkBytes", "must be an integer in [16, 26214400], got 27262976"],
    [{ concurrency: 0 }, "concurrency", "must be an integer in [1, 100], got 0"],
    [{ operationTimeout: 0 }, "operationTimeout", "must be a number in (0, Infinity], got 0"],
    [{ operationTimeout: Number.NaN }, "operationTimeout", "must be a number in (0, Infinity], got NaN"],
    [{ onEvent: "log" as never }, "onEvent", 'must be a function, got the string "log"'],
    [{ maxEntries: 0 }, "maxEntries", "must be an integer ≥ 1, or Infinity, got 0"],
    [{ maxEntries: "100" as never }, "maxEntries", 'must be an integer ≥ 1, or Infinity, got the string "100"'],
  ])("rejects %j with INVALID_OPTION naming the option", (options, option, expected) => {
    const error = thrown(() => kvCache(memoryKv(), options));
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toBe(`kvCache: option "${option}" ${expected}.`);
    expect(error.details.option).toBe(option);
  });

  it.each([
    [undefined, "undefined"],
    [null, "null"],
    [{}, "an object"],
    [{ get() {} }, "an object"],
  ])("rejects %j as a KV binding", (binding, described) => {
    const error = thrown(() => kvCache(binding as never));
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toContain("KV namespace binding");
    expect(error.message).toMatch(new RegExp(`^kvCache: option "namespace" .*, got ${described}\\.$`));
  });

  it("refuses a misspelt option, naming the nearest valid one", () => {
    const error = thrown(() => kvCache(memoryKv(), { expirationTTL: 3600 } as never));
    expect(error.code).toBe("UNKNOWN_OPTION");
    expect(error.message).toContain('kvCache: unknown option "expirationTTL"; did you mean "expirationTtl"?');
    expect(error.details).toEqual({ option: "expirationTTL", suggestion: "expirationTtl" });
  });

  it("refuses options that are not an object", () => {
    expect(thrown(() => kvCache(memoryKv(), 5 as never)).message).toBe(
      'kvCache: option "options" must be an object, got 5.',
    );
  });

  it("accepts the documented ranges", () => {
    expect(() =>
      kvCache(memoryKv(), {
        maxEntries: 1,
        prefix: "p",
        expirationTtl: 60,
        maxChunkBytes: 16,
        concurrency: 100,
        operationTimeout: Infinity,
      }),
    ).not.toThrow();
  });
});

describe("memoryCache, fileCache, indexedDbCache and fromLoadSave options", () => {
  it.each([
    [
      "memoryCache",
      () => memoryCache({ maxEntries: 0 }),
      'memoryCache: option "maxEntries" must be an integer ≥ 1, or Infinity, got 0.',
    ],
    [
      "memoryCache",
      () => memoryCache({ maxEntries: 2.5 }),
      'memoryCache: option "maxEntries" must be an integer ≥ 1, or Infinity, got 2.5.',
    ],
    [
      "fileCache",
      () => fileCache(""),
      'fileCache: option "path" must be a file path (a non-empty string), got the string "".',
    ],
    [
      "fileCache",
      () => fileCache(7 as never),
      'fileCache: option "path" must be a file path (a non-empty string), got 7.',
    ],
    [
      "fileCache",
      () => fileCache("a.bin", { maxEntries: -Infinity }),
      'fileCache: option "maxEntries" must be an integer ≥ 1, or Infinity, got -Infinity.',
    ],
    [
      "fileCache",
      () => fileCache("a.bin", { onEvent: true as never }),
      'fileCache: option "onEvent" must be a function, got true.',
    ],
    [
      "indexedDbCache",
      () => indexedDbCache({ dbName: "" }),
      'indexedDbCache: option "dbName" must be a non-empty string, got the string "".',
    ],
    [
      "indexedDbCache",
      () => indexedDbCache({ storeName: 3 as never }),
      'indexedDbCache: option "storeName" must be a non-empty string, got 3.',
    ],
    [
      "fromLoadSave",
      () => fromLoadSave({ load: async () => null } as never),
      `fromLoadSave: option "cache" must be a { load, save } object (toolpick's cache shape), got an object.`,
    ],
  ])("%s: %s", (_, action, message) => {
    const error = thrown(action);
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toBe(message);
  });

  it.each([
    ["memoryCache", () => memoryCache({ maxEntry: 3 } as never), "maxEntry", "maxEntries"],
    ["fileCache", () => fileCache("a.bin", { onEvents: () => {} } as never), "onEvents", "onEvent"],
    ["indexedDbCache", () => indexedDbCache({ dbname: "x" } as never), "dbname", "dbName"],
  ])("%s refuses a misspelt option, naming the nearest valid one", (where, action, option, suggestion) => {
    const error = thrown(action);
    expect(error.code).toBe("UNKNOWN_OPTION");
    expect(error.message).toContain(`${where}: unknown option "${option}"; did you mean "${suggestion}"?`);
  });

  it("memoryCache, kvCache and fileCache accept maxEntries Infinity (unbounded) and an integer ≥ 1", () => {
    for (const maxEntries of [Infinity, 1]) {
      expect(() => memoryCache({ maxEntries })).not.toThrow();
      expect(() => kvCache(memoryKv(), { maxEntries })).not.toThrow();
      expect(() => fileCache("a.bin", { maxEntries })).not.toThrow();
    }
  });
});
