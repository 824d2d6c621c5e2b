// LLM reranking and description enrichment (MockLanguageModelV4 answering JSON), failing soft; evalToolIndex.
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { memoryTextCache } from "../../src/cache/text-cache.js";
import { evalToolIndex } from "../../src/eval/index.js";
import { createToolIndex, type ToolsiftEvent } from "../../src/index.js";
import { saasCatalog } from "../api/saas-catalog.js";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model that answers every call with `answer(prompt text)` as JSON text, recording prompts. */
function jsonModel(answer: (prompt: string) => unknown) {
  const prompts: string[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      const parts: unknown[] = prompt.flatMap((message): unknown[] =>
        Array.isArray(message.content) ? [...message.content] : [],
      );
      const text = parts
        .map((part) =>
          typeof part === "object" && part !== null && "text" in part ? String((part as { text: unknown }).text) : "",
        )
        .join("\n");
      prompts.push(text);
      return {
        content: [{ type: "text", text: JSON.stringify(answer(text)) }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
  return { model, prompts };
}

const failing = () => new MockLanguageModelV4({ doGenerate: async () => Promise.reject(new Error("model down")) });

describe("rerankerModel", () => {
  it("orders the candidates as the model says, then the rest", async () => {
    const { model, prompts } = jsonModel(() => ({ tools: ["twilio_send_sms", "send_email"] }));
    const index = createToolIndex(saasCatalog, { rerankerModel: model });
    const { results } = await index.selectWithScores("send a message", { maxTools: 3 });
    expect(results.slice(0, 2).map((result) => result.name)).toEqual(["twilio_send_sms", "send_email"]);
    expect(results).toHaveLength(3);
    expect(results[0].reranked).toBe(true);
    expect(prompts[0]).toContain("send a message");
    expect(prompts[0]).toContain("slack_post_message");
  });

  it("drops unknown names, counts a repeated name once, and keeps the tools it left out in ranked order", async () => {
    // The unreranked candidate pool for maxTools 3 is max(3 × 3, 3 + 5) = 9 tools.
    const ranked = (
      await createToolIndex(saasCatalog).selectWithScores("send a message", { maxTools: 9, adaptive: false })
    ).tools;
    expect(ranked.length).toBeGreaterThanOrEqual(3);
    const named = [ranked[2], ranked[0]];
    const { model, prompts } = jsonModel(() => ({
      tools: ["no_such_tool", named[0], named[0], "another_unknown", named[1]],
    }));
    const index = createToolIndex(saasCatalog, { rerankerModel: model });
    const { tools, results } = await index.selectWithScores("send a message", { maxTools: 3 });
    const rest = ranked.filter((name) => !named.includes(name));
    expect(tools).toEqual([...named, ...rest].slice(0, 3));
    expect(results.map((result) => result.reranked)).toEqual([true, true, true]);
    expect(prompts[0]).toContain("Tools you leave out are kept");
    expect(prompts[0]).not.toMatch(/leave out tools that do not help/i);
  });

  it("keeps the ranked order when the model names no candidate", async () => {
    const plain = await createToolIndex(saasCatalog).select("send a message", { maxTools: 3, adaptive: false });
    const { model } = jsonModel(() => ({ tools: ["no_such_tool"] }));
    const index = createToolIndex(saasCatalog, { rerankerModel: model });
    expect(await index.select("send a message", { maxTools: 3, adaptive: false })).toEqual(plain);
  });

  it("explain runs the selection select runs, the reranker included", async () => {
    const plain = (
      await createToolIndex(saasCatalog).selectWithScores("send a message", {
        maxTools: 9,
        adaptive: false,
        minRelevance: 0,
      })
    ).tools;
    expect(plain.length).toBeGreaterThanOrEqual(3);
    // The model puts the unreranked first tool last: with maxTools 2 the selection cuts it.
    const { model, prompts } = jsonModel(() => ({ tools: [...plain.slice(1), plain[0]] }));
    const index = createToolIndex(saasCatalog, { rerankerModel: model });
    const options = { maxTools: 2, minRelevance: 0 };
    const selected = await index.select("send a message", options);
    expect(selected).not.toContain(plain[0]);
    const first = await index.explain("send a message", plain[0], options);
    expect(first).toMatchObject({ selected: false, verdict: "cut-rerank" });
    const second = await index.explain("send a message", plain[1], options);
    expect(second).toMatchObject({ selected: true, verdict: "ranked" });
    expect(prompts).toHaveLength(3);
  });

  it("keeps the unreranked ranking when the model fails, and reports it", async () => {
    const events: ToolsiftEvent[] = [];
    const plain = await createToolIndex(saasCatalog).select("send a message", { maxTools: 3 });
    const index = createToolIndex(saasCatalog, { rerankerModel: failing(), onEvent: (event) => events.push(event) });
    expect(await index.select("send a message", { maxTools: 3 })).toEqual(plain);
    expect(events.map((event) => event.type)).toContain("rerank-failed");
  });
});

describe("enrichment", () => {
  it("indexes the model's phrasings once, and restores them from the cache", async () => {
    const answer = () => ({
      tools: [{ name: "stripe_refund_payment", text: "give the money back, chargeback, reimburse" }],
    });
    const first = jsonModel(answer);
    const cache = memoryTextCache();
    const index = createToolIndex(saasCatalog, { enrichment: { model: first.model, cache } });
    await index.warmUp();
    expect((await index.select("reimburse the buyer"))[0]).toBe("stripe_refund_payment");
    expect(first.prompts).toHaveLength(1);
    const second = jsonModel(answer);
    const again = createToolIndex(saasCatalog, { enrichment: { model: second.model, cache } });
    expect((await again.select("reimburse the buyer"))[0]).toBe("stripe_refund_payment");
    expect(second.prompts.length).toBe(1); // only the tools the first answer skipped are asked again
    expect(second.prompts[0]).not.toContain("stripe_refund_payment:");
  });

  it("keeps the original text when the model fails, and reports it", async () => {
    const events: ToolsiftEvent[] = [];
    const index = createToolIndex(saasCatalog, {
      enrichment: { model: failing() },
      onEvent: (event) => events.push(event),
    });
    expect((await index.select("refund the payment"))[0]).toBe("stripe_refund_payment");
    expect(events.some((event) => event.type === "enrichment-failed")).toBe(true);
  });

  it("rejects an enrichment.cache that is not a TextCache", () => {
    expect(() => createToolIndex(saasCatalog, { enrichment: { model: failing(), cache: {} as never } })).toThrow(
      /enrichment.cache/,
    );
  });

  it("needs a model", () => {
    expect(() => createToolIndex(saasCatalog, { enrichment: true })).toThrow(/"enrichment.model"/);
  });

  it("takes toolpick's enrichDescriptions: true as enrichment by the rerankerModel", async () => {
    const answer = () => ({ tools: [] });
    const on = jsonModel(answer);
    await createToolIndex(saasCatalog, { rerankerModel: on.model, enrichDescriptions: true }).warmUp();
    expect(on.prompts.length).toBeGreaterThan(0);
    const off = jsonModel(answer);
    await createToolIndex(saasCatalog, { rerankerModel: off.model, enrichDescriptions: false }).warmUp();
    expect(off.prompts).toHaveLength(0);
    expect(() => createToolIndex(saasCatalog, { enrichDescriptions: true, enrichment: true })).toThrow(
      /"enrichDescriptions" \(toolpick's name\) and "enrichment" are the same option/,
    );
    expect(() => createToolIndex(saasCatalog, { enrichDescriptions: "yes" as never })).toThrow(
      /option "enrichDescriptions" must be a boolean/,
    );
  });
});

describe("evalToolIndex", () => {
  it("scores top-1/3/5, accepts alternatives and lists misses", async () => {
    const index = createToolIndex(saasCatalog);
    const result = await evalToolIndex(index, [
      { query: "refund the customer's payment", expected: "stripe_refund_payment" },
      { query: "post in the slack channel", expected: "nonexistent_tool", alternatives: ["slack_post_message"] },
      { query: "zzzz qqqq", expected: "send_email" },
    ]);
    expect(result.total).toBe(3);
    expect(result.top1).toBeCloseTo(2 / 3, 6);
    expect(result.top5).toBeCloseTo(2 / 3, 6);
    expect(result.misses).toEqual([{ query: "zzzz qqqq", expected: "send_email", got: [] }]);
    // Measured with performance.now(): a real, positive mean over the cases (0 only for an empty case list).
    expect(result.avgLatencyMs).toBeGreaterThan(0);
    expect(Number.isFinite(result.avgLatencyMs)).toBe(true);
    await expect(evalToolIndex(index, [], { maxTools: 0 })).rejects.toMatchObject({ code: "INVALID_OPTION" });
  });
});
