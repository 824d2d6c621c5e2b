// A query vector that is zero or not finite is a query embedding failure: reported, keyword fallback, never cached.
// Except a zero one from a model that embeds only the words it knows and says which (`knowsWord`, the local model),
// given none of them: a query-stage embedding-warning, keyword ranking for that call, not cached, no console warning,
// and onError "throw" does not throw for it.
import { describe, expect, it, vi } from "vitest";
import { createToolIndex, type ToolsiftEvent } from "../../src/index.js";
import { hashingEmbeddingModel } from "../../src/testing/index.js";
import { localEmbeddingModel } from "../../src/local/index.js";

const tools = {
  send_email: { description: "Send an email message" },
  get_weather: { description: "Get the weather forecast" },
  create_refund: { description: "Refund a charge" },
};

/**
 * Embeds tool texts as the hashing model does; every single-text call (a query) gets `poison` in each value. With
 * `knowsWord`, the model says which words it knows, as the local model does.
 */
function poisonedQueryModel(poison: number, knowsWord?: (word: string) => boolean) {
  const inner = hashingEmbeddingModel({ dimensions: 32 });
  const queries: string[] = [];
  const model = {
    ...inner,
    async doEmbed(options: Parameters<typeof inner.doEmbed>[0]) {
      const result = await inner.doEmbed(options);
      if (options.values.length !== 1) return result;
      queries.push(options.values[0]);
      return { ...result, embeddings: result.embeddings.map((vector) => vector.map(() => poison)) };
    },
    ...(knowsWord === undefined ? {} : { knowsWord }),
  } as typeof inner;
  return { model, queries };
}

describe("a zero or non-finite query vector", () => {
  it.each([
    [NaN, "combined", "float32"],
    [Infinity, "combined", "int8"],
    [0, "combined", "float32"],
    [NaN, "semantic", "int8"],
    [-Infinity, "semantic", "float32"],
    [0, "semantic", "int8"],
  ] as const)(
    "%s (%s, %s): embedding-failed, keyword fallback, asked again next call",
    async (poison, strategy, quantize) => {
      const events: ToolsiftEvent[] = [];
      const { model, queries } = poisonedQueryModel(poison);
      const index = createToolIndex(tools, {
        embeddingModel: model,
        strategy,
        embedding: { quantize, maxRetries: 0 },
        runtime: { warnings: false },
        onEvent: (event) => events.push(event),
      });
      await index.warmUp();
      for (let call = 0; call < 2; call++) {
        const selection = await index.selectWithScores("send an email");
        expect(selection.fallback).toBe("keyword");
        expect(selection.fallbackReason).toBe("embedding-failed");
        expect(selection.results[0]).toMatchObject({ name: "send_email" });
        for (const result of selection.results) expect(Number.isFinite(result.score)).toBe(true);
      }
      const failures = events.filter((event) => event.type === "embedding-failed");
      expect(failures).toEqual([
        expect.objectContaining({ stage: "query", fallback: "keyword" }),
        expect.objectContaining({ stage: "query", fallback: "keyword" }),
      ]);
      expect(failures[0]).toMatchObject({
        error: { code: "EMBEDDING_FAILED", message: expect.stringMatching(/query embedding is (zero|not finite)/) },
      });
      // Not cached: the second call asked the model again.
      expect(queries).toHaveLength(2);
      const explanation = await index.explain("send an email", "send_email");
      expect(explanation).toMatchObject({ strategy: "keyword", selected: true });
      expect(Number.isFinite(explanation.relevance)).toBe(true);
    },
  );

  it("a finite query vector is cached as before (the count above can tell)", async () => {
    const { model, queries } = poisonedQueryModel(0.5);
    const index = createToolIndex(tools, { embeddingModel: model, runtime: { warnings: false } });
    await index.select("send an email");
    await index.select("send an email");
    expect(queries).toHaveLength(1);
  });

  it.each([
    [NaN, "not finite"],
    [0, "zero"],
  ])('%s: rejects with EMBEDDING_FAILED with onError "throw"', async (poison, said) => {
    const { model } = poisonedQueryModel(poison);
    const index = createToolIndex(tools, { embeddingModel: model, onError: "throw" });
    await expect(index.select("send an email")).rejects.toMatchObject({
      code: "EMBEDDING_FAILED",
      message: expect.stringContaining(said),
    });
  });
});

describe("a zero query vector from a model that says which words it knows", () => {
  it.each([
    ["combined", "float32"],
    ["combined", "int8"],
    ["semantic", "float32"],
    ["semantic", "int8"],
  ] as const)(
    "(%s, %s): a query-stage embedding-warning, keyword ranking, asked again next call",
    async (strategy, quantize) => {
      const events: ToolsiftEvent[] = [];
      const { model, queries } = poisonedQueryModel(0, () => false);
      const index = createToolIndex(tools, {
        embeddingModel: model,
        strategy,
        embedding: { quantize },
        onError: "throw",
        runtime: { warnings: false },
        onEvent: (event) => events.push(event),
      });
      for (let call = 0; call < 2; call++) {
        const selection = await index.selectWithScores("send an email");
        expect(selection.fallback).toBe("keyword");
        expect(selection.fallbackReason).toBe("query-not-embedded");
        expect(selection.results[0]).toMatchObject({ name: "send_email" });
      }
      expect(events.filter((event) => event.type === "embedding-failed")).toEqual([]);
      expect(events.filter((event) => event.type === "embedding-warning")).toEqual([
        expect.objectContaining({
          stage: "query",
          rows: [],
          message: expect.stringMatching(/query embedding is zero/),
        }),
        expect.objectContaining({ stage: "query", rows: [] }),
      ]);
      expect(queries).toHaveLength(2);
    },
  );

  it("from the local model, for a query of no word it knows: no throw, no console warning, and the next known query is embedded", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const events: ToolsiftEvent[] = [];
      const index = createToolIndex(tools, {
        embeddingModel: localEmbeddingModel(),
        onError: "throw",
        onEvent: (event) => events.push(event),
      });
      const unknown = await index.selectWithScores("zqxj vbnmw");
      expect(unknown).toMatchObject({ fallback: "keyword", fallbackReason: "query-not-embedded" });
      expect(events.map((event) => event.type)).toContain("embedding-warning");
      const known = await index.selectWithScores("send an email");
      expect(known.fallback).toBeUndefined();
      expect(known.fallbackReason).toBeUndefined();
      expect(known.tools[0]).toBe("send_email");
      expect(warn).not.toHaveBeenCalled();
      expect(events.filter((event) => event.type === "embedding-failed")).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
