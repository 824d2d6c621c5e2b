// toolsift/mastra in Mastra's own agent loop (`Agent.generate`), on BFCL's multi-turn conversations: calls served,
// tools per model call and the cached bill of the recorded request bodies, beside Mastra's default of sending every
// tool and beside the same deliveries in the plain AI SDK loop (issue 32, items 3 and "Measured").
//
//   npm run build && npx node bench/mastra.mjs [--set FILE] [--limit N] [--system-tokens N] [--result-tokens MIN-MAX]
//   (without flags: today's size and production size, `--system-tokens 2000 --result-tokens 300-500`, written to
//   bench/mastra.md)
//
// The replay, the scripted model and the bill are bench/session-cost.mjs's (rows with their own `deliver` and
// `runTurn`), as bench/langchain-loop.mjs uses them: each user turn is one `agent.generate(messages)` of a Mastra
// `Agent` from the conversation so far. The agent's model is the scripted provider's AI SDK language model itself
// (`@ai-sdk/anthropic`, `@ai-sdk/openai` Responses: a `LanguageModelV4`, which Mastra's `MastraModelConfig` accepts),
// so Mastra calls it and every request body is the provider package's own, recorded and priced as session-cost prices
// the AI SDK rows. The model calls the turn's next ground-truth tool only when the request makes it callable, else
// answers with text (a miss: the call is appended as done out of band and a new generate call continues the turn).
// Rows: every tool (Mastra's default), and `toolsiftProcessor(index, { maxTools: 5 })` (the default, `stableTools`:
// prepareStep's cache-keeping set) and with `stableTools: false`, each over its own cold index; the AI SDK rows are
// session-cost's.
import { Agent } from "@mastra/core/agent";
import { agentPerDelivery, runLoopBill } from "./lib/loop-bill.mjs";
import { toolErrorsOf } from "./session-cost.mjs";

const toolsiftLocation = new URL("../dist/index.js", import.meta.url);
const mastraLocation = new URL("../dist/mastra/index.js", import.meta.url);

/**
 * session-cost's `runTurn` in Mastra's loop: one `agent.generate(messages)` from the history (the agent is made once
 * per delivery, model and system prompt). What the run added: Mastra's `response.messages` (AI SDK model messages).
 */
const agentFor = agentPerDelivery(
  ({ model, toolSet, delivery, system }) =>
    new Agent({
      id: "bfcl",
      name: "bfcl",
      instructions: system,
      model,
      tools: toolSet,
      inputProcessors: delivery.inputProcessors,
    }),
);
async function mastraTurn(turn) {
  const result = await agentFor(turn).generate(turn.messages, { maxSteps: turn.maxSteps });
  if (result.error !== undefined) throw result.error;
  return { responseMessages: result.response.messages, toolErrors: toolErrorsOf(result.steps) };
}

const LOOP_NOTES = [
  "Mastra rows: each user turn is one `agent.generate(messages)` of a `@mastra/core` 1.71 `Agent` from the",
  "conversation so far (the AI SDK history as input messages; what the run added is its `response.messages`); the",
  "agent's model is the scripted provider's AI SDK language model itself, so Mastra builds each call and the request",
  "bodies are `@ai-sdk/anthropic`'s and `@ai-sdk/openai`'s, recorded and priced as the AI SDK rows' are. Tools run in",
  "Mastra and return the same seeded results. `toolsiftProcessor(index, { maxTools: 5 })` is the agent's input",
  "processor over an index of the tool set (`createToolIndex`, cold, keyword ranking), one per row and provider for every",
  "conversation, as one `prepareStep` serves every conversation in the AI SDK rows. A miss ends the generate call; the",
  "missed call is appended out of band and a new generate call continues the turn from it. Two things Mastra does to",
  "the bodies, seen by comparing them with the AI SDK loop's for the same conversation: it sends each tool's JSON Schema",
  "with `$schema` (draft-07) and `additionalProperties: true` added (the tools block of every tool is about a sixth",
  "longer), and it merges the earlier turns' calls and results given as input into one assistant message and one tool",
  "message (it keeps steps apart only for the steps it runs), so the first request of each turn after the first does",
  "not extend the request before it: the messages are cached anew there, and prepareStep's cache-keeping set, which",
  "replays the earlier steps of a conversation whose prefix it has not seen, finds fewer of them.",
].join(" ");

await runLoopBill(import.meta.url, {
  title: "toolsift/mastra in Mastra's agent loop: calls served and the cached bill (BFCL multi-turn)",
  script: "bench/mastra.mjs",
  file: "mastra.md",
  notes: LOOP_NOTES,
  framework: {
    framework: "Mastra",
    adapter: "toolsiftProcessor",
    modes: { stable: "mastra-stable", perCall: "mastra-per-call" },
    runTurn: mastraTurn,
    load: async () => ({ ...(await import(toolsiftLocation)), ...(await import(mastraLocation)) }),
    deliver: ({ createToolIndex, toolsiftProcessor }, options, { tools }) => ({
      inputProcessors: options === undefined ? [] : [toolsiftProcessor(createToolIndex(tools), options)],
    }),
  },
});
