// toolsift/openai-agents in the OpenAI Agents SDK's own run() loop, on BFCL's multi-turn conversations: calls served,
// tools per model call and the cached bill of the recorded request bodies, beside the SDK's default of sending every
// tool and beside the same deliveries in the plain AI SDK loop (issue 32, items 2 and "Measured").
//
//   npm run build && npx node bench/openai-agents.mjs [--set FILE] [--limit N] [--system-tokens N]
//     [--result-tokens MIN-MAX]
//   (without flags: today's size and production size, `--system-tokens 2000 --result-tokens 300-500`, written to
//   bench/openai-agents.md)
//
// The replay, the scripted model and the bill are bench/session-cost.mjs's (rows with their own `deliver` and
// `runTurn`), as bench/langchain-loop.mjs uses them: each user turn is one `run(agent, input)` of the SDK, its input
// the conversation so far as the SDK's items; the agent's model is an SDK `Model` that hands each call to the scripted
// provider's AI SDK language model (`@ai-sdk/anthropic`, `@ai-sdk/openai` Responses, `doGenerate` with the SDK's
// instructions and input items as a prompt and the tools the SDK serialised for the call, in its order, as function
// tools with the catalog's JSON Schema), so every request body is the provider package's own, recorded and priced as
// session-cost prices the AI SDK rows. The model calls the turn's next ground-truth tool only when the request makes
// it callable, else answers with text (a miss: the call is appended as done out of band and a new run continues the
// turn). Rows: every tool (the SDK's default), and `toolsiftAgent(agent, { maxTools: 5 })` (the default, `stableTools`:
// prepareStep's cache-keeping set) and with `stableTools: false`, each over its own cold index; the AI SDK rows are
// session-cost's.
import { Agent, run, setTracingDisabled, tool, Usage } from "@openai/agents";
import { agentPerDelivery, runLoopBill } from "./lib/loop-bill.mjs";

setTracingDisabled(true);

const openAIAgentsLocation = new URL("../dist/openai-agents/index.js", import.meta.url);

/** The text of an input item's content: a string, or its text parts. */
function textOf(content) {
  if (typeof content === "string") return content;
  return content
    .filter((part) => part.type === "input_text" || part.type === "output_text")
    .map((part) => part.text)
    .join("");
}

/** A function call result's output as text (a string, or a text output). */
function outputText(output) {
  if (typeof output === "string") return output;
  if (output?.type === "text") return output.text;
  throw new Error(`bench/openai-agents: no text in the tool output ${JSON.stringify(output)}`);
}

/**
 * SDK input items as an AI SDK V4 prompt (also the AI SDK messages the replay stores): a model turn's text and calls
 * are one assistant message, consecutive call results one tool message (as the AI SDK writes a step).
 */
function toPrompt(items) {
  const prompt = [];
  const last = (role) => (prompt.at(-1)?.role === role ? prompt.at(-1) : undefined);
  for (const item of items) {
    if (item.role === "user") prompt.push({ role: "user", content: [{ type: "text", text: textOf(item.content) }] });
    else if (item.role === "assistant")
      prompt.push({ role: "assistant", content: [{ type: "text", text: textOf(item.content) }] });
    else if (item.type === "function_call") {
      const call = {
        type: "tool-call",
        toolCallId: item.callId,
        toolName: item.name,
        input: JSON.parse(item.arguments),
      };
      if (last("assistant")) last("assistant").content.push(call);
      else prompt.push({ role: "assistant", content: [call] });
    } else if (item.type === "function_call_result") {
      const result = {
        type: "tool-result",
        toolCallId: item.callId,
        toolName: item.name,
        output: { type: "text", value: outputText(item.output) },
      };
      if (last("tool")) last("tool").content.push(result);
      else prompt.push({ role: "tool", content: [result] });
    } else throw new Error(`bench/openai-agents: no prompt form for the item ${JSON.stringify(item).slice(0, 200)}`);
  }
  return prompt;
}

/** AI SDK model messages (the replay's history) as SDK input items. */
function toItems(messages) {
  return messages.flatMap((message) => {
    if (message.role === "user") return [{ role: "user", content: textOf(message.content) }];
    const parts = typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
    if (message.role === "assistant")
      return parts.map((part) =>
        part.type === "text"
          ? {
              type: "message",
              role: "assistant",
              status: "completed",
              content: [{ type: "output_text", text: part.text }],
            }
          : {
              type: "function_call",
              callId: part.toolCallId,
              name: part.toolName,
              arguments: JSON.stringify(part.input),
              status: "completed",
            },
      );
    if (message.role === "tool")
      return parts.map((part) => ({
        type: "function_call_result",
        callId: part.toolCallId,
        name: part.toolName,
        status: "completed",
        output: { type: "text", text: part.output.value },
      }));
    throw new Error(`bench/openai-agents: no item form for a ${message.role} message`);
  });
}

/** An SDK `Model` that sends each call through an AI SDK language model (the scripted provider's). */
function languageModelOf(model, parameters) {
  return {
    async getResponse(request) {
      const tools = request.tools.map((entry) => {
        if (entry.type !== "function") throw new Error(`bench/openai-agents: a ${entry.type} tool was sent`);
        return {
          type: "function",
          name: entry.name,
          description: entry.description,
          inputSchema: parameters.get(entry.name),
        };
      });
      const system = request.systemInstructions ? [{ role: "system", content: request.systemInstructions }] : [];
      const input = typeof request.input === "string" ? [{ role: "user", content: request.input }] : request.input;
      const result = await model.doGenerate({
        prompt: [...system, ...toPrompt(input)],
        ...(tools.length === 0 ? {} : { tools, toolChoice: { type: "auto" } }),
      });
      const output = result.content.map((part) =>
        part.type === "tool-call"
          ? {
              type: "function_call",
              callId: part.toolCallId,
              name: part.toolName,
              arguments: part.input,
              status: "completed",
            }
          : {
              type: "message",
              role: "assistant",
              status: "completed",
              content: [{ type: "output_text", text: part.text }],
            },
      );
      return { usage: new Usage(), output };
    },
    getStreamedResponse() {
      throw new Error("bench/openai-agents: the scripted model does not stream");
    },
  };
}

/** The catalog as SDK function tools (non-strict JSON Schema) running the AI SDK tools' `execute` (seeded results). */
function toolsOf(toolSet) {
  return Object.entries(toolSet).map(([name, entry]) =>
    tool({
      name,
      description: entry.description,
      parameters: entry.inputSchema.jsonSchema,
      strict: false,
      execute: async (input) => entry.execute(input, { toolCallId: name, messages: [] }),
    }),
  );
}

/**
 * session-cost's `runTurn` in the SDK's loop: one `run(agent, items)` from the history (the agent is made once per
 * delivery, model and system prompt). The SDK validates no input against a non-strict schema: no tool errors.
 */
const agentFor = agentPerDelivery(({ model, toolSet, delivery, system }) => {
  const parameters = new Map(Object.entries(toolSet).map(([name, entry]) => [name, entry.inputSchema.jsonSchema]));
  const base = new Agent({
    name: "bfcl",
    instructions: system,
    model: languageModelOf(model, parameters),
    tools: toolsOf(toolSet),
  });
  return delivery.sift === undefined ? base : delivery.sift(base);
});
async function agentsTurn(turn) {
  const input = toItems(turn.messages);
  const result = await run(agentFor(turn), input, { maxTurns: turn.maxSteps + 1 });
  if (result.history.length < input.length) throw new Error("bench/openai-agents: the run's history lost its input");
  return { responseMessages: toPrompt(result.history.slice(input.length)), toolErrors: 0 };
}

const LOOP_NOTES = [
  "Agents SDK rows: each user turn is one `run(agent, items)` of `@openai/agents` 0.20 from the conversation so far",
  "(the AI SDK history as the SDK's input items); the agent's model sends each call through the scripted provider's AI",
  "SDK language model (`doGenerate`: the SDK's instructions and input items as the prompt, the tools the SDK serialised",
  "for the call, in its order, as function tools with the catalog's JSON Schema), so the request bodies are",
  "`@ai-sdk/anthropic`'s and `@ai-sdk/openai`'s, recorded and priced as the AI SDK rows' are. Tools run in the SDK",
  "(function tools, non-strict JSON Schema) and return the same seeded results. `toolsiftAgent(agent, { maxTools: 5 })`",
  "clones one agent per row and provider for every conversation (cold, keyword ranking), as one `prepareStep` serves",
  "every conversation in the AI SDK rows. A miss ends the run; the missed call is appended out of band and a new run",
  "continues the turn from it (its steps, as toolsiftAgent reads them, are the model turns after the latest user",
  "message, as in LangChain's loop, where a new `generateText` call starts with none; the AI SDK loop with its steps",
  "read so serves 76.3% at 7.0 tools with `stableTools: false`: bench/experiments/per-call-steps/NOTES.md).",
  "Where these rows differ from LangChain's (94.3% and 76.3%): after a miss, the out-of-band call follows the miss's",
  "text as the SDK's items, and toolsiftAgent reads a `function_call` after an assistant message as that message's",
  "call (a model response's text and calls come so), so the next query begins with the miss's words; with that",
  "reading switched off (tried on a copy, not kept: real responses need it) both rows serve what LangChain's do.",
].join(" ");

await runLoopBill(import.meta.url, {
  title: "toolsift/openai-agents in the OpenAI Agents SDK's loop: calls served and the cached bill (BFCL multi-turn)",
  script: "bench/openai-agents.mjs",
  file: "openai-agents.md",
  notes: LOOP_NOTES,
  framework: {
    runTurn: agentsTurn,
    load: () => import(openAIAgentsLocation),
    deliver: ({ toolsiftAgent }, options) =>
      options === undefined ? {} : { sift: (agent) => toolsiftAgent(agent, options).agent },
    framework: "Agents SDK",
    adapter: "toolsiftAgent",
    modes: { stable: "agents-stable", perCall: "agents-per-call" },
  },
});
