// Calling a model object directly (no AI SDK installed): chunks by maxEmbeddingsPerCall, bounded parallelism, order
// kept.
import { describe, expect, it } from "vitest";
import { embedDirectly, modelIdentity } from "../../src/semantic/embedder.js";
import { modelId } from "../../src/support/model-id.js";
import { hashingEmbeddingModel } from "../../src/testing/index.js";

describe("embedDirectly", () => {
  it("splits values by maxEmbeddingsPerCall, runs at most maxParallelCalls at once, and keeps their order", async () => {
    let running = 0;
    let peak = 0;
    const calls: string[][] = [];
    const model = {
      maxEmbeddingsPerCall: 3,
      async doEmbed({ values }: { values: string[] }) {
        calls.push(values);
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running--;
        return { embeddings: values.map((value) => [Number(value)]) };
      },
    };
    const values = Array.from({ length: 10 }, (_, i) => String(i));
    const settings = {
      timeoutMs: 10_000,
      maxParallelCalls: 2,
      maxRetries: 0,
      abortSignal: undefined,
      dimensions: undefined,
    };
    const embeddings = await embedDirectly(model, values, settings);
    expect(embeddings).toEqual(values.map((value) => [Number(value)]));
    expect(calls.map((chunk) => chunk.length)).toEqual([3, 3, 3, 1]);
    expect(peak).toBeLessThanOrEqual(2);
  });
});

describe("modelIdentity", () => {
  it("names a model object by provider and model id, a string id as the gateway's, as modelId() does", () => {
    const model = hashingEmbeddingModel({ dimensions: 16 });
    expect(modelIdentity(model)).toEqual({ provider: "toolsift-test", modelId: "hashing-16-0" });
    expect(modelIdentity("openai/text-embedding-3-small")).toEqual({
      provider: "gateway",
      modelId: "openai/text-embedding-3-small",
    });
    for (const given of [model, "openai/text-embedding-3-small"]) {
      const { provider, modelId: id } = modelIdentity(given);
      expect(`${provider}/${id}`).toBe(modelId(given));
    }
  });

  it.each([
    ["  ", 'createToolIndex: option "embeddingModel" must be a model id that is not blank, got the string "  ".'],
    [42, 'createToolIndex: option "embeddingModel" must be an AI SDK embedding model'],
    [
      { provider: "openai", modelId: "x" },
      'createToolIndex: option "embeddingModel" must be an AI SDK embedding model',
    ],
  ])("rejects %j with INVALID_OPTION naming the option", (model, message) => {
    expect(() => modelIdentity(model)).toThrow(
      expect.objectContaining({ code: "INVALID_OPTION", message: expect.stringContaining(message) }),
    );
  });
});
