// toolsift/mastra in Mastra's own agent loop (Agent.generate), on BFCL's multi-turn conversations: calls served and
// tools per model call, beside Mastra's default of sending every tool (issue 32, "Measured").
//
//   npm run build && npx node bench/mastra.mjs [--set FILE] [--limit N] [--json]
//
// The sessions harness's rules (bench/session-cost.mjs) in Mastra's loop: each user turn is one
// `agent.generate(messages)` whose messages are the conversation so far (earlier turns: the user text, each
// ground-truth call as a tool call and its result, the final answer) and the turn's user message. The model is a
// scripted AI SDK language model (`MockLanguageModelV4`): if the turn's next ground-truth call is among the tools
// Mastra sends it (`options.tools`), it calls it with the ground-truth arguments (Mastra runs the tool, which returns a
// short fixed text); otherwise it answers with text, a miss that ends the generate call. A miss continues as the
// harness scores it: the calls made, the miss text and the missed call (done out of band) are appended and a new
// generate call continues the turn. Rows: every tool, and toolsiftProcessor over a cold index with `maxTools: 5`, as
// the AI SDK rows of bench/session-cost.mjs (prepareStep's default cache-keeping set, and `stableTools: false`).
import { Agent } from "@mastra/core/agent";
import { jsonSchema, tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { missText } from "../scripts/session-cost/scripted-provider.mjs";
import { countTurn, runLoopBench, turnScript } from "./lib/loop-report.mjs";
import { FINAL_TEXT, loadSessionsFrom, sessionsLocation } from "./sessions-data.mjs";

const TOOL_RESULT = "ok";
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** The scripted model over `turnScript()`: it reads the tools Mastra sends it (`options.tools`). */
function scriptedModel() {
  const script = turnScript();
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      const decision = script.next((options.tools ?? []).map((entry) => entry.name));
      if ("text" in decision)
        return {
          content: [{ type: "text", text: decision.text }],
          finishReason: { unified: "stop", raw: "stop" },
          usage,
          warnings: [],
        };
      const { call, position } = decision;
      return {
        content: [
          {
            type: "tool-call",
            toolCallId: `${call.toolCallId}_${position}`,
            toolName: call.name,
            input: JSON.stringify(call.input),
          },
        ],
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage,
        warnings: [],
      };
    },
  });
  return { model, script };
}

/** The messages of one call done (by the model or out of band): the assistant's tool call and its result. */
function callMessages({ name, input, toolCallId }, id = toolCallId) {
  return [
    { role: "assistant", content: [{ type: "tool-call", toolCallId: id, toolName: name, input }] },
    {
      role: "tool",
      content: [{ type: "tool-result", toolCallId: id, toolName: name, output: { type: "text", value: TOOL_RESULT } }],
    },
  ];
}

/** Replays one conversation: `{ calls, served, turns, turnsServed, requests, tools }`. */
async function replayConversation(conversation, agent, scripted) {
  const counts = { calls: 0, served: 0, turns: 0, turnsServed: 0 };
  const before = scripted.script.requests.length;
  const history = [];
  for (const turn of conversation.turns) {
    history.push({ role: "user", content: turn.user });
    let remaining = turn.calls;
    let turnServed = true;
    for (;;) {
      scripted.script.set(remaining);
      await agent.generate([...history], { maxSteps: remaining.length + 2 });
      const { made, missed } = scripted.script.outcome();
      counts.served += made;
      history.push(...remaining.slice(0, made).flatMap((call) => callMessages(call)));
      remaining = remaining.slice(made);
      if (!missed) break;
      turnServed = false;
      history.push({ role: "assistant", content: missText() });
      history.push(...callMessages(remaining[0], `${remaining[0].toolCallId}_out_of_band`));
      remaining = remaining.slice(1);
    }
    history.push({ role: "assistant", content: FINAL_TEXT });
    countTurn(counts, turn, turnServed);
  }
  const requests = scripted.script.requests.slice(before);
  return { ...counts, requests: requests.length, tools: requests.reduce((sum, count) => sum + count, 0) };
}

/** Replays every conversation through each row. */
export async function measureMastra({ location = sessionsLocation, limit } = {}) {
  const { createToolIndex } = await import("../dist/index.js");
  const { toolsiftProcessor } = await import("../dist/mastra/index.js");
  const { tools: catalog, conversations } = loadSessionsFrom(location);
  const chosen = limit === undefined ? conversations : conversations.slice(0, limit);
  const tools = Object.fromEntries(
    catalog.map((entry) => [
      entry.name,
      tool({
        description: entry.description,
        inputSchema: jsonSchema(entry.parameters),
        execute: async () => TOOL_RESULT,
      }),
    ]),
  );
  const rows = [
    { name: "every tool (Mastra's default)", options: undefined },
    { name: "toolsiftProcessor (prepareStep's default: cache-keeping set)", options: { maxTools: 5 } },
    { name: "toolsiftProcessor, stableTools: false", options: { maxTools: 5, stableTools: false } },
  ];
  const results = [];
  for (const row of rows) {
    const scripted = scriptedModel();
    const inputProcessors = row.options === undefined ? [] : [toolsiftProcessor(createToolIndex(tools), row.options)];
    const agent = new Agent({
      id: "bfcl",
      name: "bfcl",
      instructions: "",
      model: scripted.model,
      tools,
      inputProcessors,
    });
    const total = { calls: 0, served: 0, turns: 0, turnsServed: 0, requests: 0, tools: 0 };
    const start = performance.now();
    for (const conversation of chosen) {
      const counts = await replayConversation(conversation, agent, scripted);
      for (const key of Object.keys(total)) total[key] += counts[key];
    }
    results.push({ name: row.name, ...total, seconds: (performance.now() - start) / 1000 });
  }
  return { rows: results, toolCount: catalog.length, conversationCount: chosen.length };
}

runLoopBench(import.meta.url, measureMastra);
