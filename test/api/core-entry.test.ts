// toolsift/core (src/core-entry.ts): the root's index without the AI SDK adapters and without models. Given the
// English word list the root reads by default (ENGLISH_COMMON_WORDS, which it exports), it ranks, scores, explains and
// learns exactly as the root does; it refuses by name every option that needs a model, and a missing word list.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  createToolIndex as createCoreIndex,
  ENGLISH_COMMON_WORDS,
  ToolsiftError,
  type CoreToolIndex,
} from "../../src/core-entry.js";
import { createToolIndex } from "../../src/index.js";
import { hashingEmbeddingModel } from "../../src/testing/index.js";
import { conversation } from "../usage/conversations.js";
import { saasCatalog } from "./saas-catalog.js";

const paraphrase = (file: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/paraphrase/${file}`, import.meta.url), "utf8")) as unknown;
const paraphraseCatalog = paraphrase("catalog.json") as { name: string; description: string }[];
const paraphraseQueries = (paraphrase("queries.json") as { query: string; expected: string }[]).map(
  (entry) => entry.query,
);

const saasQueries = [
  "open a pull request",
  "refund the last payment",
  "send an email to the team",
  "mrege the PR",
  "upload a file to s3",
  "k8s scale deployment",
  "what's the weather",
  "",
];

/** toolsift/core's options that select as the root's defaults do. */
const english = { keyword: { commonWords: ENGLISH_COMMON_WORDS } } as const;

describe("toolsift/core selects as the root does", () => {
  it.each([
    ["the paraphrase set", paraphraseCatalog, paraphraseQueries],
    ["the SaaS catalog (typos, abbreviations, an empty query)", saasCatalog, saasQueries],
  ])("on %s: the same tools with the same scores, for each query and option set", async (_, catalog, queries) => {
    const core = createCoreIndex(catalog, english);
    const root = createToolIndex(catalog);
    let nonEmpty = 0;
    for (const options of [{}, { maxTools: 5, adaptive: false }, { maxTools: 2 }, { minRelevance: 0 }]) {
      for (const query of queries) {
        const expected = await root.selectWithScores(query, options);
        expect(await core.selectWithScores(query, options)).toEqual(expected);
        if (expected.results.length > 0) nonEmpty++;
      }
    }
    // The comparison means something only if the root found tools for most queries.
    expect(nonEmpty).toBeGreaterThan(queries.length);
  });

  it("explains a tool's rank as the root does", async () => {
    const core = createCoreIndex(saasCatalog, english);
    const root = createToolIndex(saasCatalog);
    for (const query of ["merge the pull request", "refund a payment"]) {
      for (const tool of ["gitlab_merge_pr", "stripe_refund_payment"]) {
        expect(await core.explain(query, tool)).toEqual(await root.explain(query, tool));
      }
    }
  });

  it("learns, changes its catalog and keeps its options as the root does", async () => {
    const options = {
      keyword: {
        fields: { name: { weight: 5 } },
        k1: 1.5,
        typoTolerance: { weight: 0.5 },
        commonWords: ENGLISH_COMMON_WORDS,
      },
      strategy: "hybrid",
    };
    const core = createCoreIndex(saasCatalog, { ...options, strategy: "hybrid" });
    const root = createToolIndex(saasCatalog, options as Parameters<typeof createToolIndex>[1]);
    const talk = conversation([{ user: "ship the release", calls: ["github_create_pull_request", "deploy_service"] }]);
    expect(core.learn(talk)).toEqual(root.learn(talk));
    expect(core.usage()).toEqual(root.usage());
    for (const index of [core, root] as CoreToolIndex[]) {
      await index.remove(["gitlab_merge_pr"]);
      await index.add([{ name: "merge_request", description: "Merge a request once its checks pass." }]);
    }
    expect(core.toolNames).toEqual(root.toolNames);
    expect(core.toolNames).toContain("merge_request");
    const messages = [{ role: "user", content: "ship the release" }];
    expect(await core.selectWithScores("merge it", { messages })).toEqual(
      await root.selectWithScores("merge it", { messages }),
    );
  });

  it("has the core methods and none of the root's AI SDK adapters", () => {
    const core = createCoreIndex(saasCatalog, english);
    const root = createToolIndex(saasCatalog);
    const adapters = [
      "prepareStep",
      "inConversation",
      "middleware",
      "searchTool",
      "toolSearchFunction",
      "deferredTools",
    ];
    for (const method of adapters) {
      expect(typeof (root as unknown as Record<string, unknown>)[method]).toBe("function");
      expect(method in core).toBe(false);
    }
    expect(Object.keys(core).sort()).toEqual(
      Object.keys(root)
        .filter((key) => !adapters.includes(key))
        .sort(),
    );
    // @ts-expect-error a core index has no adapters (types say so too)
    expect(core.prepareStep).toBeUndefined();
    // The root's index is a core index with more: code written for toolsift/core accepts it.
    const asCore: CoreToolIndex<string> = root;
    expect(asCore.toolNames).toEqual(core.toolNames);
  });
});

describe("toolsift/core refuses what needs a model", () => {
  // The options docs/options.md documents as needing an embedding model, word vectors or a language model.
  const modelOptions: [string, unknown][] = [
    ["embeddingModel", hashingEmbeddingModel({ dimensions: 8 })],
    ["embedding.fusion", { method: "rrf" }],
    ["embedding.quantize", "int8"],
    ["embedding.rescore", false],
    ["embedding.queryCacheSize", 16],
    ["embedding.cache", { getMany: async () => [], setMany: async () => {} }],
    ["embedding.dimensions", 8],
    ["embedding.timeout", 1000],
    ["embedding.maxParallelCalls", 2],
    ["embedding.maxRetries", 0],
    ["embedding.abortSignal", new AbortController().signal],
    ["onError", "throw"],
    ["keyword.queryExpansion", { model: { wordVectors: async () => [] } }],
    ["rerankerModel", { specificationVersion: "v4", provider: "test", modelId: "m", doGenerate: async () => ({}) }],
    ["enrichment", false],
  ];
  /** `{ "embedding.cache": x }` as `{ embedding: { cache: x } }`. */
  const nested = (path: string, value: unknown) => {
    const [name, key] = path.split(".");
    return key === undefined ? { [name]: value } : { [name]: { [key]: value } };
  };

  it.each(modelOptions)("option %s: INVALID_OPTION naming it and the entry to import", (option, value) => {
    let thrown: unknown;
    try {
      createCoreIndex(saasCatalog, { ...english, ...nested(option, value) } as never);
    } catch (error) {
      thrown = error;
    }
    expect(ToolsiftError.isInstance(thrown)).toBe(true);
    const error = thrown as ToolsiftError;
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.details).toEqual({ option });
    expect(error.message).toContain(`option "${option}"`);
    expect(error.message).toContain('import createToolIndex from "toolsift"');
    // The root accepts the same option (it is refused only for want of a model stage).
    expect(() => createToolIndex(saasCatalog, nested(option, value) as never)).not.toThrow();
  });

  it.each(["semantic", "combined"])('strategy "%s" needs a model: refused, naming the value', (strategy) => {
    expect(() => createCoreIndex(saasCatalog, { strategy } as never)).toThrow(
      expect.objectContaining({
        code: "INVALID_OPTION",
        details: { option: "strategy", value: strategy },
        message: expect.stringContaining(`option "strategy" set to "${strategy}" needs a model`),
      }),
    );
  });

  it("keeps the root's checks of everything else: keyword strategies, unknown options, bad values", async () => {
    expect(await createCoreIndex(saasCatalog, { ...english, strategy: "keyword" }).select("refund")).toContain(
      "stripe_refund_payment",
    );
    expect(() => createCoreIndex(saasCatalog, { strategy: "fuzzy" } as never)).toThrow(
      expect.objectContaining({
        code: "INVALID_OPTION",
        message: expect.stringContaining('"strategy" must be one of'),
      }),
    );
    // Its own options are listed (a model option is none of them: core refuses those by name, above).
    expect(() => createCoreIndex(saasCatalog, { strategi: "keyword" } as never)).toThrow(
      expect.objectContaining({ code: "UNKNOWN_OPTION", message: expect.stringContaining('did you mean "strategy"') }),
    );
    expect(() => createCoreIndex(saasCatalog, { embedingModel: 1 } as never)).toThrow(
      expect.objectContaining({ code: "UNKNOWN_OPTION", message: expect.stringContaining("Known options: strategy") }),
    );
    expect(() => createCoreIndex(saasCatalog, { keyword: { k1: -1, commonWords: false } })).toThrow(
      expect.objectContaining({ code: "INVALID_OPTION", details: expect.objectContaining({ option: "keyword.k1" }) }),
    );
    // @ts-expect-error toolsift/core's options have no embeddingModel (types say so too)
    expect(() => createCoreIndex(saasCatalog, { ...english, embeddingModel: hashingEmbeddingModel() })).toThrow(
      /embeddingModel/,
    );
  });
});

describe("toolsift/core's word list (keyword.commonWords)", () => {
  it("is required: without it, INVALID_OPTION names the option, the list to import and false", () => {
    for (const options of [undefined, {}, { keyword: { k1: 1.2 } }]) {
      expect(() => createCoreIndex(saasCatalog, options as never)).toThrow(
        expect.objectContaining({
          code: "INVALID_OPTION",
          details: { option: "keyword.commonWords", value: undefined },
          message: expect.stringMatching(
            /"keyword\.commonWords" must be ENGLISH_COMMON_WORDS .*"toolsift\/core".* or false/,
          ),
        }),
      );
    }
  });

  it("takes the list or false, on both entries; anything else is INVALID_OPTION", async () => {
    expect(await createCoreIndex(saasCatalog, { keyword: { commonWords: false } }).select("refund")).toContain(
      "stripe_refund_payment",
    );
    for (const create of [createCoreIndex, createToolIndex]) {
      for (const commonWords of [true, ["first"], { specificity: 1 }]) {
        expect(() => create(saasCatalog, { keyword: { commonWords } } as never)).toThrow(
          expect.objectContaining({
            code: "INVALID_OPTION",
            details: expect.objectContaining({ option: "keyword.commonWords" }),
          }),
        );
      }
      // Its readers, when given, are functions: the field is named.
      for (const field of ["chat", "remark"] as const) {
        const commonWords = { ...ENGLISH_COMMON_WORDS, [field]: "yes" };
        expect(() => create(saasCatalog, { keyword: { commonWords } } as never)).toThrow(
          expect.objectContaining({
            code: "INVALID_OPTION",
            details: expect.objectContaining({ option: `keyword.commonWords.${field}`, value: "yes" }),
          }),
        );
      }
    }
  });

  it("is the root's default: the root given it explicitly answers as the root without it", async () => {
    const explicit = createToolIndex(saasCatalog, english);
    const implicit = createToolIndex(saasCatalog);
    for (const query of saasQueries) {
      expect(await explicit.selectWithScores(query)).toEqual(await implicit.selectWithScores(query));
    }
  });
});
