// The offline local embedding model: its asset, its vectors, and its use in selection and query expansion.
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { embed, embedMany, jsonSchema, tool } from "ai";
import { describe, expect, it } from "vitest";
import { createToolIndex, type ToolsiftEvent } from "../../src/index.js";
import { parseLocalModelAsset } from "../../src/local/asset.js";
import { localEmbeddingModel } from "../../src/local/index.js";
import { resolveSemanticOptions } from "../../src/tool-index/resolve-semantic-options.js";
import { saasCatalog } from "../api/saas-catalog.js";
import { DEMO_TOOLS } from "../../src/demo/demo-catalog.js";

const assetUrl = new URL("../../assets/local-model.bin", import.meta.url);
const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
};

describe("the bundled asset", () => {
  it("is a version-2 asset of 20,000 words × 100 dims in 4-bit codes, under 1.25 MiB, with a common component", async () => {
    const bytes = await readFile(assetUrl);
    expect(bytes.byteLength).toBeLessThanOrEqual(1.25 * 1024 * 1024);
    const asset = parseLocalModelAsset(bytes);
    expect(asset.version).toBe(2);
    expect(asset.bits).toBe(4);
    expect(asset.dims).toBe(100);
    expect(asset.words).toHaveLength(20_000);
    expect(asset.common).toBeInstanceOf(Float32Array);
    expect(asset.common).toHaveLength(100);
    expect(asset.words).toContain("refund");
    expect(new Set(asset.words).size).toBe(asset.words.length);
  });

  it("holds none of the stop words its builder pins (scripts/local-model-stop-words.json), so a rebuild matches it", async () => {
    const asset = parseLocalModelAsset(await readFile(assetUrl));
    const pinned = JSON.parse(
      await readFile(new URL("../../scripts/local-model-stop-words.json", import.meta.url), "utf8"),
    ) as { words: string[] };
    expect(pinned.words).toContain("the");
    const vocabulary = new Set(asset.words);
    expect(pinned.words.filter((word) => vocabulary.has(word))).toEqual([]);
  });

  it("rejects a damaged, truncated or foreign file with INVALID_MODEL_ASSET", async () => {
    const bytes = new Uint8Array(await readFile(assetUrl));
    const damaged = bytes.slice();
    damaged[bytes.length - 100] ^= 0xff;
    expect(() => parseLocalModelAsset(damaged)).toThrow(/checksum/);
    expect(() => parseLocalModelAsset(bytes.slice(0, bytes.length - 1))).toThrow(/describes/);
    expect(() => parseLocalModelAsset(new TextEncoder().encode("not a model at all, just text here"))).toThrow(/TSLM/);
    const future = bytes.slice();
    new DataView(future.buffer).setUint32(4, 3, true);
    expect(() => parseLocalModelAsset(future)).toThrowError(expect.objectContaining({ code: "INVALID_MODEL_ASSET" }));
    expect(() => parseLocalModelAsset("TSLM..." as never)).toThrowError(
      expect.objectContaining({
        code: "INVALID_MODEL_ASSET",
        message:
          'Local model asset: expected the asset\'s bytes (an ArrayBuffer or ArrayBufferView), got the string "TSLM...".',
      }),
    );
  });
});

describe("localEmbeddingModel", () => {
  const model = localEmbeddingModel();

  it("embeds through the AI SDK: deterministic unit vectors of 100 dimensions", async () => {
    const { embeddings } = await embedMany({ model, values: ["refund the payment", "refund the payment"] });
    expect(embeddings[0]).toHaveLength(100);
    expect(embeddings[0]).toEqual(embeddings[1]);
    expect(cosine(embeddings[0], embeddings[0])).toBeCloseTo(1, 5);
    const { embedding } = await embed({ model, value: "refund the payment" });
    expect(embedding).toEqual(embeddings[0]);
  });

  it("puts paraphrases closer than unrelated texts", async () => {
    const {
      embeddings: [money, refund, weather],
    } = await embedMany({
      model,
      values: ["give them their money back", "refund the customer's payment", "tomorrow's rain and wind"],
    });
    expect(cosine(money, refund)).toBeGreaterThan(cosine(money, weather) + 0.2);
  });

  it("returns a zero vector for text with no known words, and undefined word vectors outside the vocabulary", async () => {
    const { embedding } = await embed({ model, value: "zzqx qqxv" });
    expect(embedding).toEqual(new Array(100).fill(0));
    const [known, unknown] = await model.wordVectors(["money", "zzqx"]);
    expect(known).toHaveLength(100);
    expect(unknown).toBeUndefined();
    expect(model.info).toEqual({ words: 20_000, dimensions: 100, assetBytes: (await readFile(assetUrl)).byteLength });
  });

  it("accepts an asset given as bytes or a Response, and validates options", async () => {
    const bytes = await readFile(assetUrl);
    const fromBytes = localEmbeddingModel({ asset: bytes });
    const fromResponse = localEmbeddingModel({ asset: new Response(bytes) });
    const a = await fromBytes.doEmbed({ values: ["deploy to production"] });
    const b = await fromResponse.doEmbed({ values: ["deploy to production"] });
    expect(a.embeddings).toEqual(b.embeddings);
    await expect(localEmbeddingModel({ asset: new Response("nope", { status: 404 }) }).load()).rejects.toMatchObject({
      code: "INVALID_MODEL_ASSET",
    });
  });

  it.each([
    [{ sifWeight: 0 }, 'localEmbeddingModel: option "sifWeight" must be a number in (0, 1], got 0.'],
    [
      { sifWeight: "0.01" },
      'localEmbeddingModel: option "sifWeight" must be a number in (0, 1], got the string "0.01".',
    ],
    [
      { removeCommonComponent: "no" },
      'localEmbeddingModel: option "removeCommonComponent" must be a boolean, got the string "no".',
    ],
    [null, 'localEmbeddingModel: option "options" must be an object, got null.'],
  ])("rejects the options %j with INVALID_OPTION naming the option", (options, message) => {
    expect(() => localEmbeddingModel(options as never)).toThrow(
      expect.objectContaining({ code: "INVALID_OPTION", message }),
    );
  });

  it("refuses a misspelt option, naming the nearest valid one", () => {
    expect(() => localEmbeddingModel({ sifweight: 0.01 } as never)).toThrow(
      expect.objectContaining({
        code: "UNKNOWN_OPTION",
        message: expect.stringContaining('unknown option "sifweight"; did you mean "sifWeight"?'),
      }),
    );
  });

  it("a failed load is not kept: the next call loads again, and succeeds once the asset can be read", async () => {
    let attempts = 0;
    const bytes = await readFile(assetUrl);
    // A thenable read afresh by each load (a promise would settle once): the first read fails.
    const flaky: PromiseLike<Uint8Array> = {
      then(resolve, reject) {
        attempts++;
        if (attempts === 1) reject?.(new Error("network down"));
        else resolve?.(bytes);
        return Promise.resolve() as never;
      },
    };
    const model = localEmbeddingModel({ asset: flaky });
    await expect(model.load()).rejects.toThrow("network down");
    expect(model.info).toBeUndefined();
    await model.load();
    expect(attempts).toBe(2);
    expect(model.info).toEqual({ words: 20_000, dimensions: 100, assetBytes: bytes.byteLength });
  });
});

describe("selection with the local model", () => {
  it("combined search finds a paraphrase keyword search misses, with adaptive fusion by default", async () => {
    const model = localEmbeddingModel();
    expect(resolveSemanticOptions({ embeddingModel: model })?.fusion).toMatchObject({
      method: "weighted",
      adaptive: true,
      keyword: 1,
      semantic: 0,
    });
    const keyword = createToolIndex(saasCatalog);
    const combined = createToolIndex(saasCatalog, { embeddingModel: model });
    const query = "give the buyer their cash back";
    expect(await keyword.select(query, { maxTools: 3, adaptive: false })).not.toContain("stripe_refund_payment");
    expect(await combined.select(query, { maxTools: 3, adaptive: false })).toContain("stripe_refund_payment");
  });

  it("explain gives the fusion's weights: a word read only through a word-vector neighbour scores in BM25F, not in the keyword part", async () => {
    // The playground showed "Keyword (BM25F) score 0.96" beside "Keyword part 0.00" with nothing to say why.
    const model = localEmbeddingModel();
    // (Everyday words off: "book" would also read as schedule, and this is about word-vector neighbours.)
    const index = createToolIndex(DEMO_TOOLS, {
      embeddingModel: model,
      keyword: { queryExpansion: model, everydayWords: false },
    });
    const neighbour = await index.explain("book a flight to paris", "jira_create_ticket", { maxTools: 5 });
    expect(neighbour.queryTerms.map((term) => term.kind)).toEqual(["semantic", "semantic", "semantic"]);
    expect(neighbour.keywordScore).toBeGreaterThan(0);
    // The local model's fusion (above: adaptive, weights 1 and 0): keywords weigh the share of the query's words the
    // catalog holds itself, here none; what keywords lose goes to meaning.
    expect(neighbour.semantic?.weights).toEqual({ keyword: 0, semantic: 1 });
    expect(neighbour.semantic?.keyword).toBe(0);
    const exact = await index.explain("send an email", "gmail_send_email", { maxTools: 5 });
    expect(exact.semantic?.weights).toEqual({ keyword: 1, semantic: 0 });
    expect(exact.semantic!.keyword).toBeCloseTo(exact.score, 6);
  });

  it("the local model reads a misspelt query word as the catalog word it was corrected to", async () => {
    const index = createToolIndex(saasCatalog, { embeddingModel: localEmbeddingModel() });
    const { results } = await index.selectWithScores("sned an emial to the team about the outage", {
      maxTools: 3,
      adaptive: false,
    });
    expect(results[0].name).toBe("send_email");
    expect(results[0].fusion!.semantic).toBeGreaterThan(0);
  });

  it("query expansion adds the catalog's nearest words for a word it lacks, reported as semantic", async () => {
    const model = localEmbeddingModel();
    const index = createToolIndex(saasCatalog, { keyword: { queryExpansion: { model, threshold: 0.4 } } });
    // Word-vector neighbours are weak evidence (0.5 × cosine): this paraphrase stays under the default minRelevance,
    // so the ranking is read with the decision off.
    const { results } = await index.selectWithScores("give the buyer their cash back", {
      maxTools: 3,
      adaptive: false,
      minRelevance: 0,
    });
    expect(results.map((result) => result.name)).toContain("stripe_refund_payment");
    const refund = results.find((result) => result.name === "stripe_refund_payment")!;
    expect(refund.expansions.map((expansion) => expansion.kind)).toContain("semantic");
    const plain = createToolIndex(saasCatalog);
    expect((await plain.selectWithScores("send an email")).tools).toEqual(
      (await index.selectWithScores("send an email")).tools,
    );
  });

  it("ranks without expansion, and says so, when the word vectors fail", async () => {
    const events: ToolsiftEvent[] = [];
    const broken = { wordVectors: () => Promise.reject(new Error("no vectors")) };
    const index = createToolIndex(saasCatalog, {
      keyword: { queryExpansion: broken },
      onEvent: (event) => events.push(event),
    });
    expect((await index.select("send an email"))[0]).toBe("send_email");
    expect(events.some((event) => event.type === "query-expansion-failed")).toBe(true);
  });

  it("a remark framed as chat reads a task only through its words, not the model's neighbours", async () => {
    // bench/everyday's 25 tools of the Playwright MCP server, as the server lists them: no small catalog.
    const playwright = (
      JSON.parse(
        readFileSync(new URL("../../bench/everyday/catalogs/mcp-playwright.json", import.meta.url), "utf8"),
      ) as {
        tools: { name: string; description: string; inputSchema: object }[];
      }
    ).tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
    const index = createToolIndex(playwright, { embeddingModel: localEmbeddingModel() });
    const remark = "lol that site is ugly";
    // The model reads "site" near the browser's tools: alone, the query is ranked as ever.
    expect((await index.select(remark)).length).toBeGreaterThan(0);
    const messages = [{ role: "user" as const, content: remark }];
    expect(await index.select(remark, { messages })).toEqual([]);
    for (const stableTools of [true, false])
      expect((await index.prepareStep({ stableTools })({ steps: [], messages })).activeTools).toEqual([]);
    // After a task, a short remark that leans on it is read with it for the ranking, and asked alone whether it
    // reads a task.
    const after = [
      { role: "user" as const, content: "go to https://example.com" },
      { role: "assistant" as const, content: "Opened https://example.com." },
      { role: "user" as const, content: "lmao that one is ancient" },
    ];
    expect((await index.prepareStep({ stableTools: false })({ steps: [], messages: after })).activeTools).toEqual([]);
    // inConversation reads it so too: no tool, not even its dispatcher or search tool.
    const toolSet = Object.fromEntries(
      playwright.map(({ name, description, inputSchema }) => [
        name,
        tool({ description, inputSchema: jsonSchema(inputSchema), execute: async () => ({ ok: true }) }),
      ]),
    );
    const delivery = index.inConversation(toolSet);
    expect((await delivery.prepareStep({ messages })).activeTools).toEqual([]);
    expect((await delivery.prepareStep({ messages: after })).activeTools).toEqual([]);
    // A remark whose words meet a tool is a request, ranked with the model's evidence as if it were none ("right
    // click the image" reads as a remark).
    for (const words of ["lol take a screenshot of that site", "right click the image"]) {
      const ranked = async (options: object) =>
        (await index.selectWithScores(words, options)).results
          .filter((result) => result.reason === "ranked")
          .map((result) => [result.name, result.relevance]);
      const asRequest = await ranked({});
      expect(asRequest.length).toBeGreaterThan(0);
      expect(await ranked({ messages: [{ role: "user", content: words }] })).toEqual(asRequest);
    }
  });

  it("rejects a queryExpansion that is not a word-vector model", () => {
    expect(() => createToolIndex(saasCatalog, { keyword: { queryExpansion: {} as never } })).toThrow(/queryExpansion/);
  });
});
