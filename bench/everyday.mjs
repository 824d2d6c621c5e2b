// The everyday benchmark (issue 37): requests in users' own words on real and hand-written catalogs, each delivery and
// library run in real AI SDK `generateText` loops with a scripted model that can call only what it was offered.
//
//   npm run build && npx node bench/everyday.mjs [--catalog <id>]… [--row <key>]… [--local] [--misses] [--json]
//                                                [--before <other build's dist/ or package root>] [--data <dir>]
//                                                [--out <file.md>] [--skip-invalid]
//
// Data: bench/everyday/catalogs/<id>.json and requests/<id>.json (format: scripts/everyday-data.mjs, checked on load;
// a problem stops the run unless --skip-invalid, which leaves out the catalogs with problems and lists them).
// Rows (`--row`): default, per-step, in-conversation, deferred, select, toolpick, bm25, all (bench/everyday/rows.mjs).
// Each user turn is one generateText call over the conversation so far (earlier turns' user text, tool calls and
// results, final text) plus the new message; the model (bench/everyday/scripted-model.mjs) calls the next expected
// step with the first acceptable tool the request offers, searches with the user's text when only a search tool
// fits, and otherwise answers in text, which ends the turn. Figures (bench/everyday/metrics.mjs) per catalog-size
// bucket and row; writes bench/everyday.md (or --out); --json prints every figure and every miss as JSON instead of
// the markdown; --misses prints each miss with select's top 5 and explain of the expected tool.
import { existsSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { TURN_KINDS, assertValid, readEverydayData } from "../scripts/everyday-data.mjs";
import { BUCKETS, bucketOf, byKind, figuresOf, missesOf } from "./everyday/metrics.mjs";
import { ROWS, deliveryOf, runConversation, runSelect, toToolSet } from "./everyday/rows.mjs";
import { everydayReport, printMisses } from "./everyday/report.mjs";
import { nowMs } from "./lib/stats.mjs";

const { values: args } = parseArgs({
  options: {
    catalog: { type: "string", multiple: true },
    row: { type: "string", multiple: true },
    local: { type: "boolean", default: false },
    misses: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    before: { type: "string" },
    data: { type: "string" },
    out: { type: "string" },
    "skip-invalid": { type: "boolean", default: false },
  },
});

const dataDir = resolve(args.data ?? new URL("everyday/", import.meta.url).pathname);
const progress = (text) => process.stderr.write(`[everyday] ${text}\n`);

for (const key of args.row ?? [])
  if (!ROWS.some((row) => row.key === key))
    throw new Error(`bench/everyday: --row "${key}"; expected one of ${ROWS.map((row) => row.key).join(", ")}`);
const rows = ROWS.filter((row) => args.row === undefined || args.row.includes(row.key));

/** A build of toolsift: its root module and, when asked, its local model. */
async function loadBuild(name, distDir) {
  const root = existsSync(resolve(distDir, "dist/index.js")) ? resolve(distDir, "dist") : resolve(distDir);
  if (!existsSync(resolve(root, "index.js")))
    throw new Error(`bench/everyday: ${root}/index.js not found (run \`npm run build\`, or check --before)`);
  const module = await import(pathToFileURL(resolve(root, "index.js")).href);
  const local = args.local ? await import(pathToFileURL(resolve(root, "local/index.js")).href) : undefined;
  return { name, module, local };
}

const builds = [await loadBuild("", new URL("../dist/", import.meta.url).pathname)];
if (args.before !== undefined) builds.push(await loadBuild("before", args.before));
const toolpick = await import("toolpick");

/** The toolsift variants each toolsift row runs in: every build, keyword, and with --local the local model too. */
const variants = builds.flatMap((build) =>
  [false, ...(args.local ? [true] : [])].map((local) => ({
    build,
    local,
    suffix: `${build.name === "" ? "" : ` (${build.name})`}${local ? " + local model" : ""}`,
  })),
);

const { catalogs: all, problems } = readEverydayData(dataDir);
for (const id of args.catalog ?? [])
  if (!all.some((catalog) => catalog.id === id))
    throw new Error(`bench/everyday: --catalog "${id}" not in ${dataDir}/catalogs`);
const skipped = [];
if (!args["skip-invalid"]) assertValid(problems, dataDir);
const catalogs = all.filter((catalog) => {
  if (args.catalog !== undefined && !args.catalog.includes(catalog.id)) return false;
  const own = problems.filter((problem) => problem.includes(`/${catalog.id}.json`));
  if (own.length > 0) skipped.push({ catalog: catalog.id, problems: own });
  return own.length === 0;
});
if (catalogs.length === 0) throw new Error(`bench/everyday: no catalog to measure in ${dataDir}`);

/** Every row as measured: `{ key, label, ranked, turns: [...] , ms }`. */
const measured = [];
const started = nowMs();
for (const catalog of catalogs) {
  const toolSet = toToolSet(catalog);
  const familyOf = new Map(catalog.tools.map((tool) => [tool.name, tool.family]));
  const turnCount = catalog.conversations.reduce((sum, conversation) => sum + conversation.turns.length, 0);
  progress(
    `${catalog.id}: ${catalog.tools.length} tools, ${catalog.conversations.length} conversations, ${turnCount} turns`,
  );
  const toolpickIndex = toolpick.createToolIndex(toolSet);
  await toolpickIndex.warmUp();
  const runs = rows.flatMap((row) => (row.toolsift ? variants.map((variant) => ({ row, variant })) : [{ row }]));
  const indexes = new Map();
  for (const { row, variant } of runs) {
    const label = row.label + (variant?.suffix ?? "");
    const key = row.key + (variant?.suffix ?? "");
    let index;
    if (variant !== undefined) {
      if (!indexes.has(variant)) {
        const model = variant.local ? variant.build.local.localEmbeddingModel() : undefined;
        const created = variant.build.module.createToolIndex(
          toolSet,
          model === undefined ? undefined : { embeddingModel: model, keyword: { queryExpansion: model } },
        );
        await created.warmUp();
        indexes.set(variant, created);
      }
      index = indexes.get(variant);
    }
    const start = nowMs();
    let entry = measured.find((candidate) => candidate.key === key);
    if (entry === undefined) {
      entry = { key, label, ranked: row.ranked, turns: [], ms: 0, notApplicable: undefined };
      measured.push(entry);
    }
    const delivery = row.loop ? deliveryOf(row, { index, toolSet, catalog, toolpickIndex }) : undefined;
    if (typeof delivery === "string") {
      entry.notApplicable = delivery;
      continue;
    }
    for (const conversation of catalog.conversations) {
      const recorded = row.loop
        ? await runConversation(conversation, catalog, delivery, row)
        : await runSelect(conversation, index);
      let previousOffered = [];
      recorded.forEach((record, t) => {
        const turn = conversation.turns[t];
        entry.turns.push({
          catalog: catalog.id,
          size: catalog.tools.length,
          bucket: bucketOf(catalog.tools.length),
          familyOf,
          conversation: conversation.id,
          turn: t + 1,
          text: turn.text,
          kinds: turn.kinds,
          steps: turn.steps,
          families: turn.families,
          requests: record.requests,
          toolErrors: record.toolErrors ?? 0,
          outcomes: record.steps,
          previousOffered,
        });
        previousOffered = record.requests.at(-1)?.offered ?? [];
      });
    }
    entry.ms += nowMs() - start;
    progress(`  ${key}: ${((nowMs() - start) / 1000).toFixed(1)} s`);
  }
}
const seconds = (nowMs() - started) / 1000;

const figures = (turns, ranked) => figuresOf(turns, { ranked });

/** `rows × buckets`, `rows × catalogs`, `rows × kinds`. */
function summary() {
  const result = { buckets: {}, catalogFigures: {}, kinds: {} };
  for (const bucket of [...BUCKETS.map((entry) => entry.key), "all"]) {
    result.buckets[bucket] = {};
    for (const row of measured) {
      const turns = row.turns.filter((turn) => bucket === "all" || turn.bucket === bucket);
      if (turns.length > 0) result.buckets[bucket][row.key] = figures(turns, row.ranked);
    }
  }
  for (const catalog of catalogs) {
    result.catalogFigures[catalog.id] = {};
    for (const row of measured)
      result.catalogFigures[catalog.id][row.key] = figures(
        row.turns.filter((turn) => turn.catalog === catalog.id),
        row.ranked,
      );
  }
  for (const row of measured) result.kinds[row.key] = byKind(row.turns, TURN_KINDS);
  return result;
}

const report = {
  command: `npx node bench/everyday.mjs ${process.argv.slice(2).join(" ")}`.trim(),
  data: dataDir,
  seconds,
  catalogs: catalogs.map((catalog) => ({
    id: catalog.id,
    source: catalog.source,
    tools: catalog.tools.length,
    bucket: bucketOf(catalog.tools.length),
    conversations: catalog.conversations.length,
    turns: catalog.conversations.reduce((sum, conversation) => sum + conversation.turns.length, 0),
  })),
  problems,
  skipped,
  rows: measured.map(({ key, label, ranked, ms, notApplicable, turns }) => ({
    key,
    label,
    ranked,
    ms,
    notApplicable,
    toolErrors: turns.reduce((sum, turn) => sum + turn.toolErrors, 0),
  })),
  ...summary(),
  misses: Object.fromEntries(measured.map((row) => [row.key, missesOf(row.turns)])),
};

const markdown = everydayReport(report);
writeFileSync(args.out ?? new URL("everyday.md", import.meta.url), `${markdown}\n`);
if (args.json) console.log(JSON.stringify(report, null, 2));
else console.log(markdown);
if (args.misses) {
  const variant = variants[0];
  const explainIndexes = new Map();
  const indexFor = async (id) => {
    if (!explainIndexes.has(id)) {
      const index = variant.build.module.createToolIndex(toToolSet(catalogs.find((catalog) => catalog.id === id)));
      await index.warmUp();
      explainIndexes.set(id, index);
    }
    return explainIndexes.get(id);
  };
  await printMisses(report, indexFor, (line) => process.stdout.write(`${line}\n`));
}
progress(`done in ${seconds.toFixed(1)} s`);
