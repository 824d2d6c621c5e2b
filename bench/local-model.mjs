// The local embedding model (toolsift/local): accuracy on the paraphrase set and on BFCL, and its facts
// (asset size, load time in Node and in workerd, memory held, per-query embedding time).
//
//   npx node --expose-gc bench/local-model.mjs [--asset path.bin ...] [--strategy label ...] [--accuracy-only]
//
// `npx node` is the project's Node 22 (devDependency "node"), which `npm run bench` also uses; an
// older system Node reads the asset markedly slower. Needs dist/ (`npm run build`); both parts are
// also sections of `npm run bench`. Without
// --expose-gc the memory row is skipped. --asset measures accuracy with other assets (default: the
// bundled assets/local-model.bin); --strategy keeps only the named strategies (e.g. "combined").
//
// Accuracy: `select(query, { maxTools: 5, adaptive: false })`; a query counts as found when one of
// its `expected` (or, in the paraphrase set, `alternatives`) tools is among the 5 (recall@5) or first
// (top-1). Differences to keyword search are in percentage points.
import { readFileSync, statSync } from "node:fs";
import { parseArgs } from "node:util";
import { setImmediate } from "node:timers";
import { gzipSync } from "node:zlib";
import { createToolIndex } from "../dist/index.js";
import { localEmbeddingModel } from "../dist/local/index.js";
import { loadBfcl, loadParaphraseSet } from "./lib/data.mjs";
import { measureWorkerdLoad } from "./local-model/workerd.mjs";
import { collectGarbage, median, nowMs, quantile } from "./lib/stats.mjs";
import { bytes, markdownTable, ms, runIfMain } from "./lib/table.mjs";

const { catalog: paraphraseCatalog, queries: paraphraseQueries } = loadParaphraseSet();
const BUNDLED_ASSET = new URL("../assets/local-model.bin", import.meta.url);

/** The goals: combined vs keyword recall@5, in points, and the per-query embedding time. */
export const LOCAL_MODEL_GOALS = Object.freeze({ paraphraseGainPoints: 20, bfclLossPoints: 0.5, embedMs: 0.1 });

/** recall@5 and top-1 of an index over queries with `expected` (string or [string]) and optional `alternatives`. */
async function accuracy(index, queries) {
  let recall = 0;
  let top1 = 0;
  for (const query of queries) {
    const expected = Array.isArray(query.expected) ? query.expected : [query.expected];
    const accepted = new Set([...expected, ...(query.alternatives ?? [])]);
    const names = await index.select(query.query, { maxTools: 5, adaptive: false });
    if (names.some((name) => accepted.has(name))) recall++;
    if (accepted.has(names[0])) top1++;
  }
  return { recall5: recall / queries.length, top1: top1 / queries.length };
}

export const STRATEGIES = [
  { label: "keyword", options: () => ({}) },
  { label: "local semantic", options: (model) => ({ embeddingModel: model, strategy: "semantic" }) },
  { label: "combined (keyword + local)", options: (model) => ({ embeddingModel: model }) },
  { label: "keyword + expansion", options: (model) => ({ keyword: { queryExpansion: model } }) },
  {
    label: "combined + expansion",
    options: (model) => ({ embeddingModel: model, keyword: { queryExpansion: model } }),
  },
];

/**
 * Strategies named by `names` (all when empty): a full label, or its first words before " (" ("combined" is
 * "combined (keyword + local)" only).
 */
export const pickStrategies = (names = []) =>
  names.length === 0
    ? STRATEGIES
    : STRATEGIES.filter((s) => names.some((name) => s.label === name || s.label.startsWith(`${name} (`)));

/**
 * One row per asset × strategy. Every row also carries `keyword` (keyword-only accuracy, measured
 * once: it needs no model) so differences can be shown whichever strategies were asked for.
 */
export async function measureLocalModel({ assets = [undefined], strategies = STRATEGIES } = {}) {
  const rows = [];
  const bfcl = loadBfcl();
  const keyword = {
    para: await accuracy(createToolIndex(paraphraseCatalog), paraphraseQueries),
    bench: await accuracy(createToolIndex(bfcl.tools), bfcl.queries),
  };
  for (const asset of assets) {
    const bytesOnDisk = statSync(asset ?? BUNDLED_ASSET).size;
    const model = localEmbeddingModel(asset === undefined ? {} : { asset: readFileSync(asset) });
    const started = performance.now();
    await model.load();
    const loadMs = performance.now() - started;
    const times = [];
    for (const query of paraphraseQueries) {
      const t = performance.now();
      await model.doEmbed({ values: [query.query] });
      times.push(performance.now() - t);
    }
    for (const strategy of strategies) {
      const options = strategy.options(model);
      const para = await accuracy(createToolIndex(paraphraseCatalog, options), paraphraseQueries);
      const bench = await accuracy(createToolIndex(bfcl.tools, options), bfcl.queries);
      rows.push({
        asset: asset ?? "bundled",
        bytes: bytesOnDisk,
        words: model.info.words,
        dims: model.info.dimensions,
        loadMs,
        embedMs: median(times),
        strategy: strategy.label,
        para,
        bench,
        keyword,
      });
    }
  }
  return rows;
}

const clockMs = (value) => (value === 0 ? "< 1 ms" : `${ms(value)} ms`);
const pct = (value) => `${(value * 100).toFixed(1)}%`;
/** A difference of two shares in percentage points, signed. */
export const points = (value) => `${value >= 0 ? "+" : "−"}${Math.abs(value * 100).toFixed(1)}`;

export function localModelTable(rows) {
  const several = new Set(rows.map((row) => row.asset)).size > 1;
  return markdownTable(
    [
      ...(several ? ["asset"] : []),
      "strategy",
      "paraphrase recall@5",
      "Δ vs keyword (points)",
      "paraphrase top-1",
      "BFCL recall@5",
      "Δ vs keyword (points)",
      "BFCL top-1",
    ],
    rows.map((row) => [
      ...(several ? [`${row.words} × ${row.dims} (${(row.bytes / 1048576).toFixed(2)} MiB)`] : []),
      row.strategy,
      pct(row.para.recall5),
      points(row.para.recall5 - row.keyword.para.recall5),
      pct(row.para.top1),
      pct(row.bench.recall5),
      points(row.bench.recall5 - row.keyword.bench.recall5),
      pct(row.bench.top1),
    ]),
  );
}

/** The goals and where "combined" (the default with the local model) stands, one line per asset. */
export function localModelGoals(rows) {
  const lines = [];
  for (const row of rows.filter((r) => r.strategy.startsWith("combined ("))) {
    const gain = (row.para.recall5 - row.keyword.para.recall5) * 100;
    const change = (row.bench.recall5 - row.keyword.bench.recall5) * 100;
    const met = (ok) => (ok ? "met" : "**not met**");
    lines.push(
      `Goals (combined vs keyword${rows.length > STRATEGIES.length ? `, ${row.asset}` : ""}): paraphrase recall@5 up by ≥ ${LOCAL_MODEL_GOALS.paraphraseGainPoints} points — ` +
        `${points(gain / 100)} points (${pct(row.keyword.para.recall5)} → ${pct(row.para.recall5)}), ${met(gain >= LOCAL_MODEL_GOALS.paraphraseGainPoints)}; ` +
        `BFCL recall@5 down by ≤ ${LOCAL_MODEL_GOALS.bfclLossPoints} points — ${points(change / 100)} points (${pct(row.keyword.bench.recall5)} → ${pct(row.bench.recall5)}), ${met(change >= -LOCAL_MODEL_GOALS.bfclLossPoints - 1e-9)}.`,
    );
  }
  return lines.join("\n");
}

export const localModelReport = (rows) => `${localModelTable(rows)}\n\n${localModelGoals(rows)}`;

export const LOCAL_MODEL_NOTES =
  "`localEmbeddingModel()` with the bundled asset (assets/local-model.bin); `select(query, { maxTools: 5, adaptive: false })`. " +
  `Paraphrase set: test/fixtures/paraphrase/ (${paraphraseCatalog.length} tools, ${paraphraseQueries.length} queries that share no word with their tool; ` +
  'a query\'s `alternatives` count as found). "combined" is `{ embeddingModel: local }` with its default fusion (adaptive, keyword weight 1: the semantic ' +
  'ranking gets the share of the query the keyword index could not read); "expansion" adds `keyword: { queryExpansion: local }` with its defaults; "local semantic" is `strategy: "semantic"`. ' +
  "Δ: difference to keyword search in percentage points.";

// ---------------------------------------------------------------------------------------------
// Facts: size, load time, memory, embedding time.

const LOAD_RUNS = 9;
const MEMORY_RUNS = 5;
const EMBED_PASSES = 3;

async function timeLoad(makeModel) {
  collectGarbage();
  const model = makeModel();
  const started = nowMs();
  await model.load();
  return nowMs() - started;
}

// The model of the previous memory reading, watched so the next baseline is read only once it is gone.
let previousModel = null;

async function settle() {
  for (let attempt = 0; attempt < 50; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, attempt === 0 ? 0 : 5));
    collectGarbage();
    if (previousModel === null || previousModel.deref() === undefined) return;
  }
  throw new Error("bench/local-model: the previous model is still reachable; memory readings would be wrong");
}

// Loads into `holder` from its own frame (see bench/memory.mjs: a running frame can keep temporaries alive).
async function loadInto(holder) {
  holder.model = localEmbeddingModel();
  await holder.model.load();
  holder.vector = (await holder.model.doEmbed({ values: [paraphraseQueries[0].query] })).embeddings[0];
}

/**
 * Memory held by one loaded model (default asset, as a user gets it), measured as bench/memory.mjs measures an
 * index.
 */
async function measureModelMemory() {
  if (!collectGarbage()) return { skipped: "run with `node --expose-gc`" };
  const readings = [];
  for (let run = 0; run < MEMORY_RUNS; run++) {
    const holder = { model: null, vector: null };
    await settle();
    const before = process.memoryUsage();
    await loadInto(holder);
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    const after = process.memoryUsage();
    if (holder.model === null || holder.vector === null) throw new Error("bench/local-model: the model was not loaded");
    previousModel = new WeakRef(holder.model);
    holder.model = null;
    readings.push({ heap: after.heapUsed - before.heapUsed, external: after.external - before.external });
  }
  const largest = Math.max(...readings.map((r) => r.heap + r.external));
  const kept = readings.filter((r) => r.heap + r.external >= largest / 2);
  // Whether a loaded model keeps the asset's bytes alive (besides the copy of its rows in wasm memory).
  const probe = { model: null, bytes: new Uint8Array(readFileSync(BUNDLED_ASSET)) };
  const assetBuffer = new WeakRef(probe.bytes.buffer);
  probe.model = localEmbeddingModel({ asset: probe.bytes });
  await probe.model.load();
  probe.bytes = null;
  await settle();
  const keepsAsset = assetBuffer.deref() !== undefined && probe.model.info !== undefined;
  return {
    keepsAsset,
    heap: median(kept.map((r) => r.heap)),
    external: median(kept.map((r) => r.external)),
    total: median(kept.map((r) => r.heap + r.external)),
    kept: kept.length,
    runs: readings.length,
  };
}

/** Per-query embedding time: doEmbed and AI SDK embed() alternate on the same query, one query per call. */
async function measureEmbedding() {
  const { embed } = await import("ai");
  const model = localEmbeddingModel();
  await model.load();
  const sets = [
    {
      label: `paraphrase set (${paraphraseQueries.length} queries, 2–15 words)`,
      queries: paraphraseQueries.map((q) => q.query),
    },
    {
      label: `BFCL (${loadBfcl().queries.length} queries, 3–48 words)`,
      queries: loadBfcl().queries.map((q) => q.query),
    },
  ];
  // Untimed warm-up of both paths.
  for (const set of sets)
    for (const query of set.queries) {
      await model.doEmbed({ values: [query] });
      await embed({ model, value: query });
    }
  const results = [];
  for (const set of sets) {
    const direct = [];
    const sdk = [];
    for (let pass = 0; pass < EMBED_PASSES; pass++) {
      for (const query of set.queries) {
        let t = nowMs();
        await model.doEmbed({ values: [query] });
        direct.push(nowMs() - t);
        t = nowMs();
        await embed({ model, value: query });
        sdk.push(nowMs() - t);
      }
    }
    results.push({
      label: set.label,
      doEmbed: { median: median(direct), p90: quantile(direct, 0.9) },
      embed: { median: median(sdk), p90: quantile(sdk, 0.9) },
      samples: direct.length,
    });
  }
  return results;
}

export async function measureLocalModelFacts({ workerd = true } = {}) {
  const asset = readFileSync(BUNDLED_ASSET);
  // Untimed: the first load also compiles the wasm core (once per process) and warms the JIT.
  const firstMs = await timeLoad(() => localEmbeddingModel());
  const fromDisk = [];
  const fromBytes = [];
  for (let run = 0; run < LOAD_RUNS; run++) {
    fromDisk.push(await timeLoad(() => localEmbeddingModel()));
    fromBytes.push(await timeLoad(() => localEmbeddingModel({ asset })));
  }
  const memory = await measureModelMemory();
  const embedding = await measureEmbedding();
  return {
    assetBytes: asset.length,
    gzipBytes: gzipSync(asset, { level: 9 }).length,
    load: { firstMs, diskMs: median(fromDisk), bytesMs: median(fromBytes), runs: LOAD_RUNS },
    memory,
    embedding,
    workerd: workerd ? await measureWorkerdLoad() : undefined,
  };
}

export function localModelFactsTable(facts) {
  const { load, memory, embedding, workerd } = facts;
  const rows = [
    ["asset assets/local-model.bin", `${bytes(facts.assetBytes)} (${facts.assetBytes} B)`, ""],
    [
      "asset gzipped (level 9)",
      `${bytes(facts.gzipBytes)} (${facts.gzipBytes} B)`,
      `${((facts.gzipBytes / facts.assetBytes) * 100).toFixed(0)}% of raw`,
    ],
    [
      "Node: `load()`, default asset (read from disk)",
      `${ms(load.diskMs)} ms`,
      `median of ${load.runs} new model objects, after an untimed first load (${ms(load.firstMs)} ms; compiles the wasm core if nothing did before)`,
    ],
    [
      "Node: `load()`, asset bytes already in memory",
      `${ms(load.bytesMs)} ms`,
      `median of ${load.runs}, \`localEmbeddingModel({ asset: bytes })\``,
    ],
  ];
  if (workerd) {
    rows.push(
      [
        "workerd: `load()`, asset as a Data module",
        clockMs(workerd.loadMs),
        `median of ${workerd.runs} requests, a new model object each; the fresh isolate's first: ${clockMs(workerd.first.loadMs)} (1 ms clock)`,
      ],
      [
        "workerd: first `doEmbed` after `load()`",
        clockMs(workerd.firstEmbedMs),
        `fresh isolate's first request: ${clockMs(workerd.first.firstEmbedMs)} (1 ms clock)`,
      ],
      [
        "workerd: `doEmbed`, one short query per call",
        `${ms(workerd.embedMs)} ms`,
        `${workerd.loopCount} calls timed together, median over ${workerd.runs + 1} requests`,
      ],
      [
        "workerd: whole request from Node (load + 1,001 embeds)",
        `${ms(workerd.wallMs)} ms`,
        `median; fresh isolate's first: ${ms(workerd.first.wallMs)} ms; an empty request: ${ms(workerd.noopWallMs)} ms`,
      ],
    );
  }
  if (memory.skipped) rows.push(["memory held by a loaded model", "not measured", memory.skipped]);
  else {
    rows.push(
      ["memory held by a loaded model: heap", bytes(memory.heap), ""],
      ["memory held by a loaded model: external (ArrayBuffers, wasm memory)", bytes(memory.external), ""],
      [
        "memory held by a loaded model: total",
        bytes(memory.total),
        `${(memory.total / facts.assetBytes).toFixed(1)}× the asset; ${memory.kept}/${memory.runs} readings kept; the model ${memory.keepsAsset ? "keeps" : "does not keep"} the asset's bytes alive after copying its rows into wasm memory`,
      ],
    );
  }
  for (const set of embedding) {
    const met = set.doEmbed.median <= LOCAL_MODEL_GOALS.embedMs ? "goal ≤ 0.1 ms met" : "**goal ≤ 0.1 ms not met**";
    rows.push(
      [
        `Node: \`doEmbed\`, one query, ${set.label}`,
        `${ms(set.doEmbed.median)} ms`,
        `p90 ${ms(set.doEmbed.p90)} ms; ${met}; ${set.samples} calls`,
      ],
      [
        `Node: AI SDK \`embed()\`, one query, ${set.label}`,
        `${ms(set.embed.median)} ms`,
        `p90 ${ms(set.embed.p90)} ms; ${set.embed.median <= LOCAL_MODEL_GOALS.embedMs ? "goal ≤ 0.1 ms met" : "**goal ≤ 0.1 ms not met**"}`,
      ],
    );
  }
  return markdownTable(["local model", "value", "notes"], rows);
}

export const LOCAL_MODEL_FACTS_NOTES =
  "Load: `await localEmbeddingModel().load()` (read, checksum and parse the asset, build the word map, instantiate the wasm core, copy the int8 rows into wasm memory), " +
  "each on a new model object, after one untimed load. workerd: Miniflare, bench/local-model/worker.ts bundled by `wrangler deploy --dry-run` (conditions " +
  "`workerd`, `worker`, `browser`), importing `toolsift/local`; core.wasm arrives as a CompiledWasm module and local-model.bin as a Data module (bench/local-model/workerd.mjs). " +
  "Memory: deltas of `process.memoryUsage()` around load() + one doEmbed after forced GC, as bench/memory.mjs measures an index (readings under half the largest dropped, median of the rest). " +
  "Embedding: a loaded model, one query per call, doEmbed and `embed({ model, value })` from `ai` alternating on each query, " +
  `${EMBED_PASSES} passes after an untimed one; goal ≤ ${LOCAL_MODEL_GOALS.embedMs} ms per query.`;

runIfMain(import.meta.url, async () => {
  const { values } = parseArgs({
    options: {
      asset: { type: "string", multiple: true },
      strategy: { type: "string", multiple: true },
      "accuracy-only": { type: "boolean", default: false },
    },
  });
  const rows = await measureLocalModel({
    assets: values.asset ?? [undefined],
    strategies: pickStrategies(values.strategy),
  });
  const out = [localModelReport(rows)];
  for (const row of rows.filter((r, i, all) => all.findIndex((other) => other.asset === r.asset) === i)) {
    out.push(
      `${row.asset}: ${row.words} × ${row.dims}, load ${row.loadMs.toFixed(1)} ms, embed one query ${row.embedMs.toFixed(4)} ms (median, paraphrase set)`,
    );
  }
  if (!values["accuracy-only"]) out.push(localModelFactsTable(await measureLocalModelFacts()));
  return out.join("\n\n");
});
