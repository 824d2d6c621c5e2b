// Product prefixes in tool names: "gdrive_search" is about Drive, "gcal_list_events" about a calendar.

import { SHORTHAND } from "./shorthand.js";

/** Longest word read as prefixed (a product's name is short; the cost of a hostile long name stays linear). */
const MAX_PREFIXED_LENGTH = 48;

const PRODUCT_PREFIX = /^[bcdfghjklmnpqrstvwxz]{1,2}(?=[a-z]{3,}$)/;

/**
 * The catalog word a name's leading word holds after a product's one- or two-consonant prefix ("gdrive" → drive,
 * "gcal" → cal → calendar, "zdticket" → ticket), or undefined. Only a name's first word that the catalog writes
 * nowhere else is read so (`prefixedNameWords`): "send" and "sprint" are words of their descriptions, "gdrive" is a
 * product's identifier.
 */
export function prefixedWord(
  known: ReadonlyMap<string, number>,
  word: string,
  unwritten?: UnwrittenWords,
): number | undefined {
  // A product's name is short: a longer word is never read so, and its cost stays that of a look at its first letters.
  if (word.length > MAX_PREFIXED_LENGTH) return undefined;
  const prefix = PRODUCT_PREFIX.exec(word);
  if (prefix === null) return undefined;
  for (let cut = 1; cut <= prefix[0].length; cut++) {
    const tail = word.slice(cut);
    // A shorthand ("cal") or a word of four letters or more: "send" holds no "end".
    const readings = SHORTHAND.get(tail);
    const id =
      readings?.map((reading) => known.get(reading)).find((found) => found !== undefined) ??
      (tail.length >= 4 ? known.get(tail) : undefined) ??
      // A shorthand's word the catalog does not write ("gcal" where the calendar tools say only "List events").
      (readings && unwritten?.accepts(tail) ? unwritten.term(readings[0]) : undefined);
    if (id !== undefined) return id;
  }
  return undefined;
}

/** How a word the catalog does not write may still be read after a product's prefix (bm25f.ts makes the term). */
export interface UnwrittenWords {
  /** Whether `shorthand` may stand for its word: not where it is an everyday word itself ("docs"). */
  accepts(shorthand: string): boolean;
  /** The term id of `word` (one word), made a term of the index. */
  term(word: string): number | undefined;
}

/**
 * The leading word of each tool's name that holds a catalog word after a product prefix, by term id → that word's term
 * id (`prefixedWord`). `sequence` and `fieldStarts` as in the postings (the name is each document's first field).
 */
export function prefixedNameWords(
  surfaces: ReadonlyMap<string, number>,
  sequence: ArrayLike<number>,
  fieldStarts: Uint32Array,
  docCount: number,
  fieldCount: number,
  unwritten?: UnwrittenWords,
): Map<number, number> {
  const prefixed = new Map<number, number>();
  const candidates = new Map<number, string>();
  for (const [surface, id] of surfaces)
    if (surface.length <= MAX_PREFIXED_LENGTH && PRODUCT_PREFIX.test(surface)) candidates.set(id, surface);
  // A word the catalog also writes outside names ("send", "sprint", "track") is a word, not a product's identifier.
  for (let d = 0; d < docCount && candidates.size > 0; d++) {
    for (let i = fieldStarts[d * fieldCount + 1]; i < fieldStarts[(d + 1) * fieldCount]; i++)
      candidates.delete(sequence[i]);
  }
  for (let d = 0; d < docCount && candidates.size > 0; d++) {
    const start = fieldStarts[d * fieldCount];
    if (start === fieldStarts[d * fieldCount + 1]) continue;
    const id = sequence[start];
    const surface = candidates.get(id);
    if (surface === undefined || prefixed.has(id)) continue;
    const part = prefixedWord(surfaces, surface, unwritten);
    if (part !== undefined && part !== id) prefixed.set(id, part);
  }
  return prefixed;
}
