// Mastra Agent + toolsiftProcessor: the agent holds all 30 tools, and each model call is offered only the few its
// conversation needs (top 3 here), in a set kept stable for the prompt cache. Runs offline: a scripted model stands in
// for a real one and prints what it is given.
//
//   npm run build && npx node examples/mastra/agent.ts
//
// For a real model, pass Mastra a model id instead of `scripted` (`model: "openai/gpt-4o-mini"`, with its key set).
import { Agent } from "@mastra/core/agent";
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV4 } from "ai/test";
import { createToolIndex } from "toolsift";
import { toolsiftProcessor } from "toolsift/mastra";
import type { z } from "zod";
import { tools as saasTools } from "../shared/tools.ts";
import { twoTurnScript } from "../shared/two-turn-script.ts";

// The shared 30-tool SaaS catalog (AI SDK tools with zod schemas) as Mastra tools.
const tools = Object.fromEntries(
  Object.entries(saasTools).map(([id, entry]) => [
    id,
    createTool({
      id,
      description: typeof entry.description === "string" ? entry.description : "",
      inputSchema: entry.inputSchema as z.ZodObject,
      execute: async (input) => (entry.execute as (input: unknown) => Promise<unknown>)(input),
    }),
  ]),
);

const script = twoTurnScript;
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
let position = 0;
const scripted = new MockLanguageModelV4({
  doGenerate: async (options) => {
    const offered = (options.tools ?? []).map((entry) => entry.name);
    console.log(`  model call: offered ${offered.length} of ${Object.keys(tools).length} tools: ${offered.join(", ")}`);
    const turn = script[position++] ?? { text: "Done." };
    if ("call" in turn && offered.includes(turn.call)) {
      const call = {
        type: "tool-call" as const,
        toolCallId: `call_${position}`,
        toolName: turn.call,
        input: JSON.stringify(turn.input),
      };
      return { content: [call], finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage, warnings: [] };
    }
    const text = "call" in turn ? `(not given ${turn.call})` : turn.text;
    return { content: [{ type: "text", text }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
  },
});

const agent = new Agent({
  id: "assistant",
  name: "assistant",
  instructions: "Help with the user's accounts.",
  // Mastra types models against its own copy of the AI SDK's types; the mock from `ai/test` fits them at run time.
  model: scripted as never,
  tools,
  inputProcessors: [toolsiftProcessor(createToolIndex(tools), { maxTools: 3 })],
});

const first = "What's the weather in Lisbon for the next 3 days?";
console.log(`turn 1: ${first}`);
const answer = await agent.generate(first);
console.log(`  answer: ${answer.text}`);
const second = "A customer was charged twice, refund the duplicate Stripe charge";
console.log(`turn 2: ${second}`);
const next = await agent.generate([
  { role: "user", content: first },
  { role: "assistant", content: answer.text },
  { role: "user", content: second },
]);
console.log(`  answer: ${next.text}`);

export {};
