// OpenAI Agents SDK + toolsiftAgent: the agent holds all 30 tools, and each model call is offered only the few its
// conversation needs (top 3 here), as a set that only grows, at the end, when a turn needs a new tool, so the
// provider's prompt cache is kept (`stableTools: false`: each call its own selection). Runs offline: a scripted model
// stands in for OpenAI's and prints what it is given.
//
//   npm run build && npx node examples/openai-agents/agent.ts
//
// For a real model, drop `model: scriptedModel` (the SDK then uses OpenAI's Responses API with OPENAI_API_KEY).
// MCP servers work the same way: `new Agent({ mcpServers: [server] })`, their tools selected as `<server>__<tool>`.
import { Agent, run, setTracingDisabled, tool, Usage, user, type Model, type ModelRequest } from "@openai/agents";
import { toolsiftAgent } from "toolsift/openai-agents";
import type { z } from "zod";
import { tools as saasTools } from "../shared/tools.ts";
import { twoTurnScript } from "../shared/two-turn-script.ts";

setTracingDisabled(true); // the example sends nothing anywhere

// The shared 30-tool SaaS catalog (AI SDK tools with zod schemas) as OpenAI Agents SDK function tools.
const tools = Object.entries(saasTools).map(([name, entry]) =>
  tool({
    name,
    description: typeof entry.description === "string" ? entry.description : "",
    parameters: entry.inputSchema as z.ZodObject,
    execute: async (input) => JSON.stringify(await (entry.execute as (input: unknown) => Promise<unknown>)(input)),
  }),
);

const script = twoTurnScript;
let position = 0;
const scriptedModel: Model = {
  async getResponse(request: ModelRequest) {
    const offered = request.tools.map((entry) => entry.name);
    console.log(`  model call: offered ${offered.length} of ${tools.length} tools: ${offered.join(", ")}`);
    const turn = script[position++] ?? { text: "Done." };
    const output =
      "call" in turn && offered.includes(turn.call)
        ? [
            {
              type: "function_call" as const,
              callId: `call_${position}`,
              name: turn.call,
              arguments: JSON.stringify(turn.input),
              status: "completed" as const,
            },
          ]
        : [
            {
              type: "message" as const,
              role: "assistant" as const,
              status: "completed" as const,
              content: [
                { type: "output_text" as const, text: "call" in turn ? `(not given ${turn.call})` : turn.text },
              ],
            },
          ];
    return { usage: new Usage(), output };
  },
  getStreamedResponse() {
    throw new Error("the example runs without streaming");
  },
};

const { agent } = toolsiftAgent(
  new Agent({ name: "assistant", instructions: "Help with the user's accounts.", model: scriptedModel, tools }),
  {
    maxTools: 3,
    onEvent: (event) => {
      if (event.type === "tools-selected")
        console.log(`  toolsift: ${JSON.stringify(event.query)} -> ${event.tools.join(", ")}`);
      if (event.type === "tools-changed") console.log(`  toolsift: ${event.message}`);
    },
  },
);

console.log("turn 1: What's the weather in Lisbon for the next 3 days?");
const first = await run(agent, "What's the weather in Lisbon for the next 3 days?");
console.log(`  answer: ${first.finalOutput}`);
console.log("turn 2: A customer was charged twice, refund the duplicate Stripe charge");
const second = await run(agent, [
  ...first.history,
  user("A customer was charged twice, refund the duplicate Stripe charge"),
]);
console.log(`  answer: ${second.finalOutput}`);

export {};
