// Semantic search with a deterministic model: select() latency and index memory at 10,000 tools x
// 1,536 dimensions (toolsift float32 and int8 against toolpick), then int8/float32 agreement and
// recall on BFCL.
//
//   node --expose-gc bench/semantic.mjs      (needs dist/: `npm run build`; gcc for the C reference)
//
// Model: hashingEmbeddingModel({ dimensions: 1536 }) from toolsift/test, served to both libraries
// from one table of precomputed vectors (bench/semantic-data.mjs), so embedding costs no time in the
// timed passes and the vectors are the same for both.
// Latency: the synthetic 10,000-tool catalog (bench/synthetic.mjs), the BFCL queries. Every index
// is built and warmed up; each toolsift index then selects every query once, untimed, which fills
// its query LRU (`queryCacheSize` above the query count), so its timed selects make no embedding
// call (the pass counts the model's calls to show it). toolpick has no query cache: each of its
// selects calls the AI SDK's `embed()`, which here answers from the table at once. One timed pass;
// on every iteration the variants select the same query, the order rotating between iterations (as
// in bench/latency.mjs). The C reference is the median of scan.c's 32-sum loop (bench/experiments/scan/scan.mjs).
// Memory: bench/memory.mjs's method (forced GC, baseline after the previous index is gone, build +
// warmUp + one select, GC, read while referenced), with the vector table built beforehand and held
// across both readings.
import { loadBfcl, toToolSet } from "./lib/data.mjs";
import { SELECT_OPTIONS, buildIndex, toolsiftLocation } from "./libraries.mjs";
import { measureMemory } from "./memory.mjs";
import { measureScan } from "./experiments/scan/scan.mjs";
import { tableBytes, tableEmbeddingModel, vectorTable } from "./semantic-data.mjs";
import { median, nowMs, quantile } from "./lib/stats.mjs";
import { makeSyntheticCatalog } from "./synthetic.mjs";
import { bytes, markdownTable, ms, percent, ratio, runIfMain } from "./lib/table.mjs";

export const SEMANTIC_TOOLS = 10_000;
export const SEMANTIC_DIMS = 1_536;
/** Above the 600 BFCL queries, so every query embedding stays in toolsift's LRU. */
const QUERY_CACHE_SIZE = 1_024;
const TOOLPICK_WARMUP_QUERIES = 30;
const TOOLPICK_ALONE_QUERIES = 100;
const MEMORY_RUNS = 5;

/** When the goals and toolpick's baseline figures below were set (commit 7660a77); no run re-measures the baselines. */
const GOALS_DATE = "2026-11-29";
export const GOALS = Object.freeze({
  versusC: 1.4,
  int8Ms: 1.5,
  toolpickMs: 30.5,
  float32Bytes: 65e6,
  int8Bytes: 17e6,
  toolpickBytes: 126e6,
  sameTop5: 0.99,
});

export const SEMANTIC_LATENCY_NOTES =
  `Synthetic catalog of ${SEMANTIC_TOOLS.toLocaleString("en-US")} tools (bench/synthetic.mjs), BFCL queries, \`hashingEmbeddingModel({ dimensions: ${SEMANTIC_DIMS} })\` ` +
  "served to both libraries from one table of precomputed vectors (bench/semantic-data.mjs); `select(query, { maxTools: 5, adaptive: false })`, " +
  '`strategy: "semantic"`. toolsift\'s times exclude the embedding call: each query was selected once before timing, which put its ' +
  `embedding in the query LRU (\`embedding.queryCacheSize: ${QUERY_CACHE_SIZE}\`). toolpick's times include the AI SDK \`embed()\` call (answered at once ` +
  "from the table, plus a copy into a fresh `number[]`): toolpick 0.4.0 keeps no query embeddings (`SemanticSearch.search` calls `embed()` on every " +
  "select, then `cosineSimilarity` against each tool's `number[]`, sorts all 10,000 and slices). Variants alternate on the same query each iteration. " +
  `Goals: float32 select within ${GOALS.versusC}x of the C loop; int8 select <= ${GOALS.int8Ms} ms; toolpick measured ~${GOALS.toolpickMs} ms on this machine on ${GOALS_DATE}, when the goals were set.`;

export const SEMANTIC_MEMORY_NOTES =
  "bench/memory.mjs's method: deltas of `process.memoryUsage()` around building + `warmUp()` + one select, after forced GC; " +
  `${MEMORY_RUNS} readings, those under half the largest dropped, median of the rest. "external" includes WebAssembly.Memory. The precomputed ` +
  "vector table is built before the baseline and held across both readings; each embedding call returns fresh `number[]` copies, as a " +
  "provider's parsed response would (toolpick keeps them as they are). toolsift's index also holds its BM25F keyword index. " +
  `Goals: float32 <= ${GOALS.float32Bytes / 1e6} MB, int8 <= ${GOALS.int8Bytes / 1e6} MB (toolpick ~${GOALS.toolpickBytes / 1e6} MB measured ${GOALS_DATE}, when the goals were set). MB = 10^6 bytes, MiB = 2^20.`;

export const SEMANTIC_BFCL_NOTES =
  `BFCL (589 tools, 600 queries), \`hashingEmbeddingModel({ dimensions: ${SEMANTIC_DIMS} })\`, \`select(query, { maxTools: 5, adaptive: false })\`. ` +
  "The hashing model embeds hashed words and letter trigrams: it knows no synonyms, so these rows prove the wiring (semantic and combined rank " +
  "sensibly, fusion does not lose what keywords find), not semantic quality; a real embedding model is needed for that. " +
  `Agreement goal: int8 top-5 set equal to float32's on >= ${percent(GOALS.sameTop5)} of queries.`;

let toolsiftModule;
async function loadToolsift() {
  toolsiftModule ??= await import(toolsiftLocation);
  return toolsiftModule;
}

/**
 * Adapters (bench/libraries.mjs's shape) for the semantic variants, each with its own model over
 * the shared table so its embedding calls can be counted. `toolsiftOptions` holds the extra
 * createToolIndex options of each toolsift variant; toolpick is added when `toolpick` is true.
 */
async function semanticAdapters(table, variants, { toolpick = true } = {}) {
  const toolsift = await loadToolsift();
  const toolpickModule = await import("toolpick");
  const toolSets = new WeakMap();
  const adapters = variants.map(({ name, options }) => {
    const model = options.strategy === "keyword" ? null : tableEmbeddingModel(table, name);
    return {
      name,
      model,
      input: (tools) => tools,
      create: (input) =>
        toolsift.createToolIndex(
          input,
          model === null
            ? options
            : {
                embeddingModel: model,
                ...options,
                // The variant's embedding options (int8, rescore) with the query LRU every variant has.
                embedding: { queryCacheSize: QUERY_CACHE_SIZE, ...options.embedding },
              },
        ),
      warmUp: (index) => index.warmUp(),
      select: (index, query) => index.select(query, SELECT_OPTIONS),
    };
  });
  if (toolpick) {
    for (const strategy of typeof toolpick === "boolean" ? ["semantic"] : toolpick) {
      const model = tableEmbeddingModel(table, `toolpick ${strategy}`);
      adapters.push({
        name: `toolpick ${strategy}`,
        model,
        input: (tools) => {
          if (!toolSets.has(tools)) toolSets.set(tools, toToolSet(tools));
          return toolSets.get(tools);
        },
        create: (input) => toolpickModule.createToolIndex(input, { embeddingModel: model, strategy }),
        warmUp: (index) => index.warmUp(),
        select: (index, query) => index.select(query, SELECT_OPTIONS),
      });
    }
  }
  return adapters;
}

const FLOAT32 = { name: "toolsift float32", options: { strategy: "semantic" } };
const INT8 = { name: "toolsift int8", options: { strategy: "semantic", embedding: { quantize: "int8" } } };
const INT8_PLAIN = {
  name: "toolsift int8, `rescore: false`",
  options: { strategy: "semantic", embedding: { quantize: "int8", rescore: false } },
};
const INT8_ROWS = [INT8.name, INT8_PLAIN.name];
const KEYWORD = { name: "toolsift keyword", options: { strategy: "keyword" } };

/**
 * Fills the vector table for a catalog once: every text each library embeds for its tools (found by
 * building and warming one index of each distinct text layout) and every query.
 */
const primed = new WeakSet();
async function primeTable(table, catalog, adapters) {
  if (primed.has(catalog)) return;
  const started = nowMs();
  for (const adapter of adapters) {
    if (INT8_ROWS.includes(adapter.name) || adapter.model === null) continue; // same texts as toolsift float32
    await buildIndex(adapter, catalog.tools);
  }
  const queries = [...new Set(catalog.queries.map((q) => q.query))];
  await tableEmbeddingModel(table, "prime").doEmbed({ values: queries });
  primed.add(catalog);
  if (process.env.BENCH_DEBUG)
    console.error(`semantic: primed ${table.vectors.size} vectors in ${((nowMs() - started) / 1000).toFixed(1)} s`);
}

/** Index memory of toolsift float32, toolsift int8 and toolpick (semantic) at 10,000 x 1,536. */
export async function measureSemanticMemory() {
  const table = await vectorTable(SEMANTIC_DIMS);
  const catalog = makeSyntheticCatalog(SEMANTIC_TOOLS);
  const adapters = await semanticAdapters(table, [
    FLOAT32,
    INT8,
    INT8_PLAIN,
    { ...KEYWORD, name: "toolsift keyword only (reference: no vectors)" },
  ]);
  await primeTable(table, catalog, adapters);
  // measureMemory first builds a 5-tool index of each adapter on BFCL: embed those texts now.
  const { tools, queries } = loadBfcl();
  for (const adapter of adapters) await adapter.select(await buildIndex(adapter, tools.slice(0, 5)), queries[0].query);
  const missesBefore = table.misses;
  const result = await measureMemory(adapters, [
    {
      label: `${SEMANTIC_TOOLS.toLocaleString("en-US")} x ${SEMANTIC_DIMS.toLocaleString("en-US")}`,
      catalog: () => catalog,
      runs: MEMORY_RUNS,
    },
  ]);
  if (result.skipped) return result;
  if (table.misses !== missesBefore)
    throw new Error(`bench/semantic: ${table.misses - missesBefore} vectors were embedded during the memory readings`);
  return { ...result, tableBytes: tableBytes(table) };
}

export function semanticMemoryTable({ rows, skipped, tableBytes: held }) {
  if (skipped) return skipped;
  const toolpick = rows.find((r) => r.library.startsWith("toolpick"));
  const keyword = rows.find((r) => r.library.startsWith(KEYWORD.name));
  const goal = { [FLOAT32.name]: GOALS.float32Bytes, [INT8.name]: GOALS.int8Bytes, [INT8_PLAIN.name]: GOALS.int8Bytes };
  const table = markdownTable(
    [`index (${rows[0].catalog})`, "heap", "external", "total", "total MB", "goal", "readings kept", "toolpick / this"],
    rows.map((r) => [
      r.library,
      bytes(r.heap),
      bytes(r.external),
      bytes(r.total),
      (r.total / 1e6).toFixed(1),
      goal[r.library] === undefined
        ? ""
        : `<= ${goal[r.library] / 1e6} MB ${r.total <= goal[r.library] ? "met" : "MISSED"}`,
      `${r.kept}/${r.runs}`,
      ratio(toolpick.total / r.total),
    ]),
  );
  const floatVectors = SEMANTIC_TOOLS * SEMANTIC_DIMS;
  const vectorsOnly = rows
    .filter((r) => r.library === FLOAT32.name || INT8_ROWS.includes(r.library))
    .map((r) => `${r.library} ${((r.total - keyword.total) / 1e6).toFixed(1)} MB`)
    .join(", ");
  return `${table}\n\n- Less the keyword-only index (same catalog, same options otherwise): ${vectorsOnly}.\n- For scale: the float32 vectors alone are ${((floatVectors * 4) / 1e6).toFixed(1)} MB, int8 ${(floatVectors / 1e6).toFixed(1)} MB (with \`rescore\`'s 4-bit residuals ${((floatVectors * 1.5) / 1e6).toFixed(1)} MB), the same as \`number[]\` of doubles ${((floatVectors * 8) / 1e6).toFixed(1)} MB; the shared vector table (not counted) held ${(held / 1e6).toFixed(0)} MB.`;
}

async function timedSelect(adapter, index, query) {
  const start = nowMs();
  const names = await adapter.select(index, query);
  return { ms: nowMs() - start, names };
}

/**
 * select() latency at 10,000 x 1,536: toolsift float32 and int8 (and combined float32, default
 * fusion, for reference) against toolpick semantic. `scan` is a measureScan() result from the same
 * run; without it a short one is made here for its C median.
 */
export async function measureSemanticLatency({ scan } = {}) {
  const table = await vectorTable(SEMANTIC_DIMS);
  const catalog = makeSyntheticCatalog(SEMANTIC_TOOLS);
  const COMBINED = { name: "toolsift combined float32", options: { strategy: "combined" } };
  const adapters = await semanticAdapters(table, [FLOAT32, INT8, INT8_PLAIN, COMBINED]);
  await primeTable(table, catalog, adapters);
  const queries = catalog.queries.map((q) => q.query);

  const indexes = [];
  for (const adapter of adapters) indexes.push(await buildIndex(adapter, catalog.tools));
  for (let a = 0; a < adapters.length; a++) {
    const warmUp = adapters[a].name.startsWith("toolpick") ? queries.slice(0, TOOLPICK_WARMUP_QUERIES) : queries;
    for (const query of warmUp) await adapters[a].select(indexes[a], query);
  }

  const callsBefore = adapters.map((adapter) => adapter.model.calls);
  const samples = adapters.map(() => []);
  const names = adapters.map(() => []);
  for (let i = 0; i < queries.length; i++) {
    for (let step = 0; step < adapters.length; step++) {
      const a = (i + step) % adapters.length;
      const { ms: elapsed, names: selected } = await timedSelect(adapters[a], indexes[a], queries[i]);
      samples[a].push(elapsed);
      names[a].push(selected);
    }
  }
  const rows = adapters.map((adapter, a) => ({
    library: adapter.name,
    samples: samples[a].length,
    medianMs: median(samples[a]),
    p90Ms: quantile(samples[a], 0.9),
    modelCalls: adapter.model.calls - callsBefore[a],
  }));
  // Then each variant alone: its selects in a row, no other index between them (an app with one index). toolpick
  // gets the first TOOLPICK_ALONE_QUERIES only, to keep the run short.
  for (let a = 0; a < adapters.length; a++) {
    const alone = adapters[a].name.startsWith("toolpick") ? queries.slice(0, TOOLPICK_ALONE_QUERIES) : queries;
    const times = [];
    for (const query of alone) times.push((await timedSelect(adapters[a], indexes[a], query)).ms);
    rows[a].aloneMedianMs = median(times);
    rows[a].aloneSamples = times.length;
  }

  // int8 against float32 on the synthetic catalog too (same top-5 set, same top 1).
  const float32Names = names[adapters.findIndex((a) => a.name === FLOAT32.name)];
  const namesOf = (name) => names[adapters.findIndex((a) => a.name === name)];
  const agreement = compareTopFive(float32Names, namesOf(INT8.name));
  const plainAgreement = compareTopFive(float32Names, namesOf(INT8_PLAIN.name));

  scan ??= await measureScan({ queries: 1 });
  return {
    rows,
    agreement,
    plainAgreement,
    queries: queries.length,
    c: scan.c,
    wasmF32Ms: scan.wasmF32Ms,
    wasmI8Ms: scan.wasmI8Ms,
    wasmI8ColdMs: scan.wasmI8ColdMs,
    scanNotices: scan.notices,
  };
}

/** Share of queries whose top-5 sets are equal, and whose first names are equal. */
export function compareTopFive(reference, other) {
  let sameSet = 0;
  let sameFirst = 0;
  for (let i = 0; i < reference.length; i++) {
    const expected = new Set(reference[i]);
    if (other[i].length === expected.size && other[i].every((name) => expected.has(name))) sameSet++;
    if (other[i][0] === reference[i][0]) sameFirst++;
  }
  return { sameSet: sameSet / reference.length, sameFirst: sameFirst / reference.length, queries: reference.length };
}

export function semanticLatencyTable({
  rows,
  agreement,
  plainAgreement,
  c,
  wasmF32Ms,
  wasmI8Ms,
  wasmI8ColdMs,
  scanNotices,
}) {
  const toolpick = rows.find((r) => r.library.startsWith("toolpick"));
  const versusC = (value) => (c ? `${(value / c.medianMs).toFixed(2)}x` : "n/a");
  const table = markdownTable(
    [
      "select(), 10,000 x 1,536",
      "median ms",
      "p90 ms",
      "samples",
      "embedding calls in the pass",
      "vs C loop (median)",
      "toolpick / this (median)",
      "alone: median ms (samples)",
      "alone: vs C loop",
    ],
    [
      ...rows.map((r) => [
        r.library,
        ms(r.medianMs),
        ms(r.p90Ms),
        r.samples,
        r.modelCalls,
        versusC(r.medianMs),
        ratio(toolpick.medianMs / r.medianMs),
        `${ms(r.aloneMedianMs)} (${r.aloneSamples})`,
        versusC(r.aloneMedianMs),
      ]),
      ...(c
        ? [
            [
              "reference: C loop, 32 partial sums (bench/experiments/scan/scan.c)",
              ms(c.medianMs),
              "",
              "",
              "",
              "1.00x",
              "",
              "",
              "",
            ],
          ]
        : []),
      [
        "reference: raw wasm float32 scan, `dotBatch` + `topK` (bench/experiments/scan)",
        ms(wasmF32Ms),
        "",
        "",
        "",
        versusC(wasmF32Ms),
        "",
        "",
        "",
      ],
      [
        "reference: raw wasm int8 scan + `topK` (bench/experiments/scan's int8 row)",
        ms(wasmI8Ms),
        "",
        "",
        "",
        versusC(wasmI8Ms),
        "",
        "",
        "",
      ],
      [
        "reference: same, cold (int8 slab evicted from cache first, as the interleaved variants here do)",
        ms(wasmI8ColdMs),
        "",
        "",
        "",
        versusC(wasmI8ColdMs),
        "",
        "",
        "",
      ],
    ],
  );
  const float32 = rows.find((r) => r.library === FLOAT32.name);
  const int8 = rows.find((r) => r.library === INT8.name);
  const plain = rows.find((r) => r.library === INT8_PLAIN.name);
  const notes = [...scanNotices];
  if (c)
    notes.push(
      `Goal float32 within ${GOALS.versusC}x of the C loop: ${(float32.medianMs / c.medianMs).toFixed(2)}x, ${float32.medianMs / c.medianMs <= GOALS.versusC ? "met" : "MISSED"}.`,
    );
  notes.push(
    `select's own cost over the raw kernel (median select / median raw scan): float32 ${(float32.medianMs / wasmF32Ms).toFixed(2)}x, int8 ${(int8.medianMs / wasmI8ColdMs).toFixed(2)}x (against the cold int8 scan). The C median moves with memory bandwidth between runs (the float32 slab streams from RAM), so the ratio to C is noisier than this one.`,
  );
  notes.push(
    `Alone (each variant's selects in a row, nothing between them, as in an app with one index): float32 ${ms(float32.aloneMedianMs)} ms = ${versusC(float32.aloneMedianMs)} the C loop, int8 ${ms(int8.aloneMedianMs)} ms, int8 \`rescore: false\` ${ms(plain.aloneMedianMs)} ms. The goals below are read on the interleaved pass, where each select follows the other variants' scans (the float32 slab, 61 MB, and toolpick's 10,000 arrays evict what the previous select left in cache), as they were set.`,
  );
  notes.push(
    `Goal int8 <= ${GOALS.int8Ms} ms: ${ms(int8.medianMs)} ms rescored, ${ms(plain.medianMs)} ms with \`rescore: false\`, ${int8.medianMs <= GOALS.int8Ms ? "met" : "MISSED"}.`,
  );
  notes.push(
    `toolpick semantic: ${ms(toolpick.medianMs)} ms median (~${GOALS.toolpickMs} ms measured ${GOALS_DATE}, when the goals were set).`,
  );
  notes.push(
    `int8 vs float32 on this catalog (${agreement.queries} queries): same top-5 set ${percent(agreement.sameSet)}, same top 1 ${percent(agreement.sameFirst)} rescored; with \`rescore: false\` ${percent(plainAgreement.sameSet)} and ${percent(plainAgreement.sameFirst)}.`,
  );
  notes.push(
    "The combined row is for reference (default fusion: weighted, keyword 0.3 / semantic 0.7); it adds the BM25F search and fusion.",
  );
  return `${table}\n\n${notes.map((note) => `- ${note}`).join("\n")}`;
}

/** Recall@5 and top-1 on BFCL of keyword, semantic (float32, int8) and combined variants; int8 vs float32 agreement. */
export async function measureSemanticBfcl() {
  const table = await vectorTable(SEMANTIC_DIMS);
  const { tools, queries } = loadBfcl();
  const variants = [
    KEYWORD,
    FLOAT32,
    INT8,
    INT8_PLAIN,
    { name: "toolsift combined, weighted 0.3/0.7 (default)", options: { strategy: "combined" } },
    { name: "toolsift combined, rrf", options: { strategy: "combined", embedding: { fusion: { method: "rrf" } } } },
    {
      name: "toolsift combined, adaptive",
      options: { strategy: "combined", embedding: { fusion: { method: "adaptive" } } },
    },
  ];
  const adapters = await semanticAdapters(table, variants, { toolpick: ["semantic", "combined"] });
  const rows = [];
  const names = new Map();
  for (const adapter of adapters) {
    const index = await buildIndex(adapter, tools);
    let hits = 0;
    let firsts = 0;
    const selected = [];
    for (const { query, expected } of queries) {
      const result = await adapter.select(index, query);
      selected.push(result);
      if (result.slice(0, 5).includes(expected[0])) hits++;
      if (result[0] === expected[0]) firsts++;
    }
    names.set(adapter.name, selected);
    rows.push({ library: adapter.name, recallAt5: hits / queries.length, top1: firsts / queries.length });
  }
  const agreement = compareTopFive(names.get(FLOAT32.name), names.get(INT8.name));
  const plainAgreement = compareTopFive(names.get(FLOAT32.name), names.get(INT8_PLAIN.name));
  return { rows, agreement, plainAgreement, toolCount: tools.length, queryCount: queries.length };
}

export function semanticBfclTable({ rows, agreement, plainAgreement }) {
  const accuracy = markdownTable(
    ["index (hashing model, 1,536 dims)", "recall@5", "top-1"],
    rows.map((r) => [r.library, percent(r.recallAt5), percent(r.top1)]),
  );
  const agree = markdownTable(
    [`int8 vs float32, semantic (${agreement.queries} queries)`, "same top-5 set", "same top 1", "goal"],
    [
      ["BFCL, int8 rescored (default)", agreement],
      ["BFCL, int8 `rescore: false`", plainAgreement],
    ].map(([label, share]) => [
      label,
      percent(share.sameSet),
      percent(share.sameFirst),
      `>= ${percent(GOALS.sameTop5)} same set: ${share.sameSet >= GOALS.sameTop5 ? "met" : "MISSED"}`,
    ]),
  );
  return `${accuracy}\n\n${agree}`;
}

await runIfMain(import.meta.url, async () => {
  const parts = [];
  const time = async (title, notes, measure, format) => {
    const started = nowMs();
    const result = await measure();
    parts.push(`## ${title} (${((nowMs() - started) / 1000).toFixed(1)} s)\n\n${notes}\n\n${format(result)}`);
  };
  await time("Semantic index memory", SEMANTIC_MEMORY_NOTES, measureSemanticMemory, semanticMemoryTable);
  await time("Semantic select() latency", SEMANTIC_LATENCY_NOTES, measureSemanticLatency, semanticLatencyTable);
  await time(
    "Semantic accuracy and int8 agreement on BFCL",
    SEMANTIC_BFCL_NOTES,
    measureSemanticBfcl,
    semanticBfclTable,
  );
  return parts.join("\n\n");
});
