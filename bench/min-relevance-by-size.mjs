// The default `minRelevance` by catalog size: how many relevant requests keep their tool, and how many off-topic
// requests get none, when the catalog has 4, 10, 30, 150 or 500 tools.
//
//   npm run build && npx node bench/min-relevance-by-size.mjs [--before <dir>] [--requests <n>] [--out <file.md>]
//
// Protocol. Per request a sub-catalog of n tools, drawn with a seeded PRNG: the request's own tools (the ground-truth
// tools of a relevant request; the functions BFCL offered an off-topic one, at most n of them), then other tools of
// the same set's catalog, then of the other public catalogs pooled (BFCL dev 589, multi-turn 153, irrelevance 480),
// never a tool of the same name twice. Each request is selected once, `selectWithScores(query, { maxTools: 20,
// adaptive: false, minRelevance: 0 })`, and every threshold t is read off that one ranking as `relevantHits` applies
// it: nothing when the best relevance is under t, else the ranked tools with any evidence, of which the first 5 count.
// Relevant: BFCL dev (each query's one expected tool in those 5) and the multi-turn turns (each distinct tool the
// turn calls, by itself). Off-topic: irrelevance-dev's requests (no catalog tool selected). "default" is what the
// build's own default does (no `minRelevance` given: a build whose default scales with the catalog reads it). With
// `--before <dir>` (a package root holding an older `dist/`) its default is measured too, on the same sub-catalogs.
// `--requests n` takes the first n requests of each set (all by default). Writes a markdown table (stdout, and
// `--out`).
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { mulberry32, randomInt } from "../scripts/seeded-random.mjs";
import { loadBfcl, loadIrrelevance } from "./lib/data.mjs";
import { markdownTable, percent } from "./lib/table.mjs";
import { loadSessions } from "./sessions-data.mjs";

const SIZES = [4, 10, 30, 150, 500];
const THRESHOLDS = [0, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15];
const SEED = 20261130;

const { values: args } = parseArgs({
  options: { before: { type: "string" }, requests: { type: "string" }, out: { type: "string" } },
});
const limit = args.requests === undefined ? Infinity : Number(args.requests);
const builds = [["this build", new URL("../dist/index.js", import.meta.url).href]];
if (args.before !== undefined) builds.unshift(["before", pathToFileURL(resolve(args.before, "dist/index.js")).href]);

const bfcl = loadBfcl();
const sessions = loadSessions();
const irrelevance = loadIrrelevance();
const byName = (tools) => new Map(tools.map((tool) => [tool.name, tool]));
const bfclTools = byName(bfcl.tools);
const sessionTools = byName(sessions.tools);
const pooled = [...byName([...bfcl.tools, ...sessions.tools, ...irrelevance.pooled]).values()];

/** The request's sets: `{ name, relevant, catalog, requests: [{ query, own: tools, expected: names }] }`. */
const sets = [
  {
    name: "BFCL dev",
    relevant: true,
    catalog: bfcl.tools,
    requests: bfcl.queries.map((q) => ({
      query: q.query,
      own: q.expected.map((n) => bfclTools.get(n)),
      expected: q.expected,
    })),
  },
  {
    name: "multi-turn turns",
    relevant: true,
    catalog: sessions.tools,
    requests: sessions.conversations.flatMap((conversation) =>
      conversation.turns
        .filter((turn) => turn.calls.length > 0)
        .map((turn) => {
          const expected = [...new Set(turn.calls.map((call) => call.name))];
          return { query: turn.user, own: expected.map((n) => sessionTools.get(n)), expected };
        }),
    ),
  },
  {
    name: "irrelevance (off-topic)",
    relevant: false,
    catalog: irrelevance.pooled,
    requests: irrelevance.items.map((item) => ({ query: item.query, own: item.tools, expected: [] })),
  },
];

/** A seeded sub-catalog of `size` tools: the request's own, then the set's, then the pooled catalogs'. */
function subCatalog(random, own, catalog, size) {
  const chosen = new Map();
  for (const tool of own) if (chosen.size < size) chosen.set(tool.name, tool);
  for (const source of [catalog, pooled]) {
    const order = source.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = randomInt(random, i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const i of order) {
      if (chosen.size >= size) break;
      if (!chosen.has(source[i].name)) chosen.set(source[i].name, source[i]);
    }
  }
  // The request's own tools are not always first: shuffle the catalog order too (ties go to catalog order).
  const tools = [...chosen.values()];
  for (let i = tools.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    [tools[i], tools[j]] = [tools[j], tools[i]];
  }
  return tools;
}

/** The 5 tools a threshold leaves of one ranking (as relevantHits: nothing under t, else the hits with evidence). */
function offered(results, threshold) {
  const ranked = results.filter((result) => result.reason === "ranked");
  if (threshold <= 0) return ranked.slice(0, 5).map((result) => result.name);
  if (!ranked.some((result) => result.relevance >= threshold)) return [];
  return ranked
    .filter((result) => result.relevance > 0 || (result.similarity ?? 0) > 0)
    .slice(0, 5)
    .map((result) => result.name);
}

const rows = [];
for (const [label, location] of builds) {
  const { createToolIndex } = await import(location);
  for (const set of sets) {
    for (const size of SIZES) {
      const random = mulberry32(SEED + size);
      const counts = { total: 0, byThreshold: THRESHOLDS.map(() => 0), atDefault: 0 };
      for (const request of set.requests.slice(0, limit)) {
        const tools = subCatalog(random, request.own, set.catalog, size);
        const index = createToolIndex(tools);
        const { results } = await index.selectWithScores(request.query, {
          maxTools: 20,
          adaptive: false,
          minRelevance: 0,
        });
        const atDefault = await index.select(request.query, { maxTools: 5, adaptive: false });
        const score = (names) =>
          set.relevant ? request.expected.filter((name) => names.includes(name)).length : names.length === 0 ? 1 : 0;
        counts.total += set.relevant ? request.expected.length : 1;
        THRESHOLDS.forEach((threshold, i) => (counts.byThreshold[i] += score(offered(results, threshold))));
        counts.atDefault += score(atDefault);
      }
      rows.push({ build: label, set: set.name, relevant: set.relevant, size, ...counts });
    }
  }
}

const share = (count, total) => `${percent(count / total)}`;
const headers = [
  "set (measure)",
  "tools",
  ...THRESHOLDS.map((t) => `t = ${t}`),
  ...builds.map(([label]) => `default, ${label}`),
];
const table = markdownTable(
  headers,
  sets.flatMap((set) =>
    SIZES.map((size) => {
      const mine = rows.filter((row) => row.set === set.name && row.size === size);
      const last = mine[mine.length - 1];
      return [
        `${set.name} (${set.relevant ? "recall@5" : "no tool"})`,
        size,
        ...last.byThreshold.map((count) => share(count, last.total)),
        ...mine.map((row) => share(row.atDefault, row.total)),
      ];
    }),
  ),
);
const report =
  `## minRelevance by catalog size\n\nCommand: \`npm run build && npx node bench/min-relevance-by-size.mjs` +
  `${args.before === undefined ? "" : " --before <dir>"}${Number.isFinite(limit) ? ` --requests ${limit}` : ""}\`` +
  ` (protocol in the script's header; t columns read this build's relevance).\n\n${table}\n`;
console.log(report);
if (args.out !== undefined) writeFileSync(args.out, report);
