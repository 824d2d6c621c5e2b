// Median and p90 `select()` latency of both libraries at 589 (BFCL), 1,000 and 10,000 tools.
//
// Both indexes of a catalog are built and warmed up first, then each library runs WARMUP_QUERIES
// selects unmeasured. The measured loop walks the BFCL queries in order; on every iteration both
// libraries select the same query, the order alternating between iterations, so machine noise
// (other processes, GC of the other library, CPU frequency) lands on both alike.
// toolpick scans every tool on every query, so at 10,000 tools it is measured only on every
// `toolpickEvery`-th iteration (fewer samples, same queries spread over the whole set).
import { loadBfcl } from "./data.mjs";
import { buildIndex, loadLibraries } from "./libraries.mjs";
import { median, nowMs, quantile } from "./stats.mjs";
import { makeSyntheticCatalog } from "./synthetic.mjs";
import { markdownTable, ms, ratio, runIfMain } from "./table.mjs";

const WARMUP_QUERIES = 60;

/** The catalogs timed, with iteration counts chosen to keep the whole bench within minutes. */
export function latencyPlans() {
  return [
    { label: "589 (BFCL)", catalog: () => loadBfcl(), iterations: 600, toolpickEvery: 1 },
    { label: "1,000", catalog: () => makeSyntheticCatalog(1000), iterations: 600, toolpickEvery: 1 },
    { label: "10,000", catalog: () => makeSyntheticCatalog(10000), iterations: 600, toolpickEvery: 2 },
  ];
}

async function timedSelect(library, index, query) {
  const start = nowMs();
  await library.select(index, query);
  return nowMs() - start;
}

export async function measureLatency(libraries, plans = latencyPlans()) {
  const rows = [];
  for (const plan of plans) {
    const { tools, queries } = plan.catalog();
    const indexes = [];
    for (const library of libraries) indexes.push(await buildIndex(library, tools));
    for (let i = 0; i < WARMUP_QUERIES; i++) {
      for (let l = 0; l < libraries.length; l++) await libraries[l].select(indexes[l], queries[i % queries.length].query);
    }
    const samples = libraries.map(() => []);
    for (let i = 0; i < plan.iterations; i++) {
      const query = queries[i % queries.length].query;
      const order = i % 2 === 0 ? libraries.map((_, l) => l) : libraries.map((_, l) => libraries.length - 1 - l);
      for (const l of order) {
        if (libraries[l].name === "toolpick" && i % plan.toolpickEvery !== 0) continue;
        samples[l].push(await timedSelect(libraries[l], indexes[l], query));
      }
    }
    for (let l = 0; l < libraries.length; l++) {
      rows.push({
        catalog: plan.label,
        toolCount: tools.length,
        library: libraries[l].name,
        samples: samples[l].length,
        medianMs: median(samples[l]),
        p90Ms: quantile(samples[l], 0.9),
      });
    }
  }
  return { rows };
}

export function latencyTable({ rows }) {
  const catalogs = [...new Set(rows.map((r) => r.catalog))];
  return markdownTable(
    ["tools", "toolsift median ms", "toolsift p90 ms", "toolpick median ms", "toolpick p90 ms", "samples (sift/pick)", "toolpick / toolsift (median)"],
    catalogs.map((catalog) => {
      const sift = rows.find((r) => r.catalog === catalog && r.library === "toolsift");
      const pick = rows.find((r) => r.catalog === catalog && r.library === "toolpick");
      return [catalog, ms(sift.medianMs), ms(sift.p90Ms), ms(pick.medianMs), ms(pick.p90Ms), `${sift.samples}/${pick.samples}`, ratio(pick.medianMs / sift.medianMs)];
    }),
  );
}

await runIfMain(import.meta.url, async () => latencyTable(await measureLatency(await loadLibraries())));
