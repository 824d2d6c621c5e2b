// Index build time of both libraries at 589 (BFCL), 1,000 and 10,000 tools.
//
// "sync" is the `createToolIndex(input)` call alone; "with warmUp" adds `await index.warmUp()`
// (toolsift loads its wasm core and finishes the index there; toolpick's keyword mode builds
// everything in the constructor, its warmUp is a no-op). Inputs (toolsift's tool array,
// toolpick's ToolSet) are made before timing. Each size is built `runs` times, the two libraries
// alternating, and the median is reported. The very first build in the process also pays for
// one-time work (toolsift: compiling the wasm module); `measureFirstBuild` times it apart on a
// 5-tool catalog and must run before anything else builds an index.
import { loadBfcl } from "./lib/data.mjs";
import { loadLibraries } from "./libraries.mjs";
import { collectGarbage, median, nowMs } from "./lib/stats.mjs";
import { makeSyntheticCatalog } from "./synthetic.mjs";
import { markdownTable, ms, ratio, runIfMain } from "./lib/table.mjs";

export function buildPlans() {
  return [
    { label: "589 (BFCL)", catalog: () => loadBfcl(), runs: 9 },
    { label: "1,000", catalog: () => makeSyntheticCatalog(1000), runs: 9 },
    { label: "10,000", catalog: () => makeSyntheticCatalog(10000), runs: 5 },
  ];
}

async function timeBuild(library, input) {
  const start = nowMs();
  const index = library.create(input);
  const created = nowMs();
  await library.warmUp(index);
  const warmed = nowMs();
  return { syncMs: created - start, totalMs: warmed - start };
}

export async function measureBuild(libraries, plans = buildPlans()) {
  const rows = [];
  for (const plan of plans) {
    const { tools } = plan.catalog();
    const inputs = libraries.map((library) => library.input(tools));
    const runs = libraries.map(() => []);
    for (let run = 0; run < plan.runs; run++) {
      const order = run % 2 === 0 ? libraries.map((_, l) => l) : libraries.map((_, l) => libraries.length - 1 - l);
      for (const l of order) {
        collectGarbage();
        runs[l].push(await timeBuild(libraries[l], inputs[l]));
      }
    }
    for (let l = 0; l < libraries.length; l++) {
      rows.push({
        catalog: plan.label,
        toolCount: tools.length,
        library: libraries[l].name,
        runs: runs[l].length,
        syncMs: median(runs[l].map((r) => r.syncMs)),
        totalMs: median(runs[l].map((r) => r.totalMs)),
      });
    }
  }
  return { rows };
}

/** Times each library's first index build in the process (5 BFCL tools), one-time setup included. */
export async function measureFirstBuild(libraries) {
  const tools = loadBfcl().tools.slice(0, 5);
  const rows = [];
  for (const library of libraries)
    rows.push({ library: library.name, ...(await timeBuild(library, library.input(tools))) });
  return { rows };
}

export function buildTable({ rows }) {
  const catalogs = [...new Set(rows.map((r) => r.catalog))];
  return markdownTable(
    [
      "tools",
      "toolsift sync ms",
      "toolsift + warmUp ms",
      "toolpick sync ms",
      "toolpick + warmUp ms",
      "runs",
      "toolpick / toolsift (with warmUp)",
    ],
    catalogs.map((catalog) => {
      const sift = rows.find((r) => r.catalog === catalog && r.library === "toolsift");
      const pick = rows.find((r) => r.catalog === catalog && r.library === "toolpick");
      return [
        catalog,
        ms(sift.syncMs),
        ms(sift.totalMs),
        ms(pick.syncMs),
        ms(pick.totalMs),
        sift.runs,
        ratio(pick.totalMs / sift.totalMs),
      ];
    }),
  );
}

export function firstBuildTable({ rows }) {
  return markdownTable(
    ["library (first build in the process, 5 tools)", "sync ms", "with warmUp ms"],
    rows.map((r) => [r.library, ms(r.syncMs), ms(r.totalMs)]),
  );
}

await runIfMain(import.meta.url, async () => {
  const libraries = await loadLibraries();
  const first = await measureFirstBuild(libraries);
  return `${firstBuildTable(first)}\n\n${buildTable(await measureBuild(libraries))}`;
});
