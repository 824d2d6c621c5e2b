// toolsift/cloudflare-agents in the Cloudflare Agents loop (an AIChatAgent's onChatMessage: toolsiftChat spread into
// streamText), on BFCL's multi-turn conversations: calls served, tools per model call and the cached bill of the
// recorded request bodies, beside sending every tool and beside the same deliveries in the plain AI SDK loop
// (issue 32, "Measured").
//
//   npm run build && npx node bench/cloudflare-agents.mjs [--set FILE] [--limit N] [--json]
//     [--system-tokens N] [--result-tokens MIN-MAX]
//   (without flags: both sizes, today's and production's (`--system-tokens 2000 --result-tokens 300-500`), written to
//   bench/cloudflare-agents.md)
//
// The harness is bench/session-cost.mjs's (its scripted provider, rule, miss handling and bill): each user turn is
// one run of the agent's onChatMessage body, in Node: `toolsiftChat(agent, tools, options)` then `streamText({ model,
// messages, ...chat })`, consumed to its end (whose onEnd learns the turn and saves it in the agent's SQLite). The
// agent is what toolsiftChat reads of an AIChatAgent: `sql`, a tagged template over a real SQLite database
// (node:sqlite, in memory, one per conversation: one agent per user chat), and `mcp`, a manager with no server. Not
// run: the Durable Object around it (workerd), the UI message persistence (the harness's model messages are passed
// as `convertToModelMessages(this.messages)` would give them). The scripted providers answer `doGenerate` only, so the
// model is wrapped in the AI SDK's `simulateStreamingMiddleware` (the recorded bodies are the non-streaming ones).
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { isStepCount, simulateStreamingMiddleware, streamText, wrapLanguageModel } from "ai";
import { describeDataFile } from "./lib/data.mjs";
import { markdownTable, percent, runIfMain } from "./lib/table.mjs";
import { measureSessionCost, ROWS, SIZES, sizesOf, STEP_OPTIONS, toolErrorsOf } from "./session-cost.mjs";
import { loadSessionsFrom, sessionsLocation } from "./sessions-data.mjs";

/** What toolsiftChat reads of an AIChatAgent: its SQLite as `sql` (here node:sqlite in memory) and `this.mcp`. */
function nodeAgent() {
  const database = new DatabaseSync(":memory:");
  const sql = (strings, ...values) => {
    const statement = database.prepare(strings.join("?"));
    if (/^\s*SELECT/i.test(strings[0])) return statement.all(...values);
    statement.run(...values);
    return [];
  };
  const mcp = {
    mcpConnections: {},
    listServers: () => [],
    callTool: async () => {
      throw new Error("bench/cloudflare-agents: the agent has no MCP server");
    },
  };
  return { sql, mcp };
}

/**
 * One user turn as onChatMessage runs it: toolsiftChat (when `options` is given) spread into streamText, the stream
 * consumed; answers as generateText would (`responseMessages`, `steps`) for the harness.
 */
async function onChatMessage(toolsiftChat, agent, toolSet, options, params) {
  const chat = options === undefined ? {} : await toolsiftChat(agent, toolSet, { ...options, onEvent: () => {} });
  const model = wrapLanguageModel({ model: params.model, middleware: simulateStreamingMiddleware() });
  const result = streamText({ ...params, model, ...chat });
  await result.consumeStream();
  return { responseMessages: await result.responseMessages, steps: await result.steps };
}

/** A row whose every conversation is a new agent, each turn one onChatMessage with `options` (none: every tool). */
function agentRow(name, toolsiftChat, options) {
  return {
    name,
    mode: "all",
    learned: false,
    library: "all",
    agent: true,
    loop: ({ toolSet }) => {
      const agent = nodeAgent();
      return {
        runTurn: async ({ model, system, messages, maxSteps }) => {
          const system_ = system === "" ? {} : { system };
          const params = { model, tools: toolSet, ...system_, messages, stopWhen: isStepCount(maxSteps) };
          const result = await onChatMessage(toolsiftChat, agent, toolSet, options, params);
          return { responseMessages: result.responseMessages, toolErrors: toolErrorsOf(result.steps) };
        },
      };
    },
  };
}

/** The rows: the AI SDK loop's floor, every tool and cold toolsift deliveries (session-cost.mjs), then the agent's. */
async function rows() {
  const { toolsiftChat } = await import("../dist/cloudflare-agents/index.js");
  const aiSdk = (mode) => ROWS.find((row) => row.mode === mode && !row.learned && !row.floor);
  return [
    ROWS.find((row) => row.floor),
    aiSdk("all"),
    aiSdk("inConversation"),
    aiSdk("stableActiveTools"),
    aiSdk("activeTools"),
    agentRow("AIChatAgent, every tool", toolsiftChat, undefined),
    agentRow("AIChatAgent + toolsiftChat (default: inConversation)", toolsiftChat, {}),
    agentRow('AIChatAgent + toolsiftChat, delivery "prepare-step" (stable set)', toolsiftChat, {
      delivery: "prepare-step",
      prepareStep: { ...STEP_OPTIONS },
    }),
    agentRow('AIChatAgent + toolsiftChat, "prepare-step", stableTools: false', toolsiftChat, {
      delivery: "prepare-step",
      prepareStep: { ...STEP_OPTIONS, stableTools: false },
    }),
  ];
}

const NOTES = [
  "Rows: the AI SDK loop's rows of bench/session-cost.mjs (each turn one `generateText`, one index for every",
  "conversation, cold), then the same deliveries in the agent's loop: each conversation a new agent (its own SQLite),",
  "each turn (and each continuation after a miss) one onChatMessage, whose `toolsiftChat` makes the agent's index on",
  "its first turn and learns every turn in `onEnd` (a continuation only its new calls). Selecting rows use",
  "`maxTools: 5` (inConversation's default). The onChatMessage body runs in Node (workerd is not needed for what is",
  "measured: the selection, the request bodies and the bill), with a real SQLite (node:sqlite) as the agent's `sql`;",
  "the Durable Object, its WebSocket and its UI-message persistence are left out (test/cloudflare-agents/ runs those",
  "in workerd). Bills and the harness's rule as bench/session-cost.md describes them.",
  "The agent rows equal the AI SDK loop's to the token: what an agent learns from a conversation's earlier turns",
  "changed no delivery of its later turns on this set (a learnt link is used from two observations on, and the",
  "conversation's own tools are already offered by its memory); learning pays across an agent's chats, as the learned",
  "rows of bench/session-cost.md show.",
].join(" ");

const fixed = (value, digits = 2) => (value === null || value === undefined ? "—" : value.toFixed(digits));
const thousands = (value) => Math.round(value).toLocaleString("en-US");

function table(result, agentNames) {
  return markdownTable(
    [
      "row",
      "loop",
      "calls served",
      "turns served",
      "tools / model call",
      "model calls / conv.",
      "requests extending the one before",
      "bill Anthropic / conv.",
      "bill OpenAI / conv.",
      "vs all tools cached (Anthropic / OpenAI)",
      "vs floor (Anthropic / OpenAI)",
    ],
    result.rows.map((row) => [
      row.name,
      agentNames.has(row.name) ? "AIChatAgent" : "AI SDK generateText",
      percent(row.callsServed),
      percent(row.turnsServed),
      fixed(row.toolsPerRequest, 1),
      fixed(row.requests, 1),
      percent(row.extending.anthropic),
      thousands(row.bill.anthropic),
      thousands(row.bill.openai),
      `${fixed(row.vsAllCached.anthropic)} / ${fixed(row.vsAllCached.openai)}`,
      `${fixed(row.vsFloor.anthropic)} / ${fixed(row.vsFloor.openai)}`,
    ]),
  );
}

await runIfMain(import.meta.url, async () => {
  const { values } = parseArgs({
    options: {
      set: { type: "string" },
      limit: { type: "string" },
      json: { type: "boolean", default: false },
      "system-tokens": { type: "string" },
      "result-tokens": { type: "string" },
    },
  });
  const location = values.set === undefined ? sessionsLocation : resolve(values.set);
  const set = loadSessionsFrom(location);
  if (values.limit !== undefined) set.conversations = set.conversations.slice(0, Number(values.limit));
  const sized = values["system-tokens"] !== undefined || values["result-tokens"] !== undefined;
  const sizes = sized
    ? [["given", sizesOf(values["system-tokens"], values["result-tokens"])]]
    : [
        ["today", SIZES.today],
        ["production", SIZES.production],
      ];
  const measuredRows = await rows();
  const agentNames = new Set(measuredRows.filter((row) => row.agent).map((row) => row.name));
  const sections = [];
  const json = {};
  for (const [label, size] of sizes) {
    const started = performance.now();
    const result = await measureSessionCost({ set, rows: measuredRows, sizes: size });
    const seconds = (performance.now() - started) / 1000;
    json[label] = result.rows;
    sections.push(
      `## ${label === "given" ? "" : `${label[0].toUpperCase()}${label.slice(1)}'s size: `}a system prompt of ` +
        `${size.systemTokens.toLocaleString("en-US")} tokens, tool results of ${size.resultTokens.min}–` +
        `${size.resultTokens.max} tokens (${seconds.toFixed(0)} s)`,
      "",
      table(result, agentNames),
      "",
      ...result.notes.map((note) => `${note}\n`),
    );
  }
  if (values.json) return JSON.stringify(json, null, 2);
  const flags = ["set", "limit", "system-tokens", "result-tokens"]
    .filter((flag) => values[flag] !== undefined)
    .map((flag) => ` --${flag} ${values[flag]}`)
    .join("");
  const report = [
    "# toolsift/cloudflare-agents in the Cloudflare Agents loop",
    "",
    `Command: \`npm run build && npx node bench/cloudflare-agents.mjs${flags}\`${flags === "" ? " (writes this file)" : ""}.`,
    "",
    `Data: ${describeDataFile(location, "bfcl-multiturn-dev.json")} (${set.tools.length} tools, ` +
      `${set.conversations.length} conversations). Run ${new Date().toISOString().slice(0, 10)}.`,
    "",
    ...sections,
    NOTES,
    "",
  ].join("\n");
  if (flags === "") writeFileSync(new URL("./cloudflare-agents.md", import.meta.url), report);
  return report;
});
