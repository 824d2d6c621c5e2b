// kvUsageStore inside workerd on miniflare's real KV binding: the shared UsageStore spec, one JSON value per key,
// last writer wins, and KV failures reported as CACHE_READ_FAILED / CACHE_WRITE_FAILED.

import type { KVNamespace } from "@cloudflare/workers-types/index.ts";
import { env } from "cloudflare:workers";
import { describe, expect, expectTypeOf, it } from "vitest";
import { kvUsageStore, type KvUsageNamespaceLike } from "../../src/usage/kv-usage-store.js";
import { createToolIndex } from "../../src/index.js";
import { saasCatalog } from "../api/saas-catalog.js";
import { describeUsageStore, learntSnapshot, rejectionCode } from "../usage/usage-store-spec.js";
import { interceptKv } from "./kv-interceptor.js";

const kv = env.CACHE_TEST_KV;
let keys = 0;
/** A key of its own for each test, so tests never see each other's values. */
const freshKey = () => `usage-test-${keys++}`;

describeUsageStore("kvUsageStore (miniflare KV)", () => kvUsageStore(kv, { key: freshKey() }));

describe("kvUsageStore on Workers KV", () => {
  it("takes a Workers KV binding as @cloudflare/workers-types types it", () => {
    // Type assertion: `tsc -p tsconfig.json` fails if it stops holding.
    expectTypeOf<KVNamespace>().toExtend<KvUsageNamespaceLike>();
  });

  it("stores the snapshot as one JSON value under its key", async () => {
    const key = freshKey();
    const snapshot = learntSnapshot();
    await kvUsageStore(kv, { key }).save(snapshot);
    expect((await kv.list({ prefix: key })).keys.map((entry) => entry.name)).toEqual([key]);
    expect(JSON.parse((await kv.get(key, "text"))!)).toEqual(snapshot);
    // Another instance (another isolate) on the same key reads it and restores an index from it.
    const restored = createToolIndex(saasCatalog, { learning: { usage: await kvUsageStore(kv, { key }).load() } });
    expect(restored.usage()).toEqual(snapshot);
  });

  it("keeps the last save when two instances write the same key (no merge: documented)", async () => {
    const key = freshKey();
    const [first, second] = [kvUsageStore(kv, { key }), kvUsageStore(kv, { key })];
    await first.save(learntSnapshot(1));
    await second.save(learntSnapshot(2));
    expect((await first.load())?.conversations).toBe(4);
  });

  it("rejects a stored value that is not a usage snapshot with INVALID_USAGE", async () => {
    const key = freshKey();
    await kv.put(key, "<html>not a snapshot</html>");
    expect(await rejectionCode(() => kvUsageStore(kv, { key }).load())).toBe("INVALID_USAGE");
    await kv.put(key, JSON.stringify({ format: "toolsift-usage", version: 2 }));
    expect(await rejectionCode(() => kvUsageStore(kv, { key }).load())).toBe("INVALID_USAGE");
  });

  it("reports KV failures as CACHE_READ_FAILED / CACHE_WRITE_FAILED, keeping the stored value", async () => {
    const key = freshKey();
    const snapshot = learntSnapshot();
    await kvUsageStore(kv, { key }).save(snapshot);
    const failing = kvUsageStore(
      interceptKv(kv, async (operation) => {
        throw new Error(`KV ${operation} failed (injected)`);
      }),
      { key },
    );
    expect(await rejectionCode(() => failing.load())).toBe("CACHE_READ_FAILED");
    expect(await rejectionCode(() => failing.save(learntSnapshot(2)))).toBe("CACHE_WRITE_FAILED");
    expect(await kvUsageStore(kv, { key }).load()).toEqual(snapshot);
  });
});
