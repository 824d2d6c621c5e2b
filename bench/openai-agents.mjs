// toolsift/openai-agents in the OpenAI Agents SDK's own run() loop, on BFCL's multi-turn conversations: calls served
// and tools per model call, beside the SDK's default of sending every tool (issue 32, "Measured").
//
//   npm run build && npx node bench/openai-agents.mjs [--set FILE] [--limit N] [--json]
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
import { Agent, run, setTracingDisabled, tool, Usage } from "@openai/agents";
import { countTurn, runLoopBench, turnScript } from "./lib/loop-report.mjs";
import { loadSessionsFrom, sessionsLocation } from "./sessions-data.mjs";

setTracingDisabled(true);

const TOOL_RESULT = JSON.stringify({ ok: true });

/** A scripted SDK model over `turnScript()`: it reads the tools the SDK serialised for the call. */
function scriptedModel() {
  const script = turnScript();
  const model = {
    async getResponse(request) {
      const decision = script.next(
        request.tools.filter((entry) => entry.type === "function").map((entry) => entry.name),
      );
      const output =
        "call" in decision
          ? [
              {
                type: "function_call",
                callId: `${decision.call.toolCallId}_${decision.position}`,
                name: decision.call.name,
                arguments: JSON.stringify(decision.call.input),
                status: "completed",
              },
            ]
          : [
              {
                type: "message",
                role: "assistant",
                status: "completed",
                content: [{ type: "output_text", text: decision.text }],
              },
            ];
      return { usage: new Usage(), output };
    },
    getStreamedResponse() {
      throw new Error("bench/openai-agents: the scripted model does not stream");
    },
  };
  return { model, script };
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
  const before = scripted.script.requests.length;
  let history = [];
  let outOfBand = 0;
  for (const turn of conversation.turns) {
    let input = [...history, { role: "user", content: turn.user }];
    let remaining = turn.calls;
    let turnServed = true;
    for (;;) {
      scripted.script.set(remaining);
      const result = await run(agent, input, { maxTurns: remaining.length + 2 });
      const { made, missed } = scripted.script.outcome();
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
    countTurn(counts, turn, turnServed);
  }
  const requests = scripted.script.requests.slice(before);
  return { ...counts, requests: requests.length, tools: requests.reduce((sum, count) => sum + count, 0) };
}

/** Replays every conversation through each row. */
export async function measureOpenAIAgents({ location = sessionsLocation, limit } = {}) {
  const maxTools = 5;
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

runLoopBench(import.meta.url, measureOpenAIAgents);
