// Two builds of toolsift only (no toolpick beside them), in one process, alternating per query as bench/latency.mjs
// does: keyword select medians on BFCL (589 tools) and on 200-word requests over 257 BFCL tools, per pass (pass 0:
// first sight).
//   npx node bench/experiments/everyday-speed/builds-ab.mjs <dir A with dist/> <dir B with dist/> [passes]
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadBfcl } from "../../lib/data.mjs";
const [A, B] = [process.argv[2], process.argv[3]].map((dir) => pathToFileURL(resolve(dir, "dist")).href);
const passes = Number(process.argv[4] ?? 4);
const libs = [await import(A + "/index.js"), await import(B + "/index.js")];
const { tools, queries } = loadBfcl();
const OPTS = { maxTools: 5, adaptive: false };
const med = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
};
const cat257 = tools.filter((_, i) => i % 2 === 0).slice(0, 257);
const longs = [];
{
  let k = 0;
  for (let r = 0; r < 60; r++) {
    let w = [];
    while (w.length < 200) {
      w.push(...queries[k % queries.length].query.split(/\s+/));
      k++;
    }
    longs.push(w.slice(0, 200).join(" "));
  }
}
for (const [label, cat, qs] of [
  ["BFCL 589", tools, queries.map((q) => q.query)],
  ["200 words x 257", cat257, longs],
]) {
  const idx = [];
  for (const lib of libs) {
    const i = lib.createToolIndex(cat);
    await i.warmUp();
    idx.push(i);
  }
  for (let i = 0; i < 60; i++) for (const x of idx) await x.select(tools[(i * 10) % tools.length].description, OPTS);
  for (let p = 0; p < passes; p++) {
    const t = [[], []];
    for (let q = 0; q < qs.length; q++) {
      const order = q % 2 ? [1, 0] : [0, 1];
      for (const l of order) {
        const s = performance.now();
        await idx[l].select(qs[q], OPTS);
        t[l].push(performance.now() - s);
      }
    }
    const [ma, mb] = t.map(med);
    console.log(
      `${label} pass ${p}${p === 0 ? " (first sight)" : ""}: A ${(ma * 1000).toFixed(1)} µs, B ${(mb * 1000).toFixed(1)} µs, B/A ${(mb / ma).toFixed(2)}`,
    );
  }
}
