// What the relevance decision costs select() and selectWithScores() with pinned tools: BFCL's 600 queries, an older
// build and this one alternating in one process, median of 3 passes after 100 warm-up calls each.
//
//   npm run build && npx node bench/experiments/relevance/select-cost.mjs <dir of an older build's package root>
//
// (the older build: e.g. `git archive 217ee57 | tar -x -C /tmp/before`, node_modules linked, `npm run build` there).
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadBfcl } from "../../lib/data.mjs";
import { toolsiftLocation } from "../../libraries.mjs";
import { median } from "../../lib/stats.mjs";

const beforeRoot = process.argv[2];
if (!beforeRoot) throw new Error("select-cost: give the package root of the build to compare against");
const before = await import(pathToFileURL(resolve(beforeRoot, "dist/index.js")).href);
const after = await import(toolsiftLocation);
const { tools, queries } = loadBfcl();
const indexes = [before.createToolIndex(tools), after.createToolIndex(tools)];
for (const index of indexes) await index.warmUp();
/** Median times of `call(index, query)` for the two indexes, alternating, 3 passes after 100 warm-up queries. */
async function timeBoth(call) {
  for (const { query } of queries.slice(0, 100)) for (const index of indexes) await call(index, query);
  const times = [[], []];
  for (let pass = 0; pass < 3; pass++)
    for (const { query } of queries)
      for (let i = 0; i < 2; i++) {
        const start = performance.now();
        await call(indexes[i], query);
        times[i].push(performance.now() - start);
      }
  return { samples: times[0].length, medians: times.map((samples) => median(samples)) };
}

const options = { maxTools: 5, adaptive: false };
const pinned = { ...options, alwaysActive: tools.slice(0, 5).map((tool) => tool.name) };
for (const [label, call] of [
  ["select()", (index, query) => index.select(query, options)],
  ["selectWithScores() with 5 pinned tools", (index, query) => index.selectWithScores(query, pinned)],
]) {
  const {
    samples,
    medians: [was, is],
  } = await timeBoth(call);
  console.log(
    `${label} median: before ${was.toFixed(4)} ms, after ${is.toFixed(4)} ms (${(is / was).toFixed(2)}x), ` +
      `${samples} samples each`,
  );
}
