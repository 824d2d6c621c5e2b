// Warm restart of 1,000 tools from each embedding cache: toolsift's memory, file and Workers KV caches beside
// toolpick's JSON file cache.
//
//   npx node bench/restart.mjs          (needs dist/: `npm run build`; also a section of `npm run bench`)
//
// Catalog: makeSyntheticCatalog(1000) (bench/synthetic.mjs). Model: hashingEmbeddingModel({ dimensions:
// 1536 }) from toolsift/test, wrapped to count the texts passed to doEmbed; toolpick gets the same
// model (through the AI SDK's embedMany) and the same tools as a ToolSet.
// Per cache: a cold run (createToolIndex with the cache + warmUp: embeds 1,000 tools and stores
// them), then RESTARTS restarts: a new index with a new counting model and, for file and KV, a new
// cache instance reading what was persisted (memory: the same cache object). A restart is timed from
// createToolIndex to the end of warmUp; it must embed no tool (else this file throws) and, checked
// after the timing, rank a few queries as the cold index does. Medians are reported.
// KV runs inside workerd (bench/restart/workerd.mjs, bench/restart/worker.ts).
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toToolSet } from "./lib/data.mjs";
import { measureKvRestart } from "./restart/workerd.mjs";
import { collectGarbage, median, nowMs } from "./lib/stats.mjs";
import { makeSyntheticCatalog } from "./synthetic.mjs";
import { bytes, markdownTable, ms, ratio, runIfMain } from "./lib/table.mjs";

export const RESTART_TOOLS = 1_000;
export const RESTART_DIMS = 1_536;
const RESTARTS = 11;
const CHECK_QUERIES = [
  "refund the last payment of a customer",
  "list the open support tickets",
  "schedule a meeting next week",
];
const SELECT = { maxTools: 5, adaptive: false };

/** The hashing model with a count of the texts it was asked to embed. */
function countingModel(hashingEmbeddingModel) {
  const inner = hashingEmbeddingModel({ dimensions: RESTART_DIMS });
  const counter = { values: 0 };
  const model = {
    ...inner,
    doEmbed(options) {
      counter.values += options.values.length;
      return inner.doEmbed(options);
    },
  };
  return { model, counter };
}

/** A memory cache that also sums the bytes of the vectors written to it. */
function measuredMemoryCache(memoryCache) {
  const cache = memoryCache();
  const written = { bytes: 0 };
  return {
    written,
    cache: {
      getMany: (keys) => cache.getMany(keys),
      setMany(entries) {
        for (const [, vector] of entries) written.bytes += vector.byteLength;
        return cache.setMany(entries);
      },
    },
  };
}

async function topFive(index) {
  const top = [];
  for (const query of CHECK_QUERIES) top.push(await index.select(query, SELECT));
  return JSON.stringify(top);
}

/** One toolsift build: createToolIndex + warmUp, timed; what the model embedded and the cache gave. */
async function toolsiftBuild(toolsift, tools, embeddingCache) {
  const { model, counter } = countingModel(toolsift.hashingEmbeddingModel);
  const events = [];
  collectGarbage();
  const started = nowMs();
  const index = toolsift.createToolIndex(tools, {
    embeddingModel: model,
    embedding: { cache: embeddingCache },
    onEvent: (event) => events.push(event),
  });
  await index.warmUp();
  const elapsed = nowMs() - started;
  const problems = events.filter((event) =>
    ["embedding-cache-error", "embedding-failed", "embedding-cache-stale"].includes(event.type),
  );
  if (problems.length > 0)
    throw new Error(
      `bench/restart: toolsift reported ${problems.map((event) => `${event.type}: ${event.message}`).join("; ")}`,
    );
  const ready = events.find((event) => event.type === "embeddings-ready");
  return { ms: elapsed, embedded: counter.values, fromCache: ready?.fromCache, top: await topFive(index) };
}

/**
 * One toolpick build with its `{ load, save }` file cache; toolpick reports no events, so the model's count is the
 * check.
 */
async function toolpickBuild(toolsift, toolpick, toolSet, embeddingCache) {
  const { model, counter } = countingModel(toolsift.hashingEmbeddingModel);
  collectGarbage();
  const started = nowMs();
  const index = toolpick.createToolIndex(toolSet, { embeddingModel: model, embeddingCache });
  await index.warmUp();
  const elapsed = nowMs() - started;
  return { ms: elapsed, embedded: counter.values, top: await topFive(index) };
}

/**
 * Runs `build` cold once, then RESTARTS times; throws unless every restart embedded nothing and ranks as the cold
 * run.
 */
async function coldThenRestarts(name, tools, build) {
  const cold = await build("cold");
  if (cold.embedded !== tools.length)
    throw new Error(`bench/restart: ${name} cold run embedded ${cold.embedded} tool texts, expected ${tools.length}`);
  const restarts = [];
  for (let i = 0; i < RESTARTS; i++) {
    const run = await build("restart");
    if (run.embedded !== 0)
      throw new Error(
        `bench/restart: ${name} restart ${i + 1} embedded ${run.embedded} tool texts; a warm restart must embed none`,
      );
    if (run.fromCache !== undefined && run.fromCache !== tools.length) {
      throw new Error(
        `bench/restart: ${name} restart ${i + 1} read ${run.fromCache} vectors from the cache, expected ${tools.length}`,
      );
    }
    if (run.top !== cold.top)
      throw new Error(`bench/restart: ${name} restart ${i + 1} ranks differently from the cold run`);
    restarts.push(run);
  }
  return {
    coldMs: cold.ms,
    restartMs: median(restarts.map((run) => run.ms)),
    embedded: Math.max(...restarts.map((run) => run.embedded)),
  };
}

export async function measureRestart() {
  const toolsift = {
    ...(await import("../dist/index.js")),
    ...(await import("../dist/testing/index.js")),
    ...(await import("../dist/storage/node.js")),
  };
  const toolpick = await import("toolpick");
  const { tools } = makeSyntheticCatalog(RESTART_TOOLS);
  const toolSet = toToolSet(tools);
  const directory = mkdtempSync(join(tmpdir(), "toolsift-restart-"));
  try {
    // Untimed: compile toolsift's wasm, warm the JIT on both libraries' index code and on the model.
    await toolsift.createToolIndex(tools).warmUp();
    await toolpick.createToolIndex(toolSet, { strategy: "hybrid" }).warmUp();
    await toolsift
      .hashingEmbeddingModel({ dimensions: RESTART_DIMS })
      .doEmbed({ values: tools.slice(0, 100).map((tool) => tool.description) });

    const rows = [];
    const memory = measuredMemoryCache(toolsift.memoryCache);
    rows.push({
      name: "toolsift `memoryCache()` (same process)",
      ...(await coldThenRestarts("memoryCache", tools, () => toolsiftBuild(toolsift, tools, memory.cache))),
      bytes: memory.written.bytes,
      bytesNote: " (RAM)",
    });

    const filePath = join(directory, "toolsift", "embeddings.bin");
    rows.push({
      name: "toolsift `fileCache(path)`",
      ...(await coldThenRestarts("fileCache", tools, () =>
        toolsiftBuild(toolsift, tools, toolsift.fileCache(filePath)),
      )),
      bytes: statSync(filePath).size,
    });

    const kv = await measureKvRestart(tools, { restarts: RESTARTS });
    rows.push({
      name: "toolsift `kvCache(env.KV)`, workerd: time inside the Worker",
      coldMs: kv.cold.insideMs,
      restartMs: kv.restart.insideMs,
      embedded: kv.restart.embedded,
      bytes: kv.stored.bytes,
    });
    rows.push({
      name: "toolsift `kvCache(env.KV)`, workerd: request wall time from Node",
      coldMs: kv.cold.wallMs,
      restartMs: kv.restart.wallMs,
      embedded: kv.restart.embedded,
      bytes: kv.stored.bytes,
    });

    const toolpickPath = join(directory, "toolpick", "embeddings.json");
    const toolpickRow = {
      name: "toolpick `fileCache(path)` (JSON)",
      ...(await coldThenRestarts("toolpick fileCache", tools, () =>
        toolpickBuild(toolsift, toolpick, toolSet, toolpick.fileCache(toolpickPath)),
      )),
      bytes: statSync(toolpickPath).size,
    };
    rows.push(toolpickRow);

    // For reference, last (in the same state of the process as the restarts): the keyword part alone, no model.
    const keywordOnly = async (build) => {
      const times = [];
      for (let i = 0; i < RESTARTS; i++) {
        collectGarbage();
        const started = nowMs();
        await build().warmUp();
        times.push(nowMs() - started);
      }
      return median(times);
    };
    const keyword = {
      toolsiftMs: await keywordOnly(() => toolsift.createToolIndex(tools)),
      toolpickMs: await keywordOnly(() => toolpick.createToolIndex(toolSet, { strategy: "hybrid" })),
    };

    return { rows, toolpick: toolpickRow, kv, keyword };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

export function restartTable({ rows, toolpick }) {
  return markdownTable(
    [
      "cache",
      "cold ms",
      "restart ms (median)",
      "toolpick / this (restart)",
      "bytes stored",
      "toolpick / this (bytes)",
      "tool embeddings on restart",
    ],
    rows.map((row) => [
      row.name,
      ms(row.coldMs),
      ms(row.restartMs),
      row === toolpick ? "1x" : ratio(toolpick.restartMs / row.restartMs),
      `${bytes(row.bytes)}${row.bytesNote ?? ""}`,
      row === toolpick ? "1x" : ratio(toolpick.bytes / row.bytes),
      row.embedded,
    ]),
  );
}

export const RESTART_NOTES =
  `Synthetic catalog of ${RESTART_TOOLS.toLocaleString("en-US")} tools (bench/synthetic.mjs), \`hashingEmbeddingModel({ dimensions: ${RESTART_DIMS} })\` counting the texts given to doEmbed; ` +
  'strategy "combined" (both libraries\' default with a model). "cold": createToolIndex with an empty cache + `warmUp()` (embeds the 1,000 tools and stores them). ' +
  '"restart": a new index with a new model and, for file and KV, a new cache instance reading what was persisted (memoryCache: the same cache object, i.e. only a new index in the same process); ' +
  `timed from createToolIndex to the end of \`warmUp()\`, median of ${RESTARTS}. Every restart must embed 0 tool texts (the run fails otherwise) and, after the timing, rank 3 queries as the cold index did. ` +
  "Bytes: file size; for KV the sum of the stored values; for memoryCache the Float32 vectors held in RAM (keys not counted). " +
  "KV: Miniflare (workerd) with Workers KV persisted on disk; the Worker (bench/restart/worker.ts) is bundled by `wrangler deploy --dry-run` (bench/lib/worker-bundle.mjs) and gets core.wasm as a CompiledWasm module. " +
  "The cold build runs in one workerd process, which is then stopped; the restarts run in a second one started on the same KV directory. " +
  "Ratios: toolpick's file cache / this; above 1x means faster or smaller.";

/** The workerd figures that qualify the KV rows (printed under the table). */
export function restartCaveats({ kv, keyword }) {
  const clockRuns = kv.clock.dateMs > 0;
  return (
    `Every restart also rebuilds the keyword index: without a model, createToolIndex + warmUp takes toolsift ${ms(keyword.toolsiftMs)} ms and toolpick (\`strategy: "hybrid"\`) ${ms(keyword.toolpickMs)} ms (median, Node). ` +
    `KV rows: ${kv.stored.keys} keys (manifest + chunk). On Cloudflare, Date.now()/performance.now() in a Worker advance only across I/O, so CPU work would not show in the inside times; ` +
    `in this local workerd the clock ${clockRuns ? "did" : "did not"} advance during synchronous code (a 2,000,000-step loop read ${kv.clock.dateMs} ms), so here the inside times ${clockRuns ? "include CPU" : "show I/O only"}; they have 1 ms resolution. ` +
    `The wall time from Node covers the whole request (dispatch through Miniflare's loopback, JSON answer; the cold one also ranks the 3 check queries); an empty request took ${ms(kv.noopWallMs)} ms. ` +
    `The first restart, the new isolate's first request, took ${ms(kv.restart.firstInsideMs)} ms inside / ${ms(kv.restart.firstWallMs)} ms wall (in the median). ` +
    "Local KV is SQLite and files on this machine: Cloudflare KV's network latency is not modelled."
  );
}

/** The table and the caveats under it. */
export const restartReport = (result) => `${restartTable(result)}\n\n${restartCaveats(result)}`;

runIfMain(import.meta.url, async () => `${RESTART_NOTES}\n\n${restartReport(await measureRestart())}`);
