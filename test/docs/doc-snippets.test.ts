// Every TypeScript snippet of the documentation (README.md and docs/*.md), and every example program, type-checked and
// run. tsc checks the snippets as test/docs/generated/ (written from the pages by scripts/doc-snippets.mjs, which
// `npm test` runs first), each after one import of what it takes as given (test/docs/preludes/); this file runs them
// offline and fails when the generated files no longer match the pages.
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  generatedSnippets,
  pages,
  readPages,
  SNIPPETS,
  staleSnippets,
  uncheckedCodeBlocks,
} from "../../scripts/doc-snippets.mjs";
import { STATIC_CHECKS } from "../../scripts/test.mjs";
import type { ToolIndex } from "../../src/index.ts";
import { model } from "./preludes/agent.ts";

/** Pages with no TypeScript to check: what they show is JSON, shell or TOML, or a table. */
const PAGES_WITHOUT_TYPESCRIPT = [
  "docs/benchmarks.md",
  "docs/errors-and-events.md",
  "docs/options.md",
  "docs/service.md",
];

/** Every index the snippets and examples build, in order: a snippet that only builds one is checked through it. */
const built = vi.hoisted((): ToolIndex[] => []);

// The snippets and examples import the package by name; here it is the source (vitest runs src/, not dist/).
vi.mock("toolsift", async () => {
  const source = await import("../../src/index.ts");
  const createToolIndex = ((...args: Parameters<typeof source.createToolIndex>) => {
    const index = source.createToolIndex(...args);
    built.push(index);
    return index;
  }) as typeof source.createToolIndex;
  return { ...source, createToolIndex };
});
vi.mock("toolsift/storage", () => import("../../src/storage/node.ts"));
vi.mock("toolsift/core", () => import("../../src/core-entry.ts"));
vi.mock("toolsift/local", () => import("../../src/local/index.ts"));
vi.mock("toolsift/langchain", () => import("../../src/langchain/index.ts"));
// Stand-in for the one snippet that needs an OpenAI key and the network (see SNIPPETS' standIn).
vi.mock("@ai-sdk/openai", async () => {
  const { hashingEmbeddingModel } = await import("../../src/testing/index.ts");
  return { openai: { embedding: (modelId: string) => hashingEmbeddingModel({ modelId }) } };
});

const snippets = await generatedSnippets();

/** The URLs fetched while the snippets ran. */
const fetched: string[] = [];
const assetBytes = readFileSync(new URL("../../assets/local-model.bin", import.meta.url));

/**
 * Stand-in for the browser snippet's page (see SNIPPETS' standIn): a static server that has `/local-model.bin`, the
 * package's asset, and nothing else. Any other request fails, so a snippet that needs the network fails here.
 */
async function staticServer(input: string | URL | Request): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  fetched.push(url);
  if (url === "/local-model.bin") return new Response(assetBytes);
  throw new TypeError(`fetch(${url}): the documentation's snippets run offline`);
}

beforeEach(() => {
  // Offline: the examples switch to OpenAI when a key is set.
  vi.stubEnv("OPENAI_API_KEY", "");
  vi.stubGlobal("fetch", staticServer);
  vi.spyOn(console, "log").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the documentation's snippets (README.md and docs/*.md)", () => {
  it("test/docs/generated/ matches the pages (else run `node scripts/doc-snippets.mjs`)", async () => {
    expect((await staleSnippets()).map(({ file, page, line }) => `${file} (${page} line ${line})`)).toEqual([]);
  });

  it("reads README.md and every page under docs/; each has TypeScript snippets unless listed as having none", () => {
    const pageFiles = readdirSync(new URL("../../docs/", import.meta.url)).filter((name) => name.endsWith(".md"));
    expect(pages()).toEqual(["README.md", ...pageFiles.sort().map((name) => `docs/${name}`)]);
    const withSnippets = new Set(snippets.map((snippet) => snippet.page));
    expect(pages().filter((page) => !withSnippets.has(page))).toEqual(PAGES_WITHOUT_TYPESCRIPT);
  });

  it("every snippet has an entry in SNIPPETS (its prelude and whether it runs), and every entry a snippet", () => {
    expect(
      snippets.filter((snippet) => snippet.entry === undefined).map(({ page, line }) => `${page}:${line}`),
    ).toEqual([]);
    const used = new Set(snippets.map((snippet) => snippet.entry));
    expect(SNIPPETS.filter((entry) => !used.has(entry)).map((entry) => `${entry.page}: ${entry.first}`)).toEqual([]);
  });

  it("no page holds TypeScript under another fence (```typescript, ```tsx, ```js…), which would go unchecked", () => {
    const unchecked = Object.entries(readPages()).flatMap(([page, markdown]) =>
      uncheckedCodeBlocks(markdown).map(({ line, fence }) => `${page}:${line} ${fence}`),
    );
    expect(unchecked).toEqual([]);
    // The finder itself finds one (so an empty list above means something).
    expect(uncheckedCodeBlocks("text\n```typescript\nconst a = 1;\n```\n```ts\nconst b = 2;\n```\n")).toEqual([
      { line: 2, fence: "```typescript" },
    ]);
  });

  it("a snippet that does not run says why, and so does one that runs with a stand-in", () => {
    for (const entry of SNIPPETS) {
      if (entry.run !== true) expect(entry.run, entry.first).toMatch(/\w{3,}.*\w{3,}/);
      if (entry.standIn !== undefined) expect(entry.standIn, entry.first).toMatch(/\w{3,}.*\w{3,}/);
    }
  });

  it("a whole program a reader copies (docs/search.md's BFCL conversion) takes nothing from a prelude", () => {
    const conversion = snippets.find(
      (snippet) => snippet.page === "docs/search.md" && snippet.text.includes("function toJsonSchema"),
    );
    // It used `tools`, which only the prelude defined: as written it threw a ReferenceError.
    expect(conversion?.entry?.names).toEqual([]);
    expect(conversion?.text).not.toContain("../preludes/");
  });

  it("npm test type-checks test/docs/generated/ (tsconfig.json includes it, the typecheck script runs tsc on it)", () => {
    const tsconfig = JSON.parse(readFileSync(new URL("../../tsconfig.json", import.meta.url), "utf8")) as {
      include: string[];
      exclude?: string[];
    };
    const covers = (patterns: readonly string[] | undefined) =>
      (patterns ?? []).some((pattern) => "test/docs/generated/".startsWith(pattern.replace(/\/?\*?\*?$/, "/")));
    expect(covers(tsconfig.include)).toBe(true);
    expect(covers(tsconfig.exclude)).toBe(false);
    const { scripts } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    };
    // npm test runs scripts/test.mjs: the typecheck and lint scripts beside vitest, each of which must pass.
    expect(scripts.test).toBe("node scripts/test.mjs");
    expect(STATIC_CHECKS).toContain("typecheck");
    expect(scripts.typecheck).toMatch(/^tsc -p tsconfig\.json( |$)/);
    expect(scripts.pretest).toContain("node scripts/doc-snippets.mjs");
  });

  /** The tools the agent prelude's model was offered per call, while each snippet ran (by first line). */
  const offered = new Map<string, string[][]>();
  /** The indexes each snippet built (by first line). */
  const indexes = new Map<string, ToolIndex[]>();
  /** What each snippet printed with console.warn while it ran (by first line). */
  const warned = new Map<string, unknown[][]>();

  it.each(
    snippets
      .filter((snippet) => snippet.entry?.run === true)
      .map((snippet) => [`${snippet.page} line ${snippet.line}`, snippet] as const),
  )("%s runs offline", async (_where, snippet) => {
    const before = model.doGenerateCalls.length;
    const builtBefore = built.length;
    const warn = vi.spyOn(console, "warn");
    await expect(import(`./generated/${snippet.file.replace(/\.ts$/, "")}.ts`)).resolves.toBeDefined();
    warned.set(snippet.entry!.first, warn.mock.calls);
    indexes.set(snippet.entry!.first, built.slice(builtBefore));
    const calls = model.doGenerateCalls.slice(before);
    offered.set(
      snippet.entry!.first,
      calls.map((call) => (call.tools ?? []).map((tool) => tool.name)),
    );
  });

  it("the rules snippet: no step offers the deactivated tool, and the refund waits for a tool result", () => {
    const steps = offered.get('import type { ModelMessage } from "ai";');
    expect(steps?.length).toBeGreaterThan(0);
    expect(steps!.flat()).not.toContain("stripe_cancel_subscription");
    expect(steps![0]).not.toContain("stripe_create_refund");
    expect(steps![0].length).toBeGreaterThan(0);
  });

  it("the browser snippet: its index ranks with the local model it fetched from /local-model.bin", async () => {
    const [index, ...more] = indexes.get('import { localEmbeddingModel } from "toolsift/local";') ?? [];
    expect(more).toEqual([]);
    expect(fetched).toEqual(["/local-model.bin"]);
    // A paraphrase from examples/local-model.ts that shares no word with any tool: keywords alone find nothing.
    const result = await index.selectWithScores("is it going to rain in Porto tomorrow?", {
      maxTools: 3,
      adaptive: false,
    });
    expect(result.strategy).toBe("combined");
    expect(result.fallback).toBeUndefined();
    expect(result.tools[0]).toBe("weather_forecast");
    expect(result.results.every((hit) => hit.similarity !== undefined)).toBe(true);
  });

  it("the browser quick start: its index, with the default local model, ranks the paraphrase's tool first", async () => {
    const first = "// src/main.ts: selection runs in the page, offline, with the bundled local model.";
    const [index, ...more] = indexes.get(first) ?? [];
    expect(more).toEqual([]);
    const result = await index.selectWithScores("is it going to rain in Porto tomorrow?");
    expect(result.tools[0]).toBe("weather_forecast");
    expect(result.fallback).toBeUndefined();
    expect(warned.get(first)).toEqual([]);
  });

  it("the schema conversion snippet: its index holds JSON Schema only, and finds the converted tool", async () => {
    const [index, ...more] = indexes.get('import { jsonSchema, tool, type JSONSchema7 } from "ai";') ?? [];
    expect(more).toEqual([]);
    expect((await index.select("what's the weather in Oslo?"))[0]).toBe("get_weather");
    // A catalog-warning would have been the index's first console warning (the snippet passes no onEvent).
    expect(warned.get('import { jsonSchema, tool, type JSONSchema7 } from "ai";')).toEqual([]);
  });

  it("the semantic and the browser snippets run with stand-ins, which the test says", () => {
    const standIns = snippets.filter((snippet) => snippet.entry?.standIn !== undefined);
    expect(standIns.map((snippet) => snippet.entry?.first)).toEqual([
      'import { openai } from "@ai-sdk/openai";',
      'import { localEmbeddingModel } from "toolsift/local";',
    ]);
  });
});

/** The example programs, each imported once (a module runs when first imported). */
const examples: Record<string, () => Promise<unknown>> = {
  "prepare-step.ts": () => import("../../examples/prepare-step.ts"),
  "middleware.ts": () => import("../../examples/middleware.ts"),
  "local-model.ts": () => import("../../examples/local-model.ts"),
  "search-tool.ts": () => import("../../examples/search-tool.ts"),
  "langchain/agent.ts": () => import("../../examples/langchain/agent.ts"),
  "openai-agents/agent.ts": () => import("../../examples/openai-agents/agent.ts"),
  "mastra/agent.ts": () => import("../../examples/mastra/agent.ts"),
};

describe("examples/", () => {
  it.each(Object.keys(examples))("examples/%s runs offline to the end, printing what it shows", async (file) => {
    await expect(examples[file]()).resolves.toBeDefined();
    expect(vi.mocked(console.log).mock.calls.length).toBeGreaterThan(0);
  });
});
