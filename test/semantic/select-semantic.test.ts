// Semantic and combined selection with deterministic embedding models: strategies, caches, fallbacks, sync.
import { MockEmbeddingModelV4 } from "ai/test";
import { describe, expect, it, vi } from "vitest";
import { memoryCache } from "../../src/storage/index.js";
import type { EmbeddingCache } from "../../src/cache/embedding-cache.js";
import { createToolIndex, type ToolsiftEvent } from "../../src/index.js";
import { failingEmbeddingModel, hashingEmbeddingModel } from "../../src/testing/index.js";
import { saasCatalog } from "../api/saas-catalog.js";

const noCut = { adaptive: false, maxTools: 5 } as const;

function recorder() {
  const events: ToolsiftEvent[] = [];
  return {
    events,
    onEvent: (event: ToolsiftEvent) => events.push(event),
    of: <T extends ToolsiftEvent["type"]>(type: T) =>
      events.filter((event): event is Extract<ToolsiftEvent, { type: T }> => event.type === type),
  };
}

describe("strategies", () => {
  it("defaults to combined with a model and keyword without one", async () => {
    const model = hashingEmbeddingModel();
    expect(
      (await createToolIndex(saasCatalog, { embeddingModel: model }).selectWithScores("send an email")).strategy,
    ).toBe("combined");
    expect((await createToolIndex(saasCatalog).selectWithScores("send an email")).strategy).toBe("keyword");
    expect(
      (
        await createToolIndex(saasCatalog, { embeddingModel: model, strategy: "hybrid" }).selectWithScores(
          "send an email",
        )
      ).strategy,
    ).toBe("keyword");
  });

  it("semantic ranks by cosine similarity and reports it", async () => {
    const index = createToolIndex(saasCatalog, { embeddingModel: hashingEmbeddingModel(), strategy: "semantic" });
    const { results, strategy } = await index.selectWithScores("post a message in a slack channel", noCut);
    expect(strategy).toBe("semantic");
    expect(results[0].name).toBe("slack_post_message");
    for (let i = 1; i < results.length; i++)
      expect(results[i - 1].similarity!).toBeGreaterThanOrEqual(results[i].similarity!);
  });

  it("combined fuses both and reports the parts", async () => {
    const index = createToolIndex(saasCatalog, { embeddingModel: hashingEmbeddingModel() });
    const { results } = await index.selectWithScores("refund the customer payment", noCut);
    expect(results[0].name).toBe("stripe_refund_payment");
    expect(results[0].fusion!.keyword + results[0].fusion!.semantic).toBeCloseTo(results[0].score, 6);
    expect(results[0].score).toBeLessThanOrEqual(1);
  });

  it("works with the AI SDK's MockEmbeddingModelV4", async () => {
    const vectorFor = (text: string) => [
      text.includes("email") ? 1 : 0,
      text.includes("Slack") || text.includes("slack") ? 1 : 0,
      0.1,
    ];
    const model = new MockEmbeddingModelV4({
      doEmbed: async ({ values }) => ({ embeddings: values.map(vectorFor), warnings: [] }),
    });
    const index = createToolIndex(saasCatalog, { embeddingModel: model, strategy: "semantic" });
    expect((await index.select("write an email", noCut))[0]).toBe("send_email");
    expect(model.doEmbedCalls.length).toBeGreaterThanOrEqual(2);
  });

  it("rejects semantic strategies without a model, and models of the wrong shape", () => {
    expect(() => createToolIndex(saasCatalog, { strategy: "semantic" })).toThrow(/embeddingModel/);
    expect(() => createToolIndex(saasCatalog, { embeddingModel: { nope: true } as never })).toThrow(/embedding model/);
    expect(() =>
      createToolIndex(saasCatalog, {
        embeddingModel: hashingEmbeddingModel(),
        embedding: { fusion: { method: "mean" as never } },
      }),
    ).toThrow(/fusion.method/);
    expect(() =>
      createToolIndex(saasCatalog, {
        embeddingModel: hashingEmbeddingModel(),
        embedding: { quantize: "int4" as never },
      }),
    ).toThrow(/quantize/);
  });
});

describe("explain with embeddings", () => {
  it("gives the rank select uses and the fused parts", async () => {
    const index = createToolIndex(saasCatalog, { embeddingModel: hashingEmbeddingModel() });
    const { results } = await index.selectWithScores("refund the customer payment", noCut);
    for (const [position, result] of results.entries()) {
      const why = await index.explain("refund the customer payment", result.name, noCut);
      expect(why.strategy).toBe("combined");
      expect(why.rank).toBe(position + 1);
      expect(why.score).toBeCloseTo(result.score, 6);
      expect(why.semantic!.similarity).toBeCloseTo(result.similarity!, 6);
      expect(why.semantic!.keyword + why.semantic!.semantic).toBeCloseTo(result.score, 6);
    }
  });
});

describe("query embeddings", () => {
  it("embeds each normalised query once while it stays in the LRU", async () => {
    const model = hashingEmbeddingModel();
    const index = createToolIndex(saasCatalog, { embeddingModel: model });
    await index.warmUp();
    const before = model.calls.length;
    await index.select("Send an email");
    await index.select("send  an EMAIL");
    expect(model.calls.length).toBe(before + 1);
  });

  it("embeds every time with queryCacheSize 0", async () => {
    const model = hashingEmbeddingModel();
    const index = createToolIndex(saasCatalog, { embeddingModel: model, embedding: { queryCacheSize: 0 } });
    await index.warmUp();
    const before = model.calls.length;
    await index.select("send an email");
    await index.select("send an email");
    expect(model.calls.length).toBe(before + 2);
  });
});

describe("never breaks the agent", () => {
  it("falls back to keywords when the catalog cannot be embedded, reports it, and retries later", async () => {
    const log = recorder();
    const model = failingEmbeddingModel();
    const index = createToolIndex(saasCatalog, {
      embeddingModel: model,
      onEvent: log.onEvent,
      embedding: { maxRetries: 0 },
    });
    await index.warmUp();
    expect(log.of("embedding-failed")[0]).toMatchObject({ stage: "catalog", fallback: "keyword" });
    // Counted before the keyword-ranked call: the retry it starts may reach the model while that call runs.
    const attempts = model.calls.length;
    const result = await index.selectWithScores("send an email");
    expect(result.fallback).toBe("keyword");
    expect(result.strategy).toBe("keyword");
    expect(result.tools[0]).toBe("send_email");
    await index.select("send an email");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(model.calls.length).toBeGreaterThan(attempts);
  });

  it.each([
    ["one add", 1],
    ["two overlapping adds", 2],
  ])("keeps its wait between catalog retries across a catalog change (%s)", async (_, adds) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const model = failingEmbeddingModel();
      const index = createToolIndex(saasCatalog, { embeddingModel: model, embedding: { maxRetries: 0 } });
      await index.warmUp(); // fails
      await index.warmUp(); // fails again: the next retry waits 1 s
      const attempts = model.calls.length;
      const added = [
        { name: "archive_ticket", description: "Archive a support ticket.", parameters: {} },
        { name: "close_ticket", description: "Close a support ticket.", parameters: {} },
      ];
      // Not awaited one by one: the second replaces the catalog while the first is building.
      await Promise.all(added.slice(0, adds).map((tool) => index.add([tool])));
      const result = await index.selectWithScores("archive the ticket");
      expect(result.fallback).toBe("keyword");
      expect(result.tools[0]).toBe("archive_ticket");
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(model.calls.length).toBe(attempts);
      vi.advanceTimersByTime(1_000);
      await index.select("archive the ticket");
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(model.calls.length).toBeGreaterThan(attempts);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not ask a failing provider again when the catalog changes while a retry is running", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      let calls = 0;
      let inFlight = 0;
      let most = 0;
      const held: (() => void)[] = [];
      const base = hashingEmbeddingModel();
      const model = {
        ...base,
        doEmbed: async () => {
          calls++;
          most = Math.max(most, ++inFlight);
          await new Promise<void>((resolve) => held.push(resolve));
          inFlight--;
          throw new Error("quota exceeded");
        },
      };
      const release = () => held.splice(0).forEach((resolve) => resolve());
      const index = createToolIndex(saasCatalog, { embeddingModel: model, embedding: { maxRetries: 0 } });
      for (let i = 0; i < 2; i++) {
        const warm = index.warmUp();
        await vi.waitFor(() => expect(held.length).toBe(1));
        release();
        await warm;
      }
      vi.advanceTimersByTime(1_000);
      await index.select("refund"); // starts a background retry, held open
      await vi.waitFor(() => expect(held.length).toBe(1));
      await index.add([{ name: "archive_ticket", description: "Archive a support ticket.", parameters: {} }]);
      expect(await index.select("archive the ticket")).toContain("archive_ticket");
      expect(most).toBe(1);
      expect(calls).toBe(3);
      release();
    } finally {
      vi.useRealTimers();
    }
  });

  it("falls back to keywords when the query cannot be embedded", async () => {
    const log = recorder();
    let failQueries = false;
    const base = hashingEmbeddingModel();
    const model = {
      ...base,
      doEmbed: (options: Parameters<typeof base.doEmbed>[0]) =>
        failQueries ? Promise.reject(new Error("rate limited")) : base.doEmbed(options),
    };
    const index = createToolIndex(saasCatalog, {
      embeddingModel: model,
      onEvent: log.onEvent,
      embedding: { maxRetries: 0 },
    });
    await index.warmUp();
    failQueries = true;
    const result = await index.selectWithScores("send an email");
    expect(result.fallback).toBe("keyword");
    expect(result.tools[0]).toBe("send_email");
    expect(log.of("embedding-failed")[0]).toMatchObject({ stage: "query" });
    failQueries = false;
    expect((await index.selectWithScores("send an email")).strategy).toBe("combined");
  });

  it("a semantic index builds its keyword index on the first fallback and ranks with it", async () => {
    const log = recorder();
    let failQueries = false;
    const base = hashingEmbeddingModel();
    const model = {
      ...base,
      doEmbed: (options: Parameters<typeof base.doEmbed>[0]) =>
        failQueries ? Promise.reject(new Error("rate limited")) : base.doEmbed(options),
    };
    const index = createToolIndex(saasCatalog, {
      embeddingModel: model,
      strategy: "semantic",
      onEvent: log.onEvent,
      embedding: { maxRetries: 0 },
    });
    await index.warmUp();
    const semanticResult = await index.selectWithScores("post a message in a slack channel");
    expect(semanticResult.strategy).toBe("semantic");
    expect(semanticResult.results[0].matchedTerms).toEqual([]);
    failQueries = true;
    const fallback = await index.selectWithScores("refund the customer payment");
    expect(fallback).toMatchObject({ strategy: "keyword", fallback: "keyword" });
    expect(fallback.tools[0]).toBe("stripe_refund_payment");
    expect(fallback.results[0].matchedTerms).toContain("refund");
  });

  it("aborts a hanging provider after embeddingTimeout and falls back", async () => {
    const log = recorder();
    const index = createToolIndex(saasCatalog, {
      embeddingModel: failingEmbeddingModel({ hang: true }),
      embedding: { timeout: 20, maxRetries: 0 },
      onEvent: log.onEvent,
    });
    const result = await index.selectWithScores("send an email");
    expect(result.fallback).toBe("keyword");
    expect(log.of("embedding-failed")).toHaveLength(1);
  });

  it("rejects with EMBEDDING_FAILED when onError is throw", async () => {
    const index = createToolIndex(saasCatalog, {
      embeddingModel: failingEmbeddingModel(),
      onError: "throw",
      embedding: { maxRetries: 0 },
    });
    await expect(index.select("send an email")).rejects.toMatchObject({ code: "EMBEDDING_FAILED" });
    await expect(index.warmUp()).rejects.toMatchObject({ code: "EMBEDDING_FAILED" });
  });

  it("carries on without a cache that fails, and says so", async () => {
    const log = recorder();
    const broken: EmbeddingCache = {
      getMany: () => Promise.reject(new Error("KV down")),
      setMany: () => Promise.reject(new Error("KV down")),
    };
    const index = createToolIndex(saasCatalog, {
      embeddingModel: hashingEmbeddingModel(),
      embedding: { cache: broken },
      onEvent: log.onEvent,
    });
    await index.warmUp();
    expect(
      log
        .of("embedding-cache-error")
        .map((event) => event.operation)
        .sort(),
    ).toEqual(["read", "write"]);
    expect((await index.selectWithScores("send an email")).strategy).toBe("combined");
  });
});

describe("embedding caches", () => {
  it("restarts from the cache without embedding the catalog again", async () => {
    const cache = memoryCache();
    const first = hashingEmbeddingModel();
    await createToolIndex(saasCatalog, { embeddingModel: first, embedding: { cache } }).warmUp();
    expect(first.calls.flat()).toHaveLength(saasCatalog.length);
    const second = hashingEmbeddingModel();
    const log = recorder();
    const index = createToolIndex(saasCatalog, { embeddingModel: second, embedding: { cache }, onEvent: log.onEvent });
    await index.warmUp();
    expect(second.calls).toHaveLength(0);
    expect(log.of("embeddings-ready")[0]).toMatchObject({ embedded: 0, fromCache: saasCatalog.length });
  });

  it("re-embeds exactly the tool whose description changed", async () => {
    const cache = memoryCache();
    await createToolIndex(saasCatalog, { embeddingModel: hashingEmbeddingModel(), embedding: { cache } }).warmUp();
    const changed = saasCatalog.map((tool) =>
      tool.name === "send_email" ? { ...tool, description: "Send an email message with attachments." } : tool,
    );
    const model = hashingEmbeddingModel();
    await createToolIndex(changed, { embeddingModel: model, embedding: { cache } }).warmUp();
    expect(model.calls.flat()).toHaveLength(1);
    expect(model.calls[0][0]).toContain("attachments");
  });

  it("never mixes vectors of another model or dimension", async () => {
    const cache = memoryCache();
    await createToolIndex(saasCatalog, {
      embeddingModel: hashingEmbeddingModel({ dimensions: 64 }),
      embedding: { cache },
    }).warmUp();
    const other = hashingEmbeddingModel({ dimensions: 128 });
    await createToolIndex(saasCatalog, { embeddingModel: other, embedding: { cache } }).warmUp();
    expect(other.calls.flat()).toHaveLength(saasCatalog.length);
  });

  it("keeps working with toolpick's { load, save } cache", async () => {
    let saved: number[][] | null = null;
    const legacy = { load: async () => saved, save: async (vectors: number[][]) => void (saved = vectors) };
    await createToolIndex(saasCatalog, {
      embeddingModel: hashingEmbeddingModel(),
      embedding: { cache: legacy },
    }).warmUp();
    expect(saved).not.toBeNull();
    const model = hashingEmbeddingModel();
    await createToolIndex(saasCatalog, { embeddingModel: model, embedding: { cache: legacy } }).warmUp();
    expect(model.calls).toHaveLength(0);
  });
});

describe("sync, add, remove", () => {
  it("re-embed only what changed", async () => {
    const model = hashingEmbeddingModel();
    const index = createToolIndex(saasCatalog, { embeddingModel: model });
    await index.warmUp();
    const base = model.calls.flat().length;
    await index.sync(
      saasCatalog.map((tool) =>
        tool.name === "send_email" ? { ...tool, description: "Send an email with a signature." } : tool,
      ),
    );
    expect(model.calls.flat().length - base).toBe(1);
    await index.add([{ name: "fax_document", description: "Send a fax of a document." }]);
    expect(model.calls.flat().length - base).toBe(2);
    expect(model.calls.at(-1)).toEqual([expect.stringContaining("Send a fax of a document.")]);
    expect(index.toolNames).toContain("fax_document");
    expect((await index.select("fax this document", noCut))[0]).toBe("fax_document");
    const afterQuery = model.calls.flat().length; // + the query embedding
    await index.remove(["fax_document"]);
    expect(model.calls.flat().length).toBe(afterQuery);
    expect(index.toolNames).not.toContain("fax_document");
    expect(await index.select("fax this document", noCut)).not.toContain("fax_document");
  });

  it("overlapping, un-awaited: embed only the tools the latest catalog adds, reusing the rest", async () => {
    const log = recorder();
    const model = hashingEmbeddingModel();
    const index = createToolIndex(saasCatalog, { embeddingModel: model, onEvent: log.onEvent });
    await index.warmUp();
    const base = model.calls.flat().length;
    const fax = { name: "fax_document", description: "Send a fax of a document." };
    const print = { name: "print_page", description: "Print a page on the office printer." };
    const first = index.sync([...saasCatalog, fax]);
    const second = index.sync([...saasCatalog, fax, print]);
    await Promise.all([first, second]);
    // Only the two new tools went to the model, once each; no vectors were made for the catalog the second replaced.
    expect(model.calls.flat().length - base).toBe(2);
    expect(log.of("embeddings-ready").slice(1)).toEqual([
      expect.objectContaining({ tools: saasCatalog.length + 2, embedded: 2, reused: saasCatalog.length }),
    ]);
    expect((await index.select("print a page", noCut))[0]).toBe("print_page");
    const adds = [index.add([{ name: "archive_ticket", description: "Archive a support ticket." }])];
    adds.push(index.add([{ name: "close_ticket", description: "Close a support ticket." }]));
    await Promise.all(adds);
    expect(index.toolNames).toEqual(expect.arrayContaining(["archive_ticket", "close_ticket"]));
    expect(model.calls.flat().length - base).toBe(2 + 1 + 2); // + the query, + the two added tools
  });

  it("a sync while the previous one's embedding is in flight carries its vectors over when they arrive", async () => {
    const base = hashingEmbeddingModel();
    const held: (() => void)[] = [];
    const texts: string[] = [];
    let holding = false;
    const model = {
      ...base,
      doEmbed: async (call: Parameters<typeof base.doEmbed>[0]) => {
        texts.push(...call.values);
        if (holding) await new Promise<void>((resolve) => held.push(resolve));
        return base.doEmbed(call);
      },
    };
    const index = createToolIndex(saasCatalog, { embeddingModel: model });
    await index.warmUp();
    texts.length = 0;
    holding = true;
    const fax = { name: "fax_document", description: "Send a fax of a document." };
    const first = index.sync([...saasCatalog, fax]);
    await vi.waitFor(() => expect(held).toHaveLength(1)); // the fax embedding is in flight
    const second = index.sync([...saasCatalog, fax, { name: "print_page", description: "Print a page." }]);
    holding = false;
    held.splice(0).forEach((resolve) => resolve());
    await Promise.all([first, second]);
    expect(texts).toEqual([expect.stringContaining("fax"), expect.stringContaining("Print a page.")]);
  });

  it("two syncs while the first catalog's own embedding is in flight carry its vectors over when they arrive", async () => {
    const base = hashingEmbeddingModel();
    const held: (() => void)[] = [];
    const texts: string[] = [];
    const model = {
      ...base,
      doEmbed: async (call: Parameters<typeof base.doEmbed>[0]) => {
        texts.push(...call.values);
        if (held.length === 0 && texts.length === call.values.length) {
          await new Promise<void>((resolve) => held.push(resolve)); // only the first call (the catalog) waits
        }
        return base.doEmbed(call);
      },
    };
    const index = createToolIndex(saasCatalog, { embeddingModel: model });
    const warming = index.warmUp();
    await vi.waitFor(() => expect(held).toHaveLength(1)); // the catalog's embedding is in flight
    const fax = { name: "fax_document", description: "Send a fax of a document." };
    const first = index.sync([...saasCatalog, fax]);
    // The first sync's index is built and published, and waits for the catalog's embedding; then the second comes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = index.sync([...saasCatalog, fax, { name: "print_page", description: "Print a page." }]);
    held[0]();
    await Promise.all([warming, first, second]);
    const catalogTexts = texts.length;
    expect(catalogTexts).toBe(saasCatalog.length + 2); // the catalog once, then only the two new tools
    await index.select("send an email");
    expect(texts.length - catalogTexts).toBe(1); // the query; no tool embedded again
  });

  it("reject duplicates and unknown names", async () => {
    const index = createToolIndex(saasCatalog, { embeddingModel: hashingEmbeddingModel() });
    await expect(index.add([{ name: "send_email", description: "again" }])).rejects.toMatchObject({
      code: "DUPLICATE_TOOL",
    });
    await expect(index.remove(["no_such_tool"])).rejects.toMatchObject({ code: "UNKNOWN_TOOL" });
  });

  it("work on a keyword index too", async () => {
    const index = createToolIndex(saasCatalog);
    await index.add([{ name: "fax_document", description: "Send a fax of a document." }]);
    expect((await index.select("fax", noCut))[0]).toBe("fax_document");
  });
});

describe("int8 quantisation", () => {
  it("ranks like float32 on this catalog", async () => {
    const float = createToolIndex(saasCatalog, { embeddingModel: hashingEmbeddingModel(), strategy: "semantic" });
    const int8 = createToolIndex(saasCatalog, {
      embeddingModel: hashingEmbeddingModel(),
      strategy: "semantic",
      embedding: { quantize: "int8" },
    });
    for (const query of [
      "send an email",
      "refund a payment",
      "open a pull request",
      "post to slack",
      "upload a file to s3",
    ]) {
      const a = await float.select(query, noCut);
      const b = await int8.select(query, noCut);
      expect(b[0]).toBe(a[0]);
      expect(new Set(b)).toEqual(new Set(a));
    }
  });

  it("explains int8 rankings as select ranks them, when rescoring more rows would change the winner", async () => {
    // 20 alpha tools whose second value rounds up to int8 code 3 and an omega tool whose value rounds down to it:
    // the int8 scan puts the alphas first, the residuals put omega first. select (maxTools 1) rescores only the
    // scan's best 17, which leaves omega out; explain ranks every tool and must still agree with select.
    const vector = (second: number) => [1, second, 0, 0, 0, 0, 0, 0];
    const model = {
      specificationVersion: "v4" as const,
      provider: "test",
      modelId: "fixed-vectors",
      maxEmbeddingsPerCall: 100,
      supportsParallelCalls: true,
      async doEmbed({ values }: { values: string[] }) {
        return {
          embeddings: values.map((text) =>
            text.startsWith("omega") ? vector(3.49 / 127) : text.startsWith("alpha") ? vector(2.51 / 127) : vector(1),
          ),
          warnings: [],
        };
      },
    };
    const tools = [
      ...Array.from({ length: 20 }, (_, i) => ({ name: `alpha_${i}`, description: "A tool." })),
      { name: "omega", description: "A tool." },
    ];
    const options = { maxTools: 1, adaptive: false, minRelevance: 0 } as const;
    for (const rescore of [true, false]) {
      const index = createToolIndex(tools, {
        embeddingModel: model,
        strategy: "semantic",
        embedding: { quantize: "int8", rescore },
      });
      const [first] = await index.select("query", options);
      expect(first).toBe("alpha_0");
      expect(await index.explain("query", "alpha_0", options)).toMatchObject({ rank: 1, selected: true });
      const omega = await index.explain("query", "omega", options);
      expect(omega.selected).toBe(false);
      expect(omega.rank).not.toBe(1);
    }
  });
});
