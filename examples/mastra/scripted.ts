// What the Mastra examples share: the 30-tool SaaS catalog as Mastra tools, a scripted model that stands in for a real
// one, printing the tools each call is offered and calling its script's next tool only when the call offers it, and two
// user turns run and printed.
import type { Agent } from "@mastra/core/agent";
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV4 } from "ai/test";
import type { z } from "zod";
import { tools as saasTools } from "../shared/tools.ts";
import type { ScriptedTurn } from "../shared/two-turn-script.ts";

// The shared 30-tool SaaS catalog (AI SDK tools with zod schemas) as Mastra tools.
export const tools = Object.fromEntries(
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

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model that plays `script`, one turn per call; `held` is how many tools the agent holds (for the printout). */
export function scriptedModel(script: readonly ScriptedTurn[], held: () => number) {
  let position = 0;
  return new MockLanguageModelV4({
    doGenerate: async (options) => {
      const offered = (options.tools ?? []).map((entry) => entry.name);
      console.log(`  model call: offered ${offered.length} of ${held()} tools: ${offered.join(", ")}`);
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
}

/** Runs `first`, then `second` after the first turn's messages (as an app that stores its conversation sends them). */
export async function twoTurns(agent: Agent, first: string, second: string): Promise<void> {
  console.log(`turn 1: ${first}`);
  const answer = await agent.generate(first);
  console.log(`  answer: ${answer.text}`);
  console.log(`turn 2: ${second}`);
  const next = await agent.generate([
    { role: "user", content: first },
    { role: "assistant", content: answer.text },
    { role: "user", content: second },
  ]);
  console.log(`  answer: ${next.text}`);
}
