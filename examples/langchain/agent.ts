// LangChain.js createAgent + toolsiftMiddleware: the agent registers all 30 tools, and each model call
// is bound only the few the conversation needs (top 3 here), as a set that only grows when a turn needs a
// new tool, so the provider's prompt cache is kept (`stableTools: false`: each call its own selection).
// A second middleware after toolsift prints what the model is really given. Runs offline with a scripted
// fake chat model.
//
//   npm run build && npx node examples/langchain/agent.ts
//
// For a real model: `npm install @langchain/openai` and pass `model: new ChatOpenAI({ model: "gpt-4o-mini" })`
// to createAgent (the script below is then ignored). `embeddingModel: new OpenAIEmbeddings()` adds semantic ranking.
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { createAgent, createMiddleware } from "langchain";
import { toolsiftMiddleware } from "toolsift/langchain";
import type { z } from "zod";
import { tools as saasTools } from "../shared/tools.ts";

// The shared 30-tool SaaS catalog (AI SDK tools built from z.object schemas) as LangChain tools.
const tools = Object.entries(saasTools).map(([name, entry]) =>
  tool(async (input: unknown) => JSON.stringify(await (entry.execute as (input: unknown) => Promise<unknown>)(input)), {
    name,
    description: typeof entry.description === "string" ? entry.description : "",
    schema: entry.inputSchema as z.ZodObject<z.ZodRawShape>,
  }),
);

let offered: string[] = [];
const printOffered = createMiddleware({
  name: "PrintOffered",
  wrapModelCall: (request, handler) => {
    offered = request.tools.map((entry) => String((entry as { name?: string }).name));
    console.log(`  model call: bound ${offered.length} of ${tools.length} tools: ${offered.join(", ")}`);
    return handler(request);
  },
});

/** A scripted reply that calls `name` only when the model was given it, as a real model would. */
const callIfOffered = (name: string, args: Record<string, unknown>) => () =>
  offered.includes(name)
    ? new AIMessage({
        content: "",
        tool_calls: [{ name, args, id: `call_${name}_${Math.random().toString(36).slice(2, 8)}`, type: "tool_call" }],
      })
    : new AIMessage(`(I was not given ${name}.)`);

const model = fakeModel()
  .respond(callIfOffered("weather_forecast", { city: "Lisbon", days: 3 }))
  .respond(new AIMessage("Lisbon: sunny, 24°C highs."))
  .respond(callIfOffered("weather_forecast", { city: "Porto", days: 3 }))
  .respond(new AIMessage("Porto: sunny too, a little cooler."))
  .respond(callIfOffered("stripe_list_charges", { limit: 10 }))
  .respond(callIfOffered("stripe_create_refund", { charge: "ch_2" }))
  .respond(new AIMessage("Refunded the duplicate charge ch_2 (re_9f1)."));

const selector = toolsiftMiddleware({
  tools,
  maxTools: 3,
  onEvent: (event) => {
    if (event.type === "tools-selected")
      console.log(
        `  toolsift: query ${JSON.stringify(event.query)} -> ${event.tools.join(", ")} (${event.milliseconds.toFixed(2)} ms)`,
      );
  },
});
// Middleware order: toolsift wraps the printer, so the printer sees toolsift's selection.
const agent = createAgent({ model, tools, middleware: [selector, printOffered] });

const turns = [
  "What's the weather going to be in Lisbon this weekend?",
  "and in Porto?",
  "A customer was charged twice for order 1042 in Stripe; refund the duplicate charge.",
];
let messages: BaseMessage[] = [];
for (const turn of turns) {
  console.log(`\nuser: ${turn}`);
  messages = (await agent.invoke({ messages: [...messages, new HumanMessage(turn)] })).messages;
  console.log(`assistant: ${String(messages.at(-1)?.content)}`);
}
