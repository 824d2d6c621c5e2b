// Keyword select() on the BFCL catalog (589 tools) by kind of request, for this build and another (--before <dir with
// dist/>), interleaved per request in one process: median microseconds per kind. A kind's requests repeat (20 rounds),
// so this times the reading of a request, not the first sight of its words.
//   npm run build && npx node bench/experiments/everyday-speed/query-kinds.mjs [--before <dir>]
import { buildsToCompare } from "../../lib/builds.mjs";
import { loadBfcl } from "../../lib/data.mjs";
import { median, nowMs } from "../../lib/stats.mjs";

const KINDS = {
  "small talk": ["thanks!", "ok great", "lol"],
  "words the catalog lacks": ["zzqx", "blorp the frobs", "gimme teh snarf"],
  "one catalog word": ["weather", "hotel", "stocks"],
  "a short request": ["get the weather in paris", "book a hotel in rome", "convert 5 usd to eur"],
};
const builds = buildsToCompare("this build", "before");
const { tools, queries } = loadBfcl();
const contestants = [];
for (const [name, href] of builds) {
  const index = (await import(href)).createToolIndex(tools);
  await index.warmUp();
  for (const query of queries) await index.select(query.query);
  contestants.push({ name, select: (text) => index.select(text, { maxTools: 5, adaptive: false }) });
}
console.log(`| kind | ${contestants.map((c) => `${c.name} (µs)`).join(" | ")} |`);
console.log(`| --- | ${contestants.map(() => "--:").join(" | ")} |`);
for (const [kind, texts] of Object.entries({ ...KINDS, "BFCL (600, repeat)": queries.map((q) => q.query) })) {
  const samples = contestants.map(() => []);
  const rounds = texts.length > 10 ? 2 : 20;
  for (let round = 0; round < rounds; round++)
    for (let i = 0; i < texts.length; i++)
      for (const k of (i + round) % 2 === 0 ? [0, 1] : [1, 0]) {
        if (contestants[k] === undefined) continue;
        const start = nowMs();
        await contestants[k].select(texts[i]);
        samples[k].push(nowMs() - start);
      }
  console.log(`| ${kind} | ${samples.map((s) => (median(s) * 1000).toFixed(1)).join(" | ")} |`);
}
