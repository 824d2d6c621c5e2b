// Warm catalogs bounded by estimated bytes (TOOLSIFT_WARM_BYTES) in workerd: a small budget keeps fewer catalogs warm
// (counted as catalog reloads from the real KV), every catalog is still answered correctly, the one answered is kept.

import { describe, expect, it } from "vitest";
import { CATALOG_LIMIT_MAXIMUMS } from "../../src/core/catalog-limits.js";
import { buildCatalogIndex } from "../../src/worker/catalogs/catalog-index.js";
import { CatalogStore } from "../../src/worker/catalogs/catalog-store.js";
import { estimateIndexBytes } from "../../src/worker/catalogs/memory-estimate.js";
import { BoundedKv } from "../../src/worker/http/bounded-kv.js";
import { WarmCatalogs } from "../../src/worker/catalogs/warm-catalogs.js";
import { BILLING, MESSAGING, catalogOf, faultyKv, freshId, Isolate, serviceEnv } from "./service-harness.js";

const DEVOPS = catalogOf({
  github_create_issue: "Open an issue in a GitHub repository.",
  pagerduty_trigger_incident: "Page the on-call engineer with a new incident.",
  vercel_deploy_project: "Deploy a project to production on Vercel.",
});

/** Each catalog, a query only it answers, and the tool that must come first. */
const CATALOGS = [
  { tools: BILLING, query: "refund the stripe charge", first: "stripe_create_refund" },
  { tools: MESSAGING, query: "post to the slack channel", first: "slack_post_message" },
  { tools: DEVOPS, query: "deploy the project to production", first: "vercel_deploy_project" },
];

/** Publishes the three catalogs (keyword ranking: no vectors) and returns their ids. */
async function publishAll(): Promise<string[]> {
  const writer = new Isolate(serviceEnv({ TOOLSIFT_EMBEDDING: "none" }));
  const ids: string[] = [];
  for (const { tools } of CATALOGS) {
    const id = freshId("mem");
    expect((await writer.put(id, tools)).status).toBe(201);
    ids.push(id);
  }
  return ids;
}

/** A store over the real KV that counts reads of catalog texts (each one a catalog loaded into the isolate). */
function countingStore() {
  const loads: string[] = [];
  const kv = faultyKv((operation, key) => {
    if (operation === "get" && key.endsWith("/catalog")) loads.push(key.split("/")[1]);
    return undefined;
  });
  return { store: new CatalogStore(new BoundedKv(kv, 5_000)), loads };
}

/** Looks each catalog up in turn, `rounds` times, checking every answer; returns the catalog loads counted. */
async function roundRobin(warm: WarmCatalogs, ids: readonly string[], rounds: number): Promise<string[]> {
  const { store, loads } = countingStore();
  for (let round = 0; round < rounds; round++) {
    for (const [position, id] of ids.entries()) {
      const { entry } = await warm.lookup(id, store, { recheckMs: 0, model: undefined });
      expect(entry.id).toBe(id);
      expect((await entry.index.select(CATALOGS[position].query, { maxTools: 1 }))[0]).toBe(CATALOGS[position].first);
    }
  }
  return loads;
}

describe("warm catalogs bounded by bytes", () => {
  it("the estimate grows with the catalog and its vectors; int8 rows with residuals hold 3/8 of float32's bytes", () => {
    const base = { tools: 5_000, catalogCharacters: 1_600_000, queryCacheSize: 128 };
    const keywords = estimateIndexBytes({ ...base, dimensions: 0, quantization: "float32" });
    const float32 = estimateIndexBytes({ ...base, dimensions: 1_536, quantization: "float32" });
    const int8 = estimateIndexBytes({ ...base, dimensions: 1_536, quantization: "int8" });
    // 5,000 rows of 1,536 float32 values are 30,720,000 bytes; int8 rows are 1,536 bytes, 768 of 4-bit residuals
    // and a 4-byte scale.
    expect(float32 - keywords).toBeGreaterThan(30_720_000);
    expect(int8 - keywords).toBeGreaterThan(5_000 * 2_308);
    expect(int8 - keywords).toBeLessThan((float32 - keywords) / 2.5);
    // int8-compact (no residuals): 1,536 + 4 bytes a row.
    const compact = estimateIndexBytes({ ...base, dimensions: 1_536, quantization: "int8", rescore: false });
    expect(int8 - compact).toBe(5_000 * 768);
    expect(compact - keywords).toBeLessThan((float32 - keywords) / 3.5);
  });

  it("with room for every catalog, each is loaded once however often it is asked", async () => {
    const ids = await publishAll();
    const loads = await roundRobin(new WarmCatalogs({ catalogs: 8, bytes: 64 * 1024 * 1024 }), ids, 3);
    expect(loads).toEqual(ids);
  });

  it("a budget for about two catalogs keeps fewer warm: round-robin reloads, and every answer stays right", async () => {
    const ids = await publishAll();
    const sizes = await Promise.all(
      CATALOGS.map(
        async ({ tools }) => (await buildCatalogIndex(tools, undefined, undefined, CATALOG_LIMIT_MAXIMUMS)).bytes,
      ),
    );
    const budget = sizes[0] + sizes[1] + Math.min(...sizes) / 2;
    const loads = await roundRobin(new WarmCatalogs({ catalogs: 8, bytes: budget }), ids, 3);
    // Least recently used goes first: in a round robin over three with room for two, every lookup is a load.
    expect(loads).toEqual([...ids, ...ids, ...ids]);
  });

  it("the catalog being answered is kept even when it alone is over the budget", async () => {
    const ids = await publishAll();
    const warm = new WarmCatalogs({ catalogs: 8, bytes: 1 });
    const { store, loads } = countingStore();
    for (let n = 0; n < 3; n++) await warm.lookup(ids[0], store, { recheckMs: 0, model: undefined });
    expect(loads).toEqual([ids[0]]);
    await warm.lookup(ids[1], store, { recheckMs: 0, model: undefined });
    await warm.lookup(ids[0], store, { recheckMs: 0, model: undefined });
    expect(loads).toEqual([ids[0], ids[1], ids[0]]);
  });

  it("the count cap (TOOLSIFT_WARM_CATALOGS) still holds under a large byte budget", async () => {
    const ids = await publishAll();
    const loads = await roundRobin(new WarmCatalogs({ catalogs: 2, bytes: 64 * 1024 * 1024 }), ids, 2);
    expect(loads).toEqual([...ids, ...ids]);
  });
});

describe("TOOLSIFT_WARM_BYTES in the service", () => {
  /** An isolate over the real KV that counts catalog-text reads (each one a catalog loaded into it). */
  function countingIsolate(variables: Parameters<typeof serviceEnv>[0]) {
    const loads: string[] = [];
    const kv = faultyKv((operation, key) => {
      if (operation === "get" && key.endsWith("/catalog")) loads.push(key.split("/")[1]);
      return undefined;
    });
    return { isolate: new Isolate(serviceEnv({ TOOLSIFT_KV: kv, TOOLSIFT_EMBEDDING: "none", ...variables })), loads };
  }

  async function selectRoundRobin(isolate: Isolate, ids: readonly string[], rounds: number): Promise<void> {
    for (let round = 0; round < rounds; round++) {
      for (const [position, id] of ids.entries()) {
        const { status, body } = await isolate.select(id, { query: CATALOGS[position].query, maxTools: 1 });
        expect(status).toBe(200);
        expect(body.tools).toEqual([CATALOGS[position].first]);
      }
    }
  }

  it("the smallest budget keeps only the catalog answered: every catalog still answers right, each select reloads", async () => {
    const ids = await publishAll();
    const small = countingIsolate({ TOOLSIFT_WARM_BYTES: String(64 * 1024) });
    await selectRoundRobin(small.isolate, ids, 2);
    expect(small.loads).toEqual([...ids, ...ids]);
    const roomy = countingIsolate({});
    await selectRoundRobin(roomy.isolate, ids, 2);
    expect(roomy.loads).toEqual(ids);
  });
});
