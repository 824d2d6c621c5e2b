// UsageStore adapters in Node (memory, file, KV over a Map) and what users do with them: persist an index's learnt
// usage, restore it, merge snapshots, and restore into a changed catalog.

import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { kvUsageStore, memoryUsageStore } from "../../src/storage/index.js";
import type { KvNamespaceLike } from "../../src/cache/kv-cache.js";
import { createToolIndex, mergeUsage, type SelectOptions, type UsageSnapshot } from "../../src/index.js";
import { fileUsageStore } from "../../src/usage/file-usage-store.js";
import { snapshotRows } from "../../src/usage/usage-snapshot.js";
import { saasCatalog } from "../api/saas-catalog.js";
import { memoryKv } from "../cache/memory-kv.js";
import { conversation, type ScriptedTurn } from "./conversations.js";
import { describeUsageStore, learntSnapshot, rejectionCode } from "./usage-store-spec.js";

const directory = await mkdtemp(join(tmpdir(), "toolsift-usage-store-"));
afterAll(() => rm(directory, { recursive: true, force: true }));
let files = 0;
const freshPath = () => join(directory, `store-${files++}`, "usage.json");

describeUsageStore("memoryUsageStore", () => memoryUsageStore());
describeUsageStore("fileUsageStore", () => fileUsageStore(freshPath()));
describeUsageStore("kvUsageStore (a Map standing in for KV)", () => kvUsageStore(memoryKv()));

/** Per link list of `field`, `from → to` with its weight, by tool name (terms left out). */
function links(snapshot: UsageSnapshot, field: "next" | "together"): Map<string, number> {
  const found = new Map<string, number>();
  for (const row of snapshotRows(snapshot)![field]) {
    for (let i = 2; i + 1 < row.length; i += 2) {
      // A link is written as thousandths of its list's total (row[1]).
      found.set(`${snapshot.tools[row[0]]} → ${snapshot.tools[row[i]]}`, (row[i + 1] / 1000) * row[1]);
    }
  }
  return found;
}

const SESSIONS: ScriptedTurn[][] = [
  [
    { user: "bill the customer for March", calls: ["stripe_create_invoice", "send_email"] },
    { user: "and tell the team", calls: ["slack_post_message"] },
  ],
  [{ user: "ship the new release", calls: ["github_create_pull_request", "gitlab_merge_pr", "deploy_service"] }],
  [{ user: "upload the quarterly report and let finance know", calls: ["s3_upload_file", "send_email"] }],
];

describe("persisting learnt usage", () => {
  const options: SelectOptions[] = [
    { messages: conversation([{ user: "create an invoice for Acme", calls: ["stripe_create_invoice"] }]) },
    { previousTools: ["github_create_pull_request"] },
    { previousTools: ["s3_upload_file"], maxTools: 2 },
    {},
  ];
  const queries = ["create an invoice for Acme", "merge it", "upload the file", "what is the weather in Oslo"];

  it("index.usage() → save → load → createToolIndex({ usage }) selects exactly as the index that learnt", async () => {
    const learnt = createToolIndex(saasCatalog);
    for (let n = 0; n < 5; n++) for (const turns of SESSIONS) learnt.learn(conversation(turns));
    for (const store of [memoryUsageStore(), fileUsageStore(freshPath()), kvUsageStore(memoryKv())]) {
      await store.save(learnt.usage());
      const restored = createToolIndex(saasCatalog, { learning: { usage: await store.load() } });
      let learntReasons = 0;
      for (const query of queries) {
        for (const option of options) {
          const expected = await learnt.selectWithScores(query, option);
          expect(await restored.selectWithScores(query, option)).toEqual(expected);
          learntReasons += expected.results.filter((result) => result.reason.startsWith("learned-")).length;
        }
      }
      // The comparison means something only if what was learnt shows in the selections.
      expect(learntReasons).toBeGreaterThan(0);
    }
  });

  it("mergeUsage of two saved snapshots sums their counts", async () => {
    const first = createToolIndex(saasCatalog);
    const second = createToolIndex(saasCatalog);
    for (let n = 0; n < 3; n++) first.learn(conversation(SESSIONS[0]));
    for (let n = 0; n < 2; n++) second.learn(conversation(SESSIONS[0]));
    second.learn(conversation(SESSIONS[2]));
    const [storeA, storeB] = [memoryUsageStore(), memoryUsageStore()];
    await storeA.save(first.usage());
    await storeB.save(second.usage());
    const merged = mergeUsage((await storeA.load())!, (await storeB.load())!);
    expect(merged.conversations).toBe(6);
    const next = links(merged, "next");
    // 3 + 2 observations, each decayed by at most 3 of 5,000 half-life conversations: within 0.1%.
    expect(next.get("stripe_create_invoice → send_email")).toBeCloseTo(5, 2);
    expect(next.get("s3_upload_file → send_email")).toBeCloseTo(1, 2);
    expect(links(merged, "together").get("send_email → s3_upload_file")).toBeCloseTo(1, 2);
    const restored = createToolIndex(saasCatalog, { learning: { usage: merged } });
    expect(restored.usage()).toEqual(merged);
  });

  it("drops tools removed from the catalog and keeps what still matches", async () => {
    const learnt = createToolIndex(saasCatalog);
    for (const turns of SESSIONS) learnt.learn(conversation(turns));
    const store = fileUsageStore(freshPath());
    await store.save(learnt.usage());
    const smaller = saasCatalog.filter((tool) => tool.name !== "send_email");
    const usage = createToolIndex(smaller, { learning: { usage: await store.load() } }).usage();
    expect(usage.tools).not.toContain("send_email");
    const kept = [...links(usage, "next").keys(), ...links(usage, "together").keys()];
    expect(kept.filter((link) => link.includes("send_email"))).toEqual([]);
    expect(kept).toContain("github_create_pull_request → gitlab_merge_pr");
    expect(kept).toContain("gitlab_merge_pr → deploy_service");
    const starts = new Set(
      snapshotRows(usage)!
        .starts.filter((_, i) => i % 2 === 1)
        .map((tool) => usage.tools[tool]),
    );
    expect(starts).toEqual(
      new Set(["stripe_create_invoice", "slack_post_message", "github_create_pull_request", "s3_upload_file"]),
    );
  });
});

describe("fileUsageStore", () => {
  it("writes one JSON file, creating its directories, and leaves no temporary file", async () => {
    const path = join(directory, "deep", "er", "usage.json");
    const snapshot = learntSnapshot();
    await fileUsageStore(path).save(snapshot);
    expect(JSON.parse(await readFile(path, "utf8"))).toEqual(snapshot);
    expect(await readdir(join(directory, "deep", "er"))).toEqual(["usage.json"]);
  });

  it("rejects a malformed file with INVALID_USAGE naming the path, and a later save replaces it", async () => {
    const path = freshPath();
    await mkdir(join(path, ".."), { recursive: true });
    const store = fileUsageStore(path);
    for (const content of ["{ not json", JSON.stringify({ format: "toolsift-usage", version: 1 }), "[]"]) {
      await writeFile(path, content);
      const error = await store.load().then(
        () => expect.fail("expected a rejection"),
        (thrown: unknown) => thrown as { code: string; message: string },
      );
      expect(error.code).toBe("INVALID_USAGE");
      expect(error.message).toContain(path);
    }
    const snapshot = learntSnapshot();
    await store.save(snapshot);
    expect(await store.load()).toEqual(snapshot);
  });

  it("reports a path it cannot read or write as CACHE_READ_FAILED / CACHE_WRITE_FAILED", async () => {
    const folder = join(directory, "a-folder");
    await mkdir(folder, { recursive: true });
    expect(await rejectionCode(() => fileUsageStore(folder).load())).toBe("CACHE_READ_FAILED");
    const blocker = join(directory, "a-file");
    await writeFile(blocker, "not a folder");
    expect(await rejectionCode(() => fileUsageStore(join(blocker, "usage.json")).save(learntSnapshot()))).toBe(
      "CACHE_WRITE_FAILED",
    );
  });

  it("runs one store's saves in call order: the last one is kept", async () => {
    const store = fileUsageStore(freshPath());
    const snapshots = [1, 2, 3].map((repeat) => learntSnapshot(repeat));
    await Promise.all(snapshots.map((snapshot) => store.save(snapshot)));
    expect(await store.load()).toEqual(snapshots[2]);
  });

  it("refuses a path that is not a non-empty string", () => {
    expect(() => fileUsageStore("")).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => fileUsageStore(42 as unknown as string)).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
  });
});

describe("kvUsageStore options and failures", () => {
  it("stores one JSON value under its key (default toolsift-usage)", async () => {
    const kv = memoryKv();
    const snapshot = learntSnapshot();
    await kvUsageStore(kv).save(snapshot);
    await kvUsageStore(kv, { key: "agent-7/usage" }).save(learntSnapshot(2));
    expect([...kv.values.keys()].sort()).toEqual(["agent-7/usage", "toolsift-usage"]);
    expect(JSON.parse(kv.values.get("toolsift-usage") as string)).toEqual(snapshot);
  });

  it("rejects an unknown option naming the nearest one, a bad key and a binding without put", () => {
    const kv = memoryKv();
    expect(() => kvUsageStore(kv, { kye: "x" } as never)).toThrow(
      expect.objectContaining({ code: "UNKNOWN_OPTION", details: { option: "kye", suggestion: "key" } }),
    );
    expect(() => kvUsageStore(kv, { key: "" })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => kvUsageStore(kv, { key: "k".repeat(513) })).toThrow(
      expect.objectContaining({ code: "INVALID_OPTION" }),
    );
    expect(() => kvUsageStore({ get: kv.get } as never)).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => kvUsageStore(kv, "key" as never)).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
  });

  it("turns KV failures into CACHE_READ_FAILED / CACHE_WRITE_FAILED naming the key", async () => {
    const failing = {
      get: async () => Promise.reject(new Error("KV is down")),
      put: async () => Promise.reject(new Error("KV is down")),
    } as unknown as KvNamespaceLike;
    const store = kvUsageStore(failing, { key: "usage-a" });
    const read = await store.load().catch((error: unknown) => error as { code: string; message: string });
    expect(read).toMatchObject({ code: "CACHE_READ_FAILED", message: expect.stringContaining('"usage-a"') });
    const write = await store.save(learntSnapshot()).catch((error: unknown) => error as { code: string });
    expect(write).toMatchObject({ code: "CACHE_WRITE_FAILED", message: expect.stringContaining("KV is down") });
  });

  it("rejects a stored value that is not a snapshot with INVALID_USAGE", async () => {
    const kv = memoryKv();
    await kv.put("toolsift-usage", "{ not json");
    expect(await rejectionCode(() => kvUsageStore(kv).load())).toBe("INVALID_USAGE");
    await kv.put("toolsift-usage", JSON.stringify({ hello: "world" }));
    expect(await rejectionCode(() => kvUsageStore(kv).load())).toBe("INVALID_USAGE");
  });
});
