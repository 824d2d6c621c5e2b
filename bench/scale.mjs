// How each cost grows from 1,000 to 100,000 tools: build time, memory held, keyword select, combined select with the
// local model, learning 10,000 conversations and the usage snapshot, beside toolpick (keyword "hybrid") where it runs.
//
//   npm run build && npx node --expose-gc bench/scale.mjs [--sizes 1000,10000,100000]
//
// Not a section of `npm run bench` (about 3 minutes, most of it toolpick and the local model at 100,000 tools).
// Catalogs: bench/synthetic.mjs (BFCL's real schemas, names and descriptions varied), queries: the 600 BFCL queries.
// Per size, in one process:
//   - build: `createToolIndex(tools)` + `warmUp()`, toolsift and toolpick alternating, median of BUILD_RUNS each
//     (inputs made before timing: toolsift's tool array, toolpick's AI SDK ToolSet);
//   - memory held: heapUsed + external (ArrayBuffers and WebAssembly.Memory) after forced GC, minus the same before
//     building, with the index built, warmed and one select run; the keyword index alone, and toolpick's;
//   - keyword select: each query new to the index ("first sight"), `select(query, { maxTools: 5, adaptive: false })`,
//     toolsift and toolpick alternating on the same query; toolpick on TOOLPICK_QUERIES of them;
//   - combined select: `{ embeddingModel: localEmbeddingModel() }` (keyword + the bundled local model), build
//     including embedding every tool, then the same queries;
//   - learning: bench/usage.mjs's 10,000 realistic conversations over this catalog, `index.learn` on a fresh keyword
//     index, and `JSON.stringify(index.usage())` in UTF-8 bytes.
// Growth: each figure divided by the one at the previous size (10x the tools); linear growth reads ~10x, n log n a
// little more, quadratic ~100x.
import { writeFileSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { setImmediate } from "node:timers";
import { loadLibraries, SELECT_OPTIONS, toolsiftLocation } from "./libraries.mjs";
import { collectGarbage, median, nowMs, quantile } from "./lib/stats.mjs";
import { makeSyntheticCatalog, SYNTHETIC_SEED } from "./synthetic.mjs";
import { realisticConversations, USAGE_SEED } from "./usage.mjs";
import { mulberry32 } from "../scripts/seeded-random.mjs";
import { bytes, markdownTable, ms, runIfMain } from "./lib/table.mjs";

export const SCALE_SIZES = [1_000, 10_000, 100_000];
const BUILD_RUNS = 3;
const TOOLPICK_QUERIES = 100;
/** The issue's goals: keyword select p50 at 100,000 tools, keyword index memory per tool. */
export const SCALE_GOALS = Object.freeze({ selectP50Ms: 2, bytesPerTool: 1024 });

const held = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
};

/** Memory held by what `build()` returns (heap + external after GC), built from this frame so temporaries die. */
async function memoryHeld(build) {
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  const before = held();
  const holder = { value: await build() };
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  const after = held();
  if (holder.value === undefined) throw new Error("bench/scale: nothing was built");
  return after - before;
}

/** p50 and p99 of select over `queries`, one sample per query, libraries alternating on each query. */
async function selectTimes(entries, queries) {
  const samples = entries.map(() => []);
  for (let i = 0; i < queries.length; i++) {
    for (let step = 0; step < entries.length; step++) {
      const e = (i + step) % entries.length;
      const { index, select, every } = entries[e];
      if (i % every !== 0) continue;
      const started = nowMs();
      await select(index, queries[i]);
      samples[e].push(nowMs() - started);
    }
  }
  return samples.map((values) => ({ p50: median(values), p99: quantile(values, 0.99), samples: values.length }));
}

async function timeBuilds(libraries, inputs) {
  const times = libraries.map(() => []);
  let built = [];
  for (let run = 0; run < BUILD_RUNS; run++) {
    built = [];
    for (let l = 0; l < libraries.length; l++) {
      const started = nowMs();
      const index = libraries[l].create(inputs[l]);
      await libraries[l].warmUp(index);
      times[l].push(nowMs() - started);
      built.push(index);
    }
  }
  return { medians: times.map(median), built };
}

export async function measureScale({ sizes = SCALE_SIZES } = {}) {
  if (typeof globalThis.gc !== "function") throw new Error("bench/scale: run with node --expose-gc.");
  const libraries = await loadLibraries();
  const [toolsiftAdapter, toolpickAdapter] = libraries;
  const { createToolIndex } = await import(toolsiftLocation);
  const { localEmbeddingModel } = await import(new URL("local/index.js", toolsiftLocation).href);
  const model = localEmbeddingModel();
  await model.load();
  // Learning's first calls in the process compile its code: warm it on a small catalog, untimed.
  const warm = makeSyntheticCatalog(sizes[0]).tools;
  const warmLearner = createToolIndex(warm);
  for (const messages of realisticConversations(warm, mulberry32(USAGE_SEED + 1)).slice(0, 2_000))
    warmLearner.learn(messages);
  const rows = [];
  for (const size of sizes) {
    const { tools, queries: bfclQueries } = makeSyntheticCatalog(size);
    const queries = bfclQueries.map((query) => query.query);
    const inputs = libraries.map((library) => library.input(tools));
    const builds = await timeBuilds(libraries, inputs);
    const [keyword, toolpick] = await selectTimes(
      [
        { index: builds.built[0], select: toolsiftAdapter.select, every: 1 },
        {
          index: builds.built[1],
          select: toolpickAdapter.select,
          every: Math.max(1, Math.floor(queries.length / TOOLPICK_QUERIES)),
        },
      ],
      queries,
    );
    // Released before the next builds, so a large index of one library does not slow the other's GC.
    builds.built.length = 0;

    const combinedStarted = nowMs();
    const combinedIndex = createToolIndex(tools, { embeddingModel: model });
    await combinedIndex.warmUp();
    const combinedBuildMs = nowMs() - combinedStarted;
    const [combined] = await selectTimes(
      [{ index: combinedIndex, select: (index, query) => index.select(query, SELECT_OPTIONS), every: 1 }],
      queries,
    );

    const keywordBytes = await memoryHeld(async () => {
      const index = createToolIndex(tools);
      await index.warmUp();
      await index.select(queries[0], SELECT_OPTIONS);
      return index;
    });
    const combinedBytes = await memoryHeld(async () => {
      const index = createToolIndex(tools, { embeddingModel: model });
      await index.warmUp();
      await index.select(queries[0], SELECT_OPTIONS);
      return index;
    });
    const toolpickBytes = await memoryHeld(async () => {
      const index = toolpickAdapter.create(inputs[1]);
      await toolpickAdapter.warmUp(index);
      await toolpickAdapter.select(index, queries[0]);
      return index;
    });

    const conversations = realisticConversations(tools, mulberry32(USAGE_SEED));
    const learner = createToolIndex(tools);
    const learnStarted = nowMs();
    for (const messages of conversations) learner.learn(messages);
    const learnMs = nowMs() - learnStarted;
    const snapshotBytes = Buffer.byteLength(JSON.stringify(learner.usage()));

    rows.push({
      size,
      buildMs: builds.medians[0],
      toolpickBuildMs: builds.medians[1],
      keyword,
      toolpick,
      combinedBuildMs,
      combined,
      keywordBytes,
      combinedBytes,
      toolpickBytes,
      learnMs,
      conversations: conversations.length,
      snapshotBytes,
    });
  }
  return { rows, queries: makeSyntheticCatalog(sizes[0]).queries.length };
}

const perTool = (value) => (Number.isFinite(value) ? `${Math.round(value)} B` : "");

export function scaleTable({ rows, queries }) {
  // The keyword index's growth per added tool, without the fixed part (wasm memory, tokenizer tables).
  const marginal = (row) => {
    const previous = rows[rows.indexOf(row) - 1];
    return previous === undefined
      ? Number.NaN
      : (row.keywordBytes - previous.keywordBytes) / (row.size - previous.size);
  };
  const growth = (row, index, pick) => (index === 0 ? "" : ` (${(pick(row) / pick(rows[index - 1])).toFixed(1)}x)`);
  const cell = (pick, format) =>
    rows.map((row, index) => `${format(pick(row))}${pick === marginal ? "" : growth(row, index, pick)}`);
  const figures = [
    ["build, keyword (`createToolIndex` + `warmUp`), ms", (row) => row.buildMs, ms],
    ["build, toolpick hybrid, ms", (row) => row.toolpickBuildMs, ms],
    ["build, combined with the local model (embeds every tool), ms", (row) => row.combinedBuildMs, ms],
    ["memory held, keyword index", (row) => row.keywordBytes, bytes],
    ["memory held, keyword index, per tool", (row) => row.keywordBytes / row.size, perTool],
    ["memory held, keyword index, per tool added since the previous size", marginal, perTool],
    ["memory held, combined index (keyword + float32 vectors, 100 dims)", (row) => row.combinedBytes, bytes],
    ["memory held, toolpick hybrid", (row) => row.toolpickBytes, bytes],
    ["keyword select p50, ms", (row) => row.keyword.p50, ms],
    ["keyword select p99, ms", (row) => row.keyword.p99, ms],
    ["toolpick select p50, ms", (row) => row.toolpick.p50, ms],
    ["toolpick select p99, ms", (row) => row.toolpick.p99, ms],
    ["combined select (local model) p50, ms", (row) => row.combined.p50, ms],
    ["combined select (local model) p99, ms", (row) => row.combined.p99, ms],
    ["learn 10,000 conversations, ms", (row) => row.learnMs, ms],
    ["usage snapshot after them (JSON)", (row) => row.snapshotBytes, bytes],
  ];
  const table = markdownTable(
    ["cost (growth vs the previous size)", ...rows.map((row) => `${row.size.toLocaleString("en-US")} tools`)],
    figures.map(([label, pick, format]) => [label, ...cell(pick, format)]),
  );
  const last = rows[rows.length - 1];
  const verdict = (met) => (met ? "met" : "MISSED");
  const notes = [
    `Samples: toolsift ${last.keyword.samples} queries per size (each new to the index), toolpick ${last.toolpick.samples}; ` +
      `${queries} BFCL queries; synthetic catalogs seed ${SYNTHETIC_SEED}, conversations seed ${USAGE_SEED}.`,
    `Goal keyword select p50 <= ${SCALE_GOALS.selectP50Ms} ms at ${last.size.toLocaleString("en-US")} tools: ` +
      `${ms(last.keyword.p50)} ms, ${verdict(last.keyword.p50 <= SCALE_GOALS.selectP50Ms)}.`,
    `Goal keyword index <= 1 KiB per tool (read at the largest size, where the fixed part is spread thinnest, and per ` +
      `added tool): ${perTool(last.keywordBytes / last.size)} and ${perTool(marginal(last))}, ` +
      `${verdict(last.keywordBytes / last.size <= SCALE_GOALS.bytesPerTool && marginal(last) <= SCALE_GOALS.bytesPerTool)}.`,
  ];
  return `${table}\n\n${notes.map((note) => `- ${note}`).join("\n")}`;
}

const { values } = parseArgs({ options: { sizes: { type: "string" } }, strict: false });
await runIfMain(import.meta.url, async () => {
  const loadBefore = os.loadavg()[0];
  const started = new Date();
  const table = scaleTable(
    await measureScale(values.sizes ? { sizes: String(values.sizes).split(",").map(Number) } : undefined),
  );
  const report =
    "# Scale: 1,000 to 100,000 tools\n\n" +
    `Command: \`npm run build && npx node --expose-gc bench/scale.mjs\` (not run by \`npm run bench\`). ` +
    `Written ${started.toISOString().slice(0, 10)}, ${started.toISOString().slice(11, 16)} UTC.\n` +
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.versions.node}; ` +
    `load average ${loadBefore.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end.\n\n` +
    `${table}\n`;
  // Only the full default run writes the report RESULTS.md copies.
  if (!values.sizes) writeFileSync(new URL("./scale.md", import.meta.url), report);
  return report;
});
