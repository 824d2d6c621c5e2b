// TOOLSIFT_EMBEDDING=openai:<model>[:<dims>] in the selection service, run in Node (createService().fetch over an
// in-memory KV): the real @ai-sdk/openai client against a local OpenAI-compatible server on 127.0.0.1.
import type { ServiceEventHandler } from "../../src/worker/service.js";
import { createOpenAI } from "@ai-sdk/openai";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { memoryCache } from "../../src/storage/index.js";
import { CATALOG_LIMIT_MAXIMUMS } from "../../src/core/catalog-limits.js";
import type { ToolsiftEvent } from "../../src/events.js";
import { buildCatalogIndex } from "../../src/worker/catalogs/catalog-index.js";
import type { ServiceEnv } from "../../src/worker/http/env.js";
import { openaiEmbeddingModel } from "../../src/worker/embedding/provider-openai.js";
import { createService } from "../../src/worker/index.js";
import { startOpenAICompatibleServer, wordCount, type OpenAICompatibleServer } from "./openai-compatible-server.js";
import { memoryKv, type MemoryKv } from "./provider-memory-kv.js";

const TOKEN = "admin-token";
const CATALOG = [
  { name: "stripe_create_refund", description: "Refund a Stripe charge or payment, fully or partly." },
  { name: "stripe_create_invoice", description: "Draft and send a Stripe invoice to a customer." },
  { name: "slack_post_message", description: "Post a message to a Slack channel or thread." },
  { name: "weather_forecast", description: "Get the weather forecast for a city." },
];

let server: OpenAICompatibleServer | undefined;
let logs: MockInstance[] = [];
beforeEach(() => {
  logs = [
    vi.spyOn(console, "warn").mockImplementation(() => {}),
    vi.spyOn(console, "error").mockImplementation(() => {}),
  ];
});
afterEach(async () => {
  for (const log of logs) log.mockRestore();
  await server?.close();
  server = undefined;
});

/** One service instance (an isolate's state) over `kv`, driven through its `fetch`. */
function isolate(kv: MemoryKv, setting: string, key = "sk-test", onEvent?: ServiceEventHandler) {
  const service = createService(onEvent === undefined ? {} : { onEvent });
  const env = {
    TOOLSIFT_KV: kv,
    TOOLSIFT_ADMIN_TOKEN: TOKEN,
    TOOLSIFT_RECHECK_SECONDS: "0",
    TOOLSIFT_EMBEDDING: setting,
    OPENAI_API_KEY: key,
    TOOLSIFT_OPENAI_BASE_URL: server!.baseURL,
  } as ServiceEnv;
  const pending: Promise<unknown>[] = [];
  const call = async (method: string, path: string, body?: unknown) => {
    const request = new Request(`http://toolsift.test${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${TOKEN}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const response = await service.fetch(request, env, { waitUntil: (promise) => void pending.push(promise) });
    return { status: response.status, body: (await response.json()) as any };
  };
  return {
    put: (id: string, catalog: unknown) => call("PUT", `/v1/catalogs/${id}`, catalog),
    select: (id: string, body: unknown) => call("POST", `/v1/catalogs/${id}/select`, body),
    health: () => call("GET", "/health"),
  };
}

describe("TOOLSIFT_EMBEDDING=openai in the service (Node, @ai-sdk/openai)", () => {
  it("a PUT embeds each tool once with the key, model and dimensions; a restart embeds only the query", async () => {
    server = await startOpenAICompatibleServer();
    const kv = memoryKv();
    const writer = isolate(kv, "openai:text-embedding-3-small:64");
    const put = await writer.put("billing", CATALOG);
    expect(put.status).toBe(201);
    expect(server.requests.flatMap((request) => request.input)).toHaveLength(CATALOG.length);
    for (const request of server.requests) {
      expect(request).toMatchObject({
        model: "text-embedding-3-small",
        dimensions: 64,
        authorization: "Bearer sk-test",
      });
    }
    const tokens = server.reportedTokens();
    expect(tokens).toBeGreaterThan(0);
    expect(put.body.embeddings).toMatchObject({
      model: "openai.embedding/text-embedding-3-small",
      status: "stored",
      vectors: CATALOG.length,
    });

    // A second start: a new service instance on the same KV reads every vector; only the query is embedded.
    const requestsBefore = server.requests.length;
    const reader = isolate(kv, "openai:text-embedding-3-small:64");
    const { status, body } = await reader.select("billing", { query: "refund the stripe payment" });
    expect(status).toBe(200);
    expect(body.strategy).toBe("combined");
    expect(body.fallback).toBeUndefined();
    expect(body.tools[0]).toBe("stripe_create_refund");
    expect(server.requests.slice(requestsBefore).map((request) => request.input)).toEqual([
      ["refund the stripe payment"],
    ]);
  });

  it("a replacing PUT embeds only the changed tool, asking no dimensions when the setting names none", async () => {
    server = await startOpenAICompatibleServer();
    const kv = memoryKv();
    const service = isolate(kv, "openai:text-embedding-3-small");
    await service.put("billing", CATALOG);
    const before = server.requests.length;
    const changed = CATALOG.map((tool, i) =>
      i === 1 ? { ...tool, description: "Bill a customer for an order." } : tool,
    );
    const put = await service.put("billing", changed);
    expect(put.status).toBe(200);
    const embedded = server.requests.slice(before).flatMap((request) => request.input);
    expect(embedded).toHaveLength(1);
    expect(embedded[0]).toContain("Bill a customer for an order.");
    // No dimensions in the setting: none asked of the API (the model's own, 16 on this server).
    expect(server.requests.every((request) => request.dimensions === undefined)).toBe(true);
  });

  it("the PUT answer says what each embedding pass cost: tools embedded, cache hits, the tokens reported", async () => {
    server = await startOpenAICompatibleServer();
    const service = isolate(memoryKv(), "openai:text-embedding-3-small");
    const first = await service.put("billing", CATALOG);
    expect(first.body.embeddings).toMatchObject({
      embedded: CATALOG.length,
      fromCache: 0,
      tokens: server.reportedTokens(),
    });
    const before = server.requests.length;
    const changed = CATALOG.map((tool, i) =>
      i === 1 ? { ...tool, description: "Bill a customer for an order." } : tool,
    );
    const second = await service.put("billing", changed);
    const [text] = server.requests.slice(before).flatMap((request) => request.input);
    expect(second.body.embeddings).toMatchObject({
      embedded: 1,
      fromCache: CATALOG.length - 1,
      tokens: wordCount(text),
    });
  });

  it("a catalog build reports its pass to onEvent and in its result: embedded, cache hits, tokens", async () => {
    server = await startOpenAICompatibleServer();
    const model = openaiEmbeddingModel({ model: "text-embedding-3-small", apiKey: "k", baseURL: server.baseURL });
    const events: ToolsiftEvent[] = [];
    const cache = memoryCache();
    const cold = await buildCatalogIndex(CATALOG, model, cache, CATALOG_LIMIT_MAXIMUMS, (event) => events.push(event));
    const tokens = server.reportedTokens();
    expect(cold.embedding).toEqual({ embedded: CATALOG.length, fromCache: 0, tokens, dimensions: 16 });
    expect(events.filter((event) => event.type === "embeddings-ready")).toEqual([
      expect.objectContaining({ embedded: CATALOG.length, fromCache: 0, tokens }),
    ]);
    const warm = await buildCatalogIndex(CATALOG, model, cache, CATALOG_LIMIT_MAXIMUMS);
    expect(warm.embedding).toEqual({ embedded: 0, fromCache: CATALOG.length, tokens: 0, dimensions: 16 });
    expect(server.reportedTokens()).toBe(tokens);
  });

  it("createService({ onEvent }) sees each index's events with its catalog id: the PUT's pass, a restart's", async () => {
    server = await startOpenAICompatibleServer();
    const kv = memoryKv();
    const seen: { type: string; id: string; embedded?: number; fromCache?: number }[] = [];
    const record: ServiceEventHandler = (event, catalog) => {
      if (event.type !== "embeddings-ready") return void seen.push({ type: event.type, id: catalog.id });
      seen.push({ type: event.type, id: catalog.id, embedded: event.embedded, fromCache: event.fromCache });
    };
    await isolate(kv, "openai:text-embedding-3-small", "sk-test", record).put("billing", CATALOG);
    expect(seen).toEqual([{ type: "embeddings-ready", id: "billing", embedded: CATALOG.length, fromCache: 0 }]);
    seen.length = 0;
    // Another isolate loads the version from KV: every vector from the store, none embedded.
    const reader = isolate(kv, "openai:text-embedding-3-small", "sk-test", record);
    expect((await reader.select("billing", { query: "refund the stripe payment" })).status).toBe(200);
    expect(seen.filter((event) => event.type === "embeddings-ready")).toEqual([
      { type: "embeddings-ready", id: "billing", embedded: 0, fromCache: CATALOG.length },
    ]);
  });

  it("createService refuses an onEvent that is not a function, naming it", () => {
    expect(() => createService({ onEvent: "log" as never })).toThrow(/onEvent/);
  });

  it("a 401 publishes the catalog with embeddings failed and ranks by keywords, saying so", async () => {
    server = await startOpenAICompatibleServer(() => ({ kind: "error", status: 401, message: "Incorrect API key." }));
    const service = isolate(memoryKv(), "openai:text-embedding-3-small", "sk-wrong");
    const put = await service.put("billing", CATALOG);
    expect(put.status).toBe(201);
    expect(put.body.embeddings).toMatchObject({ status: "failed" });
    expect(put.body.warnings).toEqual([
      expect.objectContaining({ code: "EMBEDDING_FAILED", message: expect.stringContaining("Incorrect API key") }),
    ]);
    const { body } = await service.select("billing", { query: "refund the stripe payment" });
    expect(body.fallback).toBe("keyword");
    expect(body.tools[0]).toBe("stripe_create_refund");
    expect(body.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: "EMBEDDING_FAILED" })]));
  });

  it("GET /health names the model as @ai-sdk/openai does, never the key", async () => {
    server = await startOpenAICompatibleServer();
    const { body } = await isolate(memoryKv(), "openai:text-embedding-3-small:256").health();
    const real = createOpenAI({ apiKey: "sk-test" }).embedding("text-embedding-3-small");
    expect(body.embedding).toBe(`${real.provider}/${real.modelId}`);
    expect(JSON.stringify(body)).not.toContain("sk-test");
    expect(server.requests).toEqual([]);
  });
});
