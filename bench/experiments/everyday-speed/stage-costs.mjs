// What each stage of a keyword select costs, in µs per query, on this checkout's src/ (bundled by esbuild into the
// system's temp directory: worktrees share node_modules through a link): tokenising, small talk, analysis, BM25F search
// (wasm, families, ceiling, top-k), the relevance query, relevance for the 5 ranked tools, the named-tool scan, and the
// whole selection. Each stage runs over every query 3 times per round; the best of 9 rounds is kept, less the loop's
// own cost (which tokenises each query again, as the stages but the first read its tokens from queryTokens' memo, as a
// select does). "cold": each call timed alone after an 8 MB walk (more than the L2 cache holds), as a select runs
// between an agent's other work or beside toolpick in select-speed.mjs; the median call, best of 5 rounds.
//   npx node bench/experiments/everyday-speed/stage-costs.mjs [long] [cold]   ("long": 200-word requests, 257 tools)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const entry = `
import { ALL_MODEL_STAGES, resolveModelOptions } from "./src/tool-index/all-model-stages.js";
import { ENGLISH_COMMON_WORDS } from "./src/tool-index/english-common-words.js";
import { ROOT_OPTION_TABLE } from "./src/tool-index/model-option-table.js";
import { resolveIndexOptions } from "./src/tool-index/resolve-options.js";
import { createIndexContext } from "./src/tool-index/context.js";
import { IndexState } from "./src/tool-index/index-state.js";
import { runSelection } from "./src/tool-index/selection.js";
import { queryTokens } from "./src/core/tokenizer.js";
import { isSmallTalk } from "./src/core/relevance-words.js";
import { namedInQuery } from "./src/tool-index/exact-names.js";
export async function indexOver(tools) {
  const options = resolveIndexOptions(undefined, resolveModelOptions, ROOT_OPTION_TABLE, ENGLISH_COMMON_WORDS);
  const context = createIndexContext(options, ALL_MODEL_STAGES);
  const state = new IndexState(context, tools);
  const built = await state.ready();
  built.engine.typos();
  return { context, state, built };
}
export { runSelection, queryTokens, isSmallTalk, namedInQuery };
`;
const outfile = join(mkdtempSync(join(tmpdir(), "toolsift-stage-costs-")), "bundle.mjs");
await build({
  stdin: { contents: entry, resolveDir: root, loader: "ts" },
  bundle: true,
  platform: "node",
  format: "esm",
  outfile,
  external: ["ai", "zod", "@ai-sdk/*"],
  tsconfigRaw: "{}",
  logLevel: "warning",
});
const code = await import(pathToFileURL(outfile).href);
const { loadBfcl } = await import("../../lib/data.mjs");

const { tools, queries } = loadBfcl();
const long = process.argv.includes("long");
const cold = process.argv.includes("cold");
let texts = queries.map((q) => q.query);
if (long) {
  // The same 200-word requests as builds-ab.mjs.
  const longs = [];
  let k = 0;
  for (let r = 0; r < 60; r++) {
    const words = [];
    while (words.length < 200) words.push(...texts[k++ % texts.length].split(/\s+/));
    longs.push(words.slice(0, 200).join(" "));
  }
  texts = longs;
}
const catalog = long ? tools.filter((_, i) => i % 2 === 0).slice(0, 257) : tools;
const { context, state, built } = await code.indexOver(catalog);
const engine = built.engine;
const OPTIONS = { maxTools: 5, adaptive: false };
const read = new Map();
for (const text of texts) {
  await code.runSelection(context, state, text, OPTIONS);
  const terms = engine.analyse(text);
  read.set(text, { terms, query: engine.relevanceQuery(text, terms), docs: engine.search(terms, 5).map((h) => h.doc) });
}
const stages = [
  ["tokenise", (text) => code.queryTokens(`${text} `)],
  ["small talk", (text) => code.isSmallTalk(text)],
  ["analysis", (text) => engine.analyse(text)],
  ["search", (text) => engine.search(read.get(text).terms, 5)],
  ["relevance query", (text) => engine.relevanceQuery(text, read.get(text).terms.slice())],
  ["relevance x5", (text) => read.get(text).docs.forEach((doc) => engine.relevance(read.get(text).query, doc))],
  ["named tools", (text) => code.namedInQuery(built, text)],
  ["whole selection", (text) => code.runSelection(context, state, text, OPTIONS)],
];
const best = new Map();
if (cold) {
  const walk = new Int32Array(2 * 1024 * 1024);
  for (let round = 0; round < 5; round++)
    for (const [name, stage] of [["empty call", () => undefined], ...stages]) {
      const times = [];
      for (const text of texts) {
        code.queryTokens(text);
        for (let i = 0; i < walk.length; i += 16) walk[i]++;
        const start = performance.now();
        await stage(text);
        times.push((performance.now() - start) * 1000);
      }
      times.sort((a, b) => a - b);
      best.set(name, Math.min(best.get(name) ?? Infinity, times[times.length >> 1]));
    }
  console.log(`${long ? "200 words x 257 tools" : "BFCL 589 tools"}, caches cold, median µs per call:`);
  for (const [name, us] of best) console.log(`  ${name.padEnd(16)} ${us.toFixed(1)}`);
  process.exit(0);
}
let loop = Infinity;
const perQuery = (start) => ((performance.now() - start) / 3 / texts.length) * 1000;
for (let round = 0; round < 9; round++) {
  for (const [name, stage] of stages) {
    let start = performance.now();
    for (let r = 0; r < 3; r++)
      for (const text of texts) {
        code.queryTokens(text);
        await null;
      }
    loop = Math.min(loop, perQuery(start));
    start = performance.now();
    for (let r = 0; r < 3; r++)
      for (const text of texts) {
        code.queryTokens(text);
        await stage(text);
      }
    best.set(name, Math.min(best.get(name) ?? Infinity, perQuery(start)));
  }
}
console.log(`${long ? "200 words x 257 tools" : "BFCL 589 tools"}, µs per query (loop ${loop.toFixed(1)} µs less):`);
for (const [name, us] of best) console.log(`  ${name.padEnd(16)} ${(us - loop).toFixed(1)}`);
