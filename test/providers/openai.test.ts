// OpenAI embeddings through the real @ai-sdk/openai client against a local OpenAI-compatible server: batches of
// maxEmbeddingsPerCall with `dimensions`, a 429 retried after retry-after, a 401 reported with keyword fallback, a
// slow answer cut by embeddingTimeout, and what each embedding pass cost (tools embedded, tokens, cache hits).
import { createOpenAI } from "@ai-sdk/openai";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { memoryCache } from "../../src/storage/index.js";
import type { ToolDefinition } from "../../src/core/catalog.js";
import { createToolIndex, type ToolIndexOptions, type ToolsiftEvent } from "../../src/index.js";
import { saasCatalog } from "../api/saas-catalog.js";
import { startOpenAICompatibleServer, wordCount, type OpenAICompatibleServer } from "./openai-compatible-server.js";

let server: OpenAICompatibleServer | undefined;
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(async () => {
  warn.mockRestore();
  await server?.close();
  server = undefined;
});

function openaiEmbedding(baseURL: string) {
  return createOpenAI({ baseURL, apiKey: "test" }).embedding("text-embedding-3-small");
}

function recorder() {
  const events: ToolsiftEvent[] = [];
  return {
    onEvent: (event: ToolsiftEvent) => events.push(event),
    of: <T extends ToolsiftEvent["type"]>(type: T) =>
      events.filter((event): event is Extract<ToolsiftEvent, { type: T }> => event.type === type),
  };
}

function indexFor(catalog: readonly ToolDefinition[], options: ToolIndexOptions) {
  return createToolIndex(catalog, { embeddingModel: openaiEmbedding(server!.baseURL), ...options });
}

/** 5,000 tools: more than two of OpenAI's 2,048-input requests. */
const largeCatalog: ToolDefinition[] = Array.from({ length: 5000 }, (_, i) => ({
  name: `tool_${i}`,
  description: `Manage ${["invoices", "tickets", "customers", "deployments", "repositories"][i % 5]} of account ${i}.`,
}));

describe("OpenAI embeddings through @ai-sdk/openai", () => {
  it("embeds the catalog in batches of maxEmbeddingsPerCall (2,048), asking for the index's dimensions", async () => {
    server = await startOpenAICompatibleServer();
    const log = recorder();
    const index = indexFor(largeCatalog, { embedding: { dimensions: 64, maxParallelCalls: 2 }, onEvent: log.onEvent });
    await index.warmUp();

    const sizes = server.requests.map((request) => request.input.length);
    expect([...sizes].sort((a, b) => b - a)).toEqual([2048, 2048, 904]);
    expect(new Set(server.requests.flatMap((request) => request.input)).size).toBe(5000);
    for (const request of server.requests) {
      expect(request).toMatchObject({ model: "text-embedding-3-small", dimensions: 64, authorization: "Bearer test" });
    }
    expect(log.of("embeddings-ready")).toEqual([
      expect.objectContaining({ tools: 5000, dimensions: 64, embedded: 5000, fromCache: 0, reused: 0 }),
    ]);
    expect(log.of("embedding-failed")).toEqual([]);

    const { strategy, fallback } = await index.selectWithScores("manage the deployments of account 4321");
    expect(strategy).toBe("combined");
    expect(fallback).toBeUndefined();
    expect(server.requests).toHaveLength(4);
    expect(server.requests[3]).toMatchObject({ input: ["manage the deployments of account 4321"], dimensions: 64 });
  });

  it("retries a 429 after its retry-after header (maxRetries), and reports no failure", async () => {
    server = await startOpenAICompatibleServer((_, position) =>
      position === 0
        ? { kind: "error", status: 429, message: "Rate limit reached", headers: { "retry-after": "0" } }
        : { kind: "vectors" },
    );
    const log = recorder();
    await indexFor(saasCatalog, { embedding: { maxRetries: 1 }, onEvent: log.onEvent }).warmUp();
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1].input).toEqual(server.requests[0].input);
    expect(log.of("embedding-failed")).toEqual([]);
    expect(log.of("embeddings-ready")).toEqual([expect.objectContaining({ embedded: saasCatalog.length })]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("with maxRetries: 0 a 429 is not retried: reported as embedding-failed", async () => {
    server = await startOpenAICompatibleServer(() => ({
      kind: "error",
      status: 429,
      message: "Rate limit reached",
      headers: { "retry-after": "0" },
    }));
    const log = recorder();
    await indexFor(saasCatalog, { embedding: { maxRetries: 0 }, onEvent: log.onEvent }).warmUp();
    expect(server.requests).toHaveLength(1);
    expect(log.of("embedding-failed")).toEqual([expect.objectContaining({ stage: "catalog", fallback: "keyword" })]);
  });

  it("reports a 401 as embedding-failed, ranks by keywords, does not retry it, and warns once", async () => {
    server = await startOpenAICompatibleServer(() => ({
      kind: "error",
      status: 401,
      message: "Incorrect API key provided: test.",
    }));
    const log = recorder();
    const index = indexFor(saasCatalog, { embedding: { maxRetries: 2 }, onEvent: log.onEvent });
    const { tools, fallback } = await index.selectWithScores("refund the customer payment");
    expect(fallback).toBe("keyword");
    expect(tools[0]).toBe("stripe_refund_payment");
    expect(server.requests).toHaveLength(1);
    const [failed] = log.of("embedding-failed");
    expect(failed).toMatchObject({ stage: "catalog", fallback: "keyword" });
    expect(String((failed.error as Error).message)).toContain("Incorrect API key provided");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain("Incorrect API key provided");
  });

  it("cuts a slow answer with embedding.timeout, for the catalog and for the query", async () => {
    server = await startOpenAICompatibleServer(() => ({ kind: "hang" }));
    const log = recorder();
    const slowCatalog = indexFor(saasCatalog, {
      embedding: { timeout: 50 },
      onEvent: log.onEvent,
      runtime: { warnings: false },
    });
    expect((await slowCatalog.selectWithScores("refund the customer payment")).fallback).toBe("keyword");
    expect(log.of("embedding-failed")).toEqual([
      expect.objectContaining({
        stage: "catalog",
        error: expect.objectContaining({ code: "EMBEDDING_FAILED", message: expect.stringContaining("50 ms") }),
      }),
    ]);
    await server.close();

    server = await startOpenAICompatibleServer((request) =>
      request.input.length === 1 ? { kind: "hang" } : { kind: "vectors" },
    );
    // The catalog's vectors come from a cache filled without a bound, so only the query meets the 50 ms one (a loaded
    // machine may take longer than that to answer the catalog's request too).
    const cache = memoryCache();
    await indexFor(saasCatalog, { embedding: { cache } }).warmUp();
    const queryLog = recorder();
    const slowQuery = indexFor(saasCatalog, {
      embedding: { timeout: 50, cache },
      onEvent: queryLog.onEvent,
      runtime: { warnings: false },
    });
    const { tools, fallback } = await slowQuery.selectWithScores("refund the customer payment");
    expect(fallback).toBe("keyword");
    expect(tools[0]).toBe("stripe_refund_payment");
    expect(queryLog.of("embedding-failed")).toEqual([
      expect.objectContaining({ stage: "query", error: expect.objectContaining({ code: "EMBEDDING_FAILED" }) }),
    ]);
  });
});

describe("cost of each embedding pass (embeddings-ready)", () => {
  it("reports tools embedded, the tokens the provider reported and cache hits, for a cold and a warm start", async () => {
    server = await startOpenAICompatibleServer();
    const cache = memoryCache();
    const cold = recorder();
    await indexFor(saasCatalog, { embedding: { cache }, onEvent: cold.onEvent }).warmUp();
    const tokens = server.reportedTokens();
    expect(tokens).toBeGreaterThan(0);
    expect(cold.of("embeddings-ready")).toEqual([
      expect.objectContaining({ tools: saasCatalog.length, embedded: saasCatalog.length, fromCache: 0, tokens }),
    ]);

    const warm = recorder();
    const requestsBefore = server.requests.length;
    const index = indexFor(saasCatalog, { embedding: { cache }, onEvent: warm.onEvent });
    await index.warmUp();
    expect(server.requests).toHaveLength(requestsBefore);
    expect(warm.of("embeddings-ready")).toEqual([
      expect.objectContaining({ embedded: 0, fromCache: saasCatalog.length, tokens: 0 }),
    ]);

    // One changed description: exactly that tool is embedded, and its tokens are the pass's tokens.
    const changed = saasCatalog.map((tool, i) =>
      i === 0 ? { ...tool, description: "Open a pull request from a feature branch." } : tool,
    );
    await index.sync(changed);
    await index.warmUp();
    const last = server.requests.at(-1)!;
    expect(last.input).toHaveLength(1);
    expect(warm.of("embeddings-ready").at(-1)).toMatchObject({
      embedded: 1,
      reused: saasCatalog.length - 1,
      tokens: wordCount(last.input[0]),
    });
  });
});
