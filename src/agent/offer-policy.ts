// What a model call is offered when the selection ranks nothing: one policy (`onNoMatch`) for every adapter.

import type { WordMatch } from "../core/relevance.js";
import { isSmallTalk } from "../core/relevance-words.js";
import { isChatWord } from "../conversation/small-talk.js";
import { queryTokens, timeWords, tokenize, type Token } from "../core/tokenizer.js";
import { englishWordSpecificity } from "../tool-index/english-word-specificity.js";
import {
  choiceOption,
  functionOption,
  integerOption,
  invalidOption,
  knownOptions,
} from "../support/validate-options.js";
import type { SelectedTool } from "./tool-selector.js";

/**
 * What a call is offered when the ranking is empty: `"all"` every tool the call could have (never more than
 * `maxOfferAll`); `"none"` no catalog tool, only the tools kept anyway (pinned `alwaysActive`,
 * provider tools, recently used and searched-for tools, the search meta-tool): the model answers in text or searches.
 */
export type OnNoMatch = "all" | "none" | "guess";

export const ON_NO_MATCH: readonly OnNoMatch[] = ["all", "none", "guess"];

/**
 * Why the ranking was empty: `"no-user-text"` (nothing to rank: the conversation has no user or assistant text yet),
 * `"nothing-relevant"` (the query was ranked and no tool is relevant to it), `"escalation"` (prepareStep's
 * escalation after steps without a tool call found no further page of the ranking and every tool is over
 * `maxOfferAll`: reported only then), `"small-talk"` (the user's turn only converses: "thanks!", "ok great").
 */
export type NoMatchReason = "no-user-text" | "nothing-relevant" | "escalation" | "small-talk";

/** Default of `maxOfferAll`: the most tools "every tool" may mean. */
export const DEFAULT_MAX_OFFER_ALL = 30;

/**
 * A catalog of at most this many tools is offered whole (by default, `onNoMatch` not given) when a request asks for
 * something (`asksForSomething`) and no tool is relevant to it. Its definitions cost a few hundred to a couple of
 * thousand tokens, and a terse catalog ("Send email", "share file") shares few words with what users type: on
 * bench/everyday.mjs's catalogs of 20 tools or fewer, half the requests for a tool matched none well enough, and the
 * model then answered "I can't do that".
 */
export const SMALL_CATALOG = 20;

/**
 * Default of `smallCatalog`: a catalog of at most this many tools whose definitions take at most about this many
 * tokens (characters / 4 of names, descriptions and JSON schemas) is offered whole.
 */
export const DEFAULT_SMALL_CATALOG = { tools: SMALL_CATALOG, tokens: 3000 } as const;

/** What `smallCatalog` allows: offered whole when the step's catalog tools are at most `tools` and `tokens`. */
export interface SmallCatalog {
  readonly tools: number;
  readonly tokens: number;
}

/** Whether `names` are a small catalog: at most `small.tools` of them, their definitions at most `small.tokens`. */
export function isSmallCatalog(
  small: SmallCatalog,
  names: readonly string[],
  definitionLength: (name: string) => number,
): boolean {
  if (names.length === 0 || names.length > small.tools) return false;
  let characters = 0;
  for (const name of names) characters += definitionLength(name);
  return characters <= small.tokens * 4;
}

/** Reported by `prepareStep`, the AI SDK middleware and the LangChain middleware when the ranking was empty. */
export interface NoMatchEvent {
  readonly type: "no-match";
  /** The query read from the conversation ("" when it held no user text). */
  readonly query: string;
  /** Why nothing was ranked: no text to rank yet, or nothing relevant to the query. */
  readonly reason: NoMatchReason;
  /**
   * What the call was offered: every tool, only the tools kept anyway, or the ranking's best guesses (`guesses`) with
   * them.
   */
  readonly offered: OnNoMatch;
  /** With `offered: "guess"`: the guesses, best first. */
  readonly guesses?: readonly string[];
  /**
   * Set when `onNoMatch` asked for every tool but the call could have more than `maxOfferAll` tools (`tools`):
   * the call was offered none instead.
   */
  readonly guard?: { readonly maxOfferAll: number; readonly tools: number };
  readonly message: string;
}

/** The options every adapter shares for this policy. */
export interface OfferOptions {
  /**
   * When the ranking is empty. `"all"` offers the call every tool (at most `maxOfferAll` of them); `"none"` offers
   * only pinned tools, provider tools, the tools kept from earlier steps and the search meta-tool. Default: `"all"`
   * when the conversation has no user text yet (nothing to rank); when the query was ranked and no tool is relevant,
   * `"all"` for a catalog of at most 20 tools and a request that asks for something (a word that is no word of
   * conversation, no value and not among the commonest English words: "do I need an umbrella today"; its definitions
   * cost little and the model decides), else `"none"` (the model answers in text); a turn of conversation only
   * ("thanks!") gets `"none"`. `"guess"` offers the ranking's best few guesses (up to 5 in a catalog of at most 100
   * tools, 3 above) when one of them shows evidence of a task (`isGuess`: two words of the request met in it, one in
   * its name, a typo of a word of its name, a word English seldom uses as its name writes it, a value it takes, or
   * the request's first word in its name beside a name the request gives: "slak priya", "ditch the sync meeting",
   * "cat s3://…", "bill Initech $2,400"), else none; by default where the default would offer none (the first step of
   * a turn; in practice a catalog above 20 tools). A value given applies to every case (`"none"`: never
   * every tool on a ranked query, nor guesses). Reported as a `no-match` event with its `reason` either way.
   */
  onNoMatch?: OnNoMatch;
  /**
   * The most tools "every tool" may mean: when `onNoMatch` asks for every tool and the call could have more than
   * this many, it is offered none (the tools kept anyway) and the `no-match` event carries `guard`. Only catalog
   * tools count (names in `allowedTools` or the rules that no catalog tool has do not). Default 30; an integer ≥ 0,
   * or `Infinity` for no bound.
   */
  maxOfferAll?: number;
  /**
   * A catalog small enough to offer whole: when the tools a step may have are at most `tools` and their definitions
   * take at most about `tokens` tokens (characters / 4 of names, descriptions and JSON schemas), every step of a turn
   * that is not chat only is offered all of them, ranked tools first. Selecting from a dozen terse tools saves a few
   * hundred tokens and risks the one the request needs ("shoot Tom a quick note" shares no word with `gmail_send`);
   * the whole catalog keeps the prompt cache, and the model decides (an off-topic question gets the tools too, and is
   * answered in text). A turn of chat only ("thanks!", "lol", "tell me a joke") still gets no catalog tool. `false`:
   * always select; `true`: the default. Not above `maxOfferAll`, nor with `onNoMatch: "none"` or `"guess"`, nor for a
   * `select:<name>` query. Default `{ tools: 20, tokens: 3000 }`; either field may be given alone.
   */
  smallCatalog?: boolean | { tools?: number; tokens?: number };
  /** Receives the adapter's events (`no-match`). Default: none. */
  onEvent?: (event: NoMatchEvent) => void;
}

/** The option names of the policy, for the adapters' lists of known options. */
export const OFFER_OPTION_NAMES = ["onNoMatch", "maxOfferAll", "smallCatalog", "onEvent"] as const;

/** The validated policy of one adapter. */
export interface OfferPolicy {
  /** `undefined`: the default per reason. */
  readonly onNoMatch: OnNoMatch | undefined;
  readonly maxOfferAll: number;
  /** `smallCatalog` validated (`undefined`: `false`, always select). */
  readonly smallCatalog: SmallCatalog | undefined;
  /**
   * Decides and reports an empty ranking for `query` ("" when there is no user text) on a call that could have
   * `tools` tools; returns true when the call should be offered every tool. `escalation`: prepareStep escalates to
   * every tool (reported only when `maxOfferAll` refuses it). `smallTalk`: the user's turn only converses (reason
   * `"small-talk"`, whatever the query read with the turn before says).
   */
  noMatch(query: string, tools: number, escalation?: boolean, midTurn?: boolean, smallTalk?: boolean): boolean;
  /** What `noMatch` would decide (no escalation), without reporting it. */
  offersAll(query: string, tools: number, escalation?: boolean, midTurn?: boolean): boolean;
  /** Whether an empty ranking of `query` at the first step of a turn may be answered with best guesses. */
  guesses(query: string, tools: number): boolean;
  /** Reports the best guesses a call was offered for `query` (`no-match`, `offered: "guess"`). */
  guessed(query: string, guesses: readonly string[]): void;
}

/** Validates `maxOfferAll`: an integer ≥ 0 or `Infinity`. */
function maxOfferAllOption(where: string, value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_OFFER_ALL;
  if (value === Infinity) return value;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0)
    invalidOption(where, "maxOfferAll", "an integer ≥ 0 or Infinity", value);
  return value;
}

// A word at least this specific in general English (outside the 2,000 commonest words' upper levels) says what a
// request is about: "umbrella", "invoice", "nudge"; "best", "mondays", "capital" do not.
const SPECIFIC_WORD = 0.5;

/** Whether general English seldom uses `word` (its specificity is SPECIFIC_WORD or more). */
function isSpecific(word: string): boolean {
  return englishWordSpecificity(word) >= SPECIFIC_WORD;
}

/**
 * Whether a request asks for something a small catalog might serve: it holds a word that is no word of conversation,
 * no value (a name inside the request, a number) and not among the commonest English words. "do I need an umbrella
 * today" does; "ugh mondays", "you're the best" and "what's 17 times 23" do not.
 */
export function asksForSomething(query: string): boolean {
  const tokens = tokenize(query);
  return tokens.some(
    (token, at) =>
      !token.stop &&
      token.alphabetic &&
      !isChatWord(token.surface) &&
      !(token.capitalized && at > 0) &&
      // "mondays" is as common as "monday": the stem is read too.
      isSpecific(token.surface) &&
      isSpecific(token.term),
  );
}

/**
 * The most guesses a call is offered when nothing reached the relevance bar (`onNoMatch: "guess"`): five in a catalog
 * of at most WEAK_GUESS_TOOLS tools, three above. A fourth and fifth guess held the tool for 4 more steps of
 * bench/everyday.mjs at 21–100 tools ("does the page mention 'free shipping' anywhere?" → `browser_find`, fifth; "tell
 * marcus the standup moved to 10" → `slack_send_dm`, fourth), no off-topic turn more given tools, +0.1 tools a
 * request; above 100 tools, 4 of BFCL's 884 irrelevant requests pooled into one 480-tool catalog more given tools.
 */
export const MAX_GUESSES = 3;
const MAX_GUESSES_MID_SIZED = 5;

/** How many of the ranking's best a call of a catalog of `tools` tools may be offered as guesses. */
export function guessCount(tools: number): number {
  return tools <= WEAK_GUESS_TOOLS ? MAX_GUESSES_MID_SIZED : MAX_GUESSES;
}

/**
 * Whether a ranked tool that did not reach `minRelevance` still shows evidence that the request is a task for it, so
 * the ranking's best few are worth offering as guesses: a typo of a word of its name ("slak priya" → `slack_*`), two
 * words of the request met in it, one of them in its name ("ditch the sync meeting" → delete … event), a word English
 * seldom uses met as its name writes it ("cat s3://…/app.yaml" → `aws_s3_get_object`) or as the word it shortens
 * ("forgot my pw" → `reset_password`), or a value the request gives (a URL, address, path, handle, slug or key:
 * something to act on) with a word of the request met in the tool, or the value itself met as the parameter or name
 * word its kind fills ("reopen acme/web#12" → an `owner` parameter, "who's @jo" → `get_user`), or the request's
 * first word met in its name when the request gives a name ("bill Initech $2,400 for the retainer"). One common word
 * met in prose ("what's a good name for a cat" → a `name` parameter) is no evidence of a task, nor is a time: beside
 * one only, the word met must be in the tool's name or description ("push my 3pm to 4" → send).
 */
export function isGuess(matched: readonly WordMatch[], query = ""): boolean {
  const tokens = queryTokens(query);
  // A time says when, not what: it ranks the tools that take one ("push my 3pm to 4"), but shows no task ("weather in
  // berlin tomorrow"), even where a name writes its reading ("tomorrow" as the `end` of `zoom_end_meeting`).
  const match = withoutTimes(matched, tokens);
  const inName = match.filter((entry) => entry.field === "name");
  if (inName.some((entry) => entry.kind === "typo")) return true;
  if (inName.length > 0 && new Set(match.map((entry) => entry.word)).size >= 2) return true;
  // A word English seldom uses, written as the tool's name writes it ("s3", "kubectl"): the request is about it.
  if (inName.some((entry) => entry.kind === "exact" && isSpecific(entry.word) && isSpecific(entry.term))) return true;
  // Shorthand English seldom uses, met in the tool's name as the word it shortens ("forgot my pw" → `reset_password`).
  if (inName.some((entry) => isReading(entry) && isSpecific(entry.word) && isShorthandOf(entry.word, entry.term)))
    return true;
  if (match.length === 0) return false;
  // The request's first word met in the tool's name, and a name the request gives ("bill Initech $2,400 for the
  // retainer" → invoice, "show me the open bugs in the Bug Tracker db" → list): it leads with a task on something
  // named. "write me a haiku about Mondays" leads with a word, but names nothing.
  const lead = tokens.find((token) => !token.stop);
  if (
    lead !== undefined &&
    inName.some((entry) => entry.word === lead.surface && entry.kind !== "semantic") &&
    tokens.some((token, at) => at > 0 && isProperName(token))
  )
    return true;
  const values = new Set(tokens.flatMap((token) => (token.valueKind === undefined ? [] : [token.surface])));
  if (values.size === 0) return false;
  const filled = (entry: WordMatch) =>
    entry.kind === "synonym" && (entry.field === "name" || entry.field === "parameterNames");
  // Beside a time only ("push my 3pm to 4"), a word met in what the tool says it does ("push" read as send): one met
  // in a parameter ("a good name for my dog tomorrow" → `name`) is no more evidence than without the time.
  const timesOnly = tokens.every((token) => token.valueKind === undefined || token.valueKind === "time");
  const said = (entry: WordMatch) => !timesOnly || entry.field === "name" || entry.field === "description";
  return match.some((entry) => (!values.has(entry.word) && said(entry)) || filled(entry));
}

/** A word read as another: as a shorthand's words, or an everyday table's ("pw" → password). */
const isReading = (entry: WordMatch) => entry.kind === "abbreviation" || entry.kind === "synonym";

/**
 * Whether `short` is written as a shorthand of `word` (a catalog term, stemmed): shorter, its first letter, and its
 * other letters in order ("pw" of password, "msg" of message's stem); not a word's reading that shares no such
 * letters ("friday" read as time).
 */
function isShorthandOf(short: string, word: string): boolean {
  if (short.length >= word.length || short[0] !== word[0]) return false;
  let at = 1;
  for (let i = 1; i < short.length; i++) {
    at = word.indexOf(short[i], at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** `match` without the entries of the request's words that say when (`markTimeValues`). */
function withoutTimes(match: readonly WordMatch[], tokens: readonly Token[]): readonly WordMatch[] {
  const times = timeWords(tokens);
  return times.size === 0 ? match : match.filter((entry) => !times.has(entry.word));
}

/**
 * The most tools a catalog may have for a weaker guess (`isWeakGuess`) at a conversation's opening turn, when no ranked
 * tool shows evidence of a task: the one to three tools offered to an off-topic question cost little beside the
 * request they save from an empty hand (bench/everyday.mjs, 21–100 tools: empty-handed on-topic requests 15 → 9 of
 * 363, off-topic turns given no tool 20 → 16 of 42, the four that name the product or meet a description's word: "how
 * much does github copilot cost"; bench/irrelevance.mjs, math and trivia on a 30-tool catalog: 0.24 → 0.39 tools a
 * request). Any match at all, or one through an everyday reading, offering the best three: 3 and 5 empty-handed, but 8
 * and 11 off-topic turns of 42 given no tool ("write me a haiku" read as create), 0.72 and 0.62 tools a trivia
 * question. Above 100 tools the best three rarely hold the tool.
 */
export const WEAK_GUESS_TOOLS = 100;

/** How a word may meet a tool for a weaker guess: as written, as its shorthand, as a compound's parts. */
const WEAK_GUESS_KINDS: ReadonlySet<WordMatch["kind"]> = new Set(["exact", "abbreviation", "compound"]);

/**
 * Whether a ranked tool is worth a weaker guess: a word of the request as written, as the shorthand or the compound it
 * is ("db" → database) — not through an everyday reading, a typo or an embedding — and not a word
 * that says when ("today"), met in its name or description, what the tool says it does ("whats on the page rn" → a
 * tool that reads "the page"), or as written among the values a parameter takes ("has Globex paid what they owe us"
 * → a tool filtering invoices by status `paid`); not only in its parameters' prose ("a good name for a cat" → `name`).
 */
export function isWeakGuess(match: readonly WordMatch[], query = ""): boolean {
  return withoutTimes(match, queryTokens(query)).some(
    (entry) =>
      ((entry.field === "name" || entry.field === "description") && WEAK_GUESS_KINDS.has(entry.kind)) ||
      (entry.field === "enumValues" && entry.kind === "exact"),
  );
}

/** A capitalised word English seldom uses, nor its singular ("Initech", not "Mondays"): a name the request gives. */
function isProperName(token: Token): boolean {
  return token.capitalized && isSpecific(token.surface) && isSpecific(token.surface.replace(/s$/, ""));
}

/** Validates `smallCatalog`: `false`, or `{ tools?, tokens? }` of integers ≥ 0. */
function smallCatalogOption(where: string, value: unknown): SmallCatalog | undefined {
  if (value === false) return undefined;
  if (value === undefined || value === true) return DEFAULT_SMALL_CATALOG;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    invalidOption(where, "smallCatalog", "true, false or { tools?, tokens? }", value);
  const { tools, tokens } = knownOptions(where, value, ["tools", "tokens"], "smallCatalog")!;
  return {
    tools: integerOption(where, "smallCatalog.tools", tools, 0, Number.MAX_SAFE_INTEGER, DEFAULT_SMALL_CATALOG.tools),
    tokens: integerOption(
      where,
      "smallCatalog.tokens",
      tokens,
      0,
      Number.MAX_SAFE_INTEGER,
      DEFAULT_SMALL_CATALOG.tokens,
    ),
  };
}

/**
 * Validates `onNoMatch`, `maxOfferAll`, `smallCatalog` and `onEvent` (`where` names the adapter) and returns the
 * policy.
 */
export function offerPolicy(
  where: string,
  options: Pick<OfferOptions, "onNoMatch" | "maxOfferAll"> & { smallCatalog?: unknown; onEvent?: unknown },
  emit?: (event: NoMatchEvent) => void,
): OfferPolicy {
  const onNoMatch =
    options.onNoMatch === undefined
      ? undefined
      : choiceOption(where, "onNoMatch", options.onNoMatch, ON_NO_MATCH, "all");
  const maxOfferAll = maxOfferAllOption(where, options.maxOfferAll);
  const onEvent = emit ?? functionOption<(event: NoMatchEvent) => void>(where, "onEvent", options.onEvent);
  const reasonOf = (query: string, escalation: boolean, smallTalk: boolean): NoMatchReason =>
    escalation
      ? "escalation"
      : query.length === 0
        ? "no-user-text"
        : smallTalk || isSmallTalk(query)
          ? "small-talk"
          : "nothing-relevant";
  const defaultOffer = (reason: NoMatchReason, query: string, tools: number, midTurn: boolean): OnNoMatch =>
    reason === "no-user-text" ||
    (reason === "nothing-relevant" && !midTurn && tools <= SMALL_CATALOG && asksForSomething(query))
      ? "all"
      : "none";
  return {
    onNoMatch,
    maxOfferAll,
    smallCatalog: smallCatalogOption(where, options.smallCatalog),
    offersAll(query, tools, escalation = false, midTurn = false) {
      const reason = reasonOf(query, escalation, false);
      const wanted = escalation ? "all" : (onNoMatch ?? defaultOffer(reason, query, tools, midTurn));
      return wanted === "all" && tools <= maxOfferAll;
    },
    guesses(query, tools) {
      if (reasonOf(query, false, false) !== "nothing-relevant") return false;
      if (onNoMatch !== undefined) return onNoMatch === "guess";
      return !(defaultOffer("nothing-relevant", query, tools, false) === "all" && tools <= maxOfferAll);
    },
    guessed(query, guesses) {
      onEvent?.({
        type: "no-match",
        query,
        reason: "nothing-relevant",
        offered: "guess",
        guesses,
        message: `no tool is relevant to the query; this call is offered the ranking's best guesses (${guesses.join(", ")})`,
      });
    },
    noMatch(query, tools, escalation = false, midTurn = false, smallTalk = false) {
      const reason = reasonOf(query, escalation, smallTalk);
      const wanted = escalation ? "all" : (onNoMatch ?? defaultOffer(reason, query, tools, midTurn));
      // Escalating to every tool within the bound is prepareStep's documented behaviour, not a no-match.
      if (escalation && tools <= maxOfferAll) return true;
      const guarded = wanted === "all" && tools > maxOfferAll;
      // Asked to guess, and no guess showed evidence of a task: the tools kept anyway.
      const offered: OnNoMatch = guarded || wanted === "guess" ? "none" : wanted;
      const why = {
        "no-user-text": "the conversation has no user text to select for",
        "nothing-relevant":
          !midTurn && tools <= SMALL_CATALOG && onNoMatch === undefined && asksForSomething(query)
            ? `no tool is relevant to the query, and the catalog is small (${tools} tools, at most ${SMALL_CATALOG})`
            : "no tool is relevant to the query",
        "small-talk": "the user's turn only converses",
        escalation: "after steps without a tool call the ranking has no further page",
      }[reason];
      const what =
        offered === "all"
          ? `this call is offered every tool (${tools})`
          : guarded
            ? `every tool was asked for, but ${tools} tools exceed maxOfferAll (${maxOfferAll}): this call is offered only the tools kept anyway`
            : "this call is offered only the tools kept anyway";
      onEvent?.({
        type: "no-match",
        query,
        reason,
        offered,
        ...(guarded ? { guard: { maxOfferAll, tools } } : {}),
        message: `${why}; ${what}`,
      });
      return offered === "all";
    },
  };
}

/**
 * Counts the catalog tools among `allowed` (every catalog tool when it is undefined): what "every tool" would offer,
 * measured against `maxOfferAll`. Names outside the catalog (a misspelt or removed tool, the search meta-tool) offer
 * no catalog tool, so they do not count. The catalog's name set is rebuilt only when `toolNames()` changes.
 */
export function catalogToolCounter(toolNames: () => readonly string[]) {
  let names: readonly string[] | undefined;
  let known = new Set<string>();
  return (allowed: ReadonlySet<string> | undefined): number => {
    const current = toolNames();
    if (allowed === undefined) return current.length;
    if (current !== names) {
      names = current;
      known = new Set(current);
    }
    let count = 0;
    for (const name of allowed) if (known.has(name)) count++;
    return count;
  };
}

/** Names of the ranked tools of a selection (pinned and companion tools left out), best first. */
export function rankedNames(results: readonly SelectedTool[]): string[] {
  return results.filter((result) => result.reason === "ranked").map((result) => result.name);
}

/**
 * Names a selection keeps whatever is ranked: pinned tools (`alwaysActive`, provider tools) and companions (related
 * tools, learnt next tools, the conversation's memory).
 */
export function pinnedNames(results: readonly SelectedTool[]): string[] {
  return results.filter((result) => result.reason !== "ranked").map((result) => result.name);
}

/**
 * How many tools a selection found for the request besides the ranked ones: learnt (`learned-*`) and related tools
 * count as a match; the conversation's memory and catalog links do not (they say nothing about this request).
 */
export function companionCount(results: readonly SelectedTool[]): number {
  return results.filter((result) => result.reason.startsWith("learned-") || result.reason === "related").length;
}

/**
 * Why a selection for `query` found nothing for the request (no ranked tool, no learnt or related companion), or
 * `undefined` when it found something: what the selection service reports as `noMatch.reason`.
 */
export function noMatchReason(query: string, results: readonly SelectedTool[]): NoMatchReason | undefined {
  if (rankedNames(results).length > 0 || companionCount(results) > 0) return undefined;
  return query.trim().length === 0 ? "no-user-text" : "nothing-relevant";
}
