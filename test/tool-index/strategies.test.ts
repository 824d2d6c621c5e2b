// Each ranking strategy and fallback path of src/tool-index/, called directly on a built index; oracles are
// computed independently: cosine in plain JS over the model's own vectors, BM25F scores computed by hand
// (test/core/bm25f.test.ts), fusion as docs/options.md states it (weights × max-normalised scores).
import { describe, expect, it, vi } from "vitest";
import type { ToolsiftEvent } from "../../src/events.js";
import { embeddingText } from "../../src/semantic/embedding-text.js";
import { toolFields } from "../../src/core/fields.js";
import { failingEmbeddingModel, hashingEmbeddingModel } from "../../src/testing/index.js";
import type { ToolIndexOptions } from "../../src/options.js";

import { ALL_MODEL_STAGES, resolveModelOptions } from "../../src/tool-index/all-model-stages.js";
import { ROOT_OPTION_TABLE } from "../../src/tool-index/model-option-table.js";
import { catalogRetryAt } from "../../src/tool-index/catalog-vectors.js";
import { createIndexContext } from "../../src/tool-index/context.js";
import { ENGLISH_COMMON_WORDS } from "../../src/tool-index/english-common-words.js";
import { IndexState } from "../../src/tool-index/index-state.js";
import { rankCombined } from "../../src/tool-index/rank-combined.js";
import { rank, rankKeyword, readRankQuery } from "../../src/tool-index/ranking.js";
import { rankSemantic } from "../../src/tool-index/rank-vectors.js";
import { resolveIndexOptions } from "../../src/tool-index/resolve-options.js";
import type { ToolCatalog } from "../../src/core/catalog.js";
import { saasCatalog } from "../api/saas-catalog.js";
import { cosine } from "../reference/kernels.js";

async function built(options: ToolIndexOptions = {}, catalog: ToolCatalog = saasCatalog) {
  const events: ToolsiftEvent[] = [];
  const resolved = resolveIndexOptions(
    { ...options, onEvent: (event) => events.push(event) },
    resolveModelOptions,
    ROOT_OPTION_TABLE,
    ENGLISH_COMMON_WORDS,
  );
  const context = createIndexContext(resolved, ALL_MODEL_STAGES);
  const state = new IndexState(context, catalog);
  const index = await state.ready();
  return {
    context,
    state,
    index,
    events,
    names: (docs: readonly { doc: number }[]) => docs.map((hit) => index.docTools[hit.doc].name),
  };
}

// The three tools whose BM25F scores test/core/bm25f.test.ts computes by hand (default field weights, k1 1.2):
// "send mail" scores 2.202816 in send_mail (0.897184 of a full match), 0.390192 in rain (0.158921), nothing in fax.
const handComputed = {
  send_mail: { description: "mail fax" },
  rain: { description: "rain fax mail" },
  fax: { description: "fax" },
};
const bm25f = [2.202816, 0.390192, 0];

describe("rankKeyword", () => {
  it("gives the BM25F scores computed by hand, normalised by a full match", async () => {
    const { index, context, names } = await built({}, handComputed);
    const ranking = rankKeyword(index, await readRankQuery(context, index, "send mail"), 5, []);
    expect(names(ranking.hits)).toEqual(["send_mail", "rain"]);
    expect(ranking.hits.map((hit) => hit.keyword)).toEqual([expect.closeTo(bm25f[0], 5), expect.closeTo(bm25f[1], 5)]);
    expect(ranking.hits.map((hit) => hit.score)).toEqual([expect.closeTo(0.897184, 5), expect.closeTo(0.158921, 5)]);
  });

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

/**
 * Independent oracle for the semantic side: the model's raw vectors for each tool's embedding text and the query,
 * cosine in plain JS, per document in catalog order.
 */
async function cosinesInJs(
  model: ReturnType<typeof hashingEmbeddingModel>,
  index: Awaited<ReturnType<typeof built>>["index"],
  text: string,
) {
  const texts = index.docTools.map((tool) => embeddingText(toolFields(tool, tool.schema)));
  const { embeddings } = await model.doEmbed({ values: [...texts, text] });
  return texts.map((_, doc) => cosine(embeddings[doc], embeddings[texts.length]));
}

/** Documents sorted by a score, best first, ties in catalog order. */
const byScore = (scores: readonly number[]) =>
  scores.map((score, doc) => ({ doc, score })).sort((a, b) => b.score - a.score || a.doc - b.doc);

describe("rankSemantic", () => {
  it("orders tools by the cosine of their embedding text with the query, as computed in plain JS", async () => {
    const model = hashingEmbeddingModel();
    const { context, index, names } = await built({ embeddingModel: model, strategy: "semantic" });
    const vectors = await index.vectors!.forCall();
    expect(vectors).not.toBeUndefined();
    const text = "post a message in a team chat channel";
    const query = await readRankQuery(context, index, text);
    const queryVector = await context.semantic!.embedQuery(text, vectors!.index.dims);
    vectors!.index.score(queryVector!);
    const ranking = rankSemantic(vectors!, query, 5);
    const expected = byScore(await cosinesInJs(model, index, text)).slice(0, 5);
    expect(names(ranking.hits)).toEqual(names(expected));
    ranking.hits.forEach((hit, i) => expect(hit.similarity!).toBeCloseTo(expected[i].score, 4));
    expect(ranking.strategy).toBe("semantic");
  });
});

describe("rankCombined", () => {
  async function combined(
    weights: { keyword: number; semantic: number },
    catalog: ToolCatalog,
    text: string,
    k: number,
  ) {
    const model = hashingEmbeddingModel();
    const setup = await built(
      { embeddingModel: model, embedding: { fusion: { method: "weighted", weights, adaptive: false } } },
      catalog,
    );
    const { context, index } = setup;
    const vectors = (await index.vectors!.forCall())!;
    const query = await readRankQuery(context, index, text);
    const similarities = vectors.index.score((await context.semantic!.embedQuery(text, vectors.index.dims))!);
    const ranking = rankCombined(
      index,
      vectors,
      similarities,
      query,
      { k, excluded: [] },
      context.options.semantic!.fusion,
    );
    expect(ranking.strategy).toBe("combined");
    return { ...setup, ranking, cosines: await cosinesInJs(model, index, text) };
  }

  it("with all weight on keywords it keeps the BM25F order computed by hand, and every fused score is its two parts", async () => {
    const { ranking, names } = await combined({ keyword: 1, semantic: 0 }, handComputed, "send mail", 2);
    expect(names(ranking.hits)).toEqual(["send_mail", "rain"]);
    ranking.hits.forEach((hit, i) => {
      expect(hit.keyword).toBeCloseTo(bm25f[i], 5);
      // Weighted fusion: keyword weight 1 × the raw score over the best raw score.
      expect(hit.fusion!.keyword).toBeCloseTo(bm25f[i] / bm25f[0], 5);
      expect(hit.fusion!.semantic).toBe(0);
      expect(hit.fusion!.keyword + hit.fusion!.semantic).toBeCloseTo(hit.score, 6);
    });
  });

  it("with all weight on the semantic side it keeps the order of the cosines computed in plain JS", async () => {
    const { ranking, names, cosines } = await combined(
      { keyword: 0, semantic: 1 },
      saasCatalog,
      "chat message to my team",
      4,
    );
    expect(names(ranking.hits)).toEqual(names(byScore(cosines).slice(0, 4)));
  });

  it("with both weights, each score is the weights times the max-normalised parts (docs/options.md, fusion)", async () => {
    const { ranking, names, cosines } = await combined({ keyword: 1, semantic: 1 }, handComputed, "send mail", 2);
    const positive = cosines.map((similarity) => Math.max(0, similarity));
    const bestCosine = Math.max(...positive);
    // Weights 1 and 1 are scaled to sum 1: half each.
    const expected = bm25f.map((score, doc) => ({
      keyword: (0.5 * score) / bm25f[0],
      semantic: (0.5 * positive[doc]) / bestCosine,
    }));
    const order = byScore(expected.map((parts) => parts.keyword + parts.semantic)).slice(0, 2);
    expect(names(ranking.hits)).toEqual(names(order));
    for (const hit of ranking.hits) {
      expect(hit.fusion!.keyword).toBeCloseTo(expected[hit.doc].keyword, 4);
      expect(hit.fusion!.semantic).toBeCloseTo(expected[hit.doc].semantic, 4);
      expect(hit.score).toBeCloseTo(expected[hit.doc].keyword + expected[hit.doc].semantic, 4);
    }
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

  it("spaces retries after failures in a row: at once, then 1 s, 2 s, 4 s… up to a minute", async () => {
    expect([1, 2, 3, 4, 8, 20].map((failures) => catalogRetryAt(failures, 0))).toEqual([
      0, 1_000, 2_000, 4_000, 60_000, 60_000,
    ]);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      let attempts = 0;
      const good = hashingEmbeddingModel();
      const model = {
        ...good,
        doEmbed: async () => {
          attempts++;
          throw new Error("quota exceeded");
        },
      };
      const { context, index } = await built({ embeddingModel: model, embedding: { maxRetries: 0 } });
      const select = async () => {
        await rank(context, index, await readRankQuery(context, index, "refund"), { k: 3, excluded: [] });
        await index.vectors!.pending?.catch(() => undefined);
      };
      await select(); // the first attempt fails
      expect(attempts).toBe(1);
      await select(); // retried at once, fails again: the next retry waits 1 s
      expect(attempts).toBe(2);
      await select();
      await select();
      expect(attempts).toBe(2);
      vi.advanceTimersByTime(1_000);
      await select(); // retried, fails: the next waits 2 s
      expect(attempts).toBe(3);
      vi.advanceTimersByTime(1_999);
      await select();
      expect(attempts).toBe(3);
      vi.advanceTimersByTime(1);
      await select();
      expect(attempts).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
