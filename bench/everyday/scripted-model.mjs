// The everyday bench's scripted model: the real `@ai-sdk/anthropic` package behind a `fetch` that reads each request
// body as the provider would (scripts/session-cost/callable-tools.mjs says which tools it makes callable: activeTools,
// deferred tools loaded by a tool search, definitions delivered in the conversation behind `call_tool`) and answers
// as a model following the turn's expected steps would:
// - the next expected step's first acceptable tool that this request offers is called (through `call_tool` when only
//   its definition was delivered);
// - none offered but a search tool is: it searches with the user's text (once per step), then calls the found tool
//   if it is acceptable;
// - otherwise, and for turns that need no tool, it answers in text, which ends the turn.
// Every request is recorded with the catalog tools it offered, so the bench counts what the model was given, never
// what the ground truth says it should have been given.
import { createAnthropic } from "@ai-sdk/anthropic";
import { DISPATCHER_NAME, callableTools } from "../../scripts/session-cost/callable-tools.mjs";
import { MODEL_IDS, anthropicMessage, jsonResponse } from "../../scripts/session-cost/provider-responses.mjs";

export const FINAL_TEXT = "Done.";
export const MISS_TEXT = "I cannot do that with the tools I have.";
export const NO_TOOL_TEXT = "Happy to help.";

/** Names of the search meta-tools a delivery may offer (toolsift's `search_tools`). */
const SEARCH_TOOLS = new Set(["search_tools"]);

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** A small input that satisfies `schema` (required properties only): what the model sends with a call. */
export function sampleInput(schema, depth = 0) {
  if (!isObject(schema) || depth > 6) return "x";
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (Array.isArray(alternatives) && alternatives.length > 0 && schema.type === undefined)
    return sampleInput(alternatives[0], depth + 1);
  let type = Array.isArray(schema.type) ? (schema.type.find((entry) => entry !== "null") ?? "null") : schema.type;
  type ??= isObject(schema.properties) ? "object" : schema.items !== undefined ? "array" : "string";
  switch (type) {
    case "object": {
      const value = {};
      const properties = isObject(schema.properties) ? schema.properties : {};
      for (const key of Array.isArray(schema.required) ? schema.required : [])
        value[key] = sampleInput(properties[key], depth + 1);
      return value;
    }
    case "array":
      return Array.from({ length: Math.max(0, schema.minItems ?? 0) }, () => sampleInput(schema.items, depth + 1));
    case "integer":
    case "number": {
      const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
      return typeof schema.maximum === "number" ? Math.min(low, schema.maximum) : low;
    }
    case "boolean":
      return true;
    case "null":
      return null;
    default: {
      const byFormat = {
        uri: "https://example.com/x",
        url: "https://example.com/x",
        email: "a@example.com",
        "date-time": "2026-01-05T10:00:00Z",
        date: "2026-01-05",
        time: "10:00:00",
        uuid: "00000000-0000-4000-8000-000000000000",
      }[schema.format];
      return byFormat ?? "x".repeat(Math.max(1, schema.minLength ?? 1));
    }
  }
}

/**
 * The scripted model for one catalog (`{ name, description, inputSchema }[]`): `{ model, startTurn(turn), setOrder,
 * takeRequests() }`. `startTurn({ text, steps })` before each generateText call; `setOrder(names)` hands it the
 * ranked order the delivery's prepareStep returned for the coming request (undefined when the order is not a ranking);
 * `takeRequests()` returns and forgets the requests of the turn, each `{ offered, order, search, step, decision }`.
 */
export function createEverydayModel(catalog) {
  const byName = new Map(catalog.map((tool) => [tool.name, tool]));
  const state = { turn: undefined, next: 0, searched: -1, order: undefined, requests: [], outcomes: [], id: 1 };

  function offeredTools(body) {
    const callable = callableTools(body, "anthropic");
    const offered = [];
    for (const entry of body.tools ?? [])
      if (byName.has(entry.name) && callable.direct.has(entry.name)) offered.push(entry.name);
    for (const name of callable.direct) if (byName.has(name) && !offered.includes(name)) offered.push(name);
    const viaDispatcher = new Set();
    if (callable.dispatcher) {
      // Only tools named somewhere in the conversation can have been delivered: check those.
      const text = JSON.stringify([body.system ?? [], body.messages ?? []]);
      for (const tool of catalog)
        if (!offered.includes(tool.name) && text.includes(tool.name) && callable.delivered(tool)) {
          offered.push(tool.name);
          viaDispatcher.add(tool.name);
        }
    }
    const search = [...callable.direct].find((name) => SEARCH_TOOLS.has(name) && !byName.has(name));
    return { offered, viaDispatcher, search };
  }

  function call(name, viaDispatcher) {
    const input = sampleInput(byName.get(name).inputSchema);
    return viaDispatcher
      ? { type: "call", name: DISPATCHER_NAME, input: { name, input } }
      : { type: "call", name, input };
  }

  function decide(body) {
    const { offered, viaDispatcher, search } = offeredTools(body);
    const record = { offered, order: state.order, search: search !== undefined, step: state.next };
    state.order = undefined;
    state.requests.push(record);
    const steps = state.turn.steps;
    if (state.next >= steps.length) return { type: "text", text: steps.length === 0 ? NO_TOOL_TEXT : FINAL_TEXT };
    const wanted = steps[state.next];
    const pick = wanted.find((name) => offered.includes(name));
    if (pick !== undefined) {
      if (!offered.includes(pick)) throw new Error(`everyday model: asked to call "${pick}", which was not offered`);
      state.outcomes[state.next] = {
        offered: true,
        via: state.searched === state.next ? "search" : "direct",
        tools: offered,
      };
      state.next++;
      return call(pick, viaDispatcher.has(pick));
    }
    if (search !== undefined && state.searched !== state.next) {
      state.searched = state.next;
      return { type: "call", name: search, input: { query: state.turn.text } };
    }
    state.outcomes[state.next] = { offered: false, tools: offered };
    return { type: "text", text: MISS_TEXT };
  }

  async function fetch(_url, init) {
    const body = JSON.parse(typeof init?.body === "string" ? init.body : new TextDecoder().decode(init.body));
    const decision = decide(body);
    state.requests.at(-1).decision = decision.type === "call" ? decision.name : "text";
    return jsonResponse(anthropicMessage(decision, state.id++));
  }

  const model = createAnthropic({ apiKey: "test", fetch })(MODEL_IDS.anthropic);
  return {
    model,
    startTurn(turn) {
      state.turn = turn;
      state.next = 0;
      state.searched = -1;
      state.order = undefined;
      state.requests = [];
      state.outcomes = [];
    },
    setOrder(names) {
      state.order = names === undefined ? undefined : [...names];
    },
    /** The turn's requests and, per expected step, `{ offered, via?, tools }` (undefined: not reached). */
    finishTurn() {
      const steps = state.turn.steps.map((_, s) => state.outcomes[s]);
      return { requests: state.requests, steps };
    },
  };
}
