// Families of tools: the product a tool belongs to, as its name's leading word says (`zd_get_ticket`, `slack_post`,
// `github__create_issue`), and the family a request names ("pull up zendesk 4411", "jria ticket for the login bug").

import { ACTION_WORDS } from "./action-words.js";
import type { PostingsIndex } from "./bm25f.js";
import type { QueryTerm } from "./query.js";
import type { Token } from "./tokenizer.js";

/** The tools of a catalog by family, and the catalog words that name each family. */
export interface Families {
  /** Document → its family (−1: none). */
  readonly of: Int32Array;
  /** Term id → the family that word names: the family's own leading word, or its product's name (`zendesk` → zd). */
  readonly markers: ReadonlyMap<number, number>;
  /** How many families the catalog has. */
  readonly count: number;
  /** Family → the term of its leading word (`zd`). */
  readonly leading: Int32Array;
}

/**
 * A word that may name a product: letters, and digits after the first letter ("k8s", "s3", "ec2", "context7"), but no
 * version ("v2", "v1beta1").
 */
const PRODUCT_WORD = /^(?!v\d+(?:[a-z]+\d*)?$)[a-z][a-z0-9]*$/;

/** The least share of a catalog's tools in families for it to be read as a catalog of products. */
const PRODUCT_CATALOG = 0.75;

/** Whether `short` is `word`'s first letter followed by more of its letters in order ("zd" in "zendesk"). */
function abbreviates(short: string, word: string): boolean {
  if (short.length >= word.length || short[0] !== word[0]) return false;
  let at = 1;
  for (let i = 1; i < word.length && at < short.length; i++) if (word[i] === short[at]) at++;
  return at === short.length;
}

/**
 * The catalog's families: tools whose names begin with the same word that is no action word, when at least two such
 * words are shared by two tools or more (one family is the whole catalog, and names no focus). A family is named by
 * its leading word, and by a word written only in its tools' text that the leading word abbreviates ("Search tickets
 * (zendesk search syntax)" in a `zd_` tool: "zendesk" names zd).
 */
export function catalogFamilies(postings: PostingsIndex, fieldCount: number): Families | undefined {
  const { docCount, sequence, fieldStarts, terms } = postings;
  const leading = new Int32Array(docCount).fill(-1);
  const members = new Map<number, number>();
  for (let d = 0; d < docCount; d++) {
    const start = fieldStarts[d * fieldCount];
    // A name of one word has no product before its action.
    if (fieldStarts[d * fieldCount + 1] - start < 2) continue;
    const term = sequence[start];
    if (ACTION_WORDS.has(terms[term]) || !PRODUCT_WORD.test(terms[term])) continue;
    leading[d] = term;
    members.set(term, (members.get(term) ?? 0) + 1);
  }
  const familyOfTerm = new Map<number, number>();
  for (const [term, size] of members) if (size >= 2) familyOfTerm.set(term, familyOfTerm.size);
  if (familyOfTerm.size < 2) return undefined;
  const leadingTerms = Int32Array.from(familyOfTerm.keys());
  const of = new Int32Array(docCount).fill(-1);
  let inFamilies = 0;
  for (let d = 0; d < docCount; d++) {
    of[d] = familyOfTerm.get(leading[d]) ?? -1;
    if (of[d] >= 0) inFamilies++;
  }
  // A catalog of products names nearly every tool after its product; where many names begin with their action
  // (`find_recipe` beside `recipe_finder.find`), a leading word is a topic, and no product.
  if (inFamilies < PRODUCT_CATALOG * docCount) return undefined;
  const markers = new Map(familyOfTerm);
  // Words whose every document is in one family (−2: seen in more than one, or outside any).
  const home = new Map<number, number>();
  for (let d = 0; d < docCount; d++) {
    for (let i = fieldStarts[d * fieldCount]; i < fieldStarts[(d + 1) * fieldCount]; i++) {
      const term = sequence[i];
      const seen = home.get(term);
      if (seen === undefined) home.set(term, of[d] < 0 ? -2 : of[d]);
      else if (seen !== of[d]) home.set(term, -2);
    }
  }
  const leadingWord = [...familyOfTerm.keys()].map((term) => terms[term]);
  for (const [term, family] of home) {
    if (family < 0 || markers.has(term)) continue;
    const word = terms[term];
    if (word.length >= 4 && /^[a-z]+$/.test(word) && abbreviates(leadingWord[family], word)) markers.set(term, family);
  }
  return { of, markers, count: familyOfTerm.size, leading: leadingTerms };
}

/**
 * What a tool of a family the request does not name keeps of its keyword score, when the request names one: the
 * named product's tools rank first, and a task that needs another product's tool too ("find time with Priya and put
 * a zoom on it") still finds it (bench/everyday.mjs: 0.5 lost such steps, 0.7 kept them).
 */
const UNNAMED_FAMILY = 0.7;

/**
 * The families a query's terms name (by a family's word as written, a typo of it or its shorthand; not by a
 * word-vector neighbour, an everyday reading or a name the request gives), or undefined when none, or every one.
 */
export function namedFamilies(
  families: Families,
  terms: readonly QueryTerm[],
  by: (term: QueryTerm) => boolean = () => true,
): Set<number> | undefined {
  let named: Set<number> | undefined;
  for (const term of terms) {
    if (term.kind === "semantic" || term.kind === "synonym" || term.weight < 0.5 || !by(term)) continue;
    const family = families.markers.get(term.termId);
    if (family !== undefined) (named ??= new Set()).add(family);
  }
  return named === undefined || named.size === families.count ? undefined : named;
}

/**
 * Scales the scores (by document) of the tools outside the families the query names (none when it names none), and
 * ranks the named families' best tool first: "add 'renew passport' to my todoist" is a todoist task, however well
 * another product's `add_observations` reads "add".
 */
export function focusOnNamedFamilies(
  families: Families,
  terms: readonly QueryTerm[],
  scores: Float32Array,
  common: (word: string) => boolean,
): void {
  const named = namedFamilies(families, terms);
  if (named === undefined) return;
  // Named by a product's own word as written, not one English also has ("linear"), an inflection ("deployed") nor two
  // letters ("the SF office"); and one product: a request naming two ranks them by its other words.
  const own = (term: QueryTerm) =>
    term.from.length >= 3 && !common(term.from) && (term.kind === "abbreviation" || term.from === term.term);
  const first = named.size === 1 ? namedFamilies(families, terms, own) : undefined;
  let best = -1;
  let other = 0;
  for (let doc = 0; doc < families.of.length; doc++) {
    if (!named.has(families.of[doc])) other = Math.max(other, (scores[doc] *= UNNAMED_FAMILY));
    else if (first?.has(families.of[doc]) && (best < 0 || scores[doc] > scores[best])) best = doc;
  }
  if (best >= 0 && scores[best] > 0 && scores[best] <= other) scores[best] = other * NAMED_FIRST;
}

/** How far above the best tool of an unnamed family a named family's best tool is lifted. */
const NAMED_FIRST = 1.001;

/**
 * Whether `word` is two words of three letters or more whose initials are the family word `short` ("hubspot": hs), the
 * second a word `known` knows, or one with two letters swapped ("hubsopt"): "newsletter" is no "new" + "sletter", nor
 * "degraded" a "deg" + "raded".
 */
function compoundInitials(short: string, word: string, known: (word: string) => boolean): boolean {
  if (short.length !== 2 || word[0] !== short[0]) return false;
  for (let split = 3; split <= word.length - 3; split++) {
    if (word[split] !== short[1]) continue;
    const second = word.slice(split);
    if (known(second)) return true;
    for (let i = 1; i + 1 < second.length; i++)
      if (known(second.slice(0, i) + second[i + 1] + second[i] + second.slice(i + 2))) return true;
  }
  return false;
}

/**
 * The family words a request means by its product words, as terms of their own, so that a family's tools match by
 * name ("zendesk 4411" → the `zd_` tools): a catalog word that names a family, and a word the catalog lacks and
 * general English does not have that reads as two words whose initials are one family's word ("hubspot" → hs,
 * "pagerduty" → pd). A word that could name two families names none.
 */
export function familyReadings(
  families: Families,
  index: PostingsIndex,
  tokens: readonly Token[],
  terms: readonly QueryTerm[],
  weight: number,
  common: (word: string) => boolean,
  known: (word: string) => boolean,
): QueryTerm[] {
  const readings: QueryTerm[] = [];
  const read = (family: number, from: string, word: number, reading: number) => {
    const termId = families.leading[family];
    readings.push({ termId, term: index.terms[termId], weight: reading, kind: "abbreviation", from, word });
  };
  for (const term of terms) {
    const family = families.markers.get(term.termId);
    if (family === undefined || families.leading[family] === term.termId) continue;
    if (term.kind === "exact" || term.kind === "typo")
      read(family, term.from, term.word, Math.min(weight, term.weight));
  }
  let position = 0;
  for (const token of tokens) {
    if (token.stop) continue;
    const word = position++;
    const surface = token.surface;
    if (token.value === true || !token.alphabetic || surface.length < 6) continue;
    if (index.termIds.has(token.term) || common(surface)) continue;
    let named = -1;
    for (let family = 0; family < families.count && named !== -2; family++)
      if (compoundInitials(index.terms[families.leading[family]], surface, known)) named = named === -1 ? family : -2;
    if (named >= 0) read(named, surface, word, weight);
  }
  return readings;
}
