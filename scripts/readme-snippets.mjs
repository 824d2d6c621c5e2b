// The README's TypeScript snippets as modules tsc checks and the tests run: each ```ts block of README.md is written
// to test/readme/generated/ after one import line that gives it what it takes as given (its prelude, under
// test/readme/preludes/). `npm test` regenerates them first (pretest); test/readme/readme-snippets.test.ts fails
// when they are out of date and runs the ones that can run offline.
//
//   node scripts/readme-snippets.mjs           writes test/readme/generated/
//   node scripts/readme-snippets.mjs --check   exits 1 when a generated file differs from README.md
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { format, resolveConfig } from "prettier";

const root = new URL("..", import.meta.url);
export const README = fileURLToPath(new URL("README.md", root));
export const GENERATED = fileURLToPath(new URL("test/readme/generated/", root));

/**
 * What each snippet takes as given, keyed by its first line: the prelude module and the names imported from it;
 * `run: true` when the test runs it, or why it is only type-checked; `standIn`: what the run replaces, and why.
 */
export const SNIPPETS = [
  {
    first: 'import { generateText, tool } from "ai";',
    prelude: "agent.ts",
    names: ["model", "prompt"],
    run: true,
  },
  {
    first: 'const { tools: names, results } = await index.selectWithScores("sned an emial about the outage");',
    prelude: "scored-index.ts",
    names: ["index"],
    run: true,
  },
  {
    first: 'import { generateText, isStepCount, ToolLoopAgent, wrapLanguageModel, toolSearch } from "ai";',
    prelude: "agent.ts",
    names: ["deferLoadingTools", "index", "model", "prompt", "tools"],
    run: true,
  },
  {
    first: 'import { generateText, isStepCount, type ModelMessage } from "ai";',
    prelude: "agent.ts",
    names: ["index", "model", "prompt", "tools"],
    run: true,
  },
  {
    first: "const result = await generateText({ model, tools, messages, prepareStep: index.prepareStep() });",
    prelude: "learning.ts",
    names: ["createToolIndex", "fileUsageStore", "generateText", "index", "messages", "model", "streamText", "tools"],
    run: true,
  },
  {
    first: 'const delivery = index.deferredTools(tools, { provider: "anthropic" });  // or "openai" (Responses API)',
    prelude: "learning.ts",
    names: ["generateText", "index", "messages", "model", "tools"],
    run: true,
  },
  {
    first: 'import type { ModelMessage } from "ai";',
    prelude: "agent.ts",
    names: ["generateText", "index", "model", "prompt", "tools"],
    run: true,
  },
  {
    first: 'import { createAgent } from "langchain";',
    prelude: "langchain.ts",
    names: ["model", "tools"],
    run: true,
  },
  {
    first: 'import { openai } from "@ai-sdk/openai";',
    prelude: "semantic.ts",
    names: ["env", "tools"],
    run: true,
    standIn:
      "openai.embedding() is hashingEmbeddingModel() and env.TOOL_EMBEDDINGS an in-memory KV namespace " +
      "(the real ones need an OpenAI key, the network and Workers KV); type-checked against the real @ai-sdk/openai",
  },
  {
    first: 'import { createToolIndex } from "toolsift";',
    prelude: "agent.ts",
    names: ["tools"],
    run: true,
  },
  {
    first: 'import { localEmbeddingModel } from "toolsift/local";',
    prelude: "agent.ts",
    names: ["tools"],
    run: true,
    standIn:
      "a browser snippet: fetch('/local-model.bin') answers with assets/local-model.bin, as the page's static server " +
      "would (Node has no page for the relative URL)",
  },
  {
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

/** File name of the README's snippet at `position` (0-based, in README order). */
export function snippetFile(position) {
  return `snippet-${String(position + 1).padStart(2, "0")}.ts`;
}

/**
 * The generated modules for README.md's text: `{ file, line, entry, text }` per block, in README order, formatted
 * with the repository's Prettier settings and clean under its ESLint settings.
 */
export async function generatedSnippets(markdown) {
  const options = { ...(await resolveConfig(join(GENERATED, "snippet.ts"))), filepath: join(GENERATED, "snippet.ts") };
  const eslint = new ESLint({ cwd: fileURLToPath(root) });
  return Promise.all(
    tsBlocks(markdown).map(async ({ line, code }, position) => {
      const first = code.split("\n")[0].trim();
      const entry = SNIPPETS.find((snippet) => snippet.first === first);
      const header = [
        `// Generated by scripts/readme-snippets.mjs from README.md line ${line}: edit README.md, not this file.`,
        entry === undefined
          ? "// No entry in SNIPPETS (scripts/readme-snippets.mjs) for this snippet: add its prelude and whether it runs."
          : `// What the snippet takes as given comes from its prelude, test/readme/preludes/${entry.prelude}.`,
        entry === undefined ? "" : `import { ${entry.names.join(", ")} } from "../preludes/${entry.prelude}";`,
      ];
      const formatted = await format(`${header.join("\n")}\n${code}\n\nexport {};\n`, options);
      // A snippet shows values it does not use and may have lines over 120 columns (comments Prettier does not
      // wrap): the rules it breaks are turned off by name, in the file, so that every other rule still applies.
      const [result] = await eslint.lintText(formatted, { filePath: join(GENERATED, snippetFile(position)) });
      const rules = [...new Set(result.messages.map((message) => message.ruleId).filter(Boolean))].sort();
      const text =
        rules.length === 0
          ? formatted
          : `/* eslint-disable ${rules.join(", ")} -- README.md as written */\n${formatted}`;
      return { file: snippetFile(position), line, entry, text };
    }),
  );
}

/** The generated files that differ from what README.md gives now (missing files included). */
export async function staleSnippets() {
  const snippets = await generatedSnippets(readFileSync(README, "utf8"));
  return snippets.filter((snippet) => {
    const path = join(GENERATED, snippet.file);
    return !existsSync(path) || readFileSync(path, "utf8") !== snippet.text;
  });
}

async function write() {
  const snippets = await generatedSnippets(readFileSync(README, "utf8"));
  mkdirSync(GENERATED, { recursive: true });
  const keep = new Set(snippets.map((snippet) => snippet.file));
  for (const file of readdirSync(GENERATED)) if (!keep.has(file)) rmSync(join(GENERATED, file));
  for (const snippet of snippets) {
    const path = join(GENERATED, snippet.file);
    if (!existsSync(path) || readFileSync(path, "utf8") !== snippet.text) writeFileSync(path, snippet.text);
  }
  console.log(`readme-snippets: ${snippets.length} README snippets in test/readme/generated/`);
}

async function check() {
  const stale = await staleSnippets();
  for (const { file, line } of stale) console.error(`readme-snippets: ${file} (README.md line ${line}) is out of date`);
  if (stale.length > 0) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await (process.argv.includes("--check") ? check() : write());
}
