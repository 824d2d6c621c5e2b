// Product prefixes in tool names: "gdrive_search" is about Drive, "gcal_list_events" about a calendar.

import { SHORTHAND } from "./shorthand.js";

/** Longest word read as prefixed (a product's name is short; the cost of a hostile long name stays linear). */
const MAX_PREFIXED_LENGTH = 48;

const PRODUCT_PREFIX = /^[bcdfghjklmnpqrstvwxz]{1,2}(?=[a-z]{3,}$)/;

/**
 * How an English word may begin: a vowel, or a consonant cluster such as "sp", "cl", "str". A prefix that reads so
 * with the letter after it is part of a word ("sentry" is no s + "entry", "clock" no c + "lock"); "gd", "gm", "mkd"
 * begin no English word, so "gdrive", "gmail" and "mkdir" hold a product's letter and a word.
 */
const ENGLISH_ONSET =
  /^(?:.?[aeiouy]|[bcfgkps]l|[bcdfgkpt]r|s[ckmnpqtvw]|[cgprstw]h|[dt]w|[gkp]n|wr|[pt]s|s[cpt]r|spl|sch|[cpst]hr|sph)$/;

/**
 * The catalog word a name's leading word holds after a product's one- or two-consonant prefix ("gdrive" → drive,
 * "gcal" → cal → calendar, "zdticket" → ticket), or undefined. The prefix and the tail's first letter must begin no
 * English word: "sprint" is no s + "print".
 */
export function prefixedWord(known: ReadonlyMap<string, number>, word: string): number | undefined {
  // A product's name is short: a longer word is never read so, and its cost stays that of a look at its first letters.
  if (word.length > MAX_PREFIXED_LENGTH) return undefined;
  const prefix = PRODUCT_PREFIX.exec(word);
  if (prefix === null) return undefined;
  for (let cut = 1; cut <= prefix[0].length; cut++) {
    if (ENGLISH_ONSET.test(word.slice(0, cut + 1))) continue;
    const tail = word.slice(cut);
    // A shorthand ("cal") or a word of four letters or more: "send" holds no "end".
    const shorthand = SHORTHAND.get(tail)
      ?.map((reading) => known.get(reading))
      .find((found) => found !== undefined);
    const id = shorthand ?? (tail.length >= 4 ? known.get(tail) : undefined);
    if (id !== undefined) return id;
  }
  return undefined;
}

/**
 * The leading word of each tool's name that holds a catalog word after a product prefix, by term id → that word's term
 * id (`prefixedWord`). `sequence` and `fieldStarts` as in the postings (the name is each document's first field). A
 * product's name may be written in prose too ("gmail_search": "gmail query syntax"), and a term may be written in
 * several forms ("sprint", "sprints"): each is tried.
 */
export function prefixedNameWords(
  surfaces: ReadonlyMap<string, number>,
  sequence: ArrayLike<number>,
  fieldStarts: Uint32Array,
  docCount: number,
  fieldCount: number,
): Map<number, number> {
  const leading = new Set<number>();
  for (let d = 0; d < docCount; d++) {
    const start = fieldStarts[d * fieldCount];
    if (start < fieldStarts[d * fieldCount + 1]) leading.add(sequence[start]);
  }
  const prefixed = new Map<number, number>();
  for (const [surface, id] of surfaces) {
    if (!leading.has(id) || prefixed.has(id)) continue;
    const part = prefixedWord(surfaces, surface);
    if (part !== undefined && part !== id) prefixed.set(id, part);
  }
  return prefixed;
}
