// The review's defects 3–7 and its nits, each as the answer a user sees (reproductions: review-worker.md, 2026-12-01).

import { afterEach, describe, expect, it, vi } from "vitest";
import { hashingEmbeddingModel } from "../../src/testing/index.js";
import { DEMO_TOOLS } from "../../src/demo/demo-catalog.js";
import { CATALOG_LIMIT_MAXIMUMS } from "../../src/core/catalog-limits.js";
import { buildCatalogIndex } from "../../src/worker/catalogs/catalog-index.js";
import { estimateUsageBytes } from "../../src/worker/catalogs/memory-estimate.js";
import { READ_GRACE_MS } from "../../src/worker/catalogs/version-retirement.js";
import { ScriptedKv } from "./scripted-kv.js";
import {
  BILLING,
  catalogOf,
  expectError,
  faultyKv,
  freshId,
  Isolate,
  learnEnv,
  LEARN_TOKEN,
  MESSAGING,
  serviceEnv,
  serviceKv,
} from "./service-harness.js";

afterEach(() => {
  vi.restoreAllMocks();
});

const SOCIAL = catalogOf({
  authenticate_twitter: "Log in to the Twitter account with a username and password.",
  post_tweet: "Post a tweet with text, tags and mentions.",
  weather_forecast: "Get the weather forecast for a city.",
});

/** One conversation calling `names` in turn after one user request. */
function conversation(names: string[]) {
  return [
    { role: "user", content: "Tweet that version 2 is out" },
    ...names.flatMap((toolName, n) => [
      { role: "assistant", content: [{ type: "tool-call", toolCallId: `c${n}`, toolName, input: {} }] },
      {
        role: "tool",
        content: [{ type: "tool-result", toolCallId: `c${n}`, toolName, output: { type: "text", value: "ok" } }],
      },
    ]),
  ];
}

describe("learn: calls the usage object could not learn", () => {
  it("are answered in learnt.skipped with a CALLS_SKIPPED warning naming the tools", async () => {
    const id = freshId("skip");
    // `a` holds version 1 for the hour; `b` publishes version 2 without authenticate_twitter and learns on it.
    const a = new Isolate(learnEnv({ TOOLSIFT_RECHECK_SECONDS: "3600" }));
    const b = new Isolate(learnEnv({ TOOLSIFT_RECHECK_SECONDS: "0" }));
    expect((await a.put(id, SOCIAL)).status).toBe(201);
    expect((await b.put(id, SOCIAL.slice(1))).status).toBe(200);
    const first = await b.learn(id, { messages: conversation(["post_tweet"]) }, { token: LEARN_TOKEN });
    expect(first.body.learnt).toEqual({ turns: 1, calls: 1 });
    expect(first.body.warnings).toBeUndefined();

    const calls = ["authenticate_twitter", "post_tweet", "authenticate_twitter"];
    const answer = await a.learn(id, { messages: conversation(calls) }, { token: LEARN_TOKEN });
    expect(answer.status).toBe(200);
    expect(answer.body.learnt).toEqual({ turns: 1, calls: 1, skipped: ["authenticate_twitter"] });
    const warning = answer.body.warnings.find((w: { code: string }) => w.code === "CALLS_SKIPPED");
    expect(warning.message).toContain('"authenticate_twitter"');
    expect(warning.message).toContain("2 calls were not learnt");
    expect(answer.body.totals).toEqual({ conversations: 2, turns: 2, calls: 2 });
    await a.settle();
    await b.settle();
  });
});

describe("GET /health and GET / touch no storage", () => {
  it("with TOOLSIFT_SEED_DEMO set, they make no KV call; the first catalog request seeds the demo", async () => {
    const calls: string[] = [];
    const kv = faultyKv((operation, key) => {
      calls.push(`${operation} ${key}`);
      return undefined;
    });
    const seed = freshId("seed");
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_KV: kv, TOOLSIFT_SEED_DEMO: seed }));
    const health = await isolate.request("GET", "/health", { token: null });
    expect(health.status).toBe(200);
    const root = await isolate.request("GET", "/", { token: null });
    expect(root.status).toBe(200);
    expect(calls).toEqual([]);

    const select = await isolate.select(seed, { query: "give the customer their money back" }, { token: null });
    expect(select.status, select.text).toBe(200);
    expect(select.body.catalog.id).toBe(seed);
    const demoNames = new Set(DEMO_TOOLS.map((tool) => (tool as { name: string }).name));
    expect(select.body.tools.length).toBeGreaterThan(0);
    for (const name of select.body.tools) expect(demoNames.has(name)).toBe(true);
    expect(calls.some((call) => call === `put seed/${seed}`)).toBe(true);
    await isolate.settle();
  });

  it("answer while KV hangs (no KV call to wait for)", async () => {
    const calls: string[] = [];
    const hanging = faultyKv((operation, key) => {
      calls.push(`${operation} ${key}`);
      return "hang";
    });
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_KV: hanging, TOOLSIFT_SEED_DEMO: freshId("seed") }));
    const health = await isolate.request("GET", "/health", { token: null });
    expect(health.status).toBe(200);
    expect(health.body.status).toBe("ok");
    expect(calls).toEqual([]);
  });

  it("read no token: a tsk_ token sent to them is not checked (README: checked on every /v1 route)", async () => {
    const isolate = new Isolate(serviceEnv());
    const bogus = "tsk_0000000000000000_not-a-live-token";
    expect((await isolate.request("GET", "/health", { token: bogus })).status).toBe(200);
    const id = freshId("tsk");
    await isolate.put(id, BILLING);
    expectError(await isolate.select(id, { query: "refund" }, { token: bogus }), "UNAUTHORIZED", "tsk_");
    await isolate.settle();
  });
});

describe("settings refused with INVALID_CONFIGURATION, naming the variable and the value", () => {
  async function refused(overrides: Record<string, unknown>, ...parts: string[]) {
    const answer = await new Isolate(serviceEnv(overrides)).request("GET", "/health", { token: null });
    expectError(answer, "INVALID_CONFIGURATION", ...parts);
    return answer;
  }

  it("TOOLSIFT_SEED_DEMO that is not a catalog id; nothing is written under it", async () => {
    const bad = `not an id/${crypto.randomUUID().slice(0, 6)}`;
    await refused({ TOOLSIFT_SEED_DEMO: bad }, "TOOLSIFT_SEED_DEMO", JSON.stringify(bad), "catalog id");
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_SEED_DEMO: bad }));
    expectError(await isolate.select("demo", { query: "x" }), "INVALID_CONFIGURATION", "TOOLSIFT_SEED_DEMO");
    expect((await serviceKv.list({ prefix: "catalog/not an id" })).keys).toEqual([]);
    expect((await serviceKv.list({ prefix: "seed/not an id" })).keys).toEqual([]);
  });

  it("numbers: only decimal digits; blank is the default", async () => {
    await refused({ TOOLSIFT_MAX_TOOLS: "0x10" }, "TOOLSIFT_MAX_TOOLS", '"0x10"');
    await refused({ TOOLSIFT_MAX_TOOLS: "1e3" }, "TOOLSIFT_MAX_TOOLS", '"1e3"');
    await refused({ TOOLSIFT_MAX_TOOLS: "+5" }, "TOOLSIFT_MAX_TOOLS", '"+5"');
    await refused({ TOOLSIFT_RECHECK_SECONDS: "5.0" }, "TOOLSIFT_RECHECK_SECONDS", '"5.0"');
    // "  " is unset, so the default recheck period (5 s): a second isolate's write is not seen at once.
    const id = freshId("blank");
    const reader = new Isolate(serviceEnv({ TOOLSIFT_RECHECK_SECONDS: "  ", TOOLSIFT_MAX_TOOLS: " 40 " }));
    const writer = new Isolate(serviceEnv());
    const first = await writer.put(id, BILLING);
    expect((await reader.select(id, { query: "refund" })).body.catalog.version).toBe(first.body.version);
    expect((await writer.put(id, BILLING.slice(0, 2))).status).toBe(200);
    expect((await reader.select(id, { query: "refund" })).body.catalog.version).toBe(first.body.version);
    await writer.settle();
  });

  it("TOOLSIFT_CORS_ORIGINS: each entry an origin exactly as browsers send it", async () => {
    await refused({ TOOLSIFT_CORS_ORIGINS: "example.com, https://b.test" }, "TOOLSIFT_CORS_ORIGINS", '"example.com"');
    await refused({ TOOLSIFT_CORS_ORIGINS: "https://b.test/" }, "TOOLSIFT_CORS_ORIGINS", '"https://b.test/"');
    await refused({ TOOLSIFT_CORS_ORIGINS: "https://b.test:443" }, '"https://b.test:443"', '"https://b.test"');
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_CORS_ORIGINS: " https://b.test , http://127.0.0.1:5173" }));
    for (const origin of ["https://b.test", "http://127.0.0.1:5173"]) {
      const answer = await isolate.request("GET", "/health", { token: null, headers: { Origin: origin } });
      expect(answer.headers.get("access-control-allow-origin")).toBe(origin);
    }
  });

  it("tokens that are blank or have whitespace around them (the value is not shown)", async () => {
    const secret = "s3cret-value";
    for (const variable of ["TOOLSIFT_ADMIN_TOKEN", "TOOLSIFT_READ_TOKEN", "TOOLSIFT_LEARN_TOKEN"]) {
      const newline = await refused({ [variable]: `${secret}\n` }, variable, "whitespace before or after it");
      expect(newline.text).not.toContain(secret);
      await refused({ [variable]: " " }, variable, "only whitespace");
    }
    // Empty is unset, as before: reads open.
    const open = new Isolate(serviceEnv({ TOOLSIFT_READ_TOKEN: "" }));
    const id = freshId("open");
    await open.put(id, BILLING);
    expect((await open.select(id, { query: "refund" }, { token: null })).status).toBe(200);
    await open.settle();
  });
});

describe("stored vectors of another embedding model", () => {
  it("loading them answers EMBEDDING_MODEL_CHANGED and logs it; a re-PUT stores the model's vectors", async () => {
    const warn = vi.spyOn(console, "warn");
    const id = freshId("model");
    const oldModel = hashingEmbeddingModel({ dimensions: 64, modelId: "old-model" });
    const newModel = hashingEmbeddingModel({ dimensions: 64, modelId: "new-model" });
    const writer = new Isolate(serviceEnv(), { embeddingModel: () => oldModel });
    expect((await writer.put(id, BILLING)).body.embeddings.model).toContain("old-model");

    const reader = new Isolate(serviceEnv(), { embeddingModel: () => newModel });
    const answer = await reader.select(id, { query: "refund" });
    expect(answer.status).toBe(200);
    const warning = answer.body.warnings.find((w: { code: string }) => w.code === "EMBEDDING_MODEL_CHANGED");
    expect(warning.message).toContain('/old-model"');
    expect(warning.message).toContain('/new-model"');
    expect(warning.message).toContain("PUT the catalog again");
    expect(warn.mock.calls.some((args) => String(args[0]).includes("EMBEDDING_MODEL_CHANGED"))).toBe(true);

    const rewriter = new Isolate(serviceEnv(), { embeddingModel: () => newModel });
    expect((await rewriter.put(id, BILLING)).body.embeddings.model).toContain("new-model");
    const fresh = new Isolate(serviceEnv(), { embeddingModel: () => newModel });
    const before = newModel.calls.flat().length;
    const again = await fresh.select(id, { query: "refund" });
    expect(again.body.warnings).toBeUndefined();
    expect(newModel.calls.flat().length - before).toBe(1); // the query only: the tools' vectors were read
    await writer.settle();
    await rewriter.settle();
  });
});

describe("EMBEDDING_MODEL_CHANGED on every answer from that version", () => {
  const modelChanged = (answer: { body: any }) =>
    (answer.body.warnings ?? []).filter((w: { code: string }) => w.code === "EMBEDDING_MODEL_CHANGED");

  /** A new catalog stored with "old-model" vectors by one isolate, and the "new-model" its readers are given. */
  async function storedWithOldModel(label: string, catalog: unknown, env: ReturnType<typeof serviceEnv>) {
    const id = freshId(label);
    const oldModel = hashingEmbeddingModel({ dimensions: 64, modelId: "old-model" });
    const writer = new Isolate(env, { embeddingModel: () => oldModel });
    expect((await writer.put(id, catalog)).status).toBe(201);
    return { id, writer, newModel: hashingEmbeddingModel({ dimensions: 64, modelId: "new-model" }) };
  }

  it("warm requests after the load carry it too (select, MCP search, learn), logged once; gone once re-PUT", async () => {
    const warn = vi.spyOn(console, "warn");
    const { id, newModel, writer } = await storedWithOldModel("model-warm", SOCIAL, learnEnv());

    // Warm for the hour: the later requests are answered from the copy the first one loaded, pointer unread.
    const reader = new Isolate(learnEnv({ TOOLSIFT_RECHECK_SECONDS: "3600" }), { embeddingModel: () => newModel });
    const first = modelChanged(await reader.select(id, { query: "post a tweet" }));
    expect(first).toHaveLength(1);
    expect(first[0].message).toContain("PUT the catalog again");
    const embedded = newModel.calls.flat().length;
    for (const query of ["weather in Oslo", "log in to twitter"]) {
      expect(modelChanged(await reader.select(id, { query }))).toEqual(first);
    }
    expect(newModel.calls.flat().length - embedded).toBe(2); // the two queries: no reload, the copy was warm
    const mcp = await reader.request("POST", `/v1/catalogs/${id}/mcp`, {
      body: {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "search_tools", arguments: { query: "post a tweet" } },
      },
      headers: { Accept: "application/json, text/event-stream" },
    });
    expect(mcp.body.result.structuredContent.warnings).toEqual(first);
    const learnt = await reader.learn(id, { messages: conversation(["post_tweet"]) }, { token: LEARN_TOKEN });
    expect(learnt.status).toBe(200);
    expect(modelChanged(learnt)).toEqual(first);
    // Logged when the version loaded, not on every answer.
    const logged = warn.mock.calls.filter((args) => String(args[0]).includes(`catalog "${id}"`));
    expect(logged).toHaveLength(1);

    // A PUT with the configured model stores its vectors: the new version carries no warning.
    const rewriter = new Isolate(learnEnv(), { embeddingModel: () => newModel });
    expect((await rewriter.put(id, SOCIAL)).status).toBe(200);
    const rechecking = new Isolate(learnEnv(), { embeddingModel: () => newModel });
    expect((await rechecking.select(id, { query: "post a tweet" })).body.warnings).toBeUndefined();
    expect((await rechecking.select(id, { query: "post a tweet" })).body.warnings).toBeUndefined();
    await writer.settle();
    await rewriter.settle();
  });

  it("a CATALOG_STALE answer from the warm copy carries it as well", async () => {
    const { id, newModel, writer } = await storedWithOldModel("model-stale", BILLING, serviceEnv());
    let failing = false;
    const kv = faultyKv((operation) => (failing && operation === "get" ? "throw" : undefined));
    const reader = new Isolate(serviceEnv({ TOOLSIFT_KV: kv }), { embeddingModel: () => newModel });
    const first = modelChanged(await reader.select(id, { query: "refund" }));
    expect(first).toHaveLength(1);
    failing = true;
    const stale = await reader.select(id, { query: "refund" });
    expect(stale.status).toBe(200);
    expect(stale.body.warnings.map((w: { code: string }) => w.code).sort()).toEqual([
      "CATALOG_STALE",
      "EMBEDDING_MODEL_CHANGED",
    ]);
    expect(modelChanged(stale)).toEqual(first);
    await writer.settle();
  });
});

describe("nits", () => {
  it("500 INTERNAL carries no internal detail; the detail is logged", async () => {
    const error = vi.spyOn(console, "error");
    const id = freshId("bad");
    const version = "zz-1";
    await serviceKv.put(`catalog/${id}/v/${version}/catalog`, "{not json");
    const pointer = { format: 1, version, tools: 1, updatedAt: new Date().toISOString() };
    await serviceKv.put(
      `catalog/${id}/current`,
      JSON.stringify({ ...pointer, embeddings: { model: null, status: "none", vectors: 0 } }),
    );
    const answer = await new Isolate().select(id, { query: "x" });
    expectError(answer, "INTERNAL", "could not be indexed", "the error is logged");
    expect(answer.body.error.message).not.toMatch(/JSON|position|property/);
    const logged = error.mock.calls.map((args) => args.map(String).join(" "));
    expect(logged.some((line) => line.includes("could not be indexed") && /JSON/.test(line))).toBe(true);
  });

  it("GET /v1/tokens: a cursor the service did not give is 400; its own cursors page through", async () => {
    const isolate = new Isolate(serviceEnv());
    for (const cursor of ["not-a-cursor", "c1.", "c1.%%%"]) {
      const answer = await isolate.request("GET", `/v1/tokens?cursor=${encodeURIComponent(cursor)}`);
      expectError(answer, "INVALID_REQUEST", "cursor", JSON.stringify(cursor));
    }
    const created = new Set<string>();
    for (let n = 0; n < 101; n++) {
      const answer = await isolate.request("POST", "/v1/tokens", { body: { catalogs: ["page-*"], access: "read" } });
      created.add(answer.body.id);
    }
    const listed = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      const query = cursor === undefined ? "" : `?cursor=${encodeURIComponent(cursor)}`;
      const page = await isolate.request("GET", `/v1/tokens${query}`);
      expect(page.status, page.text).toBe(200);
      for (const token of page.body.tokens) listed.add(token.id);
      cursor = page.body.cursor;
      pages++;
    } while (cursor !== undefined);
    expect(pages).toBeGreaterThan(1);
    for (const id of created) expect(listed.has(id)).toBe(true);
  });
});

describe("TOOLSIFT_WARM_BYTES counts learnt usage", () => {
  /** One conversation of `turns` user turns, each of 8 words of its own and a call of one of `tools`. */
  function wordyConversation(tools: readonly { name: string }[], turns: number) {
    return Array.from({ length: turns }, (_, turn) => {
      const toolName = tools[turn % tools.length].name;
      const words = Array.from({ length: 8 }, (_, w) => `word${turn}x${w}`).join(" ");
      return [
        { role: "user", content: words },
        { role: "assistant", content: [{ type: "tool-call", toolCallId: `c${turn}`, toolName, input: {} }] },
        {
          role: "tool",
          content: [{ type: "tool-result", toolCallId: `c${turn}`, toolName, output: { type: "text", value: "ok" } }],
        },
      ];
    }).flat();
  }

  it("a catalog's installed usage takes room: past the budget the other warm catalog is dropped", async () => {
    const variables = { TOOLSIFT_EMBEDDING: "none" };
    const writer = new Isolate(learnEnv(variables));
    const [learnt, other] = [freshId("usage-mem"), freshId("usage-mem")];
    expect((await writer.put(learnt, BILLING)).status).toBe(201);
    expect((await writer.put(other, SOCIAL)).status).toBe(201);
    const taught = await writer.learn(learnt, { messages: wordyConversation(BILLING, 300) }, { token: LEARN_TOKEN });
    expect(taught.body.learnt.calls).toBe(300);
    const snapshot = JSON.stringify((await writer.usage(learnt)).body.usage);
    const usageBytes = estimateUsageBytes(snapshot.length);
    const limits = CATALOG_LIMIT_MAXIMUMS;
    const indexes = (await buildCatalogIndex(BILLING, undefined, undefined, limits)).bytes;
    const others = (await buildCatalogIndex(SOCIAL, undefined, undefined, limits)).bytes;
    expect(usageBytes).toBeGreaterThan(indexes + others); // the usage is what decides, not the rounding

    /** Selects the learnt catalog, the other, the learnt one again; answers the catalogs loaded from KV. */
    async function selectInTurn(budget: number): Promise<string[]> {
      const loads: string[] = [];
      const kv = faultyKv((operation, key) => {
        if (operation === "get" && key.endsWith("/catalog")) loads.push(key.split("/")[1]);
        return undefined;
      });
      const isolate = new Isolate(learnEnv({ ...variables, TOOLSIFT_KV: kv, TOOLSIFT_WARM_BYTES: String(budget) }));
      for (const [id, query, first] of [
        [learnt, "refund the stripe charge", "stripe_create_refund"],
        [other, "post a tweet", "post_tweet"],
        [learnt, "refund the stripe charge", "stripe_create_refund"],
      ]) {
        const answer = await isolate.select(id, { query, maxTools: 1 });
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body.tools).toEqual([first]);
      }
      return loads;
    }
    // Room for both indexes and half the usage: the learnt catalog is dropped when the other is answered.
    expect(await selectInTurn(indexes + others + usageBytes / 2)).toEqual([learnt, other, learnt]);
    // Room for both indexes and the usage twice over: both stay warm.
    expect(await selectInTurn(indexes + others + usageBytes * 2)).toEqual([learnt, other]);
    await writer.settle();
  });
});

describe("DELETE after a stale pointer read stops learning on the version it unpublished", () => {
  it("a learn request checked against the newer version is refused; the re-created catalog starts at zero", async () => {
    const id = freshId("del");
    const kvA = new ScriptedKv();
    const a = new Isolate(learnEnv({ TOOLSIFT_KV: kvA.binding, TOOLSIFT_RECHECK_SECONDS: "0" }));
    const b = new Isolate(learnEnv({ TOOLSIFT_RECHECK_SECONDS: "3600" }));
    const v1 = await a.put(id, SOCIAL);
    const staleText = (await serviceKv.get(`catalog/${id}/current`, "text"))!;
    const v2 = await b.put(id, SOCIAL.slice().reverse());
    expect(v2.body.previousVersion).toBe(v1.body.version);
    kvA.stale(`catalog/${id}/current`, staleText); // A's KV still answers version 1's pointer
    await new Promise((resolve) => setTimeout(resolve, 5)); // the DELETE comes later than version 2's publication
    const deleted = await a.request("DELETE", `/v1/catalogs/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.version).toBe(v1.body.version); // what A could know
    expect(deleted.body.warnings).toBeUndefined();
    expect(await serviceKv.get(`catalog/${id}/current`, "text")).toBeNull(); // version 2's pointer is gone too

    // B still holds version 2 for the hour: its learn request is checked against it, and refused.
    const learnt = await b.learn(
      id,
      { messages: conversation(["authenticate_twitter", "post_tweet"]) },
      { token: LEARN_TOKEN },
    );
    expectError(learnt, "CATALOG_NOT_FOUND", v2.body.version, "was deleted");

    const c = new Isolate(learnEnv());
    expect((await c.put(id, SOCIAL)).status).toBe(201);
    const usage = await c.usage(id);
    expect(usage.body.totals).toEqual({ conversations: 0, turns: 0, calls: 0 });
    // The re-created catalog learns.
    const fresh = await c.learn(id, { messages: conversation(["post_tweet"]) }, { token: LEARN_TOKEN });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.totals).toEqual({ conversations: 1, turns: 1, calls: 1 });
    for (const isolate of [a, b, c]) await isolate.settle();
  });
});

describe("two PUTs from two isolates: the older-stamped pointer reaches KV last", () => {
  const isPointer = (key: string) => key.endsWith("/current");

  it("within the read grace the writer keeps its own version; past it, every isolate answers KV's", async () => {
    const id = freshId("race");
    const kvB = new ScriptedKv();
    const a = new Isolate(serviceEnv({ TOOLSIFT_RECHECK_SECONDS: "0" }));
    const b = new Isolate(serviceEnv({ TOOLSIFT_KV: kvB.binding, TOOLSIFT_RECHECK_SECONDS: "0" }));
    await a.put(id, BILLING);
    const held = kvB.hold((operation, key) => operation === "put" && isPointer(key));
    const putB = b.put(id, MESSAGING); // stamped first, its pointer put held
    await held.reached();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const putA = await a.put(id, BILLING.slice(0, 2)); // stamped later, reaches KV first
    held.release();
    const answerB = await putB;
    expect(Date.parse(putA.body.updatedAt)).toBeGreaterThan(Date.parse(answerB.body.updatedAt));
    const inKv = JSON.parse((await serviceKv.get(`catalog/${id}/current`, "text"))!);
    expect(inKv.version).toBe(answerB.body.version); // KV keeps the last write to arrive
    const c = new Isolate(serviceEnv({ TOOLSIFT_RECHECK_SECONDS: "0" }));
    const answers = async () => [
      (await a.get(id)).body.version,
      (await a.select(id, { query: "refund" })).body.catalog.version,
      (await b.get(id)).body.version,
      (await c.get(id)).body.version,
      (await c.select(id, { query: "refund" })).body.catalog.version,
    ];
    // Within the read grace, A answers its acknowledged write (read-your-writes; KV may be stale for A).
    const [versionA, versionB] = [putA.body.version, answerB.body.version];
    expect(await answers()).toEqual([versionA, versionA, versionB, versionB, versionB]);

    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + READ_GRACE_MS + 1_000);
      // KV still answers B's pointer past the grace: it is KV's last write, and A follows it, for good.
      for (let round = 0; round < 2; round++) expect(await answers()).toEqual(Array(5).fill(versionB));
    } finally {
      vi.useRealTimers();
    }
    expect(await answers()).toEqual(Array(5).fill(versionB)); // never back to its own
    await a.settle();
    await b.settle();
  });
});
