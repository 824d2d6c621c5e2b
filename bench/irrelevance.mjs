// Requests no tool answers: how often `select` offers no catalog tool and how many tools `prepareStep` offers, for
// toolsift before and after issue 19 and toolpick, next to recall and session replay on relevant requests.
//
//   npm run build && npx node bench/irrelevance.mjs [--before <package dir>] [--json]
//
// `--before <dir>` (or env TOOLSIFT_BEFORE): a toolsift build to measure as "toolsift before", a directory holding its
// package.json and dist/ (make one from a commit: `git archive <commit> | tar -x -C <dir>`, then `npm run build` in a
// checkout, or copy `package.json` and `dist/` of a built worktree; node_modules are found from the repo's). Without
// it the "before" row is the one recorded in bench/irrelevance-before.json (its commit, date and command inside).
// `--json` prints the measured rows as JSON instead of the tables.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadBfcl, loadIrrelevance, loadOffTopicSets, perStepPrepareStep, toToolSet } from "./lib/data.mjs";
import { SELECT_OPTIONS, toolsiftLocation } from "./libraries.mjs";
import { markdownTable, percent, runIfMain } from "./lib/table.mjs";
import { DEFAULT_SESSION_VARIANTS, measureSessions } from "./sessions.mjs";

/** What every contestant is asked: `select(query, { maxTools: 5 })` and `prepareStep({ maxTools: 5 })`. */
const MAX_TOOLS = 5;

const RECORDED_BEFORE = new URL("./irrelevance-before.json", import.meta.url);

/** A contestant: its name, how it indexes a catalog, and the session variants that replay it. */
function toolsiftContestant(name, module) {
  return {
    name,
    create: (tools) => module.createToolIndex(tools),
    sessions: { module, variants: DEFAULT_SESSION_VARIANTS.filter((variant) => variant.library === "toolsift") },
  };
}

const toolpickVersion = JSON.parse(
  readFileSync(new URL("../node_modules/toolpick/package.json", import.meta.url), "utf8"),
).version;

function toolpickContestant(toolpick) {
  return {
    name: `toolpick ${toolpickVersion}`,
    create: (tools) => toolpick.createToolIndex(toToolSet(tools), { strategy: "hybrid" }),
    sessions: { variants: DEFAULT_SESSION_VARIANTS.filter((variant) => variant.library === "toolpick") },
  };
}

/** Tools a prepareStep result offers from `catalog` (no `activeTools`: the AI SDK's every tool). */
function offeredCount(result, catalog) {
  const active = result?.activeTools;
  if (active === undefined) return catalog.size;
  return new Set(active.filter((name) => catalog.has(name))).size;
}

/** Per request: does `select` give no catalog tool, and how many tools does `prepareStep`'s first step offer? */
async function offTopicCounts(index, catalogNames, queries) {
  const catalog = new Set(catalogNames);
  const prepareStep = perStepPrepareStep(index, { maxTools: MAX_TOOLS });
  let noTool = 0;
  let offered = 0;
  for (const query of queries) {
    const selected = (await index.select(query, { maxTools: MAX_TOOLS })).filter((name) => catalog.has(name));
    if (selected.length === 0) noTool++;
    const messages = [{ role: "user", content: query }];
    offered += offeredCount(await prepareStep({ stepNumber: 0, steps: [], messages }), catalog);
  }
  return { requests: queries.length, noTool, offered };
}

function add(total, counts) {
  return {
    requests: total.requests + counts.requests,
    noTool: total.noTool + counts.noTool,
    offered: total.offered + counts.offered,
  };
}

/** Recall@5 and top-1 on the BFCL queries, counted as bench/accuracy.mjs does (`select(query, SELECT_OPTIONS)`). */
async function recallAt5(index, queries) {
  let hits = 0;
  let firsts = 0;
  for (const { query, expected } of queries) {
    const names = await index.select(query, SELECT_OPTIONS);
    if (names.includes(expected[0])) hits++;
    if (names[0] === expected[0]) firsts++;
  }
  return { hits, firsts, queries: queries.length };
}

async function measureContestant(contestant, data) {
  const build = async (tools) => {
    const index = contestant.create(tools);
    await index.warmUp();
    return index;
  };
  let own = { requests: 0, noTool: 0, offered: 0 };
  for (const item of data.irrelevance.items) {
    const index = await build(item.tools);
    own = add(
      own,
      await offTopicCounts(
        index,
        item.tools.map((t) => t.name),
        [item.query],
      ),
    );
  }
  const pooledIndex = await build(data.irrelevance.pooled);
  const queries = data.irrelevance.items.map((item) => item.query);
  const pooled = await offTopicCounts(
    pooledIndex,
    data.irrelevance.pooled.map((t) => t.name),
    queries,
  );
  const bfclIndex = await build(data.bfcl.tools);
  const bfclNames = data.bfcl.tools.map((t) => t.name);
  const chitChat = await offTopicCounts(bfclIndex, bfclNames, data.offTopic.chitChat);
  const saasIndex = await build(data.offTopic.saasCatalog);
  const saasNames = data.offTopic.saasCatalog.map((t) => t.name);
  const saas = await offTopicCounts(saasIndex, saasNames, data.offTopic.offTopic);
  const recall = await recallAt5(bfclIndex, data.bfcl.queries);
  const { rows } = await measureSessions({
    variants: contestant.sessions.variants,
    toolsift: contestant.sessions.module,
  });
  const sessions = rows.map((row) => ({ name: row.name, calls: row.calls, offered: row.offered }));
  return { name: contestant.name, own, pooled, chitChat, saas, recall, sessions };
}

/** The "before" row: measured from `before` (a package directory), else the recorded one, else none. */
async function beforeRow(before, data) {
  if (before !== undefined) {
    const location = pathToFileURL(resolve(before, "dist/index.js")).href;
    return measureContestant(toolsiftContestant("toolsift before", await import(location)), data);
  }
  if (!existsSync(RECORDED_BEFORE)) return undefined;
  const recorded = JSON.parse(readFileSync(RECORDED_BEFORE, "utf8"));
  return { ...recorded.row, name: `toolsift before (recorded: ${recorded.commit}, ${recorded.date})` };
}

/**
 * Measures toolsift from dist/ ("after"), toolpick, and the "before" build (`before`: a package directory; default
 * env TOOLSIFT_BEFORE, else the recorded row). Returns `{ rows, sizes }`.
 */
export async function measureIrrelevance({ before = process.env.TOOLSIFT_BEFORE } = {}) {
  const data = { irrelevance: loadIrrelevance(), bfcl: loadBfcl(), offTopic: loadOffTopicSets() };
  const rows = [];
  const beforeMeasured = await beforeRow(before, data);
  if (beforeMeasured !== undefined) rows.push(beforeMeasured);
  rows.push(await measureContestant(toolsiftContestant("toolsift after", await import(toolsiftLocation)), data));
  rows.push(await measureContestant(toolpickContestant(await import("toolpick")), data));
  const toolCounts = data.irrelevance.items.map((item) => item.tools.length);
  return {
    rows,
    sizes: {
      requests: data.irrelevance.items.length,
      ownTools: [Math.min(...toolCounts), Math.max(...toolCounts)],
      pooledTools: data.irrelevance.pooled.length,
      bfclTools: data.bfcl.tools.length,
      bfclQueries: data.bfcl.queries.length,
      chitChat: data.offTopic.chitChat.length,
      saasTools: data.offTopic.saasCatalog.length,
      offTopic: data.offTopic.offTopic.length,
    },
  };
}

const share = (part, whole) => `${percent(part / whole)} (${part}/${whole})`;
const mean = ({ offered, requests }) => (offered / requests).toFixed(2);

/** Two tables: what requests no tool answers are offered, and recall and session replay on relevant requests. */
export function irrelevanceTable({ rows, sizes }) {
  const names = rows.map((row) => row.name);
  const sets = [
    ["own", `irrelevance, own functions (${sizes.requests} requests, ${sizes.ownTools.join("–")} tools each)`],
    ["pooled", `irrelevance pooled (${sizes.requests} requests, ${sizes.pooledTools} tools)`],
    ["chitChat", `chit-chat turns (${sizes.chitChat}) on the BFCL catalog (${sizes.bfclTools} tools)`],
    ["saas", `math and trivia (${sizes.offTopic}) on the SaaS catalog (${sizes.saasTools} tools)`],
  ];
  const offTopic = sets.flatMap(([key, label]) => [
    [`${label}: no catalog tool from select`, ...rows.map((row) => share(row[key].noTool, row[key].requests)), "≥ 90%"],
    [`${label}: tools prepareStep offers (mean)`, ...rows.map((row) => mean(row[key])), "≤ 1"],
  ]);
  const sessionShare = (row, learned) => {
    const found = row.sessions.find((entry) => entry.name.includes("learned") === learned);
    return found === undefined || found.calls === undefined ? "—" : share(found.offered, found.calls);
  };
  const relevant = [
    [
      `recall@5 on BFCL (${sizes.bfclQueries} queries)`,
      ...rows.map((row) => share(row.recall.hits, row.recall.queries)),
    ],
    ["top-1 on BFCL", ...rows.map((row) => share(row.recall.firsts, row.recall.queries))],
    ["sessions, calls offered (cold)", ...rows.map((row) => sessionShare(row, false))],
    ["sessions, calls offered (learned, 2-fold)", ...rows.map((row) => sessionShare(row, true))],
  ];
  return [
    markdownTable(["requests no tool answers", ...names, "goal"], offTopic),
    "",
    markdownTable(["relevant requests", ...names], relevant),
  ].join("\n");
}

export const IRRELEVANCE_NOTES = [
  "Requests no offered tool answers: BFCL v4 `live_irrelevance` (../shared/bench-data/irrelevance-dev.json), each",
  "request with the functions BFCL offered it (its own index) and all requests against those functions pooled (one",
  "catalog, deduplicated by name; a few pooled requests may meet a function that answers them, so read that row as an",
  "upper bound); 40 chit-chat turns (test/fixtures/irrelevance/chit-chat.json) against the BFCL dev catalog; 100 math",
  "and trivia questions (off-topic-questions.json) against a 30-tool SaaS catalog (saas-catalog.json), both written for",
  "issue 19. Per request: `select(query, { maxTools: 5 })` gives no catalog tool, and the tools the first step of",
  "`prepareStep({ maxTools: 5 })` offers for the request as the only user message (no `activeTools` = every tool of",
  "the catalog). Relevant requests: recall@5 as in the accuracy section, and the session replay's calls offered",
  "(bench/sessions.mjs protocol). toolsift: `createToolIndex(tools)` (keyword); toolpick:",
  '`createToolIndex(toolSet, { strategy: "hybrid" })`. "toolsift before": main before issue 19 (a build given by',
  "`--before`, or the row recorded in bench/irrelevance-before.json). Command: `npm run build && npx node",
  "bench/irrelevance.mjs [--before <dir>] [--json]`.",
].join(" ");

await runIfMain(import.meta.url, async () => {
  const argv = process.argv.slice(2);
  const at = argv.indexOf("--before");
  const before = at >= 0 ? argv[at + 1] : process.env.TOOLSIFT_BEFORE;
  const result = await measureIrrelevance({ before });
  if (argv.includes("--json")) return JSON.stringify(result, null, 2);
  return `${IRRELEVANCE_NOTES}\n\n${irrelevanceTable(result)}`;
});
