// A failed catalog embedding is one event however many calls waited on it (src/tool-index/catalog-vectors.ts).
import { describe, expect, it } from "vitest";
import { createToolIndex, type ToolsiftEvent } from "../../src/index.js";
import { failingEmbeddingModel } from "../../src/testing/index.js";
import { saasCatalog } from "../api/saas-catalog.js";

const queries = ["refund the customer payment", "send an email", "post a slack message", "create an invoice"];
const catalogFailures = (events: readonly ToolsiftEvent[]) =>
  events.filter((event) => event.type === "embedding-failed" && event.stage === "catalog");

describe("concurrent calls waiting on the first catalog embedding", () => {
  it("one attempt, one embedding-failed event; every call ranks by keywords", async () => {
    const events: ToolsiftEvent[] = [];
    const model = failingEmbeddingModel();
    const index = createToolIndex(saasCatalog, {
      embeddingModel: model,
      embedding: { maxRetries: 0 },
      runtime: { warnings: false },
      onEvent: (event) => events.push(event),
    });
    const results = await Promise.all(queries.map((query) => index.selectWithScores(query)));
    expect(results.map((result) => result.fallbackReason)).toEqual(queries.map(() => "embedding-failed"));
    expect(model.calls).toHaveLength(1);
    expect(catalogFailures(events)).toHaveLength(1);
  });

  it('with onError: "throw" every call rejects, the failure reported once', async () => {
    const events: ToolsiftEvent[] = [];
    const index = createToolIndex(saasCatalog, {
      embeddingModel: failingEmbeddingModel(),
      embedding: { maxRetries: 0 },
      onError: "throw",
      onEvent: (event) => events.push(event),
    });
    const outcomes = await Promise.allSettled(queries.map((query) => index.selectWithScores(query)));
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: "EMBEDDING_FAILED" });
    }
    expect(catalogFailures(events)).toHaveLength(1);
  });
});
