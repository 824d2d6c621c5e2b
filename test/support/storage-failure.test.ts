// storageFailure, the one wrapper of a failed storage call, and the messages of the stores built on it: each written
// out here as the stores gave it before they shared the wrapper (code, message, details, cause).
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromLoadSave } from "../../src/cache/load-save-cache.js";
import { fileCache } from "../../src/cache/file-cache.js";
import type { KvNamespaceLike } from "../../src/cache/kv-cache.js";
import { ToolsiftError } from "../../src/errors.js";
import { storageFailure } from "../../src/support/storage-failure.js";
import { fileUsageStore } from "../../src/usage/file-usage-store.js";
import { kvUsageStore } from "../../src/storage/index.js";
import { key, NAMESPACE_A, vector } from "../cache/cache-checks.js";
import { learntSnapshot } from "../usage/usage-store-spec.js";
import { rejected } from "./toolsift-error.js";

describe("storageFailure", () => {
  it("is the code, '<doing>: <the cause's message>.', the details and the cause", () => {
    const cause = new Error("KV is down");
    const error = storageFailure("CACHE_WRITE_FAILED", 'kvUsageStore could not write key "k"', { key: "k" }, cause);
    expect(ToolsiftError.isInstance(error)).toBe(true);
    expect([error.code, error.message, error.details, error.cause]).toEqual([
      "CACHE_WRITE_FAILED",
      'kvUsageStore could not write key "k": KV is down.',
      { key: "k" },
      cause,
    ]);
    expect(storageFailure("CACHE_READ_FAILED", "x", {}, "not an error").message).toBe("x: not an error.");
  });
});

describe("the stores' messages", () => {
  it("fromLoadSave: load() and save() failures", async () => {
    const cause = new Error("disk unavailable");
    const failingLoad = fromLoadSave({ load: async () => Promise.reject(cause), save: async () => undefined });
    const read = await rejected(() => failingLoad.getMany([key(NAMESPACE_A, 1)]));
    expect([read.code, read.message, read.details, read.cause]).toEqual([
      "CACHE_READ_FAILED",
      "embeddingCache.load() failed: disk unavailable.",
      {},
      cause,
    ]);
    const failingSave = fromLoadSave({ load: async () => null, save: async () => Promise.reject(cause) });
    const write = await rejected(() => failingSave.setMany([[key(NAMESPACE_A, 1), vector(1, 8)]]));
    expect([write.code, write.message, write.cause]).toEqual([
      "CACHE_WRITE_FAILED",
      "embeddingCache.save() failed: disk unavailable.",
      cause,
    ]);
  });

  it("fileCache and fileUsageStore: a path they cannot read (a directory)", async () => {
    const folder = await mkdtemp(join(tmpdir(), "toolsift-storage-failure-"));
    const cache = await rejected(() => fileCache(folder).getMany([key(NAMESPACE_A, 1)]));
    expect([cache.code, cache.details]).toEqual(["CACHE_READ_FAILED", { path: folder }]);
    expect(cache.message).toBe(`fileCache could not read ${folder}: ${(cache.cause as Error).message}.`);
    expect((cache.cause as NodeJS.ErrnoException).code).toBe("EISDIR");
    const usage = await rejected(() => fileUsageStore(folder).load());
    expect([usage.code, usage.details]).toEqual(["CACHE_READ_FAILED", { path: folder }]);
    expect(usage.message).toBe(`fileUsageStore could not read ${folder}: ${(usage.cause as Error).message}.`);
  });

  it("kvUsageStore: a KV that fails", async () => {
    const cause = new Error("KV is down");
    const failing = { get: async () => Promise.reject(cause), put: async () => Promise.reject(cause) };
    const store = kvUsageStore(failing as unknown as KvNamespaceLike, { key: "usage-a" });
    const read = await rejected(() => store.load());
    expect([read.code, read.message, read.details, read.cause]).toEqual([
      "CACHE_READ_FAILED",
      'kvUsageStore could not read key "usage-a": KV is down.',
      { key: "usage-a" },
      cause,
    ]);
    const write = await rejected(() => store.save(learntSnapshot()));
    expect([write.code, write.message]).toEqual([
      "CACHE_WRITE_FAILED",
      'kvUsageStore could not write key "usage-a": KV is down.',
    ]);
  });
});
