// TOOLSIFT_EMBEDDING=workers-ai:<model> in workerd: the real workers-ai-provider over a stand-in `AI` binding, vectors
// stored in the real KV and read back by a fresh isolate, ranking by the provider's vectors; bad settings named.

import { describe, expect, it } from "vitest";
import { catalogOf, freshId, isDocumentedError, Isolate, serviceEnv } from "./service-harness.js";
import { standInAi, type Concepts } from "./provider-ai-binding.js";

const MODEL = "@cf/baai/bge-base-en-v1.5";

/** Tools whose words share nothing with the queries below: only the provider's vectors connect them. */
const PAYMENTS = catalogOf({
  refund_payment: "Return money to a buyer.",
  create_invoice: "Draft a document requesting payment.",
  list_plans: "Show recurring subscriptions.",
});

const CONCEPTS: Concepts = [
  ["return money", "reverse a charge"],
  ["requesting payment", "ask them to settle up"],
  ["recurring subscriptions", "pricing tiers"],
];

function workersAiEnv(ai: ReturnType<typeof standInAi>, overrides: Parameters<typeof serviceEnv>[0] = {}) {
  return serviceEnv({ TOOLSIFT_EMBEDDING: `workers-ai:${MODEL}`, AI: ai, ...overrides });
}

describe("TOOLSIFT_EMBEDDING=workers-ai", () => {
  it("a PUT embeds each tool once through the binding and reports the pass", async () => {
    const ai = standInAi(CONCEPTS);
    const isolate = new Isolate(workersAiEnv(ai));
    const id = freshId("wai");
    const put = await isolate.put(id, PAYMENTS);
    expect(put.status).toBe(201);
    expect(ai.runs.every((run) => run.model === MODEL)).toBe(true);
    const embedded = ai.texts();
    expect(embedded).toHaveLength(3);
    for (const tool of PAYMENTS) expect(embedded.filter((text) => text.includes(tool.description))).toHaveLength(1);
    expect(put.body.embeddings).toMatchObject({ model: `workersai.embedding/${MODEL}`, status: "stored", vectors: 3 });
  });

  it("the PUT answer says what the embedding pass cost: tools embedded, cache hits, tokens (none from Workers AI)", async () => {
    const ai = standInAi(CONCEPTS);
    const isolate = new Isolate(workersAiEnv(ai));
    const id = freshId("wai");
    expect((await isolate.put(id, PAYMENTS)).body.embeddings).toMatchObject({
      embedded: 3,
      fromCache: 0,
      tokens: null,
    });
    const changed = PAYMENTS.map((tool, n) => (n === 2 ? { ...tool, description: "Show pricing tiers." } : tool));
    expect((await isolate.put(id, changed)).body.embeddings).toMatchObject({ embedded: 1, fromCache: 2, tokens: null });
    expect(ai.texts()).toHaveLength(4);
  });

  it("a second start of the service reads every vector from KV: the binding embeds only the queries", async () => {
    const ai = standInAi(CONCEPTS);
    const id = freshId("wai");
    expect((await new Isolate(workersAiEnv(ai)).put(id, PAYMENTS)).status).toBe(201);
    const toolTexts = ai.texts().length;
    expect(toolTexts).toBe(3);

    // A new service instance: no warm copies, no model state; the same KV and binding.
    const restarted = new Isolate(workersAiEnv(ai));
    const first = await restarted.select(id, { query: "reverse a charge" });
    expect(first.status).toBe(200);
    const second = await restarted.select(id, { query: "ask them to settle up" });
    expect(ai.texts().slice(toolTexts)).toEqual(["reverse a charge", "ask them to settle up"]);
    expect(first.body.tools[0]).toBe("refund_payment");
    expect(second.body.tools[0]).toBe("create_invoice");
  });

  it("ranks by the provider's vectors: queries sharing no word with any tool find the tool their meaning names", async () => {
    const ai = standInAi(CONCEPTS);
    const isolate = new Isolate(workersAiEnv(ai));
    const id = freshId("wai");
    await isolate.put(id, PAYMENTS);
    const expected: Record<string, string> = {
      "reverse a charge": "refund_payment",
      "ask them to settle up": "create_invoice",
      "pricing tiers": "list_plans",
    };
    for (const [query, tool] of Object.entries(expected)) {
      const { body } = await isolate.select(id, { query, maxTools: 1, explain: true });
      expect(body.fallback).toBeUndefined();
      expect(body.tools).toEqual([tool]);
      expect(body.results[0].keywordScore).toBe(0);
      expect(body.results[0].similarity).toBeGreaterThan(0.5);
    }
    // The same catalog ranked by keywords alone finds none of them.
    const keywords = new Isolate(serviceEnv({ TOOLSIFT_EMBEDDING: "none" }));
    const plain = freshId("kw");
    await keywords.put(plain, PAYMENTS);
    const { body } = await keywords.select(plain, { query: "reverse a charge", maxTools: 1 });
    expect(body.tools).not.toEqual(["refund_payment"]);
  });

  it("embeds a large catalog in requests of at most 100 texts (Workers AI's limit)", async () => {
    const ai = standInAi(CONCEPTS, 384);
    const isolate = new Isolate(workersAiEnv(ai));
    const catalog = catalogOf(
      Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`tool_${i}`, `Handle case number ${i}.`])),
    );
    const { status, body } = await isolate.put(freshId("wai"), catalog);
    expect(status).toBe(201);
    expect(ai.runs.map((run) => run.texts.length).sort((a, b) => b - a)).toEqual([100, 100, 50]);
    expect(body.embeddings).toMatchObject({ vectors: 250, status: "stored" });
  });

  it("GET /health names the provider's model", async () => {
    const isolate = new Isolate(workersAiEnv(standInAi(CONCEPTS)));
    const { body } = await isolate.request("GET", "/health", { token: null });
    expect(body.embedding).toBe(`workersai.embedding/${MODEL}`);
  });
});

describe("TOOLSIFT_EMBEDDING settings the service refuses", () => {
  const cases: [string, Parameters<typeof serviceEnv>[0], RegExp][] = [
    ["workers-ai without the AI binding", { TOOLSIFT_EMBEDDING: `workers-ai:${MODEL}` }, /binding named "AI".*\[ai\]/],
    ["workers-ai without a model", { TOOLSIFT_EMBEDDING: "workers-ai:", AI: standInAi([]) }, /names no model/],
    ["openai without the key", { TOOLSIFT_EMBEDDING: "openai:text-embedding-3-small" }, /OPENAI_API_KEY/],
    ["dimensions that are not an integer", { TOOLSIFT_EMBEDDING: "openai:m:1.5", OPENAI_API_KEY: "k" }, /"1\.5"/],
    ["an unknown scheme", { TOOLSIFT_EMBEDDING: "cohere:embed-v4" }, /"cohere:embed-v4"/],
  ];
  for (const [what, env, message] of cases) {
    it(`${what}: 500 INVALID_CONFIGURATION naming TOOLSIFT_EMBEDDING`, async () => {
      const answer = await new Isolate(serviceEnv(env)).request("GET", "/health", { token: null });
      expect(answer.status).toBe(500);
      expect(isDocumentedError(answer)).toBe(true);
      expect(answer.body.error.code).toBe("INVALID_CONFIGURATION");
      expect(answer.body.error.message).toMatch(/TOOLSIFT_EMBEDDING/);
      expect(answer.body.error.message).toMatch(message);
    });
  }
});
