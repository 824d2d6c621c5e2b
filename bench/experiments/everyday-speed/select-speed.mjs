// Keyword select() on the BFCL catalog, first sight and repeat, for this build, another build (--before <dir with
// dist/>) and toolpick, interleaved per query in one process: medians and ratios (bench/latency.mjs's method, 589
// tools only).
//   npm run build && npx node bench/experiments/everyday-speed/select-speed.mjs [--before <dir>]
import { buildsToCompare } from "../../lib/builds.mjs";
import { loadBfcl, toToolSet } from "../../lib/data.mjs";
import { median, nowMs } from "../../lib/stats.mjs";

const builds = buildsToCompare("toolsift", "toolsift before");
const { tools, queries } = loadBfcl();
const contestants = [];
for (const [name, href] of builds) {
  const module = await import(href);
  const index = module.createToolIndex(tools);
  await index.warmUp();
  contestants.push({ name, select: (q) => index.select(q, { maxTools: 5, adaptive: false }) });
}
const toolpick = await import("toolpick");
const picked = toolpick.createToolIndex(toToolSet(tools), { strategy: "hybrid" });
contestants.push({ name: "toolpick 0.4.0", select: (q) => picked.select(q, { maxTools: 5 }) });
for (let i = 0; i < 60; i++) for (const c of contestants) await c.select(tools[(i * 10) % tools.length].description);
for (const pass of ["first sight", "repeat"]) {
  const samples = contestants.map(() => []);
  for (let i = 0; i < queries.length; i++) {
    const order = i % 2 === 0 ? contestants.map((_, k) => k) : contestants.map((_, k) => contestants.length - 1 - k);
    for (const k of order) {
      const start = nowMs();
      await contestants[k].select(queries[i].query);
      samples[k].push(nowMs() - start);
    }
  }
  const pick = median(samples.at(-1));
  for (let k = 0; k < contestants.length; k++) {
    const m = median(samples[k]);
    console.log(
      `${pass.padEnd(12)} ${contestants[k].name.padEnd(16)} median ${m.toFixed(4)} ms  toolpick/this ${(pick / m).toFixed(1)}x`,
    );
  }
}
