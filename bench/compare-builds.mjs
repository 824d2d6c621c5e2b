// Two builds of toolsift side by side in one process: select latency and index build time, interleaved, so a
// refactor can be checked against the build before it on the same noise.
//
//   npm run build && TOOLSIFT_BASELINE=/path/to/other/dist/index.js npx node --expose-gc bench/compare-builds.mjs
//
// Make the baseline with `git worktree add /tmp/base <commit>`, link node_modules into it, and run its
// `npm run build`. Prints medians (ms) for each build and the ratio current / baseline (below 1: faster now).
import { pathToFileURL } from "node:url";
import { loadBfcl } from "./lib/data.mjs";
import { median, nowMs } from "./lib/stats.mjs";
import { makeSyntheticCatalog } from "./synthetic.mjs";
import { markdownTable } from "./lib/table.mjs";

const baselinePath = process.env.TOOLSIFT_BASELINE;
if (!baselinePath) throw new Error("bench/compare-builds: set TOOLSIFT_BASELINE to the other build's dist/index.js");
const builds = [
  { name: "current", module: await import(new URL("../dist/index.js", import.meta.url).href) },
  { name: "baseline", module: await import(pathToFileURL(baselinePath).href) },
];
const ROUNDS = Number(process.env.ROUNDS ?? 3);

async function selectTimes(catalog, queries) {
  const indexes = [];
  for (const build of builds) {
    const index = build.module.createToolIndex(catalog);
    await index.warmUp();
    for (const tool of catalog.slice(0, 60)) await index.select(tool.description ?? tool.name);
    indexes.push(index);
  }
  const samples = builds.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < queries.length; i++) {
      const order = (i + round) % 2 === 0 ? [0, 1] : [1, 0];
      for (const b of order) {
        const start = nowMs();
        await indexes[b].select(queries[i].query);
        samples[b].push(nowMs() - start);
      }
    }
  }
  return samples.map(median);
}

async function buildTimes(catalog, runs) {
  const samples = builds.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (const b of run % 2 === 0 ? [0, 1] : [1, 0]) {
      globalThis.gc?.();
      const start = nowMs();
      await builds[b].module.createToolIndex(catalog).warmUp();
      samples[b].push(nowMs() - start);
    }
  }
  return samples.map(median);
}

const rows = [];
const bfcl = loadBfcl();
for (const [label, catalog] of [
  ["589 (BFCL)", bfcl.tools],
  ["10,000", makeSyntheticCatalog(10_000).tools],
]) {
  const [current, baseline] = await selectTimes(catalog, bfcl.queries);
  rows.push([`select, ${label}`, current.toFixed(4), baseline.toFixed(4), (current / baseline).toFixed(2)]);
  const [builtNow, builtBefore] = await buildTimes(catalog, label === "10,000" ? 9 : 15);
  rows.push([
    `build + warmUp, ${label}`,
    builtNow.toFixed(2),
    builtBefore.toFixed(2),
    (builtNow / builtBefore).toFixed(2),
  ]);
}
console.log(`baseline: ${baselinePath}; ${ROUNDS} interleaved rounds of the ${bfcl.queries.length} BFCL queries\n`);
console.log(markdownTable(["measure", "current (ms)", "baseline (ms)", "current / baseline"], rows));
