// A deterministic copy of the queries with one or two typos each, to measure typo tolerance.
//
// The rule, applied to every query with the PRNG mulberry32(TYPO_SEED):
//  1. Candidate words are maximal runs of ASCII letters of length >= 4 ("area", "triangle";
//     "10" or "of" never are). A query with no candidate is kept unchanged (counted in `unchanged`).
//  2. Pick how many words to edit: one or two with equal odds (capped by the number of candidates),
//     then pick that many distinct candidates uniformly.
//  3. For each picked word apply one edit, chosen uniformly among:
//     - swap:   exchange two adjacent letters that differ (so the word really changes);
//               falls back to "drop" when no such pair exists (e.g. "aaaa");
//     - drop:   delete one letter;
//     - double: write one letter twice.
//     Edits never touch the first letter (first-letter slips are the rarest in typing studies),
//     so the position is uniform over letters 2..n (swap: pairs starting at 2..n-1).
//  4. Letter case is kept as typed; the edit works on the letters of the word as they are.
import { mulberry32, randomInt } from "../scripts/seeded-random.mjs";

export const TYPO_SEED = 0x7005_1f7;

function swapAdjacent(word, random) {
  const positions = [];
  for (let i = 1; i < word.length - 1; i++) {
    if (word[i] !== word[i + 1]) positions.push(i);
  }
  if (positions.length === 0) return dropLetter(word, random);
  const i = positions[randomInt(random, positions.length)];
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

function dropLetter(word, random) {
  const i = 1 + randomInt(random, word.length - 1);
  return word.slice(0, i) + word.slice(i + 1);
}

function doubleLetter(word, random) {
  const i = 1 + randomInt(random, word.length - 1);
  return word.slice(0, i + 1) + word[i] + word.slice(i + 1);
}

const EDITS = [swapAdjacent, dropLetter, doubleLetter];

/** Returns the query text with one or two words mistyped, following the rule above. */
export function addTypos(text, random) {
  const words = [...text.matchAll(/[A-Za-z]+/g)].filter((m) => m[0].length >= 4);
  if (words.length === 0) return text;
  const count = Math.min(words.length, 1 + randomInt(random, 2));
  const picked = new Set();
  while (picked.size < count) picked.add(randomInt(random, words.length));
  // Edit from the end of the string so earlier match offsets stay valid.
  let result = text;
  for (const index of [...picked].sort((a, b) => b - a)) {
    const match = words[index];
    const edit = EDITS[randomInt(random, EDITS.length)];
    const typed = edit(match[0], random);
    result = result.slice(0, match.index) + typed + result.slice(match.index + match[0].length);
  }
  return result;
}

/**
 * Typo copies of `queries` (same order, same `expected`), plus how many stayed unchanged.
 * @returns {{ queries: {query: string, expected: string[], original: string}[], unchanged: number }}
 */
export function makeTypoQueries(queries, seed = TYPO_SEED) {
  const random = mulberry32(seed);
  let unchanged = 0;
  const typoQueries = queries.map((q) => {
    const query = addTypos(q.query, random);
    if (query === q.query) unchanged++;
    return { ...q, query, original: q.query };
  });
  return { queries: typoQueries, unchanged };
}
