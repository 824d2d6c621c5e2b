// Which tools one recorded provider request body makes callable: what the scripted model of the session-cost bench
// may call. Shared by bench/session-cost.mjs and its tests (test/session-cost/), hence here.
//
// A tool is callable when the request offers it in a form the provider lets a model call:
// - in `tools` without `defer_loading` (and allowed by `tool_choice`: none, a named tool, OpenAI `allowed_tools`);
// - deferred (`defer_loading: true`) and loaded earlier in the same request: Anthropic `tool_reference` blocks (in a
//   `tool_result` or a server tool-search result) or `tool_addition` blocks (by reference or by value; a later
//   `tool_removal` unloads), OpenAI `tool_search_output` items (their `tools`);
// - "in the conversation": a `call_tool` dispatcher is callable and the tool's definition (its name and description)
//   was delivered as text somewhere outside `tools` (system, messages, input, tool results; a description may be split
//   as a `## opening` heading line several tools share and the rest under it, and that heading may refer with its
//   first words and `…` to one stated in full before it in the same request — an earlier message of the conversation,
//   which every later request holds). The scripted model then calls `call_tool({ name, input })`.

/** The dispatcher an "in the conversation" delivery exposes (the brief's `call_tool({ name, input })`). */
export const DISPATCHER_NAME = "call_tool";

/** Every object inside `value` (depth first, in document order), arrays walked too. */
function* objectsIn(value) {
  if (Array.isArray(value)) for (const item of value) yield* objectsIn(item);
  else if (value !== null && typeof value === "object") {
    yield value;
    for (const child of Object.values(value)) yield* objectsIn(child);
  }
}

/** Every string inside `value`, in document order. */
function* stringsIn(value) {
  if (typeof value === "string") yield value;
  else if (value !== null && typeof value === "object")
    for (const child of Object.values(value)) yield* stringsIn(child);
}

/**
 * Letters and digits only, lower case, JSON escapes read as spaces: a definition rendered as JSON (inside a text
 * block or not), YAML or prose still matches its description.
 */
const bare = (text) =>
  text
    .replace(/\\u[0-9a-fA-F]{4}|\\[nrtbf"\\/]/g, " ")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");

/** `name` as a whole word of `text` (not inside a longer identifier). */
const hasWord = (text, name) =>
  new RegExp(`(?<![A-Za-z0-9_])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![A-Za-z0-9_])`).test(text);

/** The parts of a body outside its tools: where the conversation and anything delivered in it live. */
function conversationParts(body, provider) {
  return provider === "anthropic"
    ? [body.system ?? [], body.messages ?? []]
    : [body.instructions ?? "", body.input ?? []];
}

/** Names the body's `tool_choice` restricts calls to (undefined: no restriction; empty: none allowed). */
function choiceRestriction(body, provider) {
  const choice = body.tool_choice;
  if (choice === undefined || choice === null) return undefined;
  if (choice === "none" || choice?.type === "none") return new Set();
  if (provider === "anthropic" && choice.type === "tool") return new Set([choice.name]);
  if (provider === "openai" && choice.type === "function") return new Set([choice.name]);
  if (provider === "openai" && choice.type === "allowed_tools")
    return new Set(choice.tools.filter((entry) => entry.type === "function").map((entry) => entry.name));
  return undefined;
}

/** The function tools of `tools` (OpenAI namespaces opened), as `{ name, deferred }`. */
function functionTools(tools, provider) {
  const found = [];
  for (const entry of tools ?? []) {
    if (provider === "openai" && entry.type === "namespace") {
      for (const inner of entry.tools ?? []) found.push({ name: inner.name, deferred: inner.defer_loading === true });
    } else if (provider === "openai" ? entry.type === "function" : entry.input_schema !== undefined)
      found.push({ name: entry.name, deferred: entry.defer_loading === true });
  }
  return found;
}

/**
 * Names loaded into the request by tool search results or tool additions, in document order: `{ loaded, inline }`
 * (`inline`: defined by value in a `tool_addition`, callable without being in `tools`).
 */
function loadedNames(body, provider) {
  const loaded = new Set();
  const inline = new Set();
  for (const object of objectsIn(conversationParts(body, provider))) {
    if (provider === "openai") {
      if (object.type === "tool_search_output")
        for (const tool of objectsIn(object.tools ?? [])) if (tool.type === "function") loaded.add(tool.name);
      continue;
    }
    if (object.type === "tool_reference" && typeof object.tool_name === "string") loaded.add(object.tool_name);
    if (object.type === "tool_addition") {
      const tool = object.tool ?? {};
      if (tool.type === "tool_reference") loaded.add(tool.name);
      if (tool.type === "tool_definition" && tool.definition?.name) inline.add(tool.definition.name);
    }
    if (object.type === "tool_removal") {
      loaded.delete(object.tool?.name);
      inline.delete(object.tool?.name);
    }
  }
  return { loaded, inline };
}

/** What ends a heading that refers to one stated in full before it (`## This tool belongs to the Acme…`). */
const REFERENCE_MARK = "…";

/** Every `## heading` line of the chunks, in document order: `{ chunk, start, end, text }` (`end`: after the line). */
function headingLines(chunks) {
  const lines = [];
  chunks.forEach((chunk, index) => {
    for (const match of chunk.raw.matchAll(/^## (.+)$/gm))
      lines.push({ chunk: index, start: match.index, end: match.index + match[0].length, text: match[1] });
  });
  return lines;
}

/**
 * The opening a heading states: its own text, or for a reference (`words…`) the one heading stated in full before it
 * in this request (an earlier string, or earlier in its own) that starts with those words; undefined when none or
 * several do (the model could not tell which it means).
 */
function headingOpening(heading, lines) {
  if (!heading.text.endsWith(REFERENCE_MARK)) return heading.text;
  const words = heading.text.slice(0, -REFERENCE_MARK.length);
  const before = (line) => line.chunk < heading.chunk || (line.chunk === heading.chunk && line.start < heading.start);
  const meant = new Set(
    lines
      .filter((line) => before(line) && !line.text.endsWith(REFERENCE_MARK) && line.text.startsWith(words))
      .map((line) => line.text),
  );
  return meant.size === 1 ? [...meant][0] : undefined;
}

/**
 * Whether the chunk at `index` holds a tool (`wanted`: its description, bare) split as a `## opening` heading line
 * and, under it (before the next heading), its name and the rest: a delivery that states the opening several tools
 * share once. The heading may refer to an opening stated in full earlier in the same request (`headingOpening`).
 */
function underHeading(chunks, lines, index, name, wanted) {
  const raw = chunks[index].raw;
  const own = lines.filter((line) => line.chunk === index);
  return own.some((heading, position) => {
    const text = headingOpening(heading, lines);
    const opening = text === undefined ? "" : bare(text);
    if (opening.length === 0 || !wanted.startsWith(opening)) return false;
    const section = raw.slice(heading.end, own[position + 1]?.start ?? raw.length);
    return hasWord(section, name) && bare(section).includes(wanted.slice(opening.length));
  });
}

/**
 * What a request makes callable: `{ direct: Set<name>, dispatcher: boolean, delivered(tool) }`. `direct` names the
 * tools the model may call by their own name; `dispatcher` says `call_tool` is among them; `delivered({ name,
 * description })` says whether that tool's definition was delivered as text outside `tools`.
 */
export function callableTools(body, provider) {
  if (provider !== "anthropic" && provider !== "openai")
    throw new Error(`callableTools: provider "${provider}"; expected "anthropic" or "openai"`);
  const { loaded, inline } = loadedNames(body, provider);
  const restriction = choiceRestriction(body, provider);
  const direct = new Set();
  for (const { name, deferred } of functionTools(body.tools, provider))
    if ((!deferred || loaded.has(name)) && (restriction === undefined || restriction.has(name))) direct.add(name);
  // An inline tool_addition defines a tool that need not be in `tools` at all.
  for (const name of inline) if (restriction === undefined || restriction.has(name)) direct.add(name);
  let chunks;
  let lines;
  // Delivered: some string outside `tools` holds the tool's whole description and its name as a word (catalogs
  // share description preambles, and short names such as "cd" occur inside other words), or its name and the rest of
  // its description under a heading that states (or refers to) the opening.
  const delivered = ({ name, description }) => {
    chunks ??= [...stringsIn(conversationParts(body, provider))].map((raw) => ({ raw, bare: bare(raw) }));
    lines ??= headingLines(chunks);
    const wanted = bare(description);
    return chunks.some(
      (chunk, index) =>
        (hasWord(chunk.raw, name) && chunk.bare.includes(wanted)) || underHeading(chunks, lines, index, name, wanted),
    );
  };
  return { direct, dispatcher: direct.has(DISPATCHER_NAME), delivered };
}
