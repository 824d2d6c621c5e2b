// toolsift/openai-agents in the OpenAI Agents SDK's own run() loop, on BFCL's multi-turn conversations: calls served
// and tools per model call, beside the SDK's default of sending every tool (issue 32, "Measured").
//
//   npm run build && npx node bench/openai-agents.mjs [--set FILE] [--limit N] [--max-tools N] [--json]
//
// The sessions harness's rules (bench/session-cost.mjs), in the SDK's loop: each user turn is one `run(agent, input)`
// whose input is the conversation so far (what the SDK returned, `result.history`, plus anything appended) and the
// turn's user message. The model is a scripted SDK `Model` (no network): before each model call it reads the tools the
// SDK serialised for that call (`request.tools`, what the Responses body's `tools` holds); if the turn's next
// ground-truth call is among them it calls it with the ground-truth arguments (the SDK runs the tool, which returns a
// short fixed text), otherwise it answers with text: a miss, which ends that run. A miss continues as the harness
// scores it: the missed call is appended as done out of band (a function_call item and its output) and a new run
// continues the turn. When every call of the turn is made it answers "Done.". Rows: every tool (the SDK's default)
// and toolsiftAgent cold (keyword ranking, `maxTools` 5 as the other benches).
import { parseArgs } from "node:util";
import { Agent, run, setTracingDisabled, tool, Usage } from "@openai/agents";
import { missText } from "../scripts/session-cost/scripted-provider.mjs";
import { describeDataFile } from "./lib/data.mjs";
import { markdownTable, percent, runIfMain } from "./lib/table.mjs";
import { FINAL_TEXT, loadSessionsFrom, sessionsLocation } from "./sessions-data.mjs";

setTracingDisabled(true);

const TOOL_RESULT = JSON.stringify({ ok: true });

/** A scripted SDK model: `setScript(calls)` for a run; `requests` records what each model call was offered. */
function scriptedModel() {
  let remaining = [];
  let made = 0;
  let missed = false;
  const requests = [];
  const model = {
    async getResponse(request) {
      const offered = request.tools.filter((entry) => entry.type === "function").map((entry) => entry.name);
      requests.push(offered.length);
      const next = remaining[made];
      let output;
      if (next !== undefined && offered.includes(next.name)) {
        made++;
        output = [
          {
            type: "function_call",
            callId: `${next.toolCallId}_${requests.length}`,
            name: next.name,
            arguments: JSON.stringify(next.input),
            status: "completed",
          },
        ];
      } else {
        missed = next !== undefined;
        const text = missed ? missText() : FINAL_TEXT;
        output = [
          { type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text }] },
        ];
      }
      return { usage: new Usage(), output };
    },
    getStreamedResponse() {
      throw new Error("bench/openai-agents: the scripted model does not stream");
    },
  };
  return {
    model,
    requests,
    setScript(calls) {
      remaining = calls;
      made = 0;
      missed = false;
    },
    outcome: () => ({ made, missed }),
  };
}

/** The catalog as SDK function tools (non-strict JSON Schema parameters), each returning a fixed short result. */
function functionTools(catalog) {
  return catalog.map((entry) =>
    tool({
      name: entry.name,
      description: entry.description,
      parameters: entry.parameters,
      strict: false,
      execute: async () => TOOL_RESULT,
    }),
  );
}

/** Replays one conversation: `{ calls, served, turns, turnsServed, requests, tools }`. */
async function replayConversation(conversation, agent, scripted) {
  const counts = { calls: 0, served: 0, turns: 0, turnsServed: 0 };
  const before = scripted.requests.length;
  let history = [];
  let outOfBand = 0;
  for (const turn of conversation.turns) {
    let input = [...history, { role: "user", content: turn.user }];
    let remaining = turn.calls;
    let turnServed = true;
    for (;;) {
      scripted.setScript(remaining);
      const result = await run(agent, input, { maxTurns: remaining.length + 2 });
      const { made, missed } = scripted.outcome();
      counts.served += made;
      remaining = remaining.slice(made);
      input = result.history;
      if (!missed) break;
      turnServed = false;
      const callId = `out_of_band_${++outOfBand}`;
      const { name, input: args } = remaining[0];
      input = [
        ...input,
        { type: "function_call", callId, name, arguments: JSON.stringify(args), status: "completed" },
        { type: "function_call_result", callId, name, status: "completed", output: TOOL_RESULT },
      ];
      remaining = remaining.slice(1);
    }
    history = input;
    counts.calls += turn.calls.length;
    if (turn.calls.length > 0) {
      counts.turns++;
      if (turnServed) counts.turnsServed++;
    }
  }
  const requests = scripted.requests.slice(before);
  return { ...counts, requests: requests.length, tools: requests.reduce((sum, count) => sum + count, 0) };
}

/** Replays every conversation through each row. */
export async function measureOpenAIAgents({ location = sessionsLocation, limit, maxTools = 5 } = {}) {
  const { toolsiftAgent } = await import("../dist/openai-agents/index.js");
  const { tools: catalog, conversations } = loadSessionsFrom(location);
  const chosen = limit === undefined ? conversations : conversations.slice(0, limit);
  const rows = [];
  for (const name of ["every tool (the SDK's default)", `toolsiftAgent({ maxTools: ${maxTools} })`]) {
    const scripted = scriptedModel();
    const base = new Agent({ name: "bfcl", instructions: "", model: scripted.model, tools: functionTools(catalog) });
    const agent = name.startsWith("every") ? base : toolsiftAgent(base, { maxTools }).agent;
    const total = { calls: 0, served: 0, turns: 0, turnsServed: 0, requests: 0, tools: 0 };
    const start = performance.now();
    for (const conversation of chosen) {
      const counts = await replayConversation(conversation, agent, scripted);
      for (const key of Object.keys(total)) total[key] += counts[key];
    }
    rows.push({ name, ...total, seconds: (performance.now() - start) / 1000 });
  }
  return { rows, toolCount: catalog.length, conversationCount: chosen.length };
}

function table({ rows, conversationCount }) {
  return markdownTable(
    ["row", "calls served", "turns served", "tools / model call", "model calls / conv.", "seconds"],
    rows.map((row) => [
      row.name,
      `${percent(row.served / row.calls)} (${row.served}/${row.calls})`,
      percent(row.turnsServed / row.turns),
      (row.tools / row.requests).toFixed(1),
      (row.requests / conversationCount).toFixed(1),
      row.seconds.toFixed(1),
    ]),
  );
}

runIfMain(import.meta.url, async () => {
  const { values } = parseArgs({
    options: {
      set: { type: "string" },
      limit: { type: "string" },
      "max-tools": { type: "string" },
      json: { type: "boolean" },
    },
  });
  const result = await measureOpenAIAgents({
    location: values.set ?? sessionsLocation,
    limit: values.limit === undefined ? undefined : Number(values.limit),
    maxTools: values["max-tools"] === undefined ? 5 : Number(values["max-tools"]),
  });
  if (values.json) return JSON.stringify(result.rows, null, 2);
  const data = describeDataFile(values.set ?? sessionsLocation, "bfcl-multiturn-dev.json");
  return `Data: ${data} (${result.toolCount} tools, ${result.conversationCount} conversations).\n\n${table(result)}`;
});
