// A scripted model behind the real provider packages: `@ai-sdk/anthropic` (Messages API) and `@ai-sdk/openai`
// (Responses API) are given a `fetch` that records every request body and answers in the provider's response shape.
// The model follows a script (the ground-truth calls of a user turn): it calls the next one when the request makes
// it callable (callable-tools.mjs), through the `call_tool` dispatcher when only its definition was delivered in the
// conversation, and otherwise answers with text (a miss); provider-responses.mjs shapes the answers. Shared by
// bench/session-cost.mjs and its tests.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { DISPATCHER_NAME, callableTools } from "./callable-tools.mjs";
import { MODEL_IDS, anthropicMessage, jsonResponse, openaiResponse } from "./provider-responses.mjs";

/** The model ids the bench asks for (they only shape the URL and body; nothing leaves the process). */
export { MODEL_IDS };

/** The answer when the script is done (the turn's final text). */
export const FINAL_TEXT = "Done.";

/** The text a miss answers with (it names no tool: a later selection must not read the answer from it). */
export const missText = () => "I cannot do that with the tools I have.";

/** OpenAI stores response items (`store` defaults to true) and the SDK then sends `item_reference`s: expand them. */
function expandReferences(body, stored) {
  if (!Array.isArray(body.input)) return body;
  const input = body.input.map((item) => {
    if (item?.type !== "item_reference") return item;
    const found = stored.get(item.id);
    if (found === undefined) throw new Error(`scripted provider: item_reference to unknown item "${item.id}"`);
    return found;
  });
  return { ...body, input };
}

/**
 * A scripted provider: `{ provider, model, requests, setScript(calls), pending(), reset() }`.
 * - `model`: the real package's language model, wired to the recording fetch;
 * - `setScript(calls)`: the calls (`{ name, input }`) the model makes next, in order;
 * - `requests`: one record per request, `{ body, rendered, decision }` (`rendered`: the body as the provider
 *   renders it, OpenAI `item_reference`s replaced by the stored items; `decision`: `{ type: "call", name, input,
 *   via }` where `via` is "direct" or "dispatcher", `{ type: "miss", name }` or `{ type: "final" }`, with
 *   `output`, the text the model produced);
 * - `reset()`: forgets requests and stored items and restarts the ids (call it between conversations, so the same
 *   conversation gets the same ids in every row).
 * `catalog` (`{ name, description }[]`) tells the dispatcher check which description a delivered definition has.
 */
export function createScriptedProvider({ provider, catalog }) {
  if (provider !== "anthropic" && provider !== "openai")
    throw new Error(`createScriptedProvider: provider "${provider}"; expected "anthropic" or "openai"`);
  const byName = new Map(catalog.map((tool) => [tool.name, tool]));
  const state = { script: [], requests: [], stored: new Map(), nextId: 1 };

  function decide(body) {
    const next = state.script[0];
    if (next === undefined) return { type: "final", output: FINAL_TEXT };
    const callable = callableTools(body, provider);
    if (callable.direct.has(next.name)) {
      state.script.shift();
      return { type: "call", name: next.name, input: next.input, via: "direct" };
    }
    const tool = byName.get(next.name) ?? { name: next.name, description: next.name };
    if (callable.dispatcher && callable.delivered(tool)) {
      state.script.shift();
      return { type: "call", name: next.name, input: next.input, via: "dispatcher" };
    }
    return { type: "miss", name: next.name };
  }

  async function fetch(url, init) {
    const body = JSON.parse(typeof init?.body === "string" ? init.body : new TextDecoder().decode(init.body));
    const rendered = provider === "openai" ? expandReferences(body, state.stored) : body;
    const decision = decide(rendered);
    const id = state.nextId++;
    const answer =
      decision.type === "call"
        ? decision.via === "direct"
          ? { type: "call", name: decision.name, input: decision.input }
          : { type: "call", name: DISPATCHER_NAME, input: { name: decision.name, input: decision.input } }
        : { type: "text", text: decision.type === "miss" ? missText() : FINAL_TEXT };
    decision.output = answer.type === "call" ? answer.name + JSON.stringify(answer.input) : answer.text;
    state.requests.push({ url: String(url), body, rendered, decision });
    if (provider === "anthropic") return jsonResponse(anthropicMessage(answer, id));
    const response = openaiResponse(answer, id);
    for (const item of response.output) state.stored.set(item.id, item);
    return jsonResponse(response);
  }

  const model =
    provider === "anthropic"
      ? createAnthropic({ apiKey: "test", fetch })(MODEL_IDS.anthropic)
      : createOpenAI({ apiKey: "test", fetch }).responses(MODEL_IDS.openai);

  return {
    provider,
    model,
    get requests() {
      return state.requests;
    },
    setScript(calls) {
      state.script = calls.map(({ name, input }) => ({ name, input }));
    },
    pending: () => state.script.map(({ name }) => name),
    reset() {
      state.script = [];
      state.requests = [];
      state.stored = new Map();
      state.nextId = 1;
    },
  };
}
