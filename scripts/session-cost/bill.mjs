// The input bill of a conversation's provider requests under prompt caching, computed from the request bodies
// (bench/session-cost.mjs; its tests in test/session-cost/). Two cache models, written down in the bench's header:
//
// Render order and tokens: a request is cut into parts in the order the provider renders them — Anthropic: each
// tool definition (`tools`), then each `system` block, then each message; OpenAI Responses: each tool, then
// `instructions`, then each `input` item. A part's tokens are the o200k count (js-tiktoken) of its JSON text with
// `cache_control` removed (a marker is not prompt text). A deferred tool (`defer_loading: true`) costs 0 tokens in
// `tools`; a `tool_reference` (or a `tool_addition` by reference) that loads it bills its definition where the
// reference appears. Prefixes are compared part by part, byte for byte (a hash chain over the parts' JSON, deferred
// tools included, so changing the deferred set still breaks the prefix).
//
// Anthropic: breakpoints after the last tool and on the last message, plus every part the body itself marks with
// `cache_control`. Each request writes the prefixes ending at its breakpoints. A request reads the longest prefix,
// ending at any of its part boundaries, that an earlier request of the conversation wrote (0.1×); the tokens from
// there to its last breakpoint are written (1.25×); tokens after the last breakpoint are uncached (1×). Not modelled:
// the API's 20-block lookback from a breakpoint (in the bench's replays a read point is a few messages back) and
// its minimum cacheable prompt (1,024 tokens on Sonnet; the model has none for Anthropic).
// OpenAI: automatic prefix caching. The cached prefix of a request is its longest run of leading parts identical to
// the leading parts of any earlier request of the conversation; if that run has at least 1,024 tokens, the cached
// count is 1,024 + the largest multiple of 128 that fits in the rest; cached tokens 0.1×, all others 1×.
import { createHash } from "node:crypto";
import { getEncoding } from "js-tiktoken";

/** Cache prices relative to an uncached input token. */
export const PRICES = Object.freeze({
  anthropic: Object.freeze({ read: 0.1, write: 1.25, uncached: 1 }),
  openai: Object.freeze({ read: 0.1, uncached: 1 }),
});

/** OpenAI's automatic caching: nothing below 1,024 tokens, then in steps of 128. */
export const OPENAI_MINIMUM = 1024;
export const OPENAI_STEP = 128;

let encoding;
const counted = new Map();

/** o200k tokens of `text` (memoised: the same definitions and messages come back on every request). */
export function countTokens(text) {
  let tokens = counted.get(text);
  if (tokens === undefined) {
    encoding ??= getEncoding("o200k_base");
    tokens = encoding.encode(text).length;
    if (counted.size > 200_000) counted.clear();
    counted.set(text, tokens);
  }
  return tokens;
}

/** The tokens OpenAI caches of a matching prefix of `prefixTokens` tokens (the 1,024 / 128 rule). */
export function openaiCachedTokens(prefixTokens) {
  if (prefixTokens < OPENAI_MINIMUM) return 0;
  return OPENAI_MINIMUM + Math.floor((prefixTokens - OPENAI_MINIMUM) / OPENAI_STEP) * OPENAI_STEP;
}

const dropCacheControl = (key, value) => (key === "cache_control" ? undefined : value);

/** A part's JSON without `cache_control` keys (at any depth), and whether it had one. */
function partJson(value) {
  const json = JSON.stringify(value);
  const marked = json.includes('"cache_control":');
  return { key: marked ? JSON.stringify(value, dropCacheControl) : json, marked };
}

/** Names a part loads by reference (`tool_reference` blocks, `tool_addition`s by reference), with repeats. */
function referencedTools(value, found = []) {
  if (Array.isArray(value)) for (const item of value) referencedTools(item, found);
  else if (value !== null && typeof value === "object") {
    if (value.type === "tool_reference" && typeof value.tool_name === "string") found.push(value.tool_name);
    if (value.type === "tool_addition" && value.tool?.type === "tool_reference") found.push(value.tool.name);
    for (const child of Object.values(value)) referencedTools(child, found);
  }
  return found;
}

/**
 * The parts of a request body in render order: `[{ kind, key, tokens, marked }]` where `key` is the part's JSON
 * (without cache_control), `tokens` what it bills when not cached, `marked` whether the body puts a `cache_control`
 * on it. `kind` is "tool", "system" or "message". `freeTools`: tool definitions cost 0 tokens wherever they are (the
 * floor row: what the rest of the conversation costs, which no delivery can avoid).
 */
export function renderParts(body, provider, { freeTools = false } = {}) {
  if (provider !== "anthropic" && provider !== "openai")
    throw new Error(`renderParts: provider "${provider}"; expected "anthropic" or "openai"`);
  const parts = [];
  const definitions = new Map();
  const push = (kind, value, extraTokens = 0) => {
    const { key, marked } = partJson(value);
    const free = kind === "tool" && (freeTools || value?.defer_loading === true);
    parts.push({ kind, key, tokens: (free ? 0 : countTokens(key)) + extraTokens, marked });
    if (kind === "tool" && typeof value?.name === "string") definitions.set(value.name, key);
  };
  const loadedTokens = (value) =>
    freeTools
      ? 0
      : referencedTools(value).reduce(
          (sum, name) => sum + (definitions.has(name) ? countTokens(definitions.get(name)) : 0),
          0,
        );
  for (const tool of body.tools ?? []) push("tool", tool);
  if (provider === "anthropic") {
    const system = typeof body.system === "string" ? [{ type: "text", text: body.system }] : (body.system ?? []);
    for (const block of system) push("system", block, loadedTokens(block));
    for (const message of body.messages ?? []) push("message", message, loadedTokens(message));
  } else {
    if (typeof body.instructions === "string" && body.instructions !== "") push("system", body.instructions);
    const input = typeof body.input === "string" ? [{ role: "user", content: body.input }] : (body.input ?? []);
    for (const item of input) push("message", item);
  }
  return parts;
}

/** The hash of each prefix: `hashes[i]` covers parts 0..i. */
function prefixHashes(parts) {
  const hashes = [];
  let previous = "";
  for (const part of parts) {
    previous = createHash("sha1").update(previous).update("\u0000").update(part.key).digest("hex");
    hashes.push(previous);
  }
  return hashes;
}

/** Part indexes where Anthropic's breakpoints fall: after the tools, on the last message, and the body's own. */
function anthropicBreakpoints(parts) {
  const points = new Set();
  const lastTool = parts.findLastIndex((part) => part.kind === "tool");
  if (lastTool >= 0) points.add(lastTool);
  const lastMessage = parts.findLastIndex((part) => part.kind === "message");
  if (lastMessage >= 0) points.add(lastMessage);
  parts.forEach((part, i) => part.marked && points.add(i));
  return [...points].sort((a, b) => a - b);
}

/**
 * The bill of one conversation, request by request: `ledger.add(body)` prices the next request against the ones
 * added before it and returns `{ input, read, write, uncached, bill }` (tokens; `bill` in uncached-token units);
 * `ledger.total` sums them and counts `extending`, the requests whose parts begin with every part of the request
 * before them (an exact extension: the prefix stayed byte for byte). `options.freeTools` as `renderParts`.
 */
export function createBillLedger(provider, options = {}) {
  const parts = (body) => renderParts(body, provider, options);
  const total = { requests: 0, extending: 0, input: 0, read: 0, write: 0, uncached: 0, bill: 0 };
  const written = new Set();
  const seen = new Set();
  let previous = [];
  /** Whether `hashes` (of this request's prefixes) begins with the whole request before it. */
  const extendsPrevious = (hashes) => previous.length > 0 && hashes[previous.length - 1] === previous.at(-1);
  const account = (entry) => {
    total.requests++;
    for (const key of ["input", "read", "write", "uncached", "bill"]) total[key] += entry[key];
    return entry;
  };

  function addAnthropic(rendered) {
    const hashes = prefixHashes(rendered);
    if (extendsPrevious(hashes)) total.extending++;
    previous = hashes;
    const ends = [];
    let sum = 0;
    for (const part of rendered) ends.push((sum += part.tokens));
    let readTo = -1;
    for (let i = hashes.length - 1; i >= 0; i--)
      if (written.has(hashes[i])) {
        readTo = i;
        break;
      }
    const points = anthropicBreakpoints(rendered);
    const lastPoint = points.length === 0 ? -1 : points[points.length - 1];
    const read = readTo >= 0 ? ends[readTo] : 0;
    const cachedTo = lastPoint > readTo ? ends[lastPoint] : read;
    for (const point of points) written.add(hashes[point]);
    const write = cachedTo - read;
    const uncached = sum - cachedTo;
    const prices = PRICES.anthropic;
    return { input: sum, read, write, uncached, bill: read * prices.read + write * prices.write + uncached };
  }

  function addOpenai(rendered) {
    const hashes = prefixHashes(rendered);
    if (extendsPrevious(hashes)) total.extending++;
    previous = hashes;
    let sum = 0;
    let matched = 0;
    let matching = true;
    for (let i = 0; i < rendered.length; i++) {
      sum += rendered[i].tokens;
      if (matching && seen.has(hashes[i])) matched = sum;
      else matching = false;
    }
    for (const hash of hashes) seen.add(hash);
    const read = Math.min(openaiCachedTokens(matched), sum);
    const uncached = sum - read;
    return { input: sum, read, write: 0, uncached, bill: read * PRICES.openai.read + uncached };
  }

  return {
    add: (body) => account(provider === "anthropic" ? addAnthropic(parts(body)) : addOpenai(parts(body))),
    get total() {
      return { ...total };
    },
  };
}
