// Fallbacks are never silent: the first one of each index is one console.warn line (also with onEvent), naming the
// fallback and how to silence it; `warnings: false` turns it off; a thrown failure is not warned about.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { createToolIndex, type ToolsiftEvent } from "../../src/index.js";
import { defaultLocalModelAsset } from "../../src/local/default-asset-fetch.js";
import { localEmbeddingModel } from "../../src/local/index.js";
import { failingEmbeddingModel, hashingEmbeddingModel } from "../../src/testing/index.js";
import { saasCatalog } from "../api/saas-catalog.js";

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

/** Embeds the catalog, fails every query: one fallback per select call. */
function queryFailingModel() {
  const inner = hashingEmbeddingModel({ dimensions: 32 });
  return {
    ...inner,
    doEmbed(options: Parameters<typeof inner.doEmbed>[0]) {
      return options.values.length === 1 ? Promise.reject(new Error("bad API key")) : inner.doEmbed(options);
    },
  } as typeof inner;
}

const queries = ["refund the customer payment", "send an email", "post a slack message", "create an invoice"];

async function selectEach(index: ReturnType<typeof createToolIndex>): Promise<void> {
  for (const query of queries) expect((await index.selectWithScores(query)).fallback).toBe("keyword");
}

describe("fallback warnings", () => {
  it("warns once per index, with or without onEvent, however many fallbacks; names the cause and the off switch", async () => {
    const events: ToolsiftEvent[] = [];
    const first = createToolIndex(saasCatalog, {
      embeddingModel: queryFailingModel(),
      embedding: { maxRetries: 0 },
      onEvent: (event) => events.push(event),
    });
    await selectEach(first);
    expect(events.filter((event) => event.type === "embedding-failed")).toHaveLength(queries.length);
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0][0]);
    expect(line).not.toContain("\n");
    expect(line).toMatch(/^\[toolsift\] embedding-failed: embedding the query failed.*bad API key/);
    expect(line).toContain("warnings: false");
    expect(line).toContain("onEvent");

    const second = createToolIndex(saasCatalog, { embeddingModel: failingEmbeddingModel() });
    await selectEach(second);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("quotes the whole cause, so the fix it names reads as it was written (the browser asset loader's message)", async () => {
    // The browser loader, run in Node: fetch cannot read its file: URL, so it fails as a bundle without the asset does.
    const asset = defaultLocalModelAsset();
    const failure = await asset.then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toContain('localEmbeddingModel({ asset: fetch("/local-model.bin") })');
    const index = createToolIndex(saasCatalog, { embeddingModel: localEmbeddingModel({ asset }) });
    expect((await index.selectWithScores("refund the customer payment")).fallback).toBe("keyword");
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0][0]);
    expect(line).toContain(`(${failure?.message.replace(/\s+/g, " ").replace(/\.$/, "")}). Only this index's`);
    expect(line).toMatch(/^\[toolsift\] embedding-failed: [^(]+ \(toolsift\/local: /);
  });

  it("says nothing with warnings: false", async () => {
    const index = createToolIndex(saasCatalog, {
      embeddingModel: failingEmbeddingModel(),
      runtime: { warnings: false },
    });
    await selectEach(index);
    expect(warn).not.toHaveBeenCalled();
  });

  it('does not warn about a failure that is thrown (onError: "throw")', async () => {
    const index = createToolIndex(saasCatalog, { embeddingModel: failingEmbeddingModel(), onError: "throw" });
    await expect(index.select("send an email")).rejects.toMatchObject({ code: "EMBEDDING_FAILED" });
    expect(warn).not.toHaveBeenCalled();
  });

  it("refuses a warnings option that is not a boolean", () => {
    expect(() => createToolIndex(saasCatalog, { runtime: { warnings: "no" as unknown as boolean } })).toThrow(
      expect.objectContaining({ code: "INVALID_OPTION", message: expect.stringContaining('"runtime.warnings"') }),
    );
  });
});
