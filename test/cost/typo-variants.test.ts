// The typo index's delete variants: each hashed as the string it stands for, every catalog word within the edit budget
// found (checked against a brute-force scan), and the work per word growing with its variants, not variants × length.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forEachVariant, longerWord, stringHash, TypoIndex } from "../../src/core/typo-index.js";
import { openBlockCounter } from "./block-counter.js";
import { letters, words } from "./text.js";

// Opened before any test runs the index: V8 counts blocks only in code compiled after coverage started.
let counter: Awaited<ReturnType<typeof openBlockCounter>>;
beforeAll(async () => {
  counter = await openBlockCounter("/src/core/typo-index");
});
afterAll(() => counter.close());

/** Optimal string alignment distance, written out plainly (the test's own, not the module's). */
function osaDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i + j));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      rows[i][j] = Math.min(
        rows[i - 1][j] + 1,
        rows[i][j - 1] + 1,
        rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
        ...(i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] ? [rows[i - 2][j - 2] + 1] : []),
      );
    }
  }
  return rows[a.length][b.length];
}

describe("delete variants", () => {
  it("hash each variant as the string it stands for, in order: the word, one letter deleted, then two", () => {
    for (let length = 1; length <= 34; length++) {
      const word = letters(length, length);
      const expected = [stringHash(word)];
      for (let i = 0; i < length; i++) {
        expected.push(stringHash(word.slice(0, i) + word.slice(i + 1)));
        for (let j = i + 1; j < length; j++) {
          expected.push(stringHash(word.slice(0, i) + word.slice(i + 1, j) + word.slice(j + 1)));
        }
      }
      const seen: number[] = [];
      forEachVariant(word, 2, (hash) => seen.push(hash));
      expect(seen).toEqual(expected);
    }
  });

  it("find every catalog word within the edit budget, as a scan of the whole vocabulary does", () => {
    const vocabulary = [...new Set(words(6_000, 5, 3, 12))];
    const index = new TypoIndex(vocabulary);
    // Misspellings of catalog words: one or two letters changed, dropped or doubled, neighbours swapped.
    const queries = vocabulary.slice(0, 300).map((word, i) => {
      const at = i % word.length;
      const edits = [
        word.slice(0, at) + word.slice(at + 1),
        word.slice(0, at) + "q" + word.slice(at + 1),
        word.slice(0, at) + word[at] + word.slice(at),
        at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : `${word}x`,
      ];
      return edits[i % edits.length] + (i % 3 === 0 ? "z" : "");
    });
    for (const query of queries) {
      const budget = query.length >= 8 ? 2 : query.length >= 4 ? 1 : 0;
      const near = vocabulary
        .filter((word) => word !== query && word.length >= 3)
        .map((word) => ({ word, distance: osaDistance(query, word) }))
        .filter(({ word, distance }) => {
          const sameStart = query.length >= 8 || word[0] === query[0] || (word[0] === query[1] && word[1] === query[0]);
          // A word and one more letter at its end, no slip of a key, is another word ("linen", "line"): the index's
          // own rule (the scan checks the search for candidates, not the rule).
          return distance <= budget && sameStart && !longerWord(query, word);
        });
      const best = Math.min(...near.map((match) => match.distance));
      const expected = near
        .filter((match) => match.distance === best)
        .sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
        .slice(0, 3);
      expect(index.lookup(query), query).toEqual(expected);
    }
  });

  it("cost about four times more for a word twice as long (its variants), not eight (variants × length)", async () => {
    const [short, long] = [16, 32].map((length) => letters(length, 3));
    const shortBlocks = await counter.count(() => new TypoIndex([short]).lookup(short.slice(1)));
    const longBlocks = await counter.count(() => new TypoIndex([long]).lookup(long.slice(1)));
    expect(longBlocks / shortBlocks).toBeLessThan(4.5);
  });
});
