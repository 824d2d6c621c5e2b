// How often the initialism rule (a short query word read as the initials of catalog words, src/core/query.ts) fires on
// the public sets, and on which words: `npx node bench/experiments/initialisms/fires.mjs [<dist dir>]` (default: this
// repo's dist/, after `npm run build`; pass a copy of an older build's dist/ to compare). Every query is selected
// as the benches select (`maxTools: 5, adaptive: false`); a query counts once when any of its words was read as an
// initialism that the catalog spells (the rule's lookup found a phrase).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadBfcl, loadIrrelevance, loadOffTopicSets, loadParaphraseSet } from "../../lib/data.mjs";
import { markdownTable, percent } from "../../lib/table.mjs";
import { loadSessions } from "../../sessions-data.mjs";

const dist = pathToFileURL(resolve(process.argv[2] ?? new URL("../../../dist", import.meta.url).pathname) + "/").href;
const { createToolIndex } = await import(`${dist}tool-index.js`);
const { AbbreviationIndex } = await import(`${dist}core/abbreviations.js`);

// Every lookup the rule makes goes through phrasesFor; a lookup that finds a phrase is a firing.
let fired = [];
const phrasesFor = AbbreviationIndex.prototype.phrasesFor;
AbbreviationIndex.prototype.phrasesFor = function (initialism, limit) {
  const phrases = phrasesFor.call(this, initialism, limit);
  if (phrases.length > 0) fired.push(initialism);
  return phrases;
};

const OPTIONS = { maxTools: 5, adaptive: false };

/** `{ queries: n, fired: queries with a firing, words: Map word → count }` over `groups` of `{ tools, queries }`. */
async function measure(groups) {
  let queries = 0;
  let firedQueries = 0;
  const words = new Map();
  for (const { tools, queries: texts } of groups) {
    const index = createToolIndex(tools);
    await index.warmUp();
    for (const text of texts) {
      fired = [];
      await index.select(text, OPTIONS);
      queries++;
      if (fired.length > 0) firedQueries++;
      for (const word of new Set(fired)) words.set(word, (words.get(word) ?? 0) + 1);
    }
  }
  return { queries, fired: firedQueries, words };
}

const bfcl = loadBfcl();
const sessions = loadSessions();
const irrelevance = loadIrrelevance();
const paraphrase = loadParaphraseSet();
const offTopic = loadOffTopicSets();
const multiturnFixture = JSON.parse(
  readFileSync(new URL("../../../test/fixtures/bfcl-multiturn/catalog-and-turns.json", import.meta.url), "utf8"),
);
const sets = [
  ["bfcl-dev (589 tools)", [{ tools: bfcl.tools, queries: bfcl.queries.map((q) => q.query) }]],
  [
    "bfcl-multiturn-dev turns (153 tools)",
    [{ tools: sessions.tools, queries: sessions.conversations.flatMap((c) => c.turns.map((t) => t.user)) }],
  ],
  ["multi-turn fixture turns (153 tools)", [{ tools: multiturnFixture.tools, queries: multiturnFixture.queries }]],
  ["irrelevance-dev, own functions", irrelevance.items.map((item) => ({ tools: item.tools, queries: [item.query] }))],
  ["irrelevance-dev, pooled", [{ tools: irrelevance.pooled, queries: irrelevance.items.map((item) => item.query) }]],
  ["paraphrase set (50 tools)", [{ tools: paraphrase.catalog, queries: paraphrase.queries.map((q) => q.query) }]],
  [
    "SaaS catalog: off-topic + chit-chat",
    [{ tools: offTopic.saasCatalog, queries: [...offTopic.offTopic, ...offTopic.chitChat] }],
  ],
];
const rows = [];
for (const [name, groups] of sets) {
  const { queries, fired: count, words } = await measure(groups);
  const top = [...words.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 12)
    .map(([word, n]) => `${word} ${n}`)
    .join(", ");
  rows.push([name, queries, count, percent(count / queries), top || "—"]);
}
console.log(`initialism firings, ${process.argv[2] ?? "dist/"}\n`);
console.log(
  markdownTable(["set", "queries", "queries where it fired", "share", "words read as initialisms (queries)"], rows),
);
