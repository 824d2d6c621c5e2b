// toolsift/langchain in LangChain's own agent loop (`createAgent`), on BFCL's multi-turn conversations: calls served,
// tools per model call and the cached bill of the recorded request bodies, beside LangChain's default of binding
// every tool and beside the same deliveries in the plain AI SDK loop (issue 32, item 4).
//
//   npm run build && npx node bench/langchain-loop.mjs [--set FILE] [--limit N] [--system-tokens N]
//     [--result-tokens MIN-MAX]
//   (without flags: today's size and production size, `--system-tokens 2000 --result-tokens 300-500`, written to
//   bench/langchain-loop.md)
//
// The replay, the scripted model and the bill are bench/session-cost.mjs's (its `measureSessionCost`, rows with their
// own `deliver` and `runTurn`): each user turn is one `agent.invoke` of a LangChain `createAgent` whose chat model
// hands each call to the scripted provider's AI SDK language model (`@ai-sdk/anthropic`, `@ai-sdk/openai` Responses,
// `doGenerate` with the LangChain messages as a prompt and the bound tools as function tools), so every request body
// is the provider package's own, recorded and priced as session-cost prices the AI SDK rows. The model calls the
// turn's next ground-truth tool only when the request makes it callable, else answers with text (a miss: the call is
// appended as done out of band and the turn goes on). LangChain rows: every tool (no middleware), and
// `toolsiftMiddleware({ maxTools: 5 })` (the default, `stableTools`: prepareStep's cache-keeping set) and with
// `stableTools: false`, each over its own cold index; the AI SDK rows are session-cost's.
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { tool as langChainTool } from "@langchain/core/tools";
import { createAgent } from "langchain";
import { agentPerDelivery, runLoopBill } from "./lib/loop-bill.mjs";

const langchainLocation = new URL("../dist/langchain/index.js", import.meta.url);

/** The text of a LangChain message's content (a string, or text parts). */
function textOf(content) {
  if (typeof content === "string") return content;
  return content
    .filter((part) => part.type === "text")
    .map((part) => part.text)
    .join("");
}

/** LangChain messages as an AI SDK V4 prompt; consecutive tool messages are one (the AI SDK writes a step so). */
function toPrompt(messages) {
  const prompt = [];
  for (const message of messages) {
    if (SystemMessage.isInstance(message)) prompt.push({ role: "system", content: textOf(message.content) });
    else if (HumanMessage.isInstance(message))
      prompt.push({ role: "user", content: [{ type: "text", text: textOf(message.content) }] });
    else if (AIMessage.isInstance(message)) {
      const text = textOf(message.content);
      const calls = (message.tool_calls ?? []).map((call) => ({
        type: "tool-call",
        toolCallId: call.id,
        toolName: call.name,
        input: call.args,
      }));
      prompt.push({ role: "assistant", content: [...(text === "" ? [] : [{ type: "text", text }]), ...calls] });
    } else if (ToolMessage.isInstance(message)) {
      const result = {
        type: "tool-result",
        toolCallId: message.tool_call_id,
        toolName: message.name,
        output: { type: "text", value: textOf(message.content) },
      };
      if (prompt.at(-1)?.role === "tool") prompt.at(-1).content.push(result);
      else prompt.push({ role: "tool", content: [result] });
    } else throw new Error(`bench/langchain-loop: no prompt form for a ${message.getType()} message`);
  }
  return prompt;
}

/** A LangChain chat model that sends each call through an AI SDK language model (the scripted provider's). */
class LanguageModelChat extends BaseChatModel {
  constructor(model, parameters, tools = []) {
    super({});
    this.model = model;
    this.parameters = parameters;
    this.tools = tools;
  }
  _llmType() {
    return "ai-sdk-language-model";
  }
  bindTools(tools) {
    return new LanguageModelChat(this.model, this.parameters, tools);
  }
  async _generate(messages) {
    // The tools as generateText passes them: name, description, the catalog's JSON Schema.
    const tools = this.tools.map((entry) => ({
      type: "function",
      name: entry.name,
      description: entry.description,
      inputSchema: this.parameters.get(entry.name),
    }));
    const result = await this.model.doGenerate({
      prompt: toPrompt(messages),
      ...(tools.length === 0 ? {} : { tools, toolChoice: { type: "auto" } }),
    });
    const text = result.content.filter((part) => part.type === "text").map((part) => part.text);
    const toolCalls = result.content
      .filter((part) => part.type === "tool-call")
      .map((part) => ({ id: part.toolCallId, name: part.toolName, args: JSON.parse(part.input), type: "tool_call" }));
    const message = new AIMessage({ content: text.join(""), tool_calls: toolCalls });
    return { generations: [{ text: text.join(""), message }] };
  }
}

/** AI SDK model messages (the replay's history) as LangChain messages. */
function toLangChain(messages) {
  return messages.flatMap((message) => {
    const parts = typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
    const text = parts
      .filter((part) => part.type === "text")
      .map((part) => part.text)
      .join("");
    if (message.role === "user") return [new HumanMessage(text)];
    if (message.role === "assistant") {
      const calls = parts.filter((part) => part.type === "tool-call");
      const tool_calls = calls.map((part) => ({ id: part.toolCallId, name: part.toolName, args: part.input }));
      return [new AIMessage({ content: text, tool_calls })];
    }
    if (message.role === "tool")
      return parts.map(
        (part) => new ToolMessage({ content: part.output.value, tool_call_id: part.toolCallId, name: part.toolName }),
      );
    throw new Error(`bench/langchain-loop: no LangChain form for a ${message.role} message`);
  });
}

/** The catalog as LangChain tools running the AI SDK tools' `execute` (the seeded results), made once per tool set. */
const langChainTools = new WeakMap();
function toolsOf(toolSet) {
  let tools = langChainTools.get(toolSet);
  if (tools === undefined) {
    tools = Object.entries(toolSet).map(([name, entry]) =>
      langChainTool(async (input) => entry.execute(input, { toolCallId: name, messages: [] }), {
        name,
        description: entry.description,
        schema: entry.inputSchema.jsonSchema,
      }),
    );
    langChainTools.set(toolSet, tools);
  }
  return tools;
}

/**
 * session-cost's `runTurn` in LangChain's loop: one `createAgent(...).invoke` from the history (the agent is made once
 * per delivery, model and system prompt). Tool errors: tool messages with status "error".
 */
const agentFor = agentPerDelivery(({ model, toolSet, delivery, system }) => {
  const parameters = new Map(Object.entries(toolSet).map(([name, entry]) => [name, entry.inputSchema.jsonSchema]));
  return createAgent({
    model: new LanguageModelChat(model, parameters),
    tools: toolsOf(toolSet),
    middleware: delivery.middleware,
    ...(system === "" ? {} : { systemPrompt: system }),
  });
});
async function langchainTurn(turn) {
  const input = toLangChain(turn.messages);
  const result = await agentFor(turn).invoke({ messages: input }, { recursionLimit: 1_000 });
  const added = result.messages.slice(input.length);
  const toolErrors = added.filter((message) => ToolMessage.isInstance(message) && message.status === "error").length;
  // The messages the run added as the AI SDK's `responseMessages` hold them (one tool message per step).
  return { responseMessages: toPrompt(added), toolErrors };
}

const LOOP_NOTES = [
  "LangChain rows: each user turn is one `agent.invoke` of `createAgent` (langchain 1.5, @langchain/core 1.4) from the",
  "conversation so far; its chat model sends each call through the scripted provider's AI SDK language model",
  "(`doGenerate`: the LangChain messages as the prompt, the bound tools as function tools with the catalog's JSON",
  "Schema), so the request bodies are `@ai-sdk/anthropic`'s and `@ai-sdk/openai`'s, recorded and priced as the AI SDK",
  "rows' are. Tools run in LangChain's tool node and return the same seeded results. `toolsiftMiddleware({ maxTools: 5",
  "})` indexes the tools on its first call (cold, keyword ranking), one middleware per row and provider for every",
  "conversation, as one `prepareStep` serves every conversation in the AI SDK rows. A miss ends the invoke; the missed",
  "call is appended out of band and a new invoke continues the turn from it. There alone the two loops differ: with no",
  "new human message the middleware reads that invoke as the same run (its steps are the AI messages after the latest",
  "human message), while a new `generateText` call starts with no steps, a turn start, where the set may take more",
  "tools. Compared request by request (Anthropic, today's size), the tools arrays of the default rows differ in 25 of",
  "the 100 conversations, each time first at the request right after a miss in both loops; calls served are the same.",
  "With `stableTools: false` the same reading keeps the tools called in the run's last two model turns bound after a",
  "miss, where a new `generateText` call has no steps to keep them from: the AI SDK loop with its steps read so serves",
  "76.3% at 7.0 tools, as this row does (bench/experiments/per-call-steps/NOTES.md).",
].join(" ");

await runLoopBill(import.meta.url, {
  title: "toolsift/langchain in LangChain's agent loop: calls served and the cached bill (BFCL multi-turn)",
  script: "bench/langchain-loop.mjs",
  file: "langchain-loop.md",
  notes: LOOP_NOTES,
  framework: {
    framework: "LangChain",
    adapter: "toolsiftMiddleware",
    modes: { stable: "langchain-stable", perCall: "langchain-per-call" },
    runTurn: langchainTurn,
    load: () => import(langchainLocation),
    deliver: ({ toolsiftMiddleware }, options) => ({
      middleware: options === undefined ? [] : [toolsiftMiddleware(options)],
    }),
  },
});
