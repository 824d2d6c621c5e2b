// Memory held by one index of each library at 589 (BFCL) and 10,000 tools. Needs `node --expose-gc`.
//
// For each library: make its input (tool array / ToolSet) first, so the caller's data is not
// counted; collect garbage; read process.memoryUsage(); build the index, warm it up and run one
// select (so lazily built parts exist); collect again and read again while the index is still
// referenced. "heap" is the V8 heapUsed delta; "external" the delta of memory outside the V8 heap
// (ArrayBuffers and WebAssembly.Memory, which is where toolsift's slabs live). A tiny index of each
// library is built beforehand so one-time module loading is not charged to the first catalog.
// WebAssembly memory never shrinks: run this before the other benches, so an instance shared
// between indexes starts small. Each baseline waits (WeakRef) until the previous index is gone.
// Even then V8 now and then frees memory of an earlier index *during* a measurement (its closure
// context can stay reachable from compiled code until new code replaces it), which makes one
// reading near zero; readings can only err low this way. So each size is measured `runs` times,
// readings under half the largest are dropped, and the median of the rest is reported.
import { setImmediate } from "node:timers";
import { loadBfcl } from "./lib/data.mjs";
import { buildIndex, loadLibraries } from "./libraries.mjs";
import { collectGarbage, median } from "./lib/stats.mjs";
import { makeSyntheticCatalog } from "./synthetic.mjs";
import { bytes, markdownTable, ratio, runIfMain } from "./lib/table.mjs";

export function memoryPlans() {
  return [
    { label: "589 (BFCL)", catalog: () => loadBfcl(), runs: 5 },
    { label: "10,000", catalog: () => makeSyntheticCatalog(10000), runs: 5 },
  ];
}

// Builds into `holder` from its own frame: a frame that is still running can keep temporaries
// alive, so the caller reads memory only after this frame has returned.
async function buildInto(holder, library, input, query) {
  holder.index = library.create(input);
  await library.warmUp(holder.index);
  holder.selected = await library.select(holder.index, query);
}

// The index of the previous measurement, watched so the next baseline is read only once it is gone.
let previousIndex = null;

/** Yields to the event loop and collects until the previous index is freed (at most ~50 tries). */
async function settle() {
  for (let attempt = 0; attempt < 50; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, attempt === 0 ? 0 : 5));
    collectGarbage();
    if (previousIndex === null || previousIndex.deref() === undefined) return attempt;
  }
  throw new Error("bench: the previous index is still reachable; memory readings would be wrong");
}

async function measureOnce(library, input, query) {
  const holder = { index: null, selected: null };
  const attempts = await settle();
  const before = process.memoryUsage();
  await buildInto(holder, library, input, query);
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  const after = process.memoryUsage();
  if (holder.index === null || holder.selected === null) throw new Error(`bench: ${library.name} index was not built`);
  previousIndex = new WeakRef(holder.index);
  holder.index = null;
  if (process.env.BENCH_DEBUG)
    console.error(library.name, after.heapUsed - before.heapUsed, after.external - before.external, attempts);
  return { heap: after.heapUsed - before.heapUsed, external: after.external - before.external };
}

export async function measureMemory(libraries, plans = memoryPlans()) {
  if (!collectGarbage()) {
    return { rows: [], skipped: "Memory not measured: run with `node --expose-gc` to enable it." };
  }
  const { tools, queries } = loadBfcl();
  for (const library of libraries) await library.select(await buildIndex(library, tools.slice(0, 5)), queries[0].query);
  const rows = [];
  for (const plan of plans) {
    const catalog = plan.catalog();
    for (const library of libraries) {
      const input = library.input(catalog.tools);
      const runs = [];
      for (let run = 0; run < plan.runs; run++) runs.push(await measureOnce(library, input, catalog.queries[0].query));
      const largest = Math.max(...runs.map((r) => r.heap + r.external));
      const kept = runs.filter((r) => r.heap + r.external >= largest / 2);
      const heap = median(kept.map((r) => r.heap));
      const external = median(kept.map((r) => r.external));
      rows.push({
        catalog: plan.label,
        toolCount: catalog.tools.length,
        library: library.name,
        heap,
        external,
        total: median(kept.map((r) => r.heap + r.external)),
        kept: kept.length,
        runs: runs.length,
      });
    }
  }
  return { rows };
}

export function memoryTable({ rows, skipped }) {
  if (skipped) return skipped;
  const catalogs = [...new Set(rows.map((r) => r.catalog))];
  const show = (value) => (value < 0 ? `-${bytes(-value)}` : bytes(value));
  return markdownTable(
    [
      "tools",
      "toolsift heap",
      "toolsift external",
      "toolsift total",
      "toolpick heap",
      "toolpick external",
      "toolpick total",
      "readings kept (sift/pick)",
      "toolpick / toolsift (total)",
    ],
    catalogs.map((catalog) => {
      const sift = rows.find((r) => r.catalog === catalog && r.library === "toolsift");
      const pick = rows.find((r) => r.catalog === catalog && r.library === "toolpick");
      return [
        catalog,
        show(sift.heap),
        show(sift.external),
        show(sift.total),
        show(pick.heap),
        show(pick.external),
        show(pick.total),
        `${sift.kept}/${sift.runs}, ${pick.kept}/${pick.runs}`,
        ratio(pick.total / sift.total),
      ];
    }),
  );
}

await runIfMain(import.meta.url, async () => memoryTable(await measureMemory(await loadLibraries())));
