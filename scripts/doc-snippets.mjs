// The TypeScript snippets of the documentation, README.md and every page under docs/, as modules tsc checks and the
// tests run: each ```ts block is written to test/docs/generated/ after one import line that gives it what it takes as
// given (its prelude, under test/docs/preludes/). `npm test` regenerates them first (pretest);
// test/docs/doc-snippets.test.ts fails when they are out of date and runs the ones that can run offline.
//
//   node scripts/doc-snippets.mjs           writes test/docs/generated/
//   node scripts/doc-snippets.mjs --check   exits 1 when a generated file differs from its page
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { format, resolveConfig } from "prettier";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const GENERATED = join(ROOT, "test/docs/generated/");

/** The pages whose snippets are checked, relative to the repository: README.md, then docs/*.md by name. */
export function pages() {
  const docs = readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs];
}

/**
 * What each snippet takes as given, keyed by its page and its first line: the prelude module and the names imported
 * from it; `run: true` when the test runs it, or why it is only type-checked; `standIn`: what the run replaces, and
 * why.
 */
export const SNIPPETS = [
  {
    page: "README.md",
    first: 'import { generateText, tool } from "ai";',
    prelude: "agent.ts",
    names: ["model", "prompt"],
    run: true,
  },
  {
    page: "README.md",
    first: 'import { isStepCount } from "ai";',
    prelude: "agent.ts",
    names: ["generateText", "index", "messages", "model", "tools"],
    run: true,
  },
  {
    page: "docs/search.md",
    first: 'const { tools: names, results } = await index.selectWithScores("sned an emial about the outage");',
    prelude: "scored-index.ts",
    names: ["index"],
    run: true,
  },
  {
    page: "docs/search.md",
    first: 'import { jsonSchema, tool, type JSONSchema7 } from "ai";',
    prelude: "agent.ts",
    names: [],
    run: true,
  },
  {
    page: "docs/agent-loop.md",
    first: 'import { generateText, isStepCount, ToolLoopAgent, wrapLanguageModel, toolSearch } from "ai";',
    prelude: "agent.ts",
    names: ["deferLoadingTools", "index", "model", "prompt", "tools"],
    run: true,
  },
  {
    page: "docs/deliveries.md",
    first: 'import { generateText, isStepCount, type ModelMessage } from "ai";',
    prelude: "agent.ts",
    names: ["index", "model", "prompt", "tools"],
    run: true,
  },
  {
    page: "docs/agent-loop.md",
    first: "const result = await generateText({ model, tools, messages, prepareStep: index.prepareStep() });",
    prelude: "learning.ts",
    names: ["createToolIndex", "fileUsageStore", "generateText", "index", "messages", "model", "streamText", "tools"],
    run: true,
  },
  {
    page: "docs/deliveries.md",
    first: 'const delivery = index.deferredTools(tools, { provider: "anthropic" });  // or "openai" (Responses API)',
    prelude: "learning.ts",
    names: ["generateText", "index", "messages", "model", "tools"],
    run: true,
  },
  {
    page: "docs/agent-loop.md",
    first: 'import type { ModelMessage } from "ai";',
    prelude: "agent.ts",
    names: ["generateText", "index", "model", "prompt", "tools"],
    run: true,
  },
  {
    page: "docs/langchain.md",
    first: 'import { createAgent } from "langchain";',
    prelude: "langchain.ts",
    names: ["model", "tools"],
    run: true,
  },
  {
    page: "docs/mastra.md",
    first: 'import { Agent } from "@mastra/core/agent";',
    prelude: "mastra.ts",
    names: ["model", "tools"],
    run: true,
  },
  {
    page: "docs/mastra.md",
    first: 'import { MCPClient } from "@mastra/mcp";',
    prelude: "mastra.ts",
    names: ["model", "tools"],
    run:
      "it starts MCP servers with npx; test/mcp/mastra.test.ts runs examples/mastra/mcp-agent.ts, the same agent over " +
      "the real servers from devDependencies",
  },
  {
    page: "docs/openai-agents.md",
    first: 'import { Agent, run } from "@openai/agents";',
    prelude: "openai-agents.ts",
    names: ["model", "tools"],
    run: true,
  },
  {
    page: "docs/openai-agents.md",
    first: 'import { Agent, run, tool, type Tool } from "@openai/agents";',
    prelude: "openai-agents.ts",
    names: ["aiSdkTools", "model"],
    run: true,
  },
  {
    page: "docs/models.md",
    first: 'import { openai } from "@ai-sdk/openai";',
    prelude: "semantic.ts",
    names: ["env", "tools"],
    run: true,
    standIn:
      "openai.embedding() is hashingEmbeddingModel() and env.TOOL_EMBEDDINGS an in-memory KV namespace " +
      "(the real ones need an OpenAI key, the network and Workers KV); type-checked against the real @ai-sdk/openai",
  },
  {
    page: "docs/models.md",
    first: 'import { createToolIndex } from "toolsift";',
    prelude: "agent.ts",
    names: ["tools"],
    run: true,
  },
  {
    page: "docs/runtimes.md",
    first: 'import { createToolIndex, ENGLISH_COMMON_WORDS } from "toolsift/core";',
    prelude: "agent.ts",
    names: [],
    run: true,
  },
  {
    page: "docs/runtimes.md",
    first: "// src/main.ts: selection runs in the page, offline, with the bundled local model.",
    prelude: "agent.ts",
    names: ["tools"],
    run: true,
  },
  {
    page: "docs/runtimes.md",
    first: 'import { localEmbeddingModel } from "toolsift/local";',
    prelude: "agent.ts",
    names: ["tools"],
    run: true,
    standIn:
      "a browser snippet: fetch('/local-model.bin') answers with assets/local-model.bin, as the page's static server " +
      "would (Node has no page for the relative URL)",
  },
  {
    page: "docs/cloudflare-agents.md",
    first: 'import { AIChatAgent } from "@cloudflare/ai-chat";',
    prelude: "agent.ts",
    names: ["model", "tools"],
    run:
      "an AIChatAgent is a Durable Object: test/cloudflare-agents/chat.test.ts runs the same onChatMessage in workerd " +
      "with a real agent, MCP server and eviction",
  },
  {
    page: "docs/mcp.md",
    first: 'import { createMCPClient } from "@ai-sdk/mcp";',
    prelude: "agent.ts",
    names: ["model"],
    run:
      "it starts MCP servers with npx; test/mcp/tool-set.test.ts and test/mcp/catalog.test.ts run the same calls " +
      "against the real servers from devDependencies",
  },
];

/** The ```ts blocks of a markdown text, with the line each starts on (1-based, the line after the fence). */
export function tsBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== "```ts") continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end].trim() !== "```") end++;
    blocks.push({ line: start + 1, code: lines.slice(start, end).join("\n") });
    i = end;
  }
  return blocks;
}

/**
 * The fenced blocks of a markdown text that are TypeScript by name but not written ```ts (```typescript, ```tsx,
 * ```mts, ```cts, ```js…): they would escape the check, so the test refuses them. Each with its line (1-based).
 */
export function uncheckedCodeBlocks(markdown) {
  const unchecked = /^```(typescript|tsx|mts|cts|js|jsx|javascript|mjs)\b/;
  const found = [];
  let open = false;
  markdown.split("\n").forEach((text, index) => {
    const line = text.trim();
    if (!line.startsWith("```")) return;
    if (!open && unchecked.test(line)) found.push({ line: index + 1, fence: line });
    open = !open;
  });
  return found;
}

/** File name of a page's snippet at `position` (0-based, in page order): `readme-01.ts`, `agent-loop-03.ts`. */
export function snippetFile(page, position) {
  const name = page === "README.md" ? "readme" : basename(page, ".md");
  return `${name}-${String(position + 1).padStart(2, "0")}.ts`;
}

/**
 * The generated modules for every page's text: `{ page, file, line, entry, text }` per block, in page order,
 * formatted with the repository's Prettier settings and clean under its ESLint settings. `texts` maps a page to its
 * markdown (default: the files as they are now).
 */
export async function generatedSnippets(texts = readPages()) {
  const options = { ...(await resolveConfig(join(GENERATED, "snippet.ts"))), filepath: join(GENERATED, "snippet.ts") };
  const eslint = new ESLint({ cwd: ROOT });
  const blocks = Object.entries(texts).flatMap(([page, markdown]) =>
    tsBlocks(markdown).map((block, position) => ({ ...block, page, file: snippetFile(page, position) })),
  );
  return Promise.all(
    blocks.map(async ({ page, file, line, code }) => {
      const first = code.split("\n")[0].trim();
      const entry = SNIPPETS.find((snippet) => snippet.page === page && snippet.first === first);
      const header = [
        `// Generated by scripts/doc-snippets.mjs from ${page} line ${line}: edit ${page}, not this file.`,
        entry === undefined
          ? "// No entry in SNIPPETS (scripts/doc-snippets.mjs) for this snippet: add its prelude and whether it runs."
          : entry.names.length === 0
            ? "// The snippet takes nothing as given: it runs as written."
            : `// What the snippet takes as given comes from its prelude, test/docs/preludes/${entry.prelude}.`,
        // A snippet that takes nothing as given imports no prelude: it runs as a reader copies it.
        entry === undefined || entry.names.length === 0
          ? ""
          : `import { ${entry.names.join(", ")} } from "../preludes/${entry.prelude}";`,
      ];
      const formatted = await format(`${header.join("\n")}\n${code}\n\nexport {};\n`, options);
      // A snippet shows values it does not use and may have lines over 120 columns (comments Prettier does not
      // wrap): the rules it breaks are turned off by name, in the file, so that every other rule still applies.
      const [result] = await eslint.lintText(formatted, { filePath: join(GENERATED, file) });
      const rules = [...new Set(result.messages.map((message) => message.ruleId).filter(Boolean))].sort();
      const text =
        rules.length === 0 ? formatted : `/* eslint-disable ${rules.join(", ")} -- ${page} as written */\n${formatted}`;
      return { page, file, line, entry, text };
    }),
  );
}

/** Every page's markdown, by its path relative to the repository. */
export function readPages() {
  return Object.fromEntries(pages().map((page) => [page, readFileSync(join(ROOT, page), "utf8")]));
}

/** The generated files that differ from what the pages give now (missing files included). */
export async function staleSnippets() {
  const snippets = await generatedSnippets();
  return snippets.filter((snippet) => {
    const path = join(GENERATED, snippet.file);
    return !existsSync(path) || readFileSync(path, "utf8") !== snippet.text;
  });
}

async function write() {
  const snippets = await generatedSnippets();
  mkdirSync(GENERATED, { recursive: true });
  const keep = new Set(snippets.map((snippet) => snippet.file));
  for (const file of readdirSync(GENERATED)) if (!keep.has(file)) rmSync(join(GENERATED, file));
  for (const snippet of snippets) {
    const path = join(GENERATED, snippet.file);
    if (!existsSync(path) || readFileSync(path, "utf8") !== snippet.text) writeFileSync(path, snippet.text);
  }
  const count = new Set(snippets.map((snippet) => snippet.page)).size;
  console.log(`doc-snippets: ${snippets.length} snippets from ${count} pages in test/docs/generated/`);
}

async function check() {
  const stale = await staleSnippets();
  for (const { file, page, line } of stale)
    console.error(`doc-snippets: ${file} (${page} line ${line}) is out of date`);
  if (stale.length > 0) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await (process.argv.includes("--check") ? check() : write());
}
