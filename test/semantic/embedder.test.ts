// Calling a model object directly (no AI SDK installed): chunks by maxEmbeddingsPerCall, bounded parallelism, order kept.
import { describe, expect, it } from "vitest";
import { embedDirectly } from "../../src/semantic/embedder.js";

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
    const settings = { timeoutMs: 10_000, maxParallelCalls: 2, maxRetries: 0, abortSignal: undefined, dimensions: undefined };
    const embeddings = await embedDirectly(model, values, settings);
    expect(embeddings).toEqual(values.map((value) => [Number(value)]));
    expect(calls.map((chunk) => chunk.length)).toEqual([3, 3, 3, 1]);
    expect(peak).toBeLessThanOrEqual(2);
  });
});
