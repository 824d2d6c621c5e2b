// Every TypeScript snippet of README.md, and every example program, type-checked and run. tsc checks the snippets as
// test/readme/generated/ (written from README.md by scripts/readme-snippets.mjs, which `npm test` runs first), each
// after one import of what it takes as given (test/readme/preludes/); this file runs them offline and fails when the
// generated files no longer match README.md.
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { generatedSnippets, README, SNIPPETS, staleSnippets } from "../../scripts/readme-snippets.mjs";
import { model } from "./preludes/agent.ts";

// The snippets and examples import the package by name; here it is the source (vitest runs src/, not dist/).
vi.mock("toolsift", () => import("../../src/index.ts"));
vi.mock("toolsift/cache", () => import("../../src/cache/index.ts"));
vi.mock("toolsift/local", () => import("../../src/local/index.ts"));
vi.mock("toolsift/langchain", () => import("../../src/langchain/index.ts"));
// Stand-in for the one snippet that needs an OpenAI key and the network (see SNIPPETS' standIn).
vi.mock("@ai-sdk/openai", async () => {
  const { hashingEmbeddingModel } = await import("../../src/testing/index.ts");
  return { openai: { embedding: (modelId: string) => hashingEmbeddingModel({ modelId }) } };
});

const snippets = await generatedSnippets(readFileSync(README, "utf8"));

beforeEach(() => {
  // Offline: the examples switch to OpenAI when a key is set.
  vi.stubEnv("OPENAI_API_KEY", "");
  vi.spyOn(console, "log").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("README.md snippets", () => {
  it("test/readme/generated/ matches README.md (else run `node scripts/readme-snippets.mjs`)", async () => {
    expect((await staleSnippets()).map(({ file, line }) => `${file} (README.md line ${line})`)).toEqual([]);
  });

  it("every snippet has an entry in SNIPPETS (its prelude and whether it runs), and every entry a snippet", () => {
    expect(snippets.filter((snippet) => snippet.entry === undefined).map(({ line }) => line)).toEqual([]);
    const used = new Set(snippets.map((snippet) => snippet.entry));
    expect(SNIPPETS.filter((entry) => !used.has(entry)).map((entry) => entry.first)).toEqual([]);
  });

  const typeCheckedOnly = snippets.filter((snippet) => snippet.entry?.run !== true);
  it.each(typeCheckedOnly.map((snippet) => [snippet.line, snippet.entry?.run]))(
    "README.md line %i is type-checked only: %s",
    () => undefined,
  );

  /** The tools the agent prelude's model was offered per call, while each snippet ran (by first line). */
  const offered = new Map<string, string[][]>();

  it.each(snippets.filter((snippet) => snippet.entry?.run === true).map((snippet) => [snippet.line, snippet]))(
    "README.md line %i runs offline",
    async (_line, snippet) => {
      const before = model.doGenerateCalls.length;
      await expect(import(`./generated/${snippet.file.replace(/\.ts$/, "")}.ts`)).resolves.toBeDefined();
      const calls = model.doGenerateCalls.slice(before);
      offered.set(
        snippet.entry!.first,
        calls.map((call) => (call.tools ?? []).map((tool) => tool.name)),
      );
    },
  );

  it("the rules snippet: no step offers the deactivated tool, and the refund waits for a tool result", () => {
    const steps = offered.get('import type { ModelMessage } from "ai";');
    expect(steps?.length).toBeGreaterThan(0);
    expect(steps!.flat()).not.toContain("stripe_cancel_subscription");
    expect(steps![0]).not.toContain("stripe_create_refund");
    expect(steps![0].length).toBeGreaterThan(0);
  });

  it("the semantic snippet runs with stand-ins, which the test says", () => {
    const standIns = snippets.filter((snippet) => snippet.entry?.standIn !== undefined);
    expect(standIns.map((snippet) => snippet.entry?.first)).toEqual(['import { openai } from "@ai-sdk/openai";']);
  });
});

/** The example programs, each imported once (a module runs when first imported). */
const examples: Record<string, () => Promise<unknown>> = {
  "prepare-step.ts": () => import("../../examples/prepare-step.ts"),
  "middleware.ts": () => import("../../examples/middleware.ts"),
  "local-model.ts": () => import("../../examples/local-model.ts"),
  "search-tool.ts": () => import("../../examples/search-tool.ts"),
  "langchain/agent.ts": () => import("../../examples/langchain/agent.ts"),
};

describe("examples/", () => {
  it.each(Object.keys(examples))("examples/%s runs offline to the end, printing what it shows", async (file) => {
    await expect(examples[file]()).resolves.toBeDefined();
    expect(vi.mocked(console.log).mock.calls.length).toBeGreaterThan(0);
  });
});
