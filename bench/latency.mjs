// Median and p90 `select()` latency of both libraries at 589 (BFCL), 1,000 and 10,000 tools.
//
// Per catalog, both indexes are built and warmed up (`warmUp()` plus WARMUP_QUERIES selects on
// text that is not a measured query: descriptions of every 10th tool). Then two measured passes
// over the BFCL queries, in order:
//   - "first sight": each query is new to the index. This is an agent's usual case. (toolsift keeps
//     a process-wide tokenizer cache, so words seen with an earlier catalog may already be known.)
//   - "repeat": the same queries again, so whatever an index caches per query word is warm.
// On every iteration both libraries select the same query, the order alternating between
// iterations, so machine noise (other processes, GC of the other library, CPU frequency) lands on
// both alike. toolpick scans every tool on every query, so at 10,000 tools it is measured only on
// every `toolpickEvery`-th iteration (fewer samples, same queries spread over the whole set).
import { readFileSync } from "node:fs";
import { loadBfcl, normaliseSchema } from "./lib/data.mjs";
import { plainBm25 } from "./everyday/plain-bm25.mjs";
import { buildIndex, loadLibraries } from "./libraries.mjs";
import { median, nowMs, quantile } from "./lib/stats.mjs";
import { makeSyntheticCatalog } from "./synthetic.mjs";
import { markdownTable, ms, ratio, runIfMain } from "./lib/table.mjs";

const WARMUP_QUERIES = 60;
export const PASSES = ["first sight", "repeat"];

/** The catalogs timed, with iteration counts chosen to keep the whole bench within minutes. */
export function latencyPlans() {
  return [
    { label: "589 (BFCL)", catalog: () => loadBfcl(), toolpickEvery: 1 },
    { label: "1,000", catalog: () => makeSyntheticCatalog(1000), toolpickEvery: 1 },
    { label: "10,000", catalog: () => makeSyntheticCatalog(10000), toolpickEvery: 2 },
  ];
}

async function timedSelect(library, index, query) {
  const start = nowMs();
  await library.select(index, query);
  return nowMs() - start;
}

async function timePass(libraries, indexes, queries, toolpickEvery) {
  const samples = libraries.map(() => []);
  for (let i = 0; i < queries.length; i++) {
    const query = queries[i].query;
    const order = i % 2 === 0 ? libraries.map((_, l) => l) : libraries.map((_, l) => libraries.length - 1 - l);
    for (const l of order) {
      if (libraries[l].name === "toolpick" && i % toolpickEvery !== 0) continue;
      samples[l].push(await timedSelect(libraries[l], indexes[l], query));
    }
  }
  return samples;
}

export async function measureLatency(libraries, plans = latencyPlans()) {
  const rows = [];
  for (const plan of plans) {
    const { tools, queries } = plan.catalog();
    const indexes = [];
    for (const library of libraries) indexes.push(await buildIndex(library, tools));
    const warmUpText = Array.from({ length: WARMUP_QUERIES }, (_, i) => tools[(i * 10) % tools.length].description);
    for (const text of warmUpText) {
      for (let l = 0; l < libraries.length; l++) await libraries[l].select(indexes[l], text);
    }
    for (const pass of PASSES) {
      const samples = await timePass(libraries, indexes, queries, plan.toolpickEvery);
      for (let l = 0; l < libraries.length; l++) {
        rows.push({
          catalog: plan.label,
          toolCount: tools.length,
          pass,
          library: libraries[l].name,
          samples: samples[l].length,
          medianMs: median(samples[l]),
          p90Ms: quantile(samples[l], 0.9),
          maxMs: Math.max(...samples[l]),
        });
      }
    }
  }
  return { rows };
}

/** Words in each long request (issue 37 item 7: "a 200-word request over 257 tools in ≤ 1 ms"). */
export const LONG_REQUEST_WORDS = 200;

/**
 * The long-request plan: the 256 tools of bench/everyday's pooled PM catalog (real MCP servers' tools), and one
 * request of LONG_REQUEST_WORDS words per task of bench/long-tasks (tasks written blind, in users' words), each task
 * followed by the next ones until the request is that long.
 */
export function longRequestPlan() {
  const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
  const catalog = read("./everyday/catalogs/mcp-pooled-pm.json");
  const tools = catalog.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: normaliseSchema(tool.inputSchema),
  }));
  const tasks = read("./long-tasks/tasks.json").tasks.map((task) => task.task.split(/\s+/));
  const queries = tasks.map((_, first) => {
    const words = [];
    for (let next = first; words.length < LONG_REQUEST_WORDS; next++) words.push(...tasks[next % tasks.length]);
    return { query: words.slice(0, LONG_REQUEST_WORDS).join(" ") };
  });
  return {
    label: `${tools.length} (pooled MCP), ${LONG_REQUEST_WORDS}-word requests`,
    catalog: () => ({ tools, queries }),
    toolpickEvery: 1,
  };
}

/** Rounds of the long-request passes, each on new indexes: 60 requests make a short pass. */
const LONG_REQUEST_ROUNDS = 5;

/** A plain BM25 over name and description (bench/everyday/plain-bm25.mjs), top 5: the baseline issue 37 names. */
export const plainBm25Library = Object.freeze({
  name: "plain BM25",
  input: (tools) => tools,
  create: (tools) => plainBm25(tools),
  warmUp: () => {},
  select: (search, query) => search(query, 5),
});

/** Long requests timed as `measureLatency` times the BFCL queries, with the plain BM25 beside the two libraries. */
export async function measureLongRequests(libraries) {
  const all = [...libraries, plainBm25Library];
  const rounds = [];
  // Five rounds of both passes: 60 requests make a short pass, and one round's median moves with the machine.
  for (let round = 0; round < LONG_REQUEST_ROUNDS; round++)
    rounds.push(...(await measureLatency(all, [longRequestPlan()])).rows);
  const rows = [];
  for (const pass of PASSES)
    for (const library of all) {
      const mine = rounds.filter((row) => row.pass === pass && row.library === library.name);
      rows.push({
        ...mine[0],
        medianMs: median(mine.map((row) => row.medianMs)),
        p90Ms: median(mine.map((row) => row.p90Ms)),
        samples: mine.reduce((sum, row) => sum + row.samples, 0),
      });
    }
  return { rows };
}

/** The long-request table: each library's median and p90 per pass (medians of the rounds'), and the ratios. */
export function longRequestTable({ rows }) {
  const of = (pass, name) => rows.find((row) => row.pass === pass && row.library === name);
  return markdownTable(
    [
      "pass",
      "toolsift median ms",
      "toolsift p90 ms",
      "toolpick median ms",
      "plain BM25 median ms",
      "toolpick / toolsift",
      "plain BM25 / toolsift",
    ],
    PASSES.map((pass) => {
      const sift = of(pass, "toolsift");
      const pick = of(pass, "toolpick");
      const bm25 = of(pass, "plain BM25");
      return [
        pass,
        ms(sift.medianMs),
        ms(sift.p90Ms),
        ms(pick.medianMs),
        ms(bm25.medianMs),
        ratio(pick.medianMs / sift.medianMs),
        ratio(bm25.medianMs / sift.medianMs),
      ];
    }),
  );
}

export function latencyTable({ rows }) {
  const keys = [...new Set(rows.map((r) => `${r.catalog}\u0000${r.pass}`))];
  return markdownTable(
    [
      "tools",
      "pass",
      "toolsift median ms",
      "toolsift p90 ms",
      "toolpick median ms",
      "toolpick p90 ms",
      "samples (sift/pick)",
      "toolpick / toolsift (median)",
    ],
    keys.map((key) => {
      const [catalog, pass] = key.split("\u0000");
      const find = (library) => rows.find((r) => r.catalog === catalog && r.pass === pass && r.library === library);
      const sift = find("toolsift");
      const pick = find("toolpick");
      return [
        catalog,
        pass,
        ms(sift.medianMs),
        ms(sift.p90Ms),
        ms(pick.medianMs),
        ms(pick.p90Ms),
        `${sift.samples}/${pick.samples}`,
        ratio(pick.medianMs / sift.medianMs),
      ];
    }),
  );
}

await runIfMain(import.meta.url, async () => {
  const libraries = await loadLibraries();
  if (process.argv.includes("--long")) return longRequestTable(await measureLongRequests(libraries));
  return latencyTable(await measureLatency(libraries));
});
