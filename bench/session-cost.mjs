// Session cost: what a multi-turn agent pays per conversation with prompt caching, for each way of delivering tools
// (issue 18, item 1). Every request body is real: each user turn is one AI SDK `generateText` loop through
// `@ai-sdk/anthropic` and `@ai-sdk/openai` (Responses), whose `fetch` is a scripted model
// (scripts/session-cost/scripted-provider.mjs) that records the body and answers in the provider's shape.
//
//   npm run build && npx node bench/session-cost.mjs [--set FILE] [--learn-set FILE] [--json] [--limit N]
//     [--system-tokens N] [--result-tokens MIN-MAX]
//   (writes bench/session-cost.md at today's size (no system prompt, results of 120–300 tokens) and
//   bench/session-cost-production.md with `--system-tokens 2000 --result-tokens 300-500`, when run without other
//   flags and without env TOOLSIFT_IMPL, the stand-in for dist/ of bench/libraries.mjs; --limit N replays only the
//   first N conversations)
//
// Data: --set FILE (the format of ../shared/bench-data/bfcl-multiturn-dev.json, read by bench/sessions-data.mjs;
// default that file). Learned rows: 2-fold on the set as bench/sessions.mjs does (the index for the conversations
// at even positions learns the odd ones through `index.learn(messages)`, and the reverse), or with --learn-set FILE
// one index learns every conversation of FILE and is tested on every conversation of the set.
//
// The scripted model: before each request it looks at the body (scripts/session-cost/callable-tools.mjs). If the
// turn's next ground-truth call is callable — in `tools` without `defer_loading` (and allowed by `tool_choice`),
// deferred but loaded by a `tool_reference` / `tool_addition` (Anthropic) or a `tool_search_output` (OpenAI) earlier
// in the request, or delivered as a definition in the conversation with a `call_tool` dispatcher offered (then it
// calls `call_tool({ name, input })`) — it calls it with the ground-truth arguments; the SDK runs the tool's
// `execute`, which returns 120–300 tokens of seeded words (scripts/session-cost/tool-results.mjs). Otherwise it
// answers with text: a miss, which ends that `generateText` call. When every call of the turn is made it answers
// "Done.". It never searches for tools on its own (a mode that needs the model to ask for a tool misses here). A
// call whose result is a tool error (a dispatcher refusing it, an input its schema rejects) is made but not served.
// A miss continues as bench/sessions.mjs scores it (every call of every turn is judged): the missed call is
// appended as done out of band (an assistant tool-call message and its tool result, as the ground truth has it),
// and a new `generateText` call continues the turn from there. The app stores what the SDK returns
// (`responseMessages`) plus those appended messages; the next turn starts from them.
//
// The bill (scripts/session-cost/bill.mjs, where the two cache models are written out in full): each recorded body
// cut into parts in the order the provider renders them (Anthropic: tools, system, messages; OpenAI: tools,
// instructions, input), each part's JSON counted in o200k tokens (js-tiktoken), deferred tools at 0 until a
// `tool_reference` loads them (the definition is then billed there).
// - Anthropic: cache breakpoints after the tools and on the last message (plus any `cache_control` the mode sets);
//   the longest prefix an earlier request of the conversation wrote at a breakpoint is read at 0.1×, the rest up to
//   the last breakpoint written at 1.25×, anything after it 1×.
// - OpenAI: automatic prefix caching; the longest run of leading parts identical to an earlier request's of the
//   conversation is cached if it has at least 1,024 tokens, rounded down to 1,024 + a multiple of 128; cached 0.1×,
//   the rest 1×.
// Bills are input-token units (uncached input token = 1) per conversation, the issue's measure; output tokens (the
// scripted answers' text, tool name + JSON arguments) are counted and shown in the markdown table only: they are
// the same in every row but for the miss texts, and providers price them separately.
//
// Rows: all tools (no prepareStep), toolpick 0.4.0 `prepareStep({ maxTools: 5 })` (hybrid, as bench/sessions.mjs),
// toolsift `index.prepareStep({ maxTools: 5, stableTools: false })` ("activeTools": a new set each step), and when the
// build has them `index.prepareStep({ maxTools: 5 })` ("stableActiveTools", the default: `stableTools: true`),
// `index.inConversation(tools)` ("inConversation"), `index.deferredTools(tools, { provider })` ("deferred"); toolsift
// rows cold and learned; the floor row.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { generateText, isStepCount, jsonSchema, tool } from "ai";
import { callableTools } from "../scripts/session-cost/callable-tools.mjs";
import { createBillLedger, countTokens } from "../scripts/session-cost/bill.mjs";
import { createScriptedProvider } from "../scripts/session-cost/scripted-provider.mjs";
import { RESULT_TOKENS, systemPromptText, toolResultText } from "../scripts/session-cost/tool-results.mjs";
import { describeDataFile } from "./lib/data.mjs";
import { markdownTable, percent, runIfMain } from "./lib/table.mjs";
import { toolsiftLocation } from "./libraries.mjs";
import { conversationMessages, loadSessionsFrom, sessionsLocation } from "./sessions-data.mjs";

export const PROVIDERS = Object.freeze(["anthropic", "openai"]);

/** The selection options of every selecting row, as bench/sessions.mjs. */
export const STEP_OPTIONS = Object.freeze({ maxTools: 5 });

/**
 * The rows: `{ name, mode, learned, library }`; `library` "all", "toolpick" or "toolsift" ("own" for a row whose
 * `deliver` makes its own selector); an experiment's row may add `options` for the inConversation and deferred
 * deliveries; `deliver(index, tools, provider)` builds what is spread into `generateText` (`{ tools, prepareStep?,
 * ... }`), or returns a string saying why the mode is not available in this build. A row may bring its own
 * `deliver({ index, tools, provider, options })` and `runTurn` (the loop a turn runs in; see `generateTextTurn`).
 */
export const ROWS = Object.freeze([
  { name: "floor (tool definitions free)", mode: "all", learned: false, library: "all", floor: true },
  { name: "all tools", mode: "all", learned: false, library: "all" },
  { name: "toolpick prepareStep", mode: "toolpick", learned: false, library: "toolpick" },
  ...[false, true].flatMap((learned) => {
    const suffix = learned ? ", learned" : "";
    return [
      { name: `toolsift prepareStep, stableTools: false${suffix}`, mode: "activeTools", learned, library: "toolsift" },
      { name: `toolsift prepareStep (default)${suffix}`, mode: "stableActiveTools", learned, library: "toolsift" },
      { name: `toolsift inConversation${suffix}`, mode: "inConversation", learned, library: "toolsift" },
      { name: `toolsift deferredTools${suffix}`, mode: "deferred", learned, library: "toolsift" },
    ];
  }),
]);

/** What each mode spreads into `generateText`, or a string naming what the build lacks. */
function deliver(mode, { index, tools, provider, options = {} }) {
  switch (mode) {
    case "all":
      return { tools };
    case "toolpick":
      return { tools, prepareStep: index.prepareStep(STEP_OPTIONS) };
    case "activeTools":
      return { tools, prepareStep: index.prepareStep({ ...STEP_OPTIONS, stableTools: false }) };
    case "stableActiveTools":
      // The default since issue 31 (the set kept stable for the prompt cache); explicit for builds before it.
      try {
        return { tools, prepareStep: index.prepareStep({ ...STEP_OPTIONS, stableTools: true }) };
      } catch (error) {
        if (/stableTools/.test(String(error?.message))) return "n/a (prepareStep has no stableTools option yet)";
        throw error;
      }
    case "inConversation":
      if (typeof index.inConversation !== "function") return "n/a (index.inConversation not built yet)";
      return index.inConversation(tools, options);
    case "deferred":
      if (typeof index.deferredTools !== "function") return "n/a (index.deferredTools not built yet)";
      return index.deferredTools(tools, { ...options, provider });
    default:
      throw new Error(`bench/session-cost: unknown mode "${mode}"`);
  }
}

/** The sizes of today's replay (no system prompt, results of 120–300 tokens) and of a production agent's. */
export const SIZES = Object.freeze({
  today: Object.freeze({ systemTokens: 0, resultTokens: RESULT_TOKENS }),
  production: Object.freeze({ systemTokens: 2000, resultTokens: Object.freeze({ min: 300, max: 500 }) }),
});

/** The catalog as an executing AI SDK ToolSet: every tool returns its seeded result of `resultTokens` tokens. */
export function executingToolSet(catalog, resultTokens = RESULT_TOKENS) {
  const toolSet = {};
  for (const entry of catalog)
    toolSet[entry.name] = tool({
      description: entry.description,
      inputSchema: jsonSchema(entry.parameters),
      execute: async (input) => toolResultText(entry.name, input, resultTokens),
    });
  return toolSet;
}

/** The messages of a call made out of band after a miss (what the ground truth has there). */
function outOfBandCall({ name, input }, toolCallId, resultTokens) {
  return [
    { role: "assistant", content: [{ type: "tool-call", toolCallId, toolName: name, input }] },
    {
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId,
          toolName: name,
          output: { type: "text", value: toolResultText(name, input, resultTokens) },
        },
      ],
    },
  ];
}

/** Tools of the catalog a request makes callable (directly, loaded, or delivered with a dispatcher). */
function toolsInRequest(body, provider, catalog) {
  const callable = callableTools(body, provider);
  let count = 0;
  for (const entry of catalog)
    if (callable.direct.has(entry.name) || (callable.dispatcher && callable.delivered(entry))) count++;
  return count;
}

/**
 * One run of the AI SDK's loop for a turn (the default `runTurn`): `generateText` with the delivery spread in, from
 * `messages`, at most `maxSteps` steps. Returns what the app stores (`responseMessages`) and how many of the calls
 * made were answered with a tool error (`toolErrors`).
 */
async function generateTextTurn({ model, toolSet, delivery, system, messages, maxSteps }) {
  const result = await generateText({
    model,
    tools: toolSet,
    ...delivery,
    ...(system === "" ? {} : { system }),
    messages,
    stopWhen: isStepCount(maxSteps),
  });
  return { responseMessages: result.responseMessages, toolErrors: toolErrorsOf(result.steps) };
}

/** How many of the calls a loop's `steps` made were answered with a tool error (a refusal, a rejected input). */
export function toolErrorsOf(steps) {
  return steps.flatMap((step) => step.content).filter((part) => part.type === "tool-error").length;
}

/**
 * Replays one conversation through one delivery and provider: `{ calls, served, toolErrors, turns, turnsServed,
 * requests, extending, toolsInRequests, input, bill, outputTokens }`. A call the model made whose result is a tool
 * error (a dispatcher's refusal, an input its schema rejects) is counted in `toolErrors`, not in `served`. `runTurn`:
 * the agent loop a turn runs in (the AI SDK's `generateText` by default; bench/langchain-loop.mjs passes LangChain's,
 * bench/cloudflare-agents.mjs an AIChatAgent's `onChatMessage`).
 */
async function replayConversation(
  conversation,
  { delivery, toolSet, scripted, catalog, sizes, floor, runTurn = generateTextTurn },
) {
  scripted.reset();
  const ledger = createBillLedger(scripted.provider, { freeTools: floor });
  const system = systemPromptText(sizes.systemTokens);
  const history = [];
  const counts = { calls: 0, served: 0, toolErrors: 0, turns: 0, turnsServed: 0, toolsInRequests: 0, outputTokens: 0 };
  let outOfBand = 0;
  for (const turn of conversation.turns) {
    history.push({ role: "user", content: turn.user });
    let remaining = turn.calls;
    let turnServed = true;
    for (;;) {
      scripted.setScript(remaining);
      const before = scripted.requests.length;
      const { responseMessages, toolErrors } = await runTurn({
        model: scripted.model,
        toolSet,
        delivery,
        system,
        messages: history,
        maxSteps: remaining.length + 1,
      });
      history.push(...responseMessages);
      const decisions = scripted.requests.slice(before).map((request) => request.decision);
      const made = decisions.filter((decision) => decision.type === "call").length;
      // A call the tool (or a dispatcher) answered with an error was refused: made, but not served.
      counts.served += made - toolErrors;
      counts.toolErrors += toolErrors;
      if (toolErrors > 0) turnServed = false;
      remaining = remaining.slice(made);
      const missed = decisions.at(-1)?.type === "miss";
      if (!missed) break;
      turnServed = false;
      history.push(...outOfBandCall(remaining[0], `out_of_band_${++outOfBand}`, sizes.resultTokens));
      remaining = remaining.slice(1);
    }
    if (remaining.length > 0)
      throw new Error(`bench/session-cost: ${conversation.id} ended a turn with ${remaining.length} calls unmade`);
    counts.calls += turn.calls.length;
    if (turn.calls.length > 0) {
      counts.turns++;
      if (turnServed) counts.turnsServed++;
    }
  }
  for (const request of scripted.requests) {
    ledger.add(request.rendered);
    counts.toolsInRequests += toolsInRequest(request.rendered, scripted.provider, catalog);
    counts.outputTokens += countTokens(request.decision.output);
  }
  const { input, bill, requests, extending } = ledger.total;
  return { ...counts, requests, extending, input, bill };
}

async function libraries() {
  return { toolsift: await import(toolsiftLocation), toolpick: await import("toolpick") };
}

/**
 * The indexes a row uses: `indexFor(conversationIndex)` (undefined for "all"). Cold: one index; learned: 2-fold
 * over the set, or one index that learned `learnSet`.
 */
async function indexesFor(row, { toolsift, toolpick }, { catalog, toolSet, conversations, learnSet }) {
  // "own": the row's `deliver` makes what it selects with (a framework adapter's own index).
  if (row.library === "all" || row.library === "own") return () => undefined;
  if (row.library === "toolpick") {
    const index = toolpick.createToolIndex(toolSet, { strategy: "hybrid" });
    await index.warmUp();
    return () => index;
  }
  const make = async (learnFrom) => {
    const index = toolsift.createToolIndex(catalog);
    for (const conversation of learnFrom) await index.learn(conversationMessages(conversation));
    await index.warmUp();
    return index;
  };
  if (!row.learned) {
    const index = await make([]);
    return () => index;
  }
  if (learnSet !== undefined) {
    const index = await make(learnSet.conversations);
    return () => index;
  }
  const folds = [];
  for (let fold = 0; fold < 2; fold++) folds.push(await make(conversations.filter((_, c) => c % 2 !== fold)));
  return (c) => folds[c % 2];
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Measures every row on `set` (`{ tools, conversations }`), learning from `learnSet` when given. Returns `{ rows,
 * unavailable, notes }`: a row is `{ name, mode, learned, callsServed, turnsServed, toolsPerRequest, rawTokens,
 * bill: { anthropic, openai }, vsAllCached: { anthropic, openai }, outputTokens, requests }` (per conversation
 * means; callsServed and turnsServed are shares, from the Anthropic replay), `unavailable` the rows the build
 * lacks (`{ name, mode, learned, reason }`). `onReplay({ row, provider, conversation, requests })`, when given, sees
 * each replayed conversation's recorded requests (`{ rendered, decision }`, as the scripted provider keeps them).
 */
export async function measureSessionCost({ set, learnSet, rows = ROWS, sizes = SIZES.today, onReplay } = {}) {
  const libs = await libraries();
  const catalog = set.tools;
  const toolSet = executingToolSet(catalog, sizes.resultTokens);
  const data = { catalog, toolSet, conversations: set.conversations, learnSet };
  const measured = [];
  const unavailable = [];
  const notes = [];
  for (const row of rows) {
    const indexFor = await indexesFor(row, libs, data);
    const perProvider = {};
    let reason;
    for (const provider of PROVIDERS) {
      const scripted = createScriptedProvider({ provider, catalog });
      const deliveries = new Map();
      const results = [];
      for (let c = 0; c < set.conversations.length; c++) {
        const index = indexFor(c);
        if (!deliveries.has(index)) {
          const given = { index, tools: toolSet, provider, options: row.options };
          deliveries.set(index, row.deliver === undefined ? deliver(row.mode, given) : row.deliver(given));
        }
        const delivery = deliveries.get(index);
        if (typeof delivery === "string") {
          reason = delivery;
          break;
        }
        // A row may run its own loop (`row.runTurn`), or one made per conversation (`row.loop({ toolSet, provider })`
        // → `{ runTurn }`: bench/cloudflare-agents.mjs, a new agent for each conversation).
        const runTurn = row.loop?.({ toolSet, provider }).runTurn ?? row.runTurn;
        const replay = { delivery, toolSet, scripted, catalog, sizes, floor: row.floor === true, runTurn };
        results.push(await replayConversation(set.conversations[c], replay));
        onReplay?.({ row, provider, conversation: c, requests: scripted.requests });
      }
      if (reason !== undefined) break;
      const sum = (key) => results.reduce((total, result) => total + result[key], 0);
      perProvider[provider] = {
        calls: sum("calls"),
        served: sum("served"),
        toolErrors: sum("toolErrors"),
        turns: sum("turns"),
        turnsServed: sum("turnsServed"),
        requests: sum("requests"),
        extending: sum("extending") / (sum("requests") - results.length),
        toolsPerRequest: sum("toolsInRequests") / sum("requests"),
        rawTokens: mean(results.map((result) => result.input)),
        bill: mean(results.map((result) => result.bill)),
        outputTokens: mean(results.map((result) => result.outputTokens)),
      };
    }
    if (reason !== undefined) {
      unavailable.push({ name: row.name, mode: row.mode, learned: row.learned, reason });
      continue;
    }
    const { anthropic, openai } = perProvider;
    for (const provider of PROVIDERS)
      if (perProvider[provider].toolErrors > 0)
        notes.push(
          `${row.name} (${provider}): ${perProvider[provider].toolErrors} calls answered with a tool error (not served).`,
        );
    if (anthropic.served !== openai.served)
      notes.push(
        `${row.name}: calls served differ by provider (Anthropic ${anthropic.served}, OpenAI ${openai.served}).`,
      );
    measured.push({
      name: row.name,
      mode: row.mode,
      learned: row.learned,
      floor: row.floor === true,
      callsServed: anthropic.served / anthropic.calls,
      turnsServed: anthropic.turnsServed / anthropic.turns,
      toolsPerRequest: anthropic.toolsPerRequest,
      rawTokens: anthropic.rawTokens,
      bill: { anthropic: anthropic.bill, openai: openai.bill },
      outputTokens: anthropic.outputTokens,
      requests: anthropic.requests / set.conversations.length,
      extending: { anthropic: anthropic.extending, openai: openai.extending },
      calls: anthropic.calls,
    });
  }
  const all = measured.find((row) => row.mode === "all" && !row.floor);
  const floor = measured.find((row) => row.floor);
  const ratio = (row, base) =>
    base === undefined
      ? { anthropic: null, openai: null }
      : { anthropic: row.bill.anthropic / base.bill.anthropic, openai: row.bill.openai / base.bill.openai };
  for (const row of measured) {
    row.vsAllCached = ratio(row, all);
    row.vsFloor = ratio(row, floor);
  }
  return { rows: measured, unavailable, notes, rawAll: all?.rawTokens, sizes };
}

/** The `--json` shape (the issue's): nothing but the documented fields. */
export function jsonRows({ rows }) {
  return {
    rows: rows.map((row) => ({
      name: row.name,
      mode: row.mode,
      learned: row.learned,
      callsServed: row.callsServed,
      turnsServed: row.turnsServed,
      toolsPerRequest: row.toolsPerRequest,
      rawTokens: row.rawTokens,
      bill: row.bill,
      vsAllCached: row.vsAllCached,
      vsFloor: row.vsFloor,
    })),
  };
}

const fixed = (value, digits = 2) => (value === null || value === undefined ? "—" : value.toFixed(digits));
const thousands = (value) => Math.round(value).toLocaleString("en-US");

/** The markdown table: one row per measured row, then the rows this build lacks. */
export function sessionCostTable({ rows, unavailable, rawAll }) {
  return markdownTable(
    [
      "row",
      "mode",
      "calls served",
      "turns served",
      "tools / request",
      "requests / conv.",
      "requests extending the one before",
      "raw input tokens / conv. (vs all)",
      "output tokens / conv.",
      "bill Anthropic / conv.",
      "bill OpenAI / conv.",
      "vs all tools cached (Anthropic / OpenAI)",
      "vs floor (Anthropic / OpenAI)",
    ],
    [
      ...rows.map((row) => [
        row.name,
        row.mode,
        percent(row.callsServed),
        percent(row.turnsServed),
        fixed(row.toolsPerRequest, 1),
        fixed(row.requests, 1),
        percent(row.extending.anthropic),
        `${thousands(row.rawTokens)} (${fixed(row.rawTokens / rawAll)})`,
        thousands(row.outputTokens),
        thousands(row.bill.anthropic),
        thousands(row.bill.openai),
        `${fixed(row.vsAllCached.anthropic)} / ${fixed(row.vsAllCached.openai)}`,
        `${fixed(row.vsFloor.anthropic)} / ${fixed(row.vsFloor.openai)}`,
      ]),
      ...unavailable.map((row) => [row.name, row.mode, row.reason, ...Array(10).fill("—")]),
    ],
  );
}

export const SESSION_COST_NOTES = [
  "Each user turn of each conversation is one AI SDK `generateText` loop (ai 7, `stopWhen: isStepCount(n)`) through",
  "the real `@ai-sdk/anthropic` and `@ai-sdk/openai` (Responses) packages; their `fetch` is a scripted model that",
  "records the request body and calls the turn's next ground-truth tool only when that request makes it callable",
  "(offered without `defer_loading`, loaded by a `tool_reference` / `tool_search_output`, or delivered in the",
  "conversation with a `call_tool` dispatcher), and otherwise answers with text: a miss (the call is then appended as",
  "done out of band and the turn goes on, so every call is judged as in bench/sessions.mjs). Tools return seeded",
  "words (120–300 tokens at today's size, 300–500 at production size, where a 2,000-token system prompt is sent",
  "too). The floor row replays every tool with tool definitions priced at 0: the bill of the system prompt and the",
  "conversation, which no delivery can go under. Bills per conversation in uncached-input-token units from the recorded bodies: parts in",
  "render order (tools, system, messages / input), o200k tokens of each part's JSON; Anthropic: breakpoints after the",
  "tools and on the last message (and wherever the mode sets `cache_control`), reads 0.1×, writes 1.25×, uncached 1×;",
  "OpenAI: prefix caching from 1,024 tokens in 128-token steps, reads 0.1×. A prefix is cached when an earlier",
  'request of the conversation had it byte for byte; "requests extending the one before" counts the requests after',
  "a conversation's first whose parts begin with every part of the request before (Anthropic bodies). Calls and turns served, tools per request, raw tokens and output",
  "tokens are from the Anthropic replay. Learned: 2-fold (an index per half of the conversations learns the other",
  "half, as bench/sessions.mjs). Selecting rows use `maxTools: 5`; toolpick 0.4.0 hybrid.",
].join(" ");

/** `--system-tokens N` and `--result-tokens MIN-MAX` (each defaulting to today's size), validated. */
export function sizesOf(systemFlag, resultFlag) {
  const systemTokens = systemFlag === undefined ? SIZES.today.systemTokens : Number(systemFlag);
  if (!Number.isInteger(systemTokens) || systemTokens < 0)
    throw new Error(`bench/session-cost: --system-tokens must be an integer ≥ 0, got "${systemFlag}"`);
  if (resultFlag === undefined) return { systemTokens, resultTokens: SIZES.today.resultTokens };
  const match = /^(\d+)-(\d+)$/.exec(resultFlag);
  const [min, max] = match === null ? [] : [Number(match[1]), Number(match[2])];
  if (match === null || min < 1 || max < min)
    throw new Error(`bench/session-cost: --result-tokens must be MIN-MAX with 1 ≤ MIN ≤ MAX, got "${resultFlag}"`);
  return { systemTokens, resultTokens: { min, max } };
}

const sameSizes = (a, b) =>
  a.systemTokens === b.systemTokens &&
  a.resultTokens.min === b.resultTokens.min &&
  a.resultTokens.max === b.resultTokens.max;

await runIfMain(import.meta.url, async () => {
  const { values } = parseArgs({
    options: {
      set: { type: "string" },
      "learn-set": { type: "string" },
      json: { type: "boolean", default: false },
      limit: { type: "string" },
      "system-tokens": { type: "string" },
      "result-tokens": { type: "string" },
    },
  });
  const sizes = sizesOf(values["system-tokens"], values["result-tokens"]);
  const size = sameSizes(sizes, SIZES.today) ? "today" : sameSizes(sizes, SIZES.production) ? "production" : undefined;
  const setLocation = values.set === undefined ? sessionsLocation : resolve(values.set);
  const set = loadSessionsFrom(setLocation);
  if (values.limit !== undefined) set.conversations = set.conversations.slice(0, Number(values.limit));
  const learnSet = values["learn-set"] === undefined ? undefined : loadSessionsFrom(resolve(values["learn-set"]));
  const started = performance.now();
  const result = await measureSessionCost({ set, learnSet, sizes });
  const seconds = (performance.now() - started) / 1000;
  if (values.json) return JSON.stringify(jsonRows(result), null, 2);
  const described = describeDataFile(setLocation, "bfcl-multiturn-dev.json");
  const calls = result.rows[0]?.calls ?? 0;
  const learning =
    learnSet === undefined ? "learned rows 2-fold on the set" : `learned rows learn ${values["learn-set"]}`;
  const flags = [
    values.set && `--set ${values.set}`,
    values["learn-set"] && `--learn-set ${values["learn-set"]}`,
    values.limit && `--limit ${values.limit}`,
  ];
  const sizeFlags = [
    values["system-tokens"] && `--system-tokens ${values["system-tokens"]}`,
    values["result-tokens"] && `--result-tokens ${values["result-tokens"]}`,
  ];
  const file = size === "production" ? "session-cost-production.md" : "session-cost.md";
  const command = `npm run build && npx node bench/session-cost.mjs${[...flags, ...sizeFlags]
    .filter(Boolean)
    .map((flag) => ` ${flag}`)
    .join("")}`;
  const report = [
    "# Session cost: the bill per conversation with prompt caching",
    "",
    `Command: \`${command}\`${flags.some(Boolean) || size === undefined ? "" : " (writes this file)"}.`,
    "",
    `Sizes: a system prompt of ${sizes.systemTokens.toLocaleString("en-US")} tokens, tool results of ` +
      `${sizes.resultTokens.min}–${sizes.resultTokens.max} tokens${size === undefined ? "" : ` (${size}'s size)`}.`,
    "",
    `Data: ${described} (${set.tools.length} tools, ${set.conversations.length} conversations, ${calls} calls); ${learning}. ` +
      `Run ${new Date().toISOString().slice(0, 10)} in ${seconds.toFixed(0)} s.`,
    "",
    sessionCostTable(result),
    "",
    SESSION_COST_NOTES,
    ...result.notes.map((note) => `\n${note}`),
    "",
  ].join("\n");
  // The report is the dev set's, measured on this tree's dist/ (not a stand-in named by TOOLSIFT_IMPL).
  const writes = flags.every((flag) => !flag) && size !== undefined && !process.env.TOOLSIFT_IMPL;
  if (writes) writeFileSync(new URL(`./${file}`, import.meta.url), report);
  return report;
});
