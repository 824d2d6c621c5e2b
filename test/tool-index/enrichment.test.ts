// Description enrichment: texts from the model in batches, kept in a TextCache keyed by model and tool text.
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { enrichDescriptions } from "../../src/tool-index/llm/enrichment.js";
import { memoryTextCache, type TextCache } from "../../src/cache/text-cache.js";
import type { ToolsiftEvent } from "../../src/events.js";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model that writes "<name> in other words" for each tool in its prompt; records the tools asked about. */
function phrasingModel(modelId = "writer-1") {
  const asked: string[][] = [];
  const model = new MockLanguageModelV4({
    provider: "test",
    modelId,
    doGenerate: async ({ prompt }) => {
      const text = JSON.stringify(prompt);
      const names = [...text.matchAll(/- ([a-z_]+):/g)].map((match) => match[1]);
      asked.push(names);
      const answer = { tools: names.map((name) => ({ name, text: `${name} in other words` })) };
      return {
        content: [{ type: "text", text: JSON.stringify(answer) }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
  return { model, asked };
}

const tools = [
  { name: "send_email", description: "Send an email." },
  { name: "refund_payment", description: "Refund a payment." },
];

describe("enrichDescriptions", () => {
  it("asks the model once, then reads the texts from the cache", async () => {
    const cache = memoryTextCache();
    const first = phrasingModel();
    const texts = await enrichDescriptions(first.model, tools, cache, () => {});
    expect(Object.fromEntries(texts)).toEqual({
      send_email: "send_email in other words",
      refund_payment: "refund_payment in other words",
    });
    expect(first.asked).toEqual([["send_email", "refund_payment"]]);
    const second = phrasingModel();
    expect(await enrichDescriptions(second.model, tools, cache, () => {})).toEqual(texts);
    expect(second.asked).toEqual([]);
  });

  it("asks again only for a tool whose description changed, and per model", async () => {
    const cache = memoryTextCache();
    await enrichDescriptions(phrasingModel().model, tools, cache, () => {});
    const changed = phrasingModel();
    await enrichDescriptions(
      changed.model,
      [tools[0], { name: "refund_payment", description: "Give a customer their money back." }],
      cache,
      () => {},
    );
    expect(changed.asked).toEqual([["refund_payment"]]);
    const other = phrasingModel("writer-2");
    await enrichDescriptions(other.model, tools, cache, () => {});
    expect(other.asked).toEqual([["send_email", "refund_payment"]]);
  });

  it("reports a failing cache and a failing model, keeping what it has", async () => {
    const broken: TextCache = {
      get: () => Promise.reject(new Error("cache down")),
      set: () => Promise.reject(new Error("cache down")),
    };
    const events: ToolsiftEvent[] = [];
    const texts = await enrichDescriptions(phrasingModel().model, tools, broken, (event) => events.push(event));
    expect(texts.size).toBe(2);
    expect(events.map((event) => event.type)).toEqual(["embedding-cache-error", "embedding-cache-error"]);
    const failing = new MockLanguageModelV4({ doGenerate: () => Promise.reject(new Error("model down")) });
    const failed: ToolsiftEvent[] = [];
    expect((await enrichDescriptions(failing, tools, memoryTextCache(), (event) => failed.push(event))).size).toBe(0);
    expect(failed).toEqual([
      expect.objectContaining({ type: "enrichment-failed", tools: ["send_email", "refund_payment"] }),
    ]);
  });
});
