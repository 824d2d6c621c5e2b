// embedding.timeout settles a call even when the model never answers and ignores its abort signal, in both onError
// modes and at both stages (tool vectors, the query); the model is asked to abort.
import { describe, expect, it } from "vitest";
import { createToolIndex, type ToolsiftEvent } from "../../src/index.js";
import { hashingEmbeddingModel } from "../../src/testing/index.js";
import { saasCatalog } from "../api/saas-catalog.js";

/**
 * A model whose doEmbed never settles for the texts `hangs` picks and never looks at its signal; the others are
 * embedded by the hashing model. Records the signals it was given.
 */
function deafModel(hangs: (values: readonly string[]) => boolean) {
  const inner = hashingEmbeddingModel({ dimensions: 32 });
  const signals: (AbortSignal | undefined)[] = [];
  const model = {
    ...inner,
    modelId: "deaf",
    doEmbed(options: Parameters<typeof inner.doEmbed>[0]) {
      if (!hangs(options.values)) return inner.doEmbed(options);
      signals.push(options.abortSignal);
      return new Promise<never>(() => {});
    },
  } as typeof inner;
  return { model, signals };
}

const catalogText = (values: readonly string[]) => values.length > 1;
const queryText = (values: readonly string[]) => values.length === 1;

function recorder() {
  const events: ToolsiftEvent[] = [];
  return { events, onEvent: (event: ToolsiftEvent) => events.push(event) };
}

describe("embedding.timeout with a model that ignores its abort signal", () => {
  it.each([
    ["catalog", catalogText],
    ["query", queryText],
  ] as const)('onError "fallback": the %s stage times out, the call ranks by keywords', async (stage, hangs) => {
    const { model, signals } = deafModel(hangs);
    const log = recorder();
    const index = createToolIndex(saasCatalog, {
      embeddingModel: model,
      embedding: { timeout: 20, maxRetries: 0 },
      runtime: { warnings: false },
      onEvent: log.onEvent,
    });
    const result = await index.selectWithScores("refund the customer payment");
    expect(result.fallback).toBe("keyword");
    expect(result.tools[0]).toBe("stripe_refund_payment");
    const failed = log.events.filter((event) => event.type === "embedding-failed");
    expect(failed).toEqual([
      expect.objectContaining({
        stage,
        fallback: "keyword",
        error: expect.objectContaining({ code: "EMBEDDING_FAILED", message: expect.stringContaining("20 ms") }),
      }),
    ]);
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((signal) => signal?.aborted === true)).toBe(true);
  });

  it.each([
    ["catalog", catalogText],
    ["query", queryText],
  ] as const)(
    'onError "throw": the %s stage times out and select rejects with EMBEDDING_FAILED',
    async (stage, hangs) => {
      const { model } = deafModel(hangs);
      const log = recorder();
      const index = createToolIndex(saasCatalog, {
        embeddingModel: model,
        embedding: { timeout: 20, maxRetries: 0 },
        onError: "throw",
        onEvent: log.onEvent,
      });
      await expect(index.select("refund the customer payment")).rejects.toMatchObject({
        code: "EMBEDDING_FAILED",
        message: expect.stringContaining("embedding.timeout"),
      });
      expect(log.events.filter((event) => event.type === "embedding-failed")).toEqual([
        expect.objectContaining({ stage, fallback: "none" }),
      ]);
    },
  );

  it("a caller's abortSignal also settles a call the model ignores", async () => {
    const { model } = deafModel(catalogText);
    const controller = new AbortController();
    const index = createToolIndex(saasCatalog, {
      embeddingModel: model,
      embedding: { abortSignal: controller.signal },
      onError: "throw",
    });
    const selection = index.select("refund the customer payment");
    setTimeout(() => controller.abort(new Error("stopped by the caller")), 5);
    await expect(selection).rejects.toMatchObject({ code: "EMBEDDING_FAILED", message: /stopped by the caller/ });
  });
});
