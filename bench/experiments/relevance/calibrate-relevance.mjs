// Calibrates the default `minRelevance`: sweeps the threshold over public data and picks it on held-out halves.
//
//   npm run build && npx node bench/experiments/relevance/calibrate-relevance.mjs [--modes keyword,local]
//     [--json out.json]
//
// Data: ../shared/bench-data/irrelevance-dev.json (884 requests, each with the functions BFCL offered it, none of
// which answers it), read per request (an index of its own functions) and pooled (one index of every item's
// functions, deduplicated by name: an upper bound, a few requests may meet a function that answers them);
// bfcl-dev.json (589 tools, 600 queries with their expected tool); CHIT_CHAT below against bfcl-dev's catalog; and,
// for what the threshold costs an embedding model, the paraphrase set (test/fixtures/paraphrase/: 106 queries that
// share no word with their tool; an alternative counts as found). The pick does not look at the paraphrase column.
// Each query is selected once with `{ maxTools: 5, adaptive: false, minRelevance: 0 }` (what bench/accuracy.mjs
// selects, with the relevance filter off) and its ranked tools' relevances kept; since minRelevance only drops
// ranked tools from that list, select at threshold t returns no ranked tool exactly when the best relevance is
// under t, and the expected tool is found when it is in the 5, the best reaches t and it has any evidence (relevance
// above 0; with embeddings, or a cosine above 0: the table's paraphrase column counts relevance only, so it is a
// lower bound). Modes: "keyword" (the default index) and "local" (`{ embeddingModel: localEmbeddingModel() }`:
// combined, its default fusion).
//
// Session turns: the user turns with calls of bfcl-multiturn-dev.json against its 153 tools, each read alone; the
// share whose best relevance is under t (the decision would offer them no ranked tool).
//
// The pick: on one half of the data (items, queries and turns of even position), the threshold with the most
// irrelevant requests left without a tool (per request) among those that keep recall@5 within 0.5 point of t = 0,
// give every chit-chat turn no tool and leave at most 0.5% of session turns without a tool; then read on the other
// half; and the same with the halves swapped. The paraphrase column is not part of the pick.
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadBfcl, loadOffTopicSets, loadParaphraseSet, normaliseSchema, sharedDataFile } from "../../lib/data.mjs";
import { toolsiftLocation } from "../../libraries.mjs";
import { markdownTable, percent } from "../../lib/table.mjs";

/** General conversation turns an assistant meets; no tool answers them. */
export const CHIT_CHAT = [
  "thanks!",
  "thank you so much",
  "ok",
  "okay, got it",
  "hello there",
  "hi",
  "hey, how are you?",
  "good morning",
  "what can you do?",
  "who are you?",
  "bye",
  "goodbye, see you later",
  "cool",
  "great, thanks",
  "sounds good",
  "never mind",
  "yes please",
  "no thanks",
  "can you help me?",
  "tell me about yourself",
  "nice one",
  "awesome",
  "sorry",
  "how's it going?",
];

const SELECT = { maxTools: 5, adaptive: false, minRelevance: 0 };
const THRESHOLDS = Array.from({ length: 17 }, (_, i) => Math.round(i * 0.025 * 1000) / 1000);
const RECALL_DROP = 0.005;
const TURNS_GATED = 0.005;

function loadIrrelevance() {
  const raw = JSON.parse(readFileSync(sharedDataFile("irrelevance-dev.json", "TOOLSIFT_IRRELEVANCE_DATA"), "utf8"));
  return raw.items.map((item) => ({
    query: item.query,
    tools: item.tools.map((tool) => ({ ...tool, parameters: normaliseSchema(tool.parameters) })),
  }));
}

function pooled(items) {
  const byName = new Map();
  for (const item of items) for (const tool of item.tools) if (!byName.has(tool.name)) byName.set(tool.name, tool);
  return [...byName.values()];
}

const ranked = (result) => result.results.filter((entry) => entry.reason === "ranked");
/** The best relevance among a selection's ranked tools; -1 when nothing ranked (no tool even at minRelevance 0). */
const best = (result) => Math.max(-1, ...ranked(result).map((entry) => entry.relevance));

async function collect(toolsift, indexOptions) {
  const irrelevance = loadIrrelevance();
  const { tools, queries } = loadBfcl();
  const perRequest = [];
  for (const item of irrelevance) {
    const index = toolsift.createToolIndex(item.tools, indexOptions);
    perRequest.push(best(await index.selectWithScores(item.query, SELECT)));
  }
  const pool = toolsift.createToolIndex(pooled(irrelevance), indexOptions);
  const pooledBest = [];
  for (const item of irrelevance) pooledBest.push(best(await pool.selectWithScores(item.query, SELECT)));
  const bfcl = toolsift.createToolIndex(tools, indexOptions);
  const expected = [];
  for (const { query, expected: names } of queries) {
    const result = await bfcl.selectWithScores(query, SELECT);
    const found = ranked(result).find((entry) => entry.name === names[0]);
    expected.push({ relevance: found === undefined ? -1 : found.relevance, best: best(result) });
  }
  const chat = [];
  for (const query of CHIT_CHAT) chat.push(best(await bfcl.selectWithScores(query, SELECT)));
  // bench/irrelevance.mjs's off-topic sets, read but not picked on: its chit-chat turns on the same catalog, and the
  // math and trivia questions on the SaaS catalog.
  const offTopic = loadOffTopicSets();
  const chitChat = [];
  for (const query of offTopic.chitChat) chitChat.push(best(await bfcl.selectWithScores(query, SELECT)));
  const saasIndex = toolsift.createToolIndex(offTopic.saasCatalog, indexOptions);
  const saas = [];
  for (const query of offTopic.offTopic) saas.push(best(await saasIndex.selectWithScores(query, SELECT)));
  // The paraphrase set: queries that share no word with their tool (what an embedding model is for).
  const paraphrase = loadParaphraseSet();
  const paraphraseIndex = toolsift.createToolIndex(paraphrase.catalog, indexOptions);
  const paraphrased = [];
  for (const { query, expected: name, alternatives = [] } of paraphrase.queries) {
    const wanted = new Set([name, ...alternatives]);
    const result = await paraphraseIndex.selectWithScores(query, SELECT);
    const found = ranked(result).filter((entry) => wanted.has(entry.name));
    paraphrased.push({ relevance: Math.max(-1, ...found.map((entry) => entry.relevance)), best: best(result) });
  }
  // Session turns (bfcl-multiturn-dev.json, turns with calls): the share the decision would leave without a tool.
  const sessions = JSON.parse(
    readFileSync(sharedDataFile("bfcl-multiturn-dev.json", "TOOLSIFT_SESSIONS_DATA"), "utf8"),
  );
  const sessionIndex = toolsift.createToolIndex(
    sessions.tools.map((tool) => ({ ...tool, parameters: normaliseSchema(tool.parameters) })),
    indexOptions,
  );
  const turns = [];
  for (const conversation of sessions.conversations)
    for (const turn of conversation.turns)
      if (turn.calls.length > 0) turns.push(best(await sessionIndex.selectWithScores(turn.user, SELECT)));
  return { perRequest, pooledBest, expected, chat, paraphrased, turns, chitChat, saas };
}

const share = (values, test) => (values.length === 0 ? 0 : values.filter(test).length / values.length);

/**
 * Whether select at threshold t still returns a wanted tool found in the 5 at `relevance` (-1: not in the 5): the
 * selection keeps its ranked tools with any evidence when its best one reaches t (relevance.ts, relevantHits).
 */
const kept = ({ relevance, best: top }, t) => relevance >= 0 && (t === 0 || (relevance > 0 && top >= t));

function rates(data, t) {
  return {
    t,
    noToolPerRequest: share(data.perRequest, (value) => value < t || value < 0),
    noToolPooled: share(data.pooledBest, (value) => value < t || value < 0),
    recall: share(data.expected, (value) => kept(value, t)),
    chatNoTool: share(data.chat, (value) => value < t || value < 0),
    paraphrase: share(data.paraphrased, (value) => kept(value, t)),
    turnsGated: share(data.turns, (value) => t > 0 && value < t),
    chitChatNoTool: share(data.chitChat, (value) => value < t || value < 0),
    saasNoTool: share(data.saas, (value) => value < t || value < 0),
  };
}

const half = (values, parity) => values.filter((_, i) => i % 2 === parity);
const halfOf = (data, parity) => ({
  perRequest: half(data.perRequest, parity),
  pooledBest: half(data.pooledBest, parity),
  expected: half(data.expected, parity),
  chat: data.chat,
  chitChat: data.chitChat,
  saas: data.saas,
  paraphrased: data.paraphrased,
  turns: half(data.turns, parity),
});

function pick(data) {
  const base = rates(data, 0).recall;
  const fit = THRESHOLDS.map((t) => rates(data, t)).filter(
    (row) => base - row.recall <= RECALL_DROP + 1e-9 && row.chatNoTool === 1 && row.turnsGated <= TURNS_GATED,
  );
  fit.sort((a, b) => b.noToolPerRequest - a.noToolPerRequest || a.t - b.t);
  return fit[0]?.t;
}

const row = (r) => [
  r.t.toFixed(3),
  percent(r.noToolPerRequest),
  percent(r.noToolPooled),
  percent(r.recall),
  percent(r.chatNoTool),
  percent(r.paraphrase),
  percent(r.turnsGated),
  percent(r.chitChatNoTool),
  percent(r.saasNoTool),
];

async function main() {
  const { values } = parseArgs({
    options: { modes: { type: "string", default: "keyword,local" }, json: { type: "string" } },
  });
  const toolsift = await import(toolsiftLocation);
  const out = {};
  for (const mode of values.modes.split(",")) {
    let indexOptions = {};
    if (mode === "local") {
      const { localEmbeddingModel } = await import(new URL("local/index.js", toolsiftLocation).href);
      indexOptions = { embeddingModel: localEmbeddingModel() };
    } else if (mode !== "keyword") throw new Error(`calibrate-relevance: unknown mode ${mode}; keyword or local`);
    const data = await collect(toolsift, indexOptions);
    out[mode] = data;
    console.log(`\n## ${mode}\n`);
    console.log(
      markdownTable(
        [
          "minRelevance",
          "irrelevant: no tool (per request)",
          "irrelevant: no tool (pooled)",
          "BFCL recall@5",
          "chit-chat: no tool",
          "paraphrase recall@5",
          "session turns left without a tool",
          "chit-chat set (40): no tool",
          "math/trivia on SaaS (100): no tool",
        ],
        THRESHOLDS.map((t) => row(rates(data, t))),
      ),
    );
    for (const parity of [0, 1]) {
      const t = pick(halfOf(data, parity));
      if (t === undefined) {
        console.log(`\nfold ${parity}: no threshold meets the three constraints`);
        continue;
      }
      const held = rates(halfOf(data, 1 - parity), t);
      const heldBase = rates(halfOf(data, 1 - parity), 0);
      console.log(
        `\nfold ${parity}: picked ${t} on the ${parity === 0 ? "even" : "odd"} half; held-out half: no tool ` +
          `${percent(held.noToolPerRequest)} per request, ${percent(held.noToolPooled)} pooled, recall@5 ` +
          `${percent(held.recall)} (${percent(heldBase.recall)} at 0), chit-chat ${percent(held.chatNoTool)}, ` +
          `session turns without a tool ${percent(held.turnsGated)}`,
      );
    }
  }
  if (values.json) writeFileSync(values.json, JSON.stringify(out));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
