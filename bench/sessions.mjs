// Multi-turn sessions: is the tool each step needs among the ones prepareStep offers? (the tool-graph issue's
// measurement, on BFCL's multi-turn conversations).
//
//   npm run build && npx node bench/sessions.mjs          (also a section of `npm run bench`)
//
// Env: TOOLSIFT_SESSIONS_VARIANTS=path.json runs extra variants (a JSON array of variants, see `measureSessions`)
// after the default ones; TOOLSIFT_SESSIONS_DEFAULTS=0 runs only those; TOOLSIFT_SESSIONS_MISSES=1 also prints
// the calls toolsift cold missed, by function; TOOLSIFT_SESSIONS_DATA another data set of the same format.
//
// Protocol (the "How it is measured"): each user turn of a conversation is one generateText call whose
// messages are the earlier turns (user text; per ground-truth call an assistant tool-call message and a tool
// result message; a final assistant text) plus the turn's user message. Before each ground-truth call j of the
// turn, prepareStep gets `{ stepNumber: j, steps: calls 0..j-1 of the turn, messages: the prompt + those steps'
// messages }`; the call is offered when its function is in `activeTools` (a result without `activeTools` is the
// AI SDK's "every tool": offered, and counted as the whole catalog). Messages and steps are built in
// bench/sessions-data.mjs.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describeDataFile, perStepPrepareStep, toToolSet } from "./lib/data.mjs";
import { toolsiftLocation } from "./libraries.mjs";
import { conversationMessages, loadSessions, sessionsLocation, stepInputs } from "./sessions-data.mjs";
import { median, nowMs, quantile } from "./lib/stats.mjs";
import { markdownTable, ms, percent, runIfMain } from "./lib/table.mjs";

/** The prepareStep options every variant starts from (a variant's `stepOptions` are merged over them). */
export const SESSION_STEP_OPTIONS = Object.freeze({ maxTools: 5 });

const WARMUP = 60;

/**
 * The rows of the issue. A variant: `{ name, library?, indexOptions?, stepOptions?, learn? }` where `library` is
 * "toolsift" (default), "toolpick" or "all" (no prepareStep: every tool offered), `indexOptions` go to
 * `createToolIndex`, `stepOptions` are merged over SESSION_STEP_OPTIONS, and `learn: true` runs 2-fold: an index
 * per half of the conversations (even / odd position) learns the other half through `index.learn(messages)`,
 * one call per conversation, and is tested on its own half; the counts of both folds are pooled.
 */
export const DEFAULT_SESSION_VARIANTS = Object.freeze([
  { name: "toolsift cold", library: "toolsift", indexOptions: {}, stepOptions: {}, learn: false },
  { name: "toolsift learned (2-fold)", library: "toolsift", indexOptions: {}, stepOptions: {}, learn: true },
  { name: "toolpick prepareStep", library: "toolpick", indexOptions: { strategy: "hybrid" }, stepOptions: {} },
  { name: "all tools", library: "all" },
]);

/**
 * Each session signal switched off (or on) alone, against the default: what it is worth on this data. "Rank the
 * rest" (tools of the last steps are kept, not ranked again) has no switch of its own: see RESULTS.md's history.
 */
export const SIGNAL_VARIANTS = Object.freeze(
  [
    { name: "cold, default (memory + catalog prerequisites)", indexOptions: {}, stepOptions: {} },
    {
      name: "cold, without catalog prerequisites",
      indexOptions: { learning: { catalogLinks: false } },
      stepOptions: {},
    },
    { name: "cold, with catalog follow-ups too", indexOptions: { learning: { catalogLinks: true } }, stepOptions: {} },
    { name: "cold, no companions (no memory, no links)", indexOptions: {}, stepOptions: { maxCompanions: 0 } },
    { name: "cold, no recent-tool boost", indexOptions: {}, stepOptions: { steps: { keepRecent: false } } },
    { name: "cold, adaptive cut off", indexOptions: {}, stepOptions: { adaptive: false } },
    { name: "learned, default", indexOptions: {}, stepOptions: {}, learn: true },
    {
      name: "learned, without catalog prerequisites",
      indexOptions: { learning: { catalogLinks: false } },
      stepOptions: {},
      learn: true,
    },
    { name: "learned, maxCompanions 5", indexOptions: {}, stepOptions: { maxCompanions: 5 }, learn: true },
  ].map((variant) => ({ library: "toolsift", learn: false, ...variant })),
);

/** Extra variants from env TOOLSIFT_SESSIONS_VARIANTS (a JSON array), after the defaults unless DEFAULTS=0. */
export function variantsFromEnvironment() {
  const defaults = process.env.TOOLSIFT_SESSIONS_DEFAULTS === "0" ? [] : [...DEFAULT_SESSION_VARIANTS];
  const path = process.env.TOOLSIFT_SESSIONS_VARIANTS;
  if (!path) return defaults;
  const extra = JSON.parse(readFileSync(resolve(path), "utf8"));
  if (!Array.isArray(extra) || extra.some((variant) => typeof variant?.name !== "string"))
    throw new Error(`bench/sessions: ${path} must hold a JSON array of variants, each with a "name"`);
  return [...defaults, ...extra];
}

/** The libraries a run compares: toolsift from dist/ (or `toolsift`, another build's module), and toolpick. */
async function libraries(toolsift) {
  return { toolsift: toolsift ?? (await import(toolsiftLocation)), toolpick: await import("toolpick") };
}

/** A warm-up input that is not a measured step: one user message made of a tool description. */
const warmUpInput = (tools, i) => ({
  stepNumber: 0,
  steps: [],
  messages: [{ role: "user", content: tools[(i * 7) % tools.length].description }],
});

/**
 * Sets up one variant: `{ variant, unavailable?, prepareFor(conversationIndex), learnMs }`. `prepareFor` returns
 * the prepareStep function that serves a conversation (undefined for "all": nothing is called).
 */
async function setUpVariant(variant, { toolsift, toolpick }, { tools, toolSet, conversations }) {
  const library = variant.library ?? "toolsift";
  const stepOptions = { ...SESSION_STEP_OPTIONS, ...variant.stepOptions };
  const setUp = { variant, learnMs: undefined, prepareFor: () => undefined };
  if (library === "all") return setUp;
  if (library !== "toolsift" && library !== "toolpick")
    throw new Error(
      `bench/sessions: variant "${variant.name}" has library "${library}"; expected toolsift, toolpick or all`,
    );
  const make = () =>
    library === "toolsift"
      ? toolsift.createToolIndex(tools, variant.indexOptions ?? {})
      : toolpick.createToolIndex(toolSet, variant.indexOptions ?? {});
  const ready = async (index) => {
    await index.warmUp();
    const prepareStep = perStepPrepareStep(index, stepOptions);
    for (let i = 0; i < WARMUP; i++) await prepareStep(warmUpInput(tools, i));
    return prepareStep;
  };
  if (!variant.learn) {
    const prepareStep = await ready(make());
    setUp.prepareFor = () => prepareStep;
    return setUp;
  }
  const folds = [];
  let learnMs = 0;
  for (let fold = 0; fold < 2; fold++) {
    const index = make();
    if (typeof index.learn !== "function") {
      const built = library === "toolsift" ? "index.learn not built yet" : `${library} has no index.learn`;
      return { ...setUp, unavailable: `n/a (${built})` };
    }
    // Fold f is tested on the conversations at positions of parity f and learns the others.
    const start = nowMs();
    for (let c = 0; c < conversations.length; c++)
      if (c % 2 !== fold) await index.learn(conversationMessages(conversations[c]));
    learnMs += nowMs() - start;
    folds.push(await ready(index));
  }
  setUp.prepareFor = (conversationIndex) => folds[conversationIndex % 2];
  setUp.learnMs = learnMs;
  return setUp;
}

function emptyCounts() {
  return {
    calls: 0,
    offered: 0,
    turns: 0,
    turnsServed: 0,
    conversations: 0,
    conversationsServed: 0,
    toolsOffered: 0,
    times: [],
    missed: new Map(),
  };
}

/**
 * Replays every conversation through each variant's prepareStep, the variants taking turns (the order rotates
 * each step, so they share the machine's noise). `toolsift`: a module to use instead of dist/'s (another build).
 * Returns `{ rows, toolCount, conversationCount, turnCount, callCount, unparsedCalls }`; a row is
 * `{ name, unavailable?, calls, offered, turns, turnsServed, conversations, conversationsServed, meanTools, medianMs,
 * p90Ms, learnMs, missed: Map(name → count) }`.
 */
export async function measureSessions({ variants = DEFAULT_SESSION_VARIANTS, toolsift } = {}) {
  const libs = await libraries(toolsift);
  const { tools, conversations, unparsedCalls } = loadSessions();
  const data = { tools, conversations, toolSet: toToolSet(tools) };
  const catalog = new Set(tools.map((tool) => tool.name));
  const setUps = [];
  for (const variant of variants) setUps.push(await setUpVariant(variant, libs, data));
  const running = setUps.filter((setUp) => setUp.unavailable === undefined);
  const counts = new Map(running.map((setUp) => [setUp, emptyCounts()]));

  let stepCount = 0;
  let turnCount = 0;
  for (let c = 0; c < conversations.length; c++) {
    // served[setUp][turn]: every call of the turn offered so far.
    const served = new Map(running.map((setUp) => [setUp, conversations[c].turns.map(() => true)]));
    for (const step of stepInputs(conversations[c])) {
      const offset = stepCount++ % running.length;
      for (let k = 0; k < running.length; k++) {
        const setUp = running[(offset + k) % running.length];
        const prepareStep = setUp.prepareFor(c);
        let result = {};
        if (prepareStep !== undefined) {
          const start = nowMs();
          result = await prepareStep(step.input);
          counts.get(setUp).times.push(nowMs() - start);
        }
        const active = result?.activeTools;
        if (active !== undefined && !Array.isArray(active))
          throw new Error(`bench/sessions: ${setUp.variant.name} returned ${JSON.stringify(result)}`);
        const count = counts.get(setUp);
        const hit = active === undefined || active.includes(step.expected);
        count.calls++;
        count.toolsOffered += active === undefined ? catalog.size : new Set(active.filter((n) => catalog.has(n))).size;
        if (hit) count.offered++;
        else {
          count.missed.set(step.expected, (count.missed.get(step.expected) ?? 0) + 1);
          served.get(setUp)[step.turn] = false;
        }
      }
    }
    const turnsWithCalls = conversations[c].turns.map((turn) => turn.calls.length > 0);
    turnCount += turnsWithCalls.filter(Boolean).length;
    for (const setUp of running) {
      const count = counts.get(setUp);
      const turns = served.get(setUp).filter((_, t) => turnsWithCalls[t]);
      count.turns += turns.length;
      count.turnsServed += turns.filter(Boolean).length;
      count.conversations++;
      if (turns.every(Boolean)) count.conversationsServed++;
    }
  }

  const rows = setUps.map((setUp) => {
    if (setUp.unavailable !== undefined) return { name: setUp.variant.name, unavailable: setUp.unavailable };
    const count = counts.get(setUp);
    return {
      name: setUp.variant.name,
      calls: count.calls,
      offered: count.offered,
      turns: count.turns,
      turnsServed: count.turnsServed,
      conversations: count.conversations,
      conversationsServed: count.conversationsServed,
      meanTools: count.toolsOffered / count.calls,
      medianMs: count.times.length === 0 ? undefined : median(count.times),
      p90Ms: count.times.length === 0 ? undefined : quantile(count.times, 0.9),
      learnMs: setUp.learnMs,
      missed: count.missed,
    };
  });
  return {
    rows,
    toolCount: tools.length,
    conversationCount: conversations.length,
    turnCount,
    callCount: stepCount,
    unparsedCalls,
  };
}

const share = (part, whole) => `${percent(part / whole)} (${part}/${whole})`;

/** The table: one row per variant. */
export function sessionsTable({ rows }) {
  return markdownTable(
    [
      "contestant",
      "calls offered",
      "turns fully served",
      "conversations fully served",
      "tools offered per step (mean)",
      "prepareStep ms (median)",
      "p90",
    ],
    rows.map((row) =>
      row.unavailable !== undefined
        ? [row.name, row.unavailable, "—", "—", "—", "—", "—"]
        : [
            row.name,
            share(row.offered, row.calls),
            share(row.turnsServed, row.turns),
            share(row.conversationsServed, row.conversations),
            row.meanTools.toFixed(1),
            row.medianMs === undefined ? "—" : ms(row.medianMs),
            row.p90Ms === undefined ? "—" : ms(row.p90Ms),
          ],
    ),
  );
}

/** The calls one variant missed, grouped by function, most missed first (`top` rows). */
export function missesTable({ rows }, name = "toolsift cold", top = 20) {
  const row = rows.find((candidate) => candidate.name === name);
  if (row === undefined || row.unavailable !== undefined) return `(no measured row named "${name}")`;
  const { conversations } = loadSessions();
  const callsOf = new Map();
  for (const conversation of conversations)
    for (const turn of conversation.turns)
      for (const call of turn.calls) callsOf.set(call.name, (callsOf.get(call.name) ?? 0) + 1);
  const missed = [...row.missed].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return markdownTable(
    ["function", "calls missed", "calls of it", "missed share"],
    missed.slice(0, top).map(([tool, count]) => [tool, count, callsOf.get(tool), percent(count / callsOf.get(tool))]),
  );
}

export const SESSIONS_NOTES = [
  "BFCL v4 `multi_turn_base`, the conversations with an even id (../shared/bench-data/bfcl-multiturn-dev.json:",
  '153 functions of its multi-turn APIs as one catalog, 100 conversations; schemas\' "dict" read as "object").',
  "Each user turn is one `generateText` call: its messages are the earlier turns (user text; per ground-truth call",
  'an assistant `tool-call` message and a `tool-result` message; a final assistant text "Done.") plus the turn\'s',
  "user message. Before each ground-truth call j of the turn, `prepareStep` gets `{ stepNumber: j, steps: calls",
  "0..j-1 of the turn, messages: the prompt + those steps' messages }`; the call is offered when its function is in",
  "`activeTools` (no `activeTools` = every tool: offered, counted as 153). A turn is fully served when every call in",
  "it is offered, a conversation when every turn is (turns without calls are left out). toolsift:",
  "`createToolIndex(tools)` (keyword, no model), `prepareStep({ maxTools: 5 })`; toolpick 0.4.0:",
  '`createToolIndex(toolSet, { strategy: "hybrid" })`, `prepareStep({ maxTools: 5 })`. Learned (2-fold): one index',
  "per half of the conversations (even / odd position) calls `index.learn(messages)` once per conversation of the",
  "other half (the whole conversation, every turn) and is tested on its own half; the counts of both folds are",
  "pooled. Time: the `prepareStep` call only, after `warmUp()` and 60 warm-up steps on tool descriptions, the",
  "contestants taking turns on each step (the order rotates). Command: `npm run build && npx node bench/sessions.mjs`.",
].join(" ");

await runIfMain(import.meta.url, async () => {
  const result = await measureSessions({ variants: variantsFromEnvironment() });
  const learned = result.rows.filter((row) => row.learnMs !== undefined);
  const data = describeDataFile(sessionsLocation, "bfcl-multiturn-dev.json");
  const lines = [
    `Sessions: ${data}, ` +
      `${result.toolCount} tools, ${result.conversationCount} conversations, ${result.turnCount} turns with calls, ` +
      `${result.callCount} calls (${result.unparsedCalls} with unread arguments, sent as {})`,
    "",
    sessionsTable(result),
    ...learned.map((row) => `\n${row.name}: learning took ${ms(row.learnMs)} ms over both folds.`),
  ];
  if (process.env.TOOLSIFT_SESSIONS_MISSES === "1")
    lines.push("", "Missed by toolsift cold, by function (top 20):", "", missesTable(result));
  return lines.join("\n");
});
