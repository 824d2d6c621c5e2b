// Query analysis: query text → weighted catalog terms, with typo, abbreviation and compound expansions.

import type { AbbreviationIndex } from "./abbreviations.js";
import { ACTION_TERMS } from "./action-words.js";
import { splitIntoKnownWords, type PostingsIndex } from "./bm25f.js";
import { everydayReadings, type EverydayWords } from "./everyday-readings.js";
import { nameTerms, phraseWords, SHORTHAND, SHORTHAND_FOR } from "./shorthand.js";
import { CONVERSATIONAL_WORDS } from "./stop-words.js";
import { stem } from "./stemmer.js";
import { forEachToken, type Token, type ValueKind } from "./tokenizer.js";
import { fingerSlip, type TypoIndex } from "./typo-index.js";
import type { Neighbour } from "./word-neighbours.js";
import type { WordSpecificity } from "./word-specificity.js";

/** How a query word reached a catalog term. */
export type MatchKind = "exact" | "typo" | "abbreviation" | "compound" | "synonym" | "semantic";

/** One catalog term the query scores with. */
export interface QueryTerm {
  readonly termId: number;
  readonly term: string;
  /** Multiplies the term's IDF: 1 for exact matches, less for expansions. */
  readonly weight: number;
  readonly kind: MatchKind;
  /** The query word(s) it came from. */
  readonly from: string;
  /** Position of the (first) query word it came from, among the query's indexed words. */
  readonly word: number;
  /** For typo matches: the catalog word the query word was read as ("sned" → "send"). */
  readonly correction?: string;
  /**
   * An everyday reading of a word the catalog's names use themselves ("add" → create beside `add_reaction`): it may tip
   * a tool another word of the request meets, and is no evidence alone (`OWN_WORD_READING`).
   */
  readonly own?: boolean;
}

/** Expansion settings resolved from the index options. */
export interface ExpansionSettings {
  /** Weight of a 1-edit typo match (a 2-edit match gets its square); 0 disables typo tolerance. */
  readonly typoWeight: number;
  /** Weight of an abbreviation or compound expansion; 0 disables them. */
  readonly abbreviationWeight: number;
  /** Weight of an everyday word's reading ("ditch" → delete); 0 disables them. */
  readonly everydayWeight: number;
  /** Weight of a word-vector neighbour, times its cosine similarity (query expansion). */
  readonly semanticWeight: number;
}

export interface QueryContext {
  readonly index: PostingsIndex;
  readonly typos: () => TypoIndex;
  readonly abbreviations: AbbreviationIndex;
  readonly settings: ExpansionSettings;
  /**
   * How specific a word is in general English: a common word the catalog lacks ("go", "set") is that word, not an
   * initialism of catalog words ("go" → get order), unless the query writes it as one ("GO").
   */
  readonly specificity: WordSpecificity;
  /** Everyday words read as catalog words ("ditch" → delete): `keyword.commonWords`' table, when it has one. */
  readonly everyday?: EverydayWords;
}

const MAX_PHRASE = 4;
// A time ("3pm", "wednesday", "next week") reads as the parameters that take one at about half an everyday word's
// weight: it says when, and a word the request shares with a tool ("twitter") says more (bench/everyday.mjs, NOTES).
// A sum ("$100") reads as `amount` and `price` as weakly, for the ranking only (no share of relevance: it says how
// much, not what): at an everyday word's weight a review's own requests lost "bump Ana's pay by $5,000" to tools
// taking a price.
const TIME_WEIGHT = 0.25;

/**
 * The parameter words each kind of value fills, as terms, each with how strongly the value reads as it (undefined: as
 * an everyday word). A key ("PROJ-412") is written for the tools that take one: as strong as a word the catalog has
 * ("PROJ-77 details" is about the tool taking a key, before one whose prose says "details"); what most keys and
 * "#342" references key is an issue ("ENG-377", "acme/web#342"), read less strongly, since some keys are not issues
 * ("SKU-1182", "INV-2041"). A channel ("#growth") is written for the tools that post to one, read as strongly as a key
 * is read as an issue ("post the numbers in #growth" is for a tool that takes a channel, before one whose name says
 * "post"); at a key's full strength every tool of the chat product outranked a long task's other tools.
 */
const VALUE_PARAMETERS: Readonly<Record<ValueKind, readonly (readonly [string, number?])[]>> = /* @__PURE__ */ (() => {
  const issue = ["issue", 0.7] as const;
  const words: Record<ValueKind, readonly (readonly [string, number?])[]> = {
    url: [["url"], ["uri"], ["link"]],
    host: [["url"], ["domain"], ["site"]],
    email: [["email"], ["recipient"]],
    handle: [["user"], ["username"], ["handle"]],
    path: [["path"], ["file"], ["directory"]],
    file: [["path"], ["file"]],
    slug: [["repo"], ["repository"], ["owner"]],
    reference: [["repo"], ["repository"], ["owner"], issue, ["pull"]],
    channel: [["channel", 0.7]],
    key: [["key", 1], issue],
    size: [["width"], ["height"], ["size"], ["dimension"]],
    percent: [["percent"], ["percentage"]],
    money: [
      ["amount", TIME_WEIGHT],
      ["price", TIME_WEIGHT],
    ],
    time: ["time", "date", "start", "end", "due", "schedule"].map((word) => [word, TIME_WEIGHT] as const),
  };
  for (const kind of Object.keys(words) as ValueKind[])
    words[kind] = words[kind].map(([word, weight]) => [stem(word), weight] as const);
  return words;
})();
/** What a word of a name the request gives ("a folder called Invoices") scores with: it is a value, not the task. */
const NAMED_VALUE_WEIGHT = 0.3;

class TermCollector {
  readonly terms = new Map<number, QueryTerm>();
  constructor(private readonly index: PostingsIndex) {}

  add(
    termId: number,
    weight: number,
    kind: MatchKind,
    from: string,
    word: number,
    correction?: string,
    own = false,
  ): void {
    const existing = this.terms.get(termId);
    if (existing !== undefined && existing.weight >= weight) return;
    // One shape for every term (`correction` undefined but for typos): a spread here cost more than the reading.
    this.terms.set(termId, { termId, term: this.index.terms[termId], weight, kind, from, word, correction, own });
  }

  addSurface(surface: string, weight: number, kind: MatchKind, from: string, word: number): boolean {
    const id = this.index.surfaces.get(surface);
    if (id === undefined) return false;
    this.add(id, weight, kind, from, word, kind === "typo" ? surface : undefined);
    return true;
  }
}

function expandInitialism(
  context: QueryContext,
  collector: TermCollector,
  surface: string,
  weight: number,
  word: number,
): boolean {
  let found = false;
  for (const phrase of context.abbreviations.phrasesFor(surface)) {
    // The phrase stands for one word of the query: its words share that word's weight.
    for (const id of phrase) collector.add(id, weight / phrase.length, "abbreviation", surface, word);
    found = found || phrase.length > 0;
  }
  return found;
}

/** The catalog terms of a phrase's words (those the catalog has), for shorthand readings. */
function phraseTerms(index: PostingsIndex, phrase: string): { ids: number[]; words: number } {
  const terms = phraseWords(phrase);
  const ids: number[] = [];
  for (const term of terms) {
    const id = index.termIds.get(term);
    if (id !== undefined) ids.push(id);
  }
  return { ids, words: terms.length };
}

/** What a shorthand's reading weighs when the catalog writes the shorthand too ("repo"): a part of a fresh one's. */
const KNOWN_SHORTHAND = 0.75;

/**
 * Reads a word as the shorthand it is ("dm" → direct message, "repo" → repository), or a full word as the catalog's
 * shorthand for it ("message" → msg). Returns whether the word was shorthand the catalog could read.
 */
function expandShorthand(
  context: QueryContext,
  collector: TermCollector,
  surface: string,
  known: boolean,
  weight: number,
  word: number,
): boolean {
  const { index } = context;
  let found = false;
  // A shorthand the catalog writes too ("repo" as a parameter) still stands for its words ("repository" in a name),
  // beside itself: read more weakly, and it does not end the word's reading.
  const readings = SHORTHAND.get(surface);
  for (const reading of readings ?? []) {
    const { ids, words } = phraseTerms(index, reading);
    for (const id of ids)
      collector.add(id, (known ? weight * KNOWN_SHORTHAND : weight) / words, "abbreviation", surface, word);
    found = found || (!known && ids.length > 0);
  }
  for (const short of SHORTHAND_FOR.get(surface) ?? []) {
    // Only a shorthand the catalog writes in a tool's name ("slack_post_msg"): in prose and parameter names a
    // shorthand is as often something else ("dir_name" beside "mkdir").
    const id = index.surfaces.get(short);
    if (id !== undefined && nameTerms(index).has(id)) collector.add(id, weight, "abbreviation", surface, word);
  }
  return found;
}

/**
 * Whether a lower-case word the catalog lacks may stand for catalog words' initials: not when it is a word of
 * conversation ("ok", the "ll" of "we'll") or a common English word ("go" is no "get order").
 */
function readsAsInitialism(context: QueryContext, surface: string): boolean {
  return !CONVERSATIONAL_WORDS.has(surface) && context.specificity(surface) === 1;
}

/**
 * The longest word written in lower case that is read as initials ("cve", "sso"). A longer one is a word or a name
 * ("acme", "hooli"), and four words of prose in a row spell almost any four letters: "acme" had read as "automatic
 * commit message extra" on the GitHub server. Written in capitals ("GDPR") or as the catalog writes an acronym, any
 * length up to MAX_PHRASE is.
 */
const LOWER_CASE_INITIALS = 3;

/** The shortest and longest word read as a clipped catalog word ("prio" → priority, "proj" → project). */
const CLIPPED = { min: 3, max: 5 };

/**
 * The one word of the catalog's tool names that `surface` clips ("inv" → invoice, "proj" → project, "cust" →
 * customer), or −1 when none or several do: a clipping is read only where the names leave no doubt.
 */
function truncated(index: PostingsIndex, surface: string): number {
  if (surface.length < CLIPPED.min || surface.length > CLIPPED.max) return -1;
  // Each clipping a name term allows, mapped to that term (−1 when several allow it): built once per index, where a
  // walk over every name term per unknown word was most of a select's time.
  let clips = clipsOf.get(index);
  if (clips === undefined) {
    clips = new Map();
    for (const id of nameTerms(index))
      for (let length = CLIPPED.min; length <= CLIPPED.max && length + 2 <= index.terms[id].length; length++) {
        const clip = index.terms[id].slice(0, length);
        clips.set(clip, clips.has(clip) ? -1 : id);
      }
    clipsOf.set(index, clips);
  }
  return clips.get(surface) ?? -1;
}

const clipsOf = new WeakMap<PostingsIndex, Map<string, number>>();

/**
 * Turns a query into the catalog terms it scores with. Unknown words are expanded; known words match
 * as they are. `neighbours` (query expansion) maps unknown query words that a word-vector model knows
 * to their nearest catalog terms; such words are not typo-corrected.
 */
export function analyseQuery(
  context: QueryContext,
  tokens: readonly Token[],
  neighbours?: ReadonlyMap<string, readonly Neighbour[]>,
): QueryTerm[] {
  const { index, settings } = context;
  const collector = new TermCollector(index);
  const content = tokens.filter((token) => !token.stop);
  // Each content word's catalog term, looked up once: the acronym phrases below read them again.
  const knownIds = content.map((token) => index.termIds.get(token.term));
  const abbreviationWeight = settings.abbreviationWeight;

  for (let position = 0; position < content.length; position++) {
    const token = content[position];
    const known = knownIds[position];
    // A name the request gives ("called Invoices") matches as itself, weakly, and is read as nothing else; a value of a
    // kind ("https://…", "~/notes.md", "acme/api") reads, as weakly as an everyday word, as the parameters that take it;
    // a time the catalog writes ("month" in "billing for the month") reads as itself.
    const timeKnown = token.valueKind === "time" && known !== undefined;
    if (token.valueKind !== undefined && settings.everydayWeight > 0 && !timeKnown) {
      for (const [word, weight = settings.everydayWeight] of VALUE_PARAMETERS[token.valueKind]) {
        const id = index.termIds.get(word);
        if (id !== undefined) collector.add(id, weight, "synonym", token.surface, position);
      }
    }
    if (token.value === true) {
      if (known !== undefined) collector.add(known, NAMED_VALUE_WEIGHT, "exact", token.surface, position);
      continue;
    }
    if (known !== undefined) collector.add(known, 1, "exact", token.surface, position);
    // An acronym is its plural as the catalog writes it in lower case: "PRs" (read as pr) is `gh_list_prs`' "prs".
    if (token.plural) {
      const plural = index.surfaces.get(`${token.surface}s`);
      if (plural !== undefined) collector.add(plural, 1, "exact", token.surface, position);
    }
    const alphabetic = token.alphabetic;
    // A capitalised unknown word inside the query is most likely a name ("Lisbon", "Walmart"), not a
    // typo or a compound.
    const likelyName = known === undefined && token.capitalized && position > 0;

    if (abbreviationWeight > 0) {
      // Shorthand of general usage first: a "dm" is a direct message, never the initials of two catalog words.
      if (
        alphabetic &&
        expandShorthand(context, collector, token.surface, known !== undefined, abbreviationWeight, position)
      )
        continue;
      // Numeronyms both ways: "k8s" ↔ "kubernetes", whether or not the query word is itself indexed.
      if (token.numeronym || (known === undefined && alphabetic)) {
        for (const match of context.abbreviations.numeronymMatches(token.surface)) {
          collector.addSurface(match, abbreviationWeight, "abbreviation", token.surface, position);
        }
      }
      // Initialisms: an unknown short word that is no word of conversation or common English, or one the query or
      // catalog writes as an acronym ("PR"). Two letters spell the initials of some pair of catalog words in any
      // catalog ("ci" → create contact): a two-letter word is read as initials only when the catalog itself writes it
      // as an acronym. The catalog's acronyms are looked up once, and only for a word short enough.
      const catalogAcronym = token.surface.length <= MAX_PHRASE && known !== undefined && index.acronyms.has(known);
      // A key's letters ("OPS-14", "INV-2041") say what it keys, never the initials of catalog words.
      if (
        alphabetic &&
        token.valueKind !== "key" &&
        (token.surface.length >= 3 || catalogAcronym) &&
        token.surface.length <= MAX_PHRASE &&
        (token.acronym ||
          catalogAcronym ||
          (known === undefined &&
            token.surface.length <= LOWER_CASE_INITIALS &&
            readsAsInitialism(context, token.surface)))
      ) {
        if (expandInitialism(context, collector, token.surface, abbreviationWeight, position) && known === undefined)
          continue;
      }
      if (known === undefined && !likelyName) {
        const parts = splitIntoKnownWords(index.surfaces, token.surface);
        if (parts !== undefined) {
          for (const part of parts) collector.add(part, abbreviationWeight, "compound", token.surface, position);
          continue;
        }
        // Three letters clip too many words to read one outside a key ("cat" is no catalog; "INV-2041" an invoice).
        const clips = token.surface.length > CLIPPED.min || token.valueKind === "key";
        const whole =
          alphabetic && clips && readsAsInitialism(context, token.surface) ? truncated(index, token.surface) : -1;
        if (whole >= 0) {
          collector.add(whole, abbreviationWeight, "abbreviation", token.surface, position);
          continue;
        }
      }
    }

    const near = known === undefined && !likelyName ? neighbours?.get(token.surface) : undefined;
    if (near !== undefined) {
      for (const neighbour of near)
        collector.add(
          neighbour.termId,
          settings.semanticWeight * neighbour.similarity,
          "semantic",
          token.surface,
          position,
        );
      continue;
    }
    // A word of common English reads fine as itself: "last" is no typo of "list", nor "main" of "min".
    if (
      known === undefined &&
      settings.typoWeight > 0 &&
      alphabetic &&
      !likelyName &&
      context.specificity(token.surface) === 1
    ) {
      for (const match of context.typos().lookup(token.surface)) {
        collector.addSurface(
          match.word,
          match.distance === 1 ? settings.typoWeight : settings.typoWeight * settings.typoWeight,
          "typo",
          token.surface,
          position,
        );
      }
      if (position === 0) readMisspeltEveryday(context, collector, token.surface, position);
    }
  }

  if (abbreviationWeight > 0) readOpenCompounds(index, collector, tokens);

  // Everyday words read as the catalog's words for the same thing ("ditch" → delete, "bug" → issue), weakly; an action
  // the catalog's names use themselves more weakly, a thing they name not at all (`OWN_WORD_READING`).
  const everydayWeight = settings.everydayWeight;
  if (everydayWeight > 0 && context.everyday !== undefined) {
    const readings = everydayReadings(tokens, context.everyday);
    // Which tools are a UI's, and which request words name another product's, only for a word with UI readings.
    const ui = readings.some((reading) => reading.fallback !== undefined) ? context.everyday.ui?.(index) : undefined;
    const elsewhere = ui === undefined ? [] : otherProducts(index, collector, content, ui.other);
    for (const { word, from, term, readings: read, determined, fallback } of readings) {
      const span = from.split(" ").length;
      const ours = fallback !== undefined && elsewhere.every((at) => at >= word && at < word + span);
      const at = { word, determined };
      readEveryday(index, collector, term, read, everydayWeight, from, at, ours ? fallback : undefined, ui?.names);
    }
  }

  // Phrases in the query that spell a catalog acronym: "pull request" → "pr". Initials are packed into
  // an integer key, so no string is built per candidate phrase.
  const acronymKeys = context.abbreviations.acronymKeys();
  if (abbreviationWeight > 0 && acronymKeys.size > 0) {
    for (let start = 0; start < content.length; start++) {
      let key = 0;
      for (let length = 1; length <= MAX_PHRASE && start + length <= content.length; length++) {
        const token = content[start + length - 1];
        const letter = token.surface.charCodeAt(0) - 96;
        // Only catalog words spell a catalog acronym: "perimeter rectangle" is no "PR".
        if (!token.alphabetic || letter < 1 || letter > 26 || knownIds[start + length - 1] === undefined) break;
        key = key * 27 + letter;
        if (length < 2) continue;
        const id = acronymKeys.get(key);
        if (id !== undefined) {
          const from = content
            .slice(start, start + length)
            .map((token) => token.surface)
            .join(" ");
          collector.add(id, abbreviationWeight, "abbreviation", from, start);
        }
      }
    }
  }
  return [...collector.terms.values()];
}

/**
 * A request's first word one finger slip from an everyday word (two letters swapped, a doubled letter typed once:
 * "opne index.html" → open, "dicth the event" → ditch), neither a catalog word nor an everyday word itself, reads as
 * that word's readings at an everyday reading's weight times a typo's (open → get, read), and as `everydayReadings`
 * are read below where the catalog's names use the everyday word themselves. Only a slip: one letter changed is as
 * often another real word ("stale" is no "scale"); and only the first word, the action a request leads with: a real
 * word elsewhere is as often a slip's twin ("questions may arise", "the pots", "the committee chose").
 */
function readMisspeltEveryday(context: QueryContext, collector: TermCollector, surface: string, word: number): void {
  const { everyday, index, settings } = context;
  if (everyday === undefined || settings.everydayWeight <= 0) return;
  const table = everyday.table();
  if (table.has(surface)) return;
  for (const match of everyday.typos().lookup(surface))
    if (match.distance === 1 && fingerSlip(surface, match.word))
      readEveryday(
        index,
        collector,
        stem(match.word),
        table.get(match.word)!,
        settings.everydayWeight * settings.typoWeight,
        surface,
        // The request's first word: no determiner before it.
        { word, determined: false },
      );
}

/**
 * The positions of the request's content words that name a tool of a product that is no UI's (`other`): as written,
 * as the shorthand or abbreviation they are ("PR": pull request), as a compound's parts, or as a value filling its
 * parameters ("ENG-412": an issue's key). Where one does ("refresh the balance"), the request is about that product,
 * and a word's UI readings are not read.
 */
function otherProducts(
  index: PostingsIndex,
  collector: TermCollector,
  content: readonly Token[],
  other: ReadonlySet<number>,
): number[] {
  const found: number[] = [];
  for (const read of collector.terms.values())
    if (read.kind !== "synonym" && read.kind !== "typo" && read.kind !== "semantic" && other.has(read.termId))
      found.push(read.word);
  content.forEach((token, at) => {
    const kind = token.valueKind === undefined ? undefined : VALUE_PARAMETERS[token.valueKind];
    if (kind?.some(([term]) => other.has(index.termIds.get(term) ?? -1))) found.push(at);
  });
  return found;
}

/**
 * Reads an everyday word (its catalog `term`, if any) as its `readings` at `weight`, each split among a phrase's words;
 * where the catalog's names use the word themselves, at a fifth of it when it is an action ("add") and not at all
 * when it is a thing ("ticket") or follows a determiner (`OWN_WORD_READING`). Where no reading meets a tool's name
 * and the catalog does not write the word, its `fallback` readings (the UI table's) at half the weight, as the name
 * terms of a UI's tools (`ui`) only: "toggle" reads set, update, and in a browser's tools click.
 */
function readEveryday(
  index: PostingsIndex,
  collector: TermCollector,
  term: string | undefined,
  readings: readonly string[],
  weight: number,
  from: string,
  { word, determined }: { word: number; determined: boolean },
  fallback?: readonly string[],
  ui?: ReadonlySet<number>,
): void {
  const names = nameTerms(index);
  const known = term === undefined ? undefined : index.termIds.get(term);
  const own = known !== undefined && names.has(known);
  // The names' own word as a thing ("the open issues") or a state is the catalog's word for it, nothing else.
  if (own && (determined || !ACTION_TERMS.has(term!))) return;
  const scale = own ? OWN_WORD_READING : 1;
  let named = false;
  for (const reading of readings) {
    // The names' own action reads as another action only ("add" → create), not as a thing ("send" → message).
    if (own && !isAction(reading)) continue;
    const { ids, words } = phraseTerms(index, reading);
    for (const id of ids) {
      collector.add(id, (weight * scale) / words, "synonym", from, word, undefined, own);
      named ||= names.has(id);
    }
  }
  if (named || known !== undefined || fallback === undefined || ui === undefined) return;
  for (const reading of fallback) {
    const { ids, words } = phraseTerms(index, reading);
    for (const id of ids) if (ui.has(id)) collector.add(id, weight / 2 / words, "synonym", from, word);
  }
}

/**
 * Share of an everyday word's weight its readings keep where the catalog's names use the word themselves and it is an
 * action (`ACTION_WORDS`, action-words.ts): "add" in Slack's `add_reaction` is that tool's own word, but a pooled
 * catalog's other products may say it otherwise ("add 3 tasks" is Todoist's `create_tasks`). Only its readings that are
 * actions too are read ("send" as post, not as message). The word as written still leads; its readings only tip a tool
 * another word of the request meets (`QueryTerm.own`: alone they are no evidence, relevance.ts). A noun the names use
 * ("ticket", "task") is the catalog's own word for its thing and reads as nothing else. Measured at 0.1 to 0.5, and
 * with nouns read too (bench/experiments/everyday-readings/NOTES.md).
 */
const OWN_WORD_READING = 0.2;

/** Whether an everyday reading is one action word (its term memoised with the phrase's: `phraseWords`). */
function isAction(reading: string): boolean {
  const terms = phraseWords(reading);
  return terms.length === 1 && ACTION_TERMS.has(terms[0]);
}

/** Shortest closed compound two request words are read as ("log in" → login; "in to" is no "into"). */
const MIN_JOINED = 5;

/**
 * Two adjacent request words written apart that a tool's name writes as one ("who's on call" → `pd_get_oncall`, "log
 * in" → `login`, "free busy" → `freebusy`): read as that name word, as strongly as the words themselves, on the
 * request's content words they cover. Only a name word: in prose, joined words are as often something else.
 */
function readOpenCompounds(index: PostingsIndex, collector: TermCollector, tokens: readonly Token[]): void {
  let position = -1;
  for (let at = 0; at + 1 < tokens.length; at++) {
    const first = tokens[at];
    if (!first.stop) position++;
    const second = tokens[at + 1];
    if (!first.alphabetic || !second.alphabetic || first.value || second.value || (first.stop && second.stop)) continue;
    if (first.surface.length + second.surface.length < MIN_JOINED) continue;
    const id = index.surfaces.get(first.surface + second.surface);
    if (id === undefined || !nameTerms(index).has(id)) continue;
    // Read on the content words the pair covers (a stop word is none: "on call" is read on "call").
    const from = first.stop ? second.surface : second.stop ? first.surface : `${first.surface} ${second.surface}`;
    collector.add(id, 1, "compound", from, first.stop ? position + 1 : position);
  }
}

/** The query's words that the catalog lacks and that query expansion may look up (not names, not stop words). */
export function unknownWords(index: PostingsIndex, text: string): string[] {
  const words = new Set<string>();
  let position = 0;
  forEachToken(text, (token) => {
    if (token.stop) return;
    const likelyName = token.capitalized && position > 0;
    position++;
    if (token.alphabetic && !likelyName && !index.termIds.has(token.term)) words.add(token.surface);
  });
  return [...words];
}
