// In-conversation delivery on BFCL multi-turn sessions: which calls were deliverable (their tool's definition in the
// conversation, or in the fixed block, by the step that makes the call), and how many definitions each conversation
// was given and their tokens (the delivery messages' text, o200k). A rough measure without a provider;
// bench/session-cost.mjs bills the real request bodies.
//
//   npx tsc -p tsconfig.build.json && npx node bench/in-conversation.mjs [--json] [--limit N]
//
// Protocol (bench/sessions.mjs's): each user turn is one loop; before each ground-truth call prepareStep gets the
// conversation the SDK would pass (the app's stored messages, the turn's user message, the turn's calls so far through
// call_tool with their results, and the deliveries carried within the call); the call is deliverable when its tool is
// among those the derived conversation made callable. Every call is then made (as sessions.mjs assumes), so a miss
// does not end the turn. The app stores its usual messages: no deliveries. Learned: 2-fold as sessions.mjs.
import { jsonSchema, tool } from "ai";
import { countTokens } from "../scripts/session-cost/bill.mjs";
import { toolsiftLocation } from "./libraries.mjs";
import { conversationMessages, FINAL_TEXT, loadSessions, TOOL_OUTPUT } from "./sessions-data.mjs";
import { markdownTable, percent, runIfMain } from "./lib/table.mjs";

const DISPATCHER = "call_tool";

function toolSet(tools) {
  const set = {};
  for (const t of tools) {
    set[t.name] = tool({
      description: t.description,
      inputSchema: jsonSchema(t.parameters),
      execute: async () => TOOL_OUTPUT,
    });
  }
  return set;
}

const dispatched = ({ name, input, toolCallId }) => [
  { role: "assistant", content: [{ type: "tool-call", toolCallId, toolName: DISPATCHER, input: { name, input } }] },
  {
    role: "tool",
    content: [{ type: "tool-result", toolCallId, toolName: DISPATCHER, output: { type: "json", value: TOOL_OUTPUT } }],
  },
];

const delivered = (message) => message.providerOptions?.toolsift?.delivered;

const COUNTED = ["calls", "deliverable", "definitions", "definitionTokens", "turns", "turnsServed"];
const emptyCounts = () => ({ ...Object.fromEntries(COUNTED.map((key) => [key, 0])), perRequest: [] });

/** Replays one conversation; returns `{ calls, deliverable, definitions, perRequest: number[] }`. */
async function replay(delivery, conversation, fixedCount) {
  const stored = [];
  const counts = emptyCounts();
  for (const turn of conversation.turns) {
    let carried = [...stored, { role: "user", content: turn.user }];
    let served = true;
    const step = async () => {
      const { messages } = await delivery.prepareStep({ messages: carried });
      const names = new Set(messages.flatMap((message) => delivered(message) ?? []));
      counts.perRequest.push(names.size + fixedCount);
      return { messages, names };
    };
    for (const call of turn.calls) {
      const { messages, names } = await step();
      counts.calls++;
      if (names.has(call.name)) counts.deliverable++;
      else {
        served = false;
        if (process.env.TOOLSIFT_DELIVERY_MISSES) console.error(`miss ${call.name} | ${turn.user.slice(0, 90)}`);
      }
      carried = [...messages, ...dispatched(call)];
    }
    const { messages } = await step();
    counts.definitions = new Set(messages.flatMap((message) => delivered(message) ?? [])).size;
    counts.definitionTokens = messages
      .filter((message) => delivered(message) !== undefined)
      .reduce((sum, message) => sum + countTokens(message.content.map((part) => part.text).join("")), 0);
    if (turn.calls.length > 0) {
      counts.turns++;
      if (served) counts.turnsServed++;
    }
    stored.push({ role: "user", content: turn.user }, ...turn.calls.flatMap(dispatched), {
      role: "assistant",
      content: [{ type: "text", text: FINAL_TEXT }],
    });
  }
  return counts;
}

export async function measureInConversation({ variants, limit = Infinity } = {}) {
  const toolsift = await import(toolsiftLocation);
  const { tools, conversations: all } = loadSessions();
  const conversations = all.slice(0, limit);
  const set = toolSet(tools);
  const rows = [];
  for (const variant of variants) {
    const indexes = [];
    for (let fold = 0; fold < (variant.learn ? 2 : 1); fold++) {
      const index = toolsift.createToolIndex(tools);
      if (variant.learn) {
        for (let c = 0; c < all.length; c++) if (c % 2 !== fold) index.learn(conversationMessages(all[c]));
      }
      indexes.push(index);
    }
    const total = emptyCounts();
    for (let c = 0; c < conversations.length; c++) {
      const index = indexes[variant.learn ? c % 2 : 0];
      const delivery = index.inConversation(set, variant.options ?? {});
      const fixedCount = Object.keys(delivery.tools).length;
      const counts = await replay(delivery, conversations[c], fixedCount);
      for (const key of COUNTED) total[key] += counts[key];
      total.perRequest.push(...counts.perRequest);
    }
    const mean = (list) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
    rows.push({
      name: variant.name,
      callsDeliverable: total.deliverable / total.calls,
      turnsServed: total.turnsServed / total.turns,
      definitionsPerConversation: total.definitions / conversations.length,
      definitionTokensPerConversation: total.definitionTokens / conversations.length,
      toolsPerRequest: mean(total.perRequest),
    });
  }
  return { conversations: conversations.length, rows };
}

export const VARIANTS = [
  { name: "cold", options: {} },
  { name: "learned (2-fold)", options: {}, learn: true },
  { name: "cold, turn starts only", options: { delivery: { midTurn: false } } },
  { name: "learned, turn starts only", options: { delivery: { midTurn: false } }, learn: true },
  { name: "cold, definitions as JSON lines", options: { delivery: { format: "json" } } },
  { name: "cold, minNewTools 0", options: { delivery: { minNewTools: 0 } } },
  { name: "learned, minNewTools 0", options: { delivery: { minNewTools: 0 } }, learn: true },
  { name: "cold, minNewTools 5", options: { delivery: { minNewTools: 5 } } },
];

// Env: TOOLSIFT_DELIVERY_VARIANTS a JSON array of extra variants (`{ name, options, learn? }`, options for
// inConversation); TOOLSIFT_DELIVERY_MISSES=1 prints each call that was not deliverable (to stderr).
runIfMain(import.meta.url, async () => {
  const json = process.argv.includes("--json");
  const at = process.argv.indexOf("--limit");
  const limit = at > 0 ? Number(process.argv[at + 1]) : Infinity;
  const extra = process.env.TOOLSIFT_DELIVERY_VARIANTS ? JSON.parse(process.env.TOOLSIFT_DELIVERY_VARIANTS) : [];
  const result = await measureInConversation({ variants: [...VARIANTS, ...extra], limit });
  if (json) return JSON.stringify(result, null, 2);
  return [
    `In-conversation delivery, ${result.conversations} BFCL multi-turn conversations\n`,
    markdownTable(
      [
        "variant",
        "calls deliverable",
        "turns served",
        "definitions / conversation",
        "their tokens (o200k) / conversation",
        "tools callable / request",
      ],
      result.rows.map((row) => [
        row.name,
        percent(row.callsDeliverable),
        percent(row.turnsServed),
        row.definitionsPerConversation.toFixed(1),
        Math.round(row.definitionTokensPerConversation),
        row.toolsPerRequest.toFixed(1),
      ]),
    ),
  ].join("\n");
});
