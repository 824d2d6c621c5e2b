// Loads the BFCL multi-turn sessions and builds what the AI SDK would hand prepareStep at each step of them.
//
// A ground-truth call is written as BFCL writes it, `cd(folder='document')`: the function name is the text
// before the first "(", the arguments Python literals (keyword or positional). They become the `input` of the
// tool-call parts; a call whose arguments do not parse gets `{}` (counted in `unparsedCalls`).
import { readFileSync } from "node:fs";
import { normaliseSchema, sharedDataFile } from "./lib/data.mjs";

/** Where the sessions are read from: env TOOLSIFT_SESSIONS_DATA, else ../shared/bench-data/bfcl-multiturn-dev.json. */
export const sessionsLocation = sharedDataFile("bfcl-multiturn-dev.json", "TOOLSIFT_SESSIONS_DATA");

/** The text every finished turn ends with (the assistant's final answer). */
export const FINAL_TEXT = "Done.";

/** What every tool returns in the replay (prepareStep never needs more than "it ran"). */
export const TOOL_OUTPUT = Object.freeze({ ok: true });

// ---------------------------------------------------------------- Python-literal arguments

const LITERALS = { True: true, False: false, None: null };

/** A small reader of BFCL's argument lists: strings, numbers, True/False/None, lists, tuples, dicts. */
function argumentReader(text) {
  let at = 0;
  const fail = () => {
    throw new SyntaxError(`cannot read arguments at ${at}: ${text}`);
  };
  const skip = () => {
    while (at < text.length && /\s/.test(text[at])) at++;
  };
  const expect = (char) => {
    skip();
    if (text[at] !== char) fail();
    at++;
  };
  function string() {
    const quote = text[at++];
    let value = "";
    while (at < text.length && text[at] !== quote) {
      if (text[at] === "\\" && at + 1 < text.length) {
        const next = text[at + 1];
        value += next === "n" ? "\n" : next === "t" ? "\t" : next;
        at += 2;
      } else value += text[at++];
    }
    if (at >= text.length) fail();
    at++;
    return value;
  }
  function sequence(close) {
    const items = [];
    skip();
    while (text[at] !== close) {
      items.push(value());
      skip();
      if (text[at] === ",") at++;
      else if (text[at] !== close) fail();
      skip();
    }
    at++;
    return items;
  }
  function dict() {
    const object = {};
    skip();
    while (text[at] !== "}") {
      const key = value();
      expect(":");
      object[String(key)] = value();
      skip();
      if (text[at] === ",") at++;
      else if (text[at] !== "}") fail();
      skip();
    }
    at++;
    return object;
  }
  function value() {
    skip();
    const char = text[at];
    if (char === "'" || char === '"') return string();
    if (char === "[") return (at++, sequence("]"));
    if (char === "(") return (at++, sequence(")"));
    if (char === "{") return (at++, dict());
    const word = /^[-+]?[\w.]+/.exec(text.slice(at));
    if (word === null) fail();
    at += word[0].length;
    if (word[0] in LITERALS) return LITERALS[word[0]];
    const number = Number(word[0]);
    if (Number.isNaN(number)) fail();
    return number;
  }
  /** `name=value` or a positional value, up to the closing parenthesis of the call. */
  function argumentsList() {
    const named = {};
    const positional = [];
    skip();
    while (text[at] !== ")") {
      skip();
      const key = /^([A-Za-z_]\w*)\s*=(?!=)/.exec(text.slice(at));
      if (key !== null) {
        at += key[0].length;
        named[key[1]] = value();
      } else positional.push(value());
      skip();
      if (text[at] === ",") at++;
      else if (text[at] !== ")") fail();
      skip();
    }
    at++;
    skip();
    if (at !== text.length) fail();
    return { named, positional };
  }
  return { argumentsList };
}

/**
 * Reads one BFCL call string against the catalog: `{ name, input, parsed }`. Positional arguments take the
 * parameter names in the order of the tool's `properties`; `parsed` is false when the arguments could not be
 * read (then `input` is `{}`).
 */
export function parseCall(call, toolsByName) {
  const open = call.indexOf("(");
  const name = (open < 0 ? call : call.slice(0, open)).trim();
  if (open < 0) return { name, input: {}, parsed: false };
  try {
    const { named, positional } = argumentReader(call.slice(open + 1)).argumentsList();
    const parameterNames = Object.keys(toolsByName.get(name)?.parameters?.properties ?? {});
    if (positional.length > parameterNames.length) return { name, input: {}, parsed: false };
    const input = {};
    positional.forEach((value, i) => (input[parameterNames[i]] = value));
    return { name, input: { ...input, ...named }, parsed: true };
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return { name, input: {}, parsed: false };
  }
}

// ---------------------------------------------------------------- loading

let cached;

/**
 * Reads the sessions once: `{ tools, conversations, unparsedCalls }`. Tools have normalised schemas
 * ("dict" → "object", as bench/lib/data.mjs does for BFCL); each conversation is `{ id, turns: [{ user, calls }] }`
 * with calls `{ name, input, toolCallId }` (ids unique within the conversation).
 */
export function loadSessions() {
  cached ??= loadSessionsFrom(sessionsLocation);
  return cached;
}

/** Reads a sessions file of the same format from `location` (a path or URL), as loadSessions does, uncached. */
export function loadSessionsFrom(location) {
  const raw = JSON.parse(readFileSync(location, "utf8"));
  const tools = raw.tools.map((t) => ({
    name: t.name,
    description: t.description,
    parameters: normaliseSchema(t.parameters),
  }));
  const toolsByName = new Map(tools.map((t) => [t.name, t]));
  let unparsedCalls = 0;
  const conversations = raw.conversations.map((conversation) => {
    let callNumber = 0;
    const turns = conversation.turns.map((turn) => ({
      user: turn.user,
      calls: turn.calls.map((text) => {
        const { name, input, parsed } = parseCall(text, toolsByName);
        if (!toolsByName.has(name))
          throw new Error(`bench/sessions: ${conversation.id} calls "${name}", which is not in the catalog`);
        if (!parsed) unparsedCalls++;
        return { name, input, toolCallId: `call_${++callNumber}` };
      }),
    }));
    return { id: conversation.id, turns };
  });
  return { tools, conversations, unparsedCalls };
}

// ---------------------------------------------------------------- AI SDK shapes

/** The two messages one executed call adds: the assistant's tool-call part and the tool's result. */
export function callMessages({ name, input, toolCallId }) {
  return [
    { role: "assistant", content: [{ type: "tool-call", toolCallId, toolName: name, input }] },
    {
      role: "tool",
      content: [{ type: "tool-result", toolCallId, toolName: name, output: { type: "json", value: TOOL_OUTPUT } }],
    },
  ];
}

/** The StepResult fields prepareStep reads, for a step that made one call. */
export function callStep({ name, input, toolCallId }) {
  return {
    toolCalls: [{ type: "tool-call", toolCallId, toolName: name, input }],
    toolResults: [{ type: "tool-result", toolCallId, toolName: name, input, output: TOOL_OUTPUT }],
    text: "",
  };
}

/** A finished turn as messages: the user text, a call + result per call, then the final answer. */
export function turnMessages(turn) {
  return [
    { role: "user", content: turn.user },
    ...turn.calls.flatMap(callMessages),
    { role: "assistant", content: [{ type: "text", text: FINAL_TEXT }] },
  ];
}

/** A whole conversation as `ModelMessage[]` (what `index.learn` is given). */
export function conversationMessages(conversation) {
  return conversation.turns.flatMap(turnMessages);
}

/**
 * Every prepareStep input of a conversation, in order: before call j of turn t,
 * `{ turn: t, call: j, expected, input: { stepNumber: j, steps, messages } }` where `messages` are the earlier
 * turns, this turn's user message and the messages of calls 0..j-1, and `steps` are those calls as steps.
 */
export function stepInputs(conversation) {
  const inputs = [];
  const history = [];
  conversation.turns.forEach((turn, t) => {
    const prompt = [...history, { role: "user", content: turn.user }];
    turn.calls.forEach((call, j) => {
      const done = turn.calls.slice(0, j);
      inputs.push({
        turn: t,
        call: j,
        expected: call.name,
        input: { stepNumber: j, steps: done.map(callStep), messages: [...prompt, ...done.flatMap(callMessages)] },
      });
    });
    history.push(...turnMessages(turn));
  });
  return inputs;
}
