// Exact tool names in a query: a tool whose name the query spells out (any casing or separator) ranks first, and
// `select:<name>[,<name>]` selects exactly the tools it names.

import type { CatalogTool } from "../core/catalog.js";
import { isAscii, queryTokens, tokenize } from "../core/tokenizer.js";
import type { BuiltIndex } from "./built-index.js";
import type { IndexContext } from "./context.js";
import type { Ranking } from "./ranking-types.js";
import type { JudgedHit } from "./relevance.js";

/** The name forms of one catalog, made once per built index. */
interface NameForms {
  /** A name's words run together, lower case ("github_create_issue", "GitHubCreateIssue" → "githubcreateissue"). */
  readonly byCompact: ReadonlyMap<string, readonly number[]>;
  /** The compact names, sorted: a query window no name starts with ends the search from its first word. */
  readonly sorted: readonly string[];
  /**
   * The same by their first two letters (`pairKey`), each list sorted: a word's search stays within its own list (a
   * string comparison costs more than a look-up, and most words begin no name).
   */
  readonly byPair: ReadonlyMap<number, readonly string[]>;
}

/** The first two UTF-16 units of a name or a word (of two or more), as one number. */
const pairKey = (word: string): number => word.charCodeAt(0) * 65536 + word.charCodeAt(1);

/** A query window holds at most this many words (a name of more words is found only through `select:`). */
const MAX_WINDOW_WORDS = 12;

/**
 * A line `select:` then names separated by commas (any casing of `select`). A line, not the whole query: an agent's
 * query joins a short user message with the one before it ("…\nselect:send_email").
 */
const SELECT_FORM = /^[^\S\n]*select:(.*)$/gimu;

const formsOf = new WeakMap<readonly CatalogTool[], NameForms>();

/** The words of a name or a query, folded and lower case: the tokenizer's split (separators, camelCase). */
function words(text: string): string[] {
  return tokenize(text).map((token) => token.surface);
}

function nameForms(index: BuiltIndex): NameForms {
  let forms = formsOf.get(index.docTools);
  if (forms !== undefined) return forms;
  const byCompact = new Map<string, number[]>();
  index.docTools.forEach((tool, doc) => {
    const parts = words(tool.name);
    // A one-word name in a query is an ordinary word ("search", "weather"): the keyword ranking weighs it.
    if (parts.length < 2) return;
    const compact = parts.join("");
    const docs = byCompact.get(compact);
    if (docs === undefined) byCompact.set(compact, [doc]);
    else docs.push(doc);
  });
  const sorted = [...byCompact.keys()].sort();
  const byPair = new Map<number, string[]>();
  for (const name of sorted) {
    const names = byPair.get(pairKey(name));
    if (names === undefined) byPair.set(pairKey(name), [name]);
    else names.push(name);
  }
  forms = { byCompact, sorted, byPair };
  formsOf.set(index.docTools, forms);
  return forms;
}

/**
 * Words apart (spaces, hyphens: how prose joins words) spell a name from this many words on: "stock price" and
 * "t-test" are prose, "stock_price" and "stockPrice" (how code joins words) a name.
 */
const MIN_SPACED_WORDS = 3;

/**
 * The tools whose names the query spells out, in the order the query names them: every run of up to
 * MAX_WINDOW_WORDS consecutive query words whose letters together are a tool's name of two or more words, written
 * as one identifier (`githubCreateIssue`, `stock_price`, `send.email`) or as MIN_SPACED_WORDS or more words apart
 * (`github create issue`, `GitHub-Create-Issue`; two words such as "stock price" or "t-test" are ordinary prose).
 */
export function namedInQuery(index: BuiltIndex, text: string): number[] {
  const { byCompact, sorted, byPair } = nameForms(index);
  if (sorted.length === 0) return [];
  // ASCII text: the words of the query's own tokens (the chunk scan reads the same ones), its chunks read only when a
  // name is found; a second tokenisation per select was a tenth of its time.
  let chunks = isAscii(text) ? undefined : chunkedWords(text);
  const query = chunks?.query ?? queryTokens(text).map((token) => token.surface);
  const found = new Set<number>();
  for (let start = 0; start < query.length; start++) {
    // The names that begin with the word's first two letters (every name for a word of one letter).
    const names = query[start].length < 2 ? sorted : byPair.get(pairKey(query[start]));
    if (names === undefined) continue;
    let compact = "";
    // The first name not below the window so far; the window grows only while a name starts with it.
    let low = 0;
    for (let end = start; end < query.length && end - start < MAX_WINDOW_WORDS; end++) {
      compact += query[end];
      low = firstAtLeast(names, compact, low);
      if (low === names.length || !names[low].startsWith(compact)) break;
      if (names[low] !== compact) continue;
      const { chunkOf } = (chunks ??= chunkedWords(text));
      if (chunkOf[start] === chunkOf[end] || end - start + 1 >= MIN_SPACED_WORDS)
        for (const doc of byCompact.get(compact)!) found.add(doc);
    }
  }
  return [...found];
}

/**
 * Each query word with the chunk it was written in (between spaces and hyphens): a split, then a tokenisation per
 * chunk. A token never spans a space or a hyphen, so for ASCII text the words are the query's own tokens, in order.
 */
function chunkedWords(text: string): { query: string[]; chunkOf: number[] } {
  const query: string[] = [];
  const chunkOf: number[] = [];
  text.split(/[\s\p{Pd}]+/u).forEach((chunk, position) => {
    for (const word of words(chunk)) {
      query.push(word);
      chunkOf.push(position);
    }
  });
  return { query, chunkOf };
}

/** The first position from `low` on in `sorted` whose string is not below `value` (its length when there is none). */
function firstAtLeast(sorted: readonly string[], value: string, low: number): number {
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The names of a query's last `select:` line, or `undefined` when it has none. */
export function selectForm(text: string): string[] | undefined {
  // No colon, no `select:` line (the regex scan is the cost of every query otherwise).
  if (!text.includes(":")) return undefined;
  // The last such line is the latest request.
  const match = [...text.matchAll(SELECT_FORM)].at(-1);
  if (match === undefined) return undefined;
  return match[1]
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

/**
 * The documents a `select:` query names, in its order: each name as spelt, else every tool whose name has the same
 * words (`select:GitHub-Create-Issue`); `unknown`: the names of no ranked tool.
 */
function explicitDocs(index: BuiltIndex, names: readonly string[]): { docs: number[]; unknown: string[] } {
  const docs = new Set<number>();
  const unknown: string[] = [];
  for (const name of names) {
    const exact = index.docOf.get(name);
    const matches = exact !== undefined ? [exact] : (nameForms(index).byCompact.get(words(name).join("")) ?? []);
    if (matches.length === 0) unknown.push(name);
    for (const doc of matches) docs.add(doc);
  }
  return { docs: [...docs], unknown };
}

/**
 * For a `select:` query, a ranking of exactly the tools it names that are not `excluded` (pinned, not allowed), score
 * 1 each and no terms; names of no tool are reported (`unknown-tool-names`) and left out. `undefined` for any other
 * query.
 */
export function explicitSelection(
  context: IndexContext,
  index: BuiltIndex,
  text: string,
  excluded: readonly number[],
): { ranking: Ranking; hits: JudgedHit[] } | undefined {
  const names = selectForm(text);
  if (names === undefined) return undefined;
  const hits = explicitlyNamed(context, index, names, text, excluded).map((doc) => ({
    doc,
    score: 1,
    keyword: 0,
    relevance: 1,
    match: [],
    named: true as const,
  }));
  return { ranking: { terms: () => [], hits, strategy: context.options.strategy }, hits };
}

/** The documents a `select:` list names, in order, less the `excluded`; names of no tool are reported. */
function explicitlyNamed(
  context: IndexContext,
  index: BuiltIndex,
  names: readonly string[],
  text: string,
  excluded: readonly number[],
): number[] {
  const { docs, unknown } = explicitDocs(index, names);
  if (unknown.length > 0) {
    context.options.emit({
      type: "unknown-tool-names",
      query: text,
      names: unknown,
      message: `the query names ${unknown.map((name) => JSON.stringify(name)).join(", ")} after "select:", which no tool of the catalog is called; left out`,
    });
  }
  const out = new Set(excluded);
  return docs.filter((doc) => !out.has(doc));
}

/**
 * The selected hits with the tools the query names first (score 1: a full match, marked `named`), then the rest, cut
 * to `maxTools` (never below the named ones). Named tools that are `excluded` (pinned, not allowed) stay out.
 */
export function withNamedFirst(
  index: BuiltIndex,
  text: string,
  hits: readonly JudgedHit[],
  excluded: readonly number[],
  maxTools: number,
): JudgedHit[] {
  const found = namedInQuery(index, text);
  // A query that is exactly a tool's name names it, even a one-word name of conversation's words ("Ve", "Thanks").
  const exact = index.docOf.get(text.trim());
  if (exact !== undefined && !found.includes(exact)) found.unshift(exact);
  if (found.length === 0) return [...hits];
  const out = new Set(excluded);
  const named = found.filter((doc) => !out.has(doc));
  // A named tool is relevant by definition: relevance 1, with the word evidence the ranking had for it, if any.
  const first = named.map((doc) => {
    const hit = hits.find((candidate) => candidate.doc === doc);
    return { ...(hit ?? { keyword: 0, match: [] }), doc, score: 1, relevance: 1, named: true as const };
  });
  const rest = hits.filter((hit) => !named.includes(hit.doc));
  return [...first, ...rest].slice(0, Math.max(maxTools, first.length));
}
