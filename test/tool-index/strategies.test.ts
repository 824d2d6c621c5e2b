// Each ranking strategy and fallback path of src/tool-index/, called directly on a built index; oracles are
// computed independently (cosine in plain JS over the model's own vectors, BM25F order from the keyword ranking).
import { describe, expect, it } from "vitest";
import type { ToolsiftEvent } from "../../src/events.js";
import { embeddingText } from "../../src/semantic/embedding-text.js";
import { toolFields } from "../../src/core/fields.js";
import { failingEmbeddingModel, hashingEmbeddingModel } from "../../src/testing/index.js";
import type { ToolIndexOptions } from "../../src/options.js";

import { createIndexContext } from "../../src/tool-index/context.js";
import { IndexState } from "../../src/tool-index/index-state.js";
import { rankCombined } from "../../src/tool-index/rank-combined.js";
import { rankKeyword } from "../../src/tool-index/ranking.js";
import { rankSemantic } from "../../src/tool-index/ranking.js";
import { rank, readRankQuery } from "../../src/tool-index/ranking.js";
import { resolveIndexOptions } from "../../src/tool-index/resolve-options.js";
import { saasCatalog } from "../api/saas-catalog.js";
import { cosine } from "../reference/kernels.js";

async function built(options: ToolIndexOptions = {}) {
  const events: ToolsiftEvent[] = [];
  const context = createIndexContext(resolveIndexOptions({ ...options, onEvent: (event) => events.push(event) }));
  const state = new IndexState(context, saasCatalog);
  const index = await state.ready();
  return {
    context,
    state,
    index,
    events,
    names: (docs: readonly { doc: number }[]) => docs.map((hit) => index.docTools[hit.doc].name),
  };
}

describe("rankKeyword", () => {
  it("ranks by BM25F, best first, scores normalised to 0–1, and never returns an excluded tool", async () => {
    const { index, context, names } = await built();
    const refund = rankKeyword(index, await readRankQuery(context, index, "refund the payment"), 5, []);
    expect(names(refund.hits)[0]).toBe("stripe_refund_payment");
    const query = await readRankQuery(context, index, "send a message");
    const ranking = rankKeyword(index, query, 5, []);
    expect(ranking.strategy).toBe("keyword");
    expect(ranking.hits.length).toBeGreaterThan(1);
    for (let i = 1; i < ranking.hits.length; i++)
      expect(ranking.hits[i - 1].keyword).toBeGreaterThanOrEqual(ranking.hits[i].keyword);
    for (const hit of ranking.hits) {
      expect(hit.score).toBeGreaterThan(0);
      expect(hit.score).toBeLessThanOrEqual(1);
    }
    const top = ranking.hits[0].doc;
    const without = rankKeyword(index, query, 5, [top]);
    expect(without.hits.map((hit) => hit.doc)).not.toContain(top);
    expect(without.hits.map((hit) => hit.doc)).toEqual(
      ranking.hits
        .map((hit) => hit.doc)
        .filter((doc) => doc !== top)
        .slice(0, without.hits.length),
    );
  });
});

describe("rankSemantic", () => {
  it("orders tools by the cosine of their embedding text with the query, as computed in plain JS", async () => {
    const model = hashingEmbeddingModel();
    const { context, index, names } = await built({ embeddingModel: model, strategy: "semantic" });
    const vectors = await index.vectors!.forCall();
    expect(vectors).not.toBeUndefined();
    const text = "post a message in a team chat channel";
    const query = await readRankQuery(context, index, text);
    const queryVector = await context.semantic!.embedQuery(text, vectors!.index.dims);
    vectors!.index.score(queryVector);
    const ranking = rankSemantic(vectors!, query, 5);
    // Independent oracle: the model's raw vectors, cosine in JS, sorted.
    const texts = index.docTools.map((tool) => embeddingText(toolFields(tool, tool.schema)));
    const { embeddings } = await model.doEmbed({ values: [...texts, text] });
    const q = embeddings[texts.length];
    const expected = texts
      .map((_, doc) => ({ doc, similarity: cosine(embeddings[doc], q) }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, 5);
    expect(names(ranking.hits)).toEqual(names(expected));
    ranking.hits.forEach((hit, i) => expect(hit.similarity!).toBeCloseTo(expected[i].similarity, 4));
    expect(ranking.strategy).toBe("semantic");
  });
});

describe("rankCombined", () => {
  it("with all weight on keywords it keeps the keyword order, and every fused score is its two parts", async () => {
    const { context, index, names } = await built({
      embeddingModel: hashingEmbeddingModel(),
      fusion: { weights: { keyword: 1, semantic: 0 } },
    });
    const vectors = (await index.vectors!.forCall())!;
    const text = "send an email to a customer";
    const query = await readRankQuery(context, index, text);
    const similarities = vectors.index.score(await context.semantic!.embedQuery(text, vectors.index.dims));
    const ranking = rankCombined(
      index,
      vectors,
      similarities,
      query,
      { k: 3, excluded: [] },
      context.options.semantic!.fusion,
    );
    const keyword = rankKeyword(index, query, 3, []);
    expect(names(ranking.hits)).toEqual(names(keyword.hits));
    expect(ranking.hits.length).toBe(3);
    for (const hit of ranking.hits) expect(hit.fusion!.keyword + hit.fusion!.semantic).toBeCloseTo(hit.score, 6);
    expect(ranking.strategy).toBe("combined");
  });

  it("with all weight on the semantic side it keeps the semantic order", async () => {
    const { context, index, names } = await built({
      embeddingModel: hashingEmbeddingModel(),
      fusion: { weights: { keyword: 0, semantic: 1 } },
    });
    const vectors = (await index.vectors!.forCall())!;
    const text = "chat message to my team";
    const query = await readRankQuery(context, index, text);
    const similarities = vectors.index.score(await context.semantic!.embedQuery(text, vectors.index.dims));
    const combined = rankCombined(
      index,
      vectors,
      similarities,
      query,
      { k: 4, excluded: [] },
      context.options.semantic!.fusion,
    );
    const semantic = rankSemantic(vectors, query, 4);
    expect(names(combined.hits)).toEqual(names(semantic.hits));
  });
});

describe("fallback paths", () => {
  it("ranks by keywords, marked as a fallback, when the catalog cannot be embedded; reports it", async () => {
    const { context, index, events, names } = await built({
      embeddingModel: failingEmbeddingModel(),
      strategy: "semantic",
    });
    const ranking = await rank(context, index, await readRankQuery(context, index, "refund the payment"), {
      k: 3,
      excluded: [],
    });
    expect(ranking).toMatchObject({ strategy: "keyword", fallback: "keyword" });
    expect(names(ranking.hits)[0]).toBe("stripe_refund_payment");
    expect(
      events.filter((event) => event.type === "embedding-failed").map((event) => (event as { stage: string }).stage),
    ).toEqual(["catalog"]);
  });

  it("falls back for one call when only the query embedding fails", async () => {
    const good = hashingEmbeddingModel();
    let failQueries = false;
    const flaky = {
      ...good,
      doEmbed: async (call: Parameters<typeof good.doEmbed>[0]) => {
        if (failQueries) throw new Error("query embedding down");
        return good.doEmbed(call);
      },
    };
    const { context, index, events } = await built({ embeddingModel: flaky, strategy: "combined" });
    await index.vectors!.forCall();
    failQueries = true;
    const failed = await rank(context, index, await readRankQuery(context, index, "refund"), { k: 3, excluded: [] });
    expect(failed).toMatchObject({ strategy: "keyword", fallback: "keyword" });
    expect(events.some((event) => event.type === "embedding-failed" && event.stage === "query")).toBe(true);
    failQueries = false;
    const recovered = await rank(context, index, await readRankQuery(context, index, "refund money"), {
      k: 3,
      excluded: [],
    });
    expect(recovered.strategy).toBe("combined");
    expect(recovered.fallback).toBeUndefined();
  });

  it('rejects with EMBEDDING_FAILED under onError: "throw"', async () => {
    const { context, index } = await built({ embeddingModel: failingEmbeddingModel(), onError: "throw" });
    await expect(
      rank(context, index, await readRankQuery(context, index, "refund"), { k: 3, excluded: [] }),
    ).rejects.toMatchObject({ code: "EMBEDDING_FAILED" });
  });

  it("after a failed catalog embedding, later calls rank by keywords at once and retry in the background", async () => {
    let down = true;
    const good = hashingEmbeddingModel();
    const model = {
      ...good,
      doEmbed: async (call: Parameters<typeof good.doEmbed>[0]) => {
        if (down) throw new Error("provider down");
        return good.doEmbed(call);
      },
    };
    const { context, index } = await built({ embeddingModel: model });
    const first = await rank(context, index, await readRankQuery(context, index, "refund"), { k: 3, excluded: [] });
    expect(first.fallback).toBe("keyword");
    down = false;
    const second = await rank(context, index, await readRankQuery(context, index, "refund"), { k: 3, excluded: [] });
    expect(second.fallback).toBe("keyword"); // not held up: the retry runs in the background
    await index.vectors!.pending;
    const third = await rank(context, index, await readRankQuery(context, index, "refund"), { k: 3, excluded: [] });
    expect(third.strategy).toBe("combined");
  });
});
