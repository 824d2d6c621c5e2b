// Mastra Agent + toolsiftProcessor: the agent holds all 30 tools, and each model call is offered only the few its
// conversation needs (top 3 here), in a set kept stable for the prompt cache. Runs offline: a scripted model stands in
// for a real one and prints what it is given.
//
//   npm run build && npx node examples/mastra/agent.ts
//
// For a real model, pass Mastra a model id instead of `scripted` (`model: "openai/gpt-4o-mini"`, with its key set).
import { Agent } from "@mastra/core/agent";
import { createToolIndex } from "toolsift";
import { toolsiftProcessor } from "toolsift/mastra";
import { twoTurnScript } from "../shared/two-turn-script.ts";
import { scriptedModel, tools, twoTurns } from "./scripted.ts";

const scripted = scriptedModel(twoTurnScript, () => Object.keys(tools).length);

const agent = new Agent({
  id: "assistant",
  name: "assistant",
  instructions: "Help with the user's accounts.",
  // Mastra types models against its own copy of the AI SDK's types; the mock from `ai/test` fits them at run time.
  model: scripted as never,
  tools,
  inputProcessors: [toolsiftProcessor(createToolIndex(tools), { maxTools: 3 })],
});

await twoTurns(
  agent,
  "What's the weather in Lisbon for the next 3 days?",
  "A customer was charged twice, refund the duplicate Stripe charge",
);

export {};
