// The selection service's storage in workerd: KV layout, publish by one pointer, warm copies, injected faults.

import { afterEach, describe, expect, it, vi } from "vitest";
import { failingEmbeddingModel, hashingEmbeddingModel } from "../../src/testing/index.js";
import type { CatalogPointer } from "../../src/worker/catalogs/catalog-store.js";
import { READ_GRACE_MS } from "../../src/worker/catalogs/version-retirement.js";
import { ScriptedKv } from "./scripted-kv.js";
import { Gate } from "./kv-interceptor.js";
import {
  BILLING,
  MESSAGING,
  catalogOf,
  faultyKv,
  freshId,
  isDocumentedError,
  Isolate,
  serviceEnv,
  serviceKv,
  type KvFault,
} from "./service-harness.js";

/** Moves the clock (`Date` only; timers run as they do) past the read grace, as if minutes went by. */
function pastReadGrace(): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + READ_GRACE_MS + 1_000);
}

afterEach(() => {
  vi.useRealTimers();
});

const billingNames = BILLING.map((tool) => tool.name);
const messagingNames = MESSAGING.map((tool) => tool.name);

async function keysOf(id: string): Promise<string[]> {
  return (await serviceKv.list({ prefix: `catalog/${id}/` })).keys.map((key) => key.name).sort();
}

async function pointerOf(id: string): Promise<CatalogPointer> {
  return JSON.parse((await serviceKv.get(`catalog/${id}/current`, "text"))!);
}

/** An env whose KV calls pass through `fault` (on top of the real KV). */
const faultyEnv = (fault: KvFault, overrides: Parameters<typeof serviceEnv>[0] = {}) =>
  serviceEnv({ TOOLSIFT_KV: faultyKv(fault), ...overrides });

describe("KV layout", () => {
  it("a version lives under its own keys (catalog text + kvCache slab); the pointer names it", async () => {
    const isolate = new Isolate();
    const id = freshId();
    const { body } = await isolate.put(id, BILLING);
    const version = body.version;
    const slab = `catalog/${id}/v/${version}/embeddings/toolsift-v1/toolsift/local-glove-100d-v2/auto`;
    const keys = await keysOf(id);
    expect(keys).toHaveLength(4);
    expect(keys).toContain(`catalog/${id}/current`);
    expect(keys).toContain(`catalog/${id}/v/${version}/catalog`);
    expect(keys).toContain(`${slab}/manifest`);
    expect(keys.filter((key) => key.startsWith(`${slab}/chunk/`))).toHaveLength(1);
    expect(await pointerOf(id)).toEqual({
      format: 1,
      version,
      tools: 3,
      updatedAt: body.updatedAt,
      embeddings: { model: "toolsift/local-glove-100d-v2", status: "stored", vectors: 3 },
    });
    expect(JSON.parse((await serviceKv.get(`catalog/${id}/v/${version}/catalog`, "text"))!)).toEqual(BILLING);
  });

  it("a replacing write embeds only tools whose text changed, and stores every vector under the new version", async () => {
    const model = hashingEmbeddingModel({ dimensions: 32 });
    const isolate = new Isolate(serviceEnv(), { embeddingModel: () => model });
    const id = freshId();
    await isolate.put(id, BILLING);
    expect(model.calls.flat()).toHaveLength(3);
    model.calls.length = 0;
    const changed = BILLING.map((tool, n) =>
      n === 1 ? { ...tool, description: "Create and email an invoice for a customer's order." } : tool,
    );
    const { body } = await isolate.put(id, changed);
    expect(model.calls.flat()).toHaveLength(1);
    expect(model.calls.flat()[0]).toContain("invoice for a customer's order");
    expect(body.embeddings).toEqual({
      model: expect.stringContaining("hashing-32"),
      status: "stored",
      vectors: 3,
      embedded: 1,
      fromCache: 2,
      tokens: 1,
    });
    // A fresh isolate reads all three vectors from KV: the model embeds only the query.
    const reader = new Isolate(serviceEnv(), { embeddingModel: () => model });
    model.calls.length = 0;
    expect((await reader.select(id, { query: "refund the charge" })).body.tools[0]).toBe("stripe_create_refund");
    expect(model.calls).toEqual([["refund the charge"]]);
  });

  it("a write deletes versions replaced more than the read grace ago; the one it replaced stays", async () => {
    const isolate = new Isolate();
    const id = freshId();
    const versions: string[] = [];
    for (const catalog of [BILLING, MESSAGING, BILLING]) {
      versions.push((await isolate.put(id, catalog)).body.version);
      await isolate.settle();
      pastReadGrace();
    }
    const stored = new Set((await keysOf(id)).filter((key) => key.includes("/v/")).map((key) => key.split("/")[3]));
    expect([...stored].sort()).toEqual([versions[1], versions[2]].sort());
    expect((await pointerOf(id)).previous).toBe(versions[1]);
  });

  it("versions replaced within the read grace stay for readers whose KV answers an old pointer", async () => {
    const writer = new Isolate();
    const id = freshId();
    const versions: string[] = [];
    for (const catalog of [BILLING, MESSAGING, BILLING]) {
      versions.push((await writer.put(id, catalog)).body.version);
      await writer.settle();
    }
    expect((await pointerOf(id)).superseded?.map((entry) => entry.version)).toEqual([versions[0], versions[1]]);
    const stored = new Set((await keysOf(id)).filter((key) => key.includes("/v/")).map((key) => key.split("/")[3]));
    expect([...stored].sort()).toEqual([...versions].sort());
    // A reader in a location whose KV still answers the first pointer: it reads that version, not a 503.
    const kv = new ScriptedKv();
    kv.stale(`catalog/${id}/current`, JSON.stringify({ ...(await pointerOf(id)), version: versions[0] }));
    const reader = new Isolate(serviceEnv({ TOOLSIFT_KV: kv.binding }));
    const answer = await reader.get(id);
    expect([answer.status, answer.body.version]).toEqual([200, versions[0]]);
    // Once the grace has passed, the next write retires them.
    pastReadGrace();
    const next = (await writer.put(id, MESSAGING)).body.version;
    await writer.settle();
    const left = new Set((await keysOf(id)).filter((key) => key.includes("/v/")).map((key) => key.split("/")[3]));
    expect([...left].sort()).toEqual([versions[2], next].sort());
  });

  it("DELETE removes the pointer, then every key of the current and previous versions", async () => {
    const isolate = new Isolate();
    const id = freshId();
    await isolate.put(id, BILLING);
    await isolate.put(id, MESSAGING);
    expect((await isolate.request("DELETE", `/v1/catalogs/${id}`)).status).toBe(200);
    expect(await serviceKv.get(`catalog/${id}/current`, "text")).toBeNull();
    await isolate.settle();
    expect(await keysOf(id)).toEqual([]);
  });
});

describe("publish by pointer", () => {
  it("a reader during a write sees the whole old catalog until the pointer flips, then the whole new one", async () => {
    const id = freshId();
    const { body: old } = await new Isolate().put(id, BILLING);
    const vectorPuts = new Gate();
    const catalogPut = new Gate();
    const pointerPut = new Gate();
    const writer = new Isolate(
      faultyEnv((operation, key) => {
        if (operation !== "put") return undefined;
        if (key.endsWith("/current")) return pointerPut.wait();
        if (key.endsWith("/catalog")) return catalogPut.wait();
        return vectorPuts.wait();
      }),
    );
    const writing = writer.put(id, MESSAGING);

    const reader = new Isolate();
    const seesOld = async () => {
      const selected = await reader.select(id, {
        query: "send a message, refund a charge",
        maxTools: 7,
        adaptive: false,
      });
      expect(selected.body.catalog.version).toBe(old.version);
      expect(selected.body.tools.length).toBeGreaterThan(0);
      expect(selected.body.tools.filter((name: string) => !billingNames.includes(name))).toEqual([]);
      const read = await new Isolate().get(id);
      expect(read.body.version).toBe(old.version);
      expect(read.body.catalog).toEqual(BILLING);
    };
    await vectorPuts.reached(1);
    await seesOld();
    vectorPuts.open();
    await catalogPut.reached(1);
    await seesOld();
    catalogPut.open();
    await pointerPut.reached(1);
    // Every key of the new version is written; nothing points at it yet.
    expect(new Set((await keysOf(id)).filter((key) => key.includes("/v/")).map((key) => key.split("/")[3])).size).toBe(
      2,
    );
    await seesOld();
    pointerPut.open();
    const { body: written } = await writing;

    const selected = await reader.select(id, {
      query: "send a message, refund a charge",
      maxTools: 7,
      adaptive: false,
    });
    expect(selected.body.catalog.version).toBe(written.version);
    expect(selected.body.tools.length).toBeGreaterThan(0);
    expect(selected.body.tools.filter((name: string) => !messagingNames.includes(name))).toEqual([]);
    expect((await new Isolate().get(id)).body.catalog).toEqual(MESSAGING);
  });

  it("a reader whose version was retired between its pointer read and its catalog read follows the pointer again", async () => {
    const id = freshId();
    const writer = new Isolate();
    await writer.put(id, BILLING);
    const held = new Gate();
    const reader = new Isolate(
      faultyEnv((operation, key) => (operation === "get" && key.endsWith("/catalog") ? held.wait() : undefined)),
    );
    const reading = reader.select(id, { query: "weather in Lisbon" });
    await held.reached(1); // the reader holds the first version's pointer
    pastReadGrace();
    await writer.put(id, BILLING.slice(0, 2));
    pastReadGrace();
    const { body: latest } = await writer.put(id, MESSAGING); // retires the first version
    await writer.settle();
    held.open();
    const answer = await reading;
    expect(answer.status).toBe(200);
    expect(answer.body.catalog.version).toBe(latest.version);
    expect(answer.body.tools[0]).toBe("weather_forecast");
  });

  it("a warm copy is served without reading KV for TOOLSIFT_RECHECK_SECONDS; with 0 every request reads the pointer", async () => {
    const id = freshId();
    await new Isolate().put(id, BILLING);
    const lazy = new Isolate(serviceEnv({ TOOLSIFT_RECHECK_SECONDS: "3600" }));
    const eager = new Isolate(serviceEnv({ TOOLSIFT_RECHECK_SECONDS: "0" }));
    const first = (await lazy.select(id, { query: "refund" })).body.catalog.version;
    await eager.select(id, { query: "refund" });
    const { body: next } = await new Isolate().put(id, MESSAGING);
    expect((await lazy.select(id, { query: "weather" })).body.catalog.version).toBe(first);
    expect((await eager.select(id, { query: "weather" })).body.catalog.version).toBe(next.version);
  });

  it("concurrent requests on a cold isolate load the version once", async () => {
    const id = freshId();
    await new Isolate().put(id, [...BILLING, ...MESSAGING]);
    let catalogReads = 0;
    const isolate = new Isolate(
      faultyEnv((operation, key) => void (operation === "get" && key.endsWith("/catalog") && catalogReads++)),
    );
    const answers = await Promise.all(
      ["refund", "weather", "slack", "invoice", "zoom"].map((query) => isolate.select(id, { query })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(catalogReads).toBe(1);
  });

  it("TOOLSIFT_SEED_DEMO publishes the bundled demo catalog once; after a DELETE it is not seeded again", async () => {
    const id = freshId("demo");
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_SEED_DEMO: id }));
    expect((await isolate.request("GET", "/health", { token: null })).status).toBe(200);
    const answer = await isolate.select(id, { query: "open a pull request for my branch" });
    expect(answer.body.tools[0]).toBe("github_create_pull_request");
    expect((await isolate.get(id)).body.tools).toBe(24);
    expect(await serviceKv.get(`seed/${id}`, "text")).not.toBeNull();
    await isolate.request("DELETE", `/v1/catalogs/${id}`);
    const later = new Isolate(serviceEnv({ TOOLSIFT_SEED_DEMO: id }));
    expect((await later.get(id)).body.error.code).toBe("CATALOG_NOT_FOUND");
  });
});

describe("KV read faults", () => {
  it.each(["throw", "hang"] as const)(
    "pointer reads that %s: a warm isolate answers from its copy and says so; a cold one answers 503",
    async (fault) => {
      const id = freshId();
      const isolate = new Isolate();
      const { body } = await isolate.put(id, BILLING);
      const broken = faultyEnv((operation) => (operation === "get" ? fault : undefined), {
        TOOLSIFT_KV_TIMEOUT_MS: "20",
      });
      const answer = await isolate.select(id, { query: "refund" }, {}, broken);
      expect(answer.status).toBe(200);
      expect(answer.body.tools[0]).toBe("stripe_create_refund");
      expect(answer.body.catalog.version).toBe(body.version);
      expect(answer.body.warnings).toEqual([
        { code: "CATALOG_STALE", message: expect.stringContaining(`copy of version ${body.version}`) },
      ]);
      if (fault === "hang") expect(answer.body.warnings[0].message).toContain("did not finish within 20 ms");

      const cold = await new Isolate(broken).select(id, { query: "refund" });
      expect(cold.status).toBe(503);
      expect(isDocumentedError(cold)).toBe(true);
      expect(cold.body.error.code).toBe("STORAGE_UNAVAILABLE");
      // GET has no warm copy of the catalog text: KV failing is a 503 there too.
      expect((await isolate.get(id, {}, broken)).body.error.code).toBe("STORAGE_UNAVAILABLE");
    },
  );

  it("stored vectors that cannot be read: the model embeds the tools again, and the answer says so", async () => {
    const id = freshId();
    await new Isolate().put(id, BILLING);
    const isolate = new Isolate(
      faultyEnv((operation, key) => (operation === "get" && key.includes("/embeddings/") ? "throw" : undefined)),
    );
    const answer = await isolate.select(id, { query: "refund the charge" });
    expect(answer.status).toBe(200);
    expect(answer.body.strategy).toBe("combined");
    expect(answer.body.tools[0]).toBe("stripe_create_refund");
    expect(answer.body.warnings).toEqual([
      { code: "EMBEDDINGS_UNAVAILABLE", message: expect.stringContaining("injected") },
    ]);
    // Only the request that loaded the catalog carries the warning.
    expect((await isolate.select(id, { query: "refund the charge" })).body.warnings).toBeUndefined();
  });

  it("stored vectors unreadable and the model failing: keyword ranking, reported as fallback", async () => {
    const id = freshId();
    await new Isolate().put(id, BILLING);
    const isolate = new Isolate(
      faultyEnv((operation, key) => (operation === "get" && key.includes("/embeddings/") ? "throw" : undefined)),
      { embeddingModel: () => failingEmbeddingModel({ modelId: "local-glove-100d-v2" }) },
    );
    const answer = await isolate.select(id, { query: "refund the charge" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ strategy: "keyword", fallback: "keyword", fallbackReason: "embedding-failed" });
    expect(answer.body.tools[0]).toBe("stripe_create_refund");
    expect(answer.body.warnings.map((warning: { code: string }) => warning.code)).toEqual(
      expect.arrayContaining(["EMBEDDINGS_UNAVAILABLE", "EMBEDDING_FAILED"]),
    );
  });

  it("a corrupt pointer is a 503, not a crash", async () => {
    const id = freshId();
    await serviceKv.put(`catalog/${id}/current`, "{corrupt");
    const answer = await new Isolate().select(id, { query: "refund" });
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe("STORAGE_UNAVAILABLE");
  });
});

describe("embedding provider faults", () => {
  it("a failing provider: the catalog is published (embeddings failed), selections rank by keywords and say so", async () => {
    const failing = failingEmbeddingModel();
    const isolate = new Isolate(serviceEnv(), { embeddingModel: () => failing });
    const id = freshId();
    const put = await isolate.put(id, BILLING);
    expect(put.status).toBe(201);
    expect(put.body.embeddings).toEqual({ model: "toolsift-test/failing", status: "failed", vectors: 0 });
    expect(put.body.warnings).toEqual([
      { code: "EMBEDDING_FAILED", message: expect.stringContaining("embedding provider unavailable") },
    ]);
    const answer = await isolate.select(id, { query: "refund the charge" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      strategy: "keyword",
      fallback: "keyword",
      warnings: [{ code: "EMBEDDING_FAILED", message: expect.any(String) }],
    });
    expect(answer.body.tools[0]).toBe("stripe_create_refund");
    // Another isolate loading it has no stored vectors and the same failing provider: keywords again.
    const other = await new Isolate(serviceEnv(), { embeddingModel: () => failing }).select(id, {
      query: "refund the charge",
    });
    expect(other.body).toMatchObject({ strategy: "keyword", fallback: "keyword" });
  });

  it("a provider that fails for queries only: that request falls back to keywords", async () => {
    const good = hashingEmbeddingModel({ dimensions: 32 });
    let failQueries = false;
    const flaky: typeof good = {
      ...good,
      doEmbed: (options) => (failQueries ? Promise.reject(new Error("rate limited")) : good.doEmbed(options)),
    };
    const isolate = new Isolate(serviceEnv(), { embeddingModel: () => flaky });
    const id = freshId();
    await isolate.put(id, BILLING);
    expect((await isolate.select(id, { query: "refund" })).body.strategy).toBe("combined");
    failQueries = true;
    const answer = await isolate.select(id, { query: "invoice the customer" });
    expect(answer.body).toMatchObject({ strategy: "keyword", fallback: "keyword" });
    expect(answer.body.tools[0]).toBe("stripe_create_invoice");
  });

  it("TOOLSIFT_EMBEDDING=none ranks by keywords, with no vectors stored", async () => {
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_EMBEDDING: "none" }));
    const id = freshId();
    expect((await isolate.put(id, BILLING)).body.embeddings).toEqual({ model: null, status: "none", vectors: 0 });
    expect((await keysOf(id)).some((key) => key.includes("/embeddings/"))).toBe(false);
    const answer = await isolate.select(id, { query: "refund" });
    expect(answer.body.strategy).toBe("keyword");
    expect(answer.body.fallback).toBeUndefined();
  });
});

describe("KV write faults", () => {
  it.each([
    ["the vector chunks", (key: string) => key.includes("/chunk/")],
    ["the vector manifest", (key: string) => key.endsWith("/manifest")],
    ["the catalog text", (key: string) => key.endsWith("/catalog")],
  ])(
    "a failed put of %s: 503, the previous version stays served and readable, the new keys are removed",
    async (_, matches) => {
      const id = freshId();
      const { body: old } = await new Isolate().put(id, BILLING);
      const writer = new Isolate(
        faultyEnv((operation, key) => (operation === "put" && matches(key) ? "throw" : undefined)),
      );
      await writer.select(id, { query: "refund" });
      const answer = await writer.put(id, MESSAGING);
      expect(answer.status).toBe(503);
      expect(isDocumentedError(answer)).toBe(true);
      expect(answer.body.error).toEqual({
        code: "STORAGE_UNAVAILABLE",
        message: expect.stringContaining("the previous version stays published"),
      });
      await writer.settle();
      expect((await pointerOf(id)).version).toBe(old.version);
      expect((await writer.select(id, { query: "refund" })).body.catalog.version).toBe(old.version);
      const read = await new Isolate().get(id);
      expect(read.body).toMatchObject({ version: old.version, catalog: BILLING });
      expect(new Set((await keysOf(id)).filter((key) => key.includes("/v/")).map((key) => key.split("/")[3]))).toEqual(
        new Set([old.version]),
      );
    },
  );

  it("a failed pointer put: 503, the previous version is served; the new keys stay (a late put may still land)", async () => {
    const id = freshId();
    const { body: old } = await new Isolate().put(id, BILLING);
    const writer = new Isolate(
      faultyEnv((operation, key) => (operation === "put" && key.endsWith("/current") ? "throw" : undefined)),
    );
    const answer = await writer.put(id, MESSAGING);
    expect(answer.body.error).toEqual({
      code: "STORAGE_UNAVAILABLE",
      message: expect.stringContaining("unless the write lands late"),
    });
    expect((await writer.select(id, { query: "refund" })).body.catalog.version).toBe(old.version);
    expect((await new Isolate().get(id)).body.catalog).toEqual(BILLING);
  });

  it("a pointer read that fails before a write: 503, nothing written", async () => {
    const id = freshId();
    await new Isolate().put(id, BILLING);
    const before = await keysOf(id);
    const answer = await new Isolate(
      faultyEnv((operation, key) => (operation === "get" && key.endsWith("/current") ? "throw" : undefined)),
    ).put(id, MESSAGING);
    expect(answer.body.error.code).toBe("STORAGE_UNAVAILABLE");
    expect(await keysOf(id)).toEqual(before);
  });

  it("retired keys that cannot be deleted: the write succeeds; the keys are left (and logged)", async () => {
    const id = freshId();
    const writer = new Isolate(faultyEnv((operation) => (operation === "delete" ? "throw" : undefined)));
    for (const catalog of [BILLING, MESSAGING, BILLING])
      expect((await writer.put(id, catalog)).status).toBeLessThan(300);
    await writer.settle();
    expect(new Set((await keysOf(id)).filter((key) => key.includes("/v/")).map((key) => key.split("/")[3])).size).toBe(
      3,
    );
  });

  it("a DELETE whose pointer delete fails: 503, and the catalog is still served", async () => {
    const id = freshId();
    await new Isolate().put(id, BILLING);
    const answer = await new Isolate(faultyEnv((operation) => (operation === "delete" ? "throw" : undefined))).request(
      "DELETE",
      `/v1/catalogs/${id}`,
    );
    expect(answer.body.error.code).toBe("STORAGE_UNAVAILABLE");
    expect((await new Isolate().select(id, { query: "refund" })).status).toBe(200);
  });

  it("readers never write KV", async () => {
    const id = freshId();
    await new Isolate().put(id, catalogOf({ a_tool: "does a thing" }));
    const writes: string[] = [];
    const reader = new Isolate(
      faultyEnv((operation, key) => void (operation !== "get" && writes.push(`${operation} ${key}`))),
    );
    await reader.select(id, { query: "thing" });
    await reader.get(id);
    await reader.settle();
    expect(writes).toEqual([]);
  });
});
