// Keyword relevance: the IDF-weighted share of a query's content words that one tool matches, by field and match kind.

import type { PostingsIndex } from "./bm25f.js";
import { ACTION_TERMS } from "./action-words.js";
import { FIELD_NAMES, type FieldName } from "./fields.js";
import type { MatchKind, QueryTerm } from "./query.js";
import { clearFound, termsInDocument } from "./relevance-scan.js";
import { conversationalPositions, isConversationalWord, valueWords } from "./relevance-words.js";
import { nameFrequencies } from "./shorthand.js";
import type { Token } from "./tokenizer.js";
import { fingerSlip } from "./typo-index.js";
import { NO_WORD_SPECIFICITY, type WordSpecificity } from "./word-specificity.js";
import { zeroRow } from "./zero-row.js";

/** One content word of a query and how much of the query it carries. */
export interface QueryWord {
  readonly surface: string;
  /**
   * How specific the word is: its smoothed IDF over an unknown word's, or its IDF among tool names
   * × NAME_SPECIFICITY when that is more (0–1; 0 for conversational words).
   */
  readonly weight: number;
  /**
   * Its share of the query's content: its weight over the sum for every content word, or over CONTENT_CAP (0–1),
   * scaled up in a catalog of fewer than 30 tools (up to 1.5).
   */
  readonly share: number;
  /** How specific it is in general English (0–1; 1 for a rare word, or without a word list). */
  readonly general: number;
  /** A value the catalog lacks (a name, a quoted string, an identifier, a word with digits): VALUE_WORD_WEIGHT. */
  readonly value: boolean;
}

/**
 * The relevance from which a match is one the request plainly asks for: below it the ranking is unsure, so the elbow
 * cuts nothing (tool-index/post-process.ts) and an agent step is offered more tools (agent/step-selection.ts); at it,
 * a tool only a time meets does not come along (tool-index/relevance.ts).
 */
export const SURE_RELEVANCE = 0.5;

/** How one query word matched one tool, and what it adds to the tool's relevance. */
export interface WordMatch {
  /** The query word. */
  readonly word: string;
  /** The catalog term it met. */
  readonly term: string;
  readonly kind: MatchKind;
  /** The tool's best field for it. */
  readonly field: FieldName;
  /**
   * What it adds to relevance: its share of the query × match kind × field (0–1); outside the name, × the word's
   * general specificity.
   */
  readonly credit: number;
}

/**
 * The most of a query's content a tool has to match to be fully relevant, in unknown-word weights (2: two words the
 * catalog has never seen). Without it a long, chatty request ("could you jot down … into the previous file?")
 * scores low against the very tool it asks for (bench/experiments/relevance/NOTES.md).
 */
const CONTENT_CAP = 2;
/**
 * A catalog of fewer tools than this scales its keyword relevance up: a word only one of a few tools holds weighs
 * little next to one the catalog lacks (BM25's IDF is compressed there: 0.52 of an unknown word at 4 tools, 0.73 at
 * 30), so the same match scored lower and the default `minRelevance` refused fair requests (issue 30). Shares are
 * divided by (tools / 30) ** 0.12: 2/3 at one tool, 0.79 at 4, 0.88 at 10, 1 from 30 on. Measured by catalog size
 * in bench/min-relevance-by-size.md; at 2/3 for one tool, BFCL's requests that come with their own few functions get
 * no tool at least as often as with toolpick (bench/irrelevance.mjs; bench/experiments/relevance/NOTES.md).
 */
const FULL_CATALOG = 30;
// A common English word met as itself outside a tool's name keeps at least this share of its credit: "first" in a
// description is incidental, but "news" in "Top news headlines" is what the tool is about, and a word list cannot
// tell them apart. Read as another word (a typo, an abbreviation: "even" as event) it keeps only its specificity.
const GENERAL_FLOOR = 0.5;
// A word at least this specific in general English makes a request more than conversation (see `floor`).
const SPECIFIC_WORD = 0.5;
/** A capitalised unknown word inside the query ("Lisbon") or one with digits ("5th") is a value, not intent. */
const VALUE_WORD_WEIGHT = 0.3;
/** How much of a word a match in each field is worth: the name says most, parameter prose least. */
const FIELD_CREDIT: Readonly<Record<FieldName, number>> = {
  name: 1,
  description: 0.8,
  parameterNames: 0.8,
  parameterDescriptions: 0.5,
  enumValues: 0.5,
  // The MCP server a tool comes from (toolsift/mcp): it says which system, not what the tool does.
  server: 0.5,
};
/** What relevance a tool keeps when everyday readings are all the request has of it ("job" read as run). */
const EVERYDAY_ALONE = 0.5;
/** Beyond the expansion's own weight: an abbreviation reading is a guess about the word. */
const KIND_DISCOUNT: Partial<Record<MatchKind, number>> = { abbreviation: 0.75 };
/**
 * What a typo reading is worth beyond the typo weight. One edit in a word of 4 letters or fewer changes a quarter of it
 * ("help" → "held"): such a typo counts half, unless the edit is the kind fingers make and keeps the word's letters:
 * two letters swapped ("opne" → open) or a doubled letter typed once ("isue" → issue). Such a reading closes
 * FINGER_SLIP_GAIN of the gap between the typo weight and the word itself (0.7 → 0.9 at the default weight).
 */
function typoWeight(term: QueryTerm): number {
  if (term.correction !== undefined && fingerSlip(term.from, term.correction))
    return term.weight + (1 - term.weight) * FINGER_SLIP_GAIN;
  return term.weight * (term.from.length <= 4 ? 0.5 : 1);
}

/** A finger slip reads almost as the word itself (still below it: the word written out is surer). */
const FINGER_SLIP_GAIN = 2 / 3;

/**
 * The IDF of a term found in `df` of `docs` tools: plain BM25. A prior of pseudo-documents (tools lacking every word,
 * so that in a catalog of one tool a word it holds weighs more) was tried (bench/experiments/relevance/NOTES.md): it
 * left more irrelevant requests with a tool at the same recall. A small catalog scales shares instead (FULL_CATALOG).
 */
function smoothedIdf(docs: number, df: number): number {
  return Math.log(1 + (docs - df + 0.5) / (df + 0.5));
}

function documentFrequency(index: PostingsIndex, termId: number): number {
  return index.offsets[termId + 1] - index.offsets[termId];
}

/** Each term's specificity among tool names, per index (read on first use). */
const IN_NAMES = new WeakMap<PostingsIndex, Float32Array>();

/**
 * Each term's specificity among the catalog's tool names: NAME_SPECIFICITY × its IDF over the names that hold it,
 * relative to an unknown word's (0 when no name holds it).
 */
function nameSpecificity(index: PostingsIndex): Float32Array {
  let specificity = IN_NAMES.get(index);
  if (specificity !== undefined) return specificity;
  const counts = nameFrequencies(index);
  const unknown = smoothedIdf(index.docCount, 0);
  specificity = new Float32Array(counts.length);
  for (let term = 0; term < counts.length; term++)
    if (counts[term] > 0) specificity[term] = (NAME_SPECIFICITY * smoothedIdf(index.docCount, counts[term])) / unknown;
  IN_NAMES.set(index, specificity);
  return specificity;
}

/**
 * What a word's rarity among the catalog's tool names weighs beside its rarity anywhere. A word every tool's
 * parameters hold ("repo" on a GitHub server) weighs almost nothing by its IDF, yet read as "repository" it is what
 * three of 26 tool names are about ("now make a repo called scratch": `create_repository` 0.035 → 0.081 beside
 * `add_issue_comment`'s 0.096, which "make" reads as "add"). Measured on the
 * everyday set (0.5, 0.7, 1): at 1 a sure match cut the tools a multi-step request needed next.
 */
const NAME_SPECIFICITY = 0.7;

/**
 * The content words of a query's tokens in the positions `analyseQuery` numbers them, each with its share of the query:
 * conversational words ("thanks", "ok", "hello") carry none; a value word (a name inside the query, a word with
 * digits) a reduced one; a catalog word its smoothed IDF relative to an unknown word's, or `nameWeight` (by word
 * position: what a reading of it weighs among tool names) when that is more.
 */
export function queryWords(
  index: PostingsIndex,
  tokens: readonly Token[],
  text: string,
  readAs: ReadonlyMap<number, number> = new Map(),
  specificity: WordSpecificity = NO_WORD_SPECIFICITY,
  nameWeight: ReadonlyMap<number, number> = new Map(),
): QueryWord[] {
  const conversational = conversationalPositions(tokens);
  // Read only when a word the catalog lacks needs it (regex scans of the whole text).
  let values: Set<string> | undefined;
  const isValue = (surface: string): boolean => (values ??= valueWords(text)).has(surface);
  const unknown = smoothedIdf(index.docCount, 0);
  const words: { surface: string; weight: number; value: boolean; share: number; general: number }[] = [];
  const seen = new Set<string>();
  // The weights' sum and the heaviest, added up in word order as the words are read.
  let total = 0;
  let heaviest = 0;
  tokens.forEach((token, at) => {
    if (token.stop) return;
    const known = index.termIds.get(token.term);
    let weight: number;
    let value = false;
    // A repeated word counts once (its first place is where the query's terms point).
    // A sum ("$100") reads as the parameters that take one, for the ranking only: it says how much, not what.
    if (seen.has(token.term) || token.valueKind === "money") weight = 0;
    else if (isConversationalWord(tokens, at) || conversational.has(at)) weight = 0;
    else if (token.value === true) {
      weight = VALUE_WORD_WEIGHT;
      value = true;
    } else if (known !== undefined)
      weight = Math.max(
        smoothedIdf(index.docCount, documentFrequency(index, known)) / unknown,
        Math.min(1, nameWeight.get(words.length) ?? 0),
      );
    else if (!token.alphabetic || (token.capitalized && words.length > 0) || isValue(token.surface)) {
      weight = VALUE_WORD_WEIGHT;
      value = true;
    }
    // A word the catalog lacks but reads as a catalog word (a typo, a word-vector neighbour) weighs as that word.
    else weight = readAs.get(words.length) ?? 1;
    seen.add(token.term);
    // Made whole here, its share and specificity set below: no second object per word.
    words.push({ surface: token.surface, weight, value, share: 0, general: 1 });
    total += weight;
    heaviest = Math.max(heaviest, weight);
  });
  // A long request tells its task in a few words among many: shares are of at most CONTENT_CAP words' worth.
  // A small catalog's IDF is compressed (FULL_CATALOG): its shares are scaled up.
  const whole = Math.min(total, Math.max(CONTENT_CAP, heaviest)) * Math.min(1, (index.docCount / FULL_CATALOG) ** 0.12);
  for (const word of words) {
    word.share = whole > 0 ? word.weight / whole : 0;
    word.general = word.weight > 0 ? specificity(word.surface) : 1;
  }
  return words;
}

/** One reading of a query word (or phrase) as a catalog term, and what it is worth before the field. */
interface Reading {
  readonly term: QueryTerm;
  /** The expansion's weight × the discounts of its kind. */
  readonly weight: number;
  /** The query words it covers: positions term.word up to (not including) `end`. */
  readonly end: number;
}

/** A catalog term the query holds: its specificity in the catalog and the readings that reach it. */
interface TermReadings {
  readonly specificity: number;
  /** Its specificity among tool names (0 when no name holds it). */
  readonly inNames: number;
  readonly readings: readonly Reading[];
}

/** A query read for relevance once per selection: its content words and its readings by catalog term id. */
export interface RelevanceQuery {
  readonly words: readonly QueryWord[];
  readonly byTerm: ReadonlyMap<number, TermReadings>;
  /** What a common word met as itself outside a name keeps at least (0 when every content word is common). */
  readonly floor: number;
  /** The request's first word that counts, when another follows (−1: none): its task ("make a repo"). */
  readonly lead: number;
}

/**
 * Reads a query's tokens and analysed `terms` for `keywordRelevance` (terms of words that carry no share left out);
 * `specificity` says how specific each word is in general English.
 */
export function relevanceQuery(
  index: PostingsIndex,
  text: string,
  tokens: readonly Token[],
  terms: readonly QueryTerm[],
  specificity: WordSpecificity = NO_WORD_SPECIFICITY,
): RelevanceQuery {
  const unknown = smoothedIdf(index.docCount, 0);
  /** A catalog term's specificity: its IDF over an unknown word's. */
  const inCatalog = (termId: number): number => smoothedIdf(index.docCount, documentFrequency(index, termId)) / unknown;
  const readAs = new Map<number, number>();
  for (const term of terms) {
    if (term.kind !== "typo" && term.kind !== "semantic") continue;
    readAs.set(term.word, Math.max(readAs.get(term.word) ?? 0, inCatalog(term.termId)));
  }
  // A catalog term's specificity among tool names (0 when no name holds it), and per query word the most a reading
  // of it as written, an abbreviation or a compound's part has there (not a typo, a synonym or a neighbour: guesses).
  const inNames = nameSpecificity(index);
  const nameWeight = new Map<number, number>();
  for (const term of terms) {
    if (term.kind === "typo" || term.kind === "semantic" || term.kind === "synonym") continue;
    const weight = inNames[term.termId] * (term.kind === "exact" ? 1 : term.weight);
    if (weight > 0) nameWeight.set(term.word, Math.max(nameWeight.get(term.word) ?? 0, weight));
  }
  const words = queryWords(index, tokens, text, readAs, specificity, nameWeight);
  const byTerm = new Map<number, { specificity: number; inNames: number; readings: Reading[] }>();
  for (const term of terms) {
    if ((words[term.word]?.share ?? 0) === 0 && !term.from.includes(" ")) continue;
    const weight = (term.kind === "typo" ? typoWeight(term) : term.weight) * (KIND_DISCOUNT[term.kind] ?? 1);
    // A phrase reading ("pull request" → pr) covers each of its words.
    const reading = { term, weight, end: Math.min(words.length, term.word + spanOf(term)) };
    const known = byTerm.get(term.termId);
    if (known !== undefined) known.readings.push(reading);
    else {
      const specificity = inCatalog(term.termId);
      byTerm.set(term.termId, { specificity, inNames: inNames[term.termId], readings: [reading] });
    }
  }
  // A request made only of the commonest words ("what a day", "what's your name?") is conversation: no floor.
  // A value ("Bob", "A42") says nothing of what is asked: "what a day, Bob" is conversation still.
  const specific = words.some((word) => word.weight > 0 && !word.value && word.general >= SPECIFIC_WORD);
  const counting = words.filter((word) => word.share > 0).length;
  const lead = counting >= 2 ? words.findIndex((word) => word.share > 0) : -1;
  return { words, byTerm, floor: specific ? GENERAL_FLOOR : 0, lead };
}

/** FIELD_CREDIT by field index (FIELD_NAMES order). */
const CREDIT_BY_FIELD = FIELD_NAMES.map((field) => FIELD_CREDIT[field]);

/** How many query words a reading stands for: a phrase ("pull request" → pr) more than one. */
function spanOf(term: QueryTerm): number {
  // A phrase read as a catalog acronym ("pull request") or as a name's closed compound ("on call") covers its words.
  if (term.kind !== "abbreviation" && term.kind !== "compound") return 1;
  let span = 1;
  for (let i = 0; i < term.from.length; i++) if (term.from.charCodeAt(i) === 32) span++;
  return span;
}

/**
 * How well `doc` answers the query: per content word, its share × the best reading the tool has of it (match kind
 * weight × field credit; outside the name also × the word's general specificity: "first" or "number" in a
 * description is incidental, in a name it is what the tool is about), summed (0–1). A word the tool holds only
 * inside a closed compound ("base" in "database") does not count. A reading's credit is scaled down when its term is
 * more common in the catalog than the word itself (a typo read as a frequent word says less than the word would).
 */
export function keywordRelevance(
  index: PostingsIndex,
  query: RelevanceQuery,
  doc: number,
): { relevance: number; match: WordMatch[] } {
  const { words, lead } = query;
  // Per query word (by position), its best reading in this tool.
  const credits = zeroRow(words.length);
  const readings: (QueryTerm | undefined)[] = new Array(words.length);
  const fieldsOf: FieldName[] = new Array(words.length);
  const scan = termsInDocument(index, query.byTerm, doc, CREDIT_BY_FIELD);
  for (const termId of scan.found) {
    const field = FIELD_NAMES[scan.best[termId]];
    const { specificity: anywhere, inNames, readings: termReadings } = query.byTerm.get(termId)!;
    // Met in a name, a term is as specific as it is among names.
    const specificity = field === "name" ? Math.max(anywhere, inNames) : anywhere;
    for (const { term, weight: kindWeight, end } of termReadings) {
      for (let position = term.word; position < end; position++) {
        const word = words[position];
        if (word.share === 0) continue;
        const literal = term.kind === "exact" || term.kind === "compound";
        // The word itself, in the name: what the tool is about; elsewhere: floored. Read as another word: not, but for
        // the request's leading word read as an action word of the name ("make a repo" → create): its verb is its
        // task, floored as a word met as itself outside the name is. A word alone is no task ("great job" is no run).
        const action = !literal && position === lead && field === "name" && ACTION_TERMS.has(term.term);
        const general =
          literal && field === "name" ? 1 : literal || action ? Math.max(query.floor, word.general) : word.general;
        const credit = word.share * kindWeight * FIELD_CREDIT[field] * general * Math.min(1, specificity / word.weight);
        if (credit > credits[position]) {
          credits[position] = credit;
          readings[position] = term;
          fieldsOf[position] = field;
        }
      }
    }
  }
  clearFound(scan);
  const match: WordMatch[] = [];
  let ownOnly = true;
  for (let position = 0; position < words.length; position++) {
    const term = readings[position];
    if (term === undefined) continue;
    const credit = credits[position];
    ownOnly &&= term.own === true;
    match.push({ word: words[position].surface, term: term.term, kind: term.kind, field: fieldsOf[position], credit });
  }
  // Everyday readings alone ("great job" → run) are a guess at what the request means: they rank, but weigh less; and
  // readings of words the catalog's names use themselves ("list" → get beside `list_issues`) alone are no evidence.
  if (match.length > 0 && ownOnly) return { relevance: 0, match };
  const guessed = match.length > 0 && match.every((entry) => entry.kind === "synonym");
  const relevance = Math.min(1, match.reduce((sum, entry) => sum + entry.credit, 0) * (guessed ? EVERYDAY_ALONE : 1));
  return { relevance, match };
}
