// Known-quadratic stages, for checking that the cost meters see what they are meant to catch: the compound split as
// it was before issue 13's fix (each cut hashes two fresh substrings), and a plain nested loop.
import type { CostStage } from "./stages.js";
import { CATALOG_SIZES } from "./stages.js";
import { letters } from "./text.js";

/** splitIntoKnownWords before MAX_COMPOUND_LENGTH: every cut looks up a new slice, O(length²) characters hashed. */
export function splitBeforeFix(known: ReadonlyMap<string, number>, word: string): [number, number] | undefined {
  for (let cut = word.length - 3; cut >= 3; cut--) {
    const head = known.get(word.slice(0, cut));
    if (head === undefined) continue;
    const tail = known.get(word.slice(cut));
    if (tail !== undefined) return [head, tail];
  }
  return undefined;
}

/** Counts equal letter pairs by comparing every pair: O(length²) loop iterations. */
export function equalPairs(text: string): number {
  let pairs = 0;
  for (let i = 0; i < text.length; i++) for (let j = i + 1; j < text.length; j++) if (text[i] === text[j]) pairs++;
  return pairs;
}

export const QUADRATIC_SPLIT: CostStage = {
  name: "compound split before the fix",
  sizes: CATALOG_SIZES,
  prepare: (n, s) => {
    const word = letters(n, s);
    const known = new Map([["abc", 0]]);
    return () => splitBeforeFix(known, word);
  },
};

export const QUADRATIC_LOOP: CostStage = {
  name: "nested loop",
  sizes: [500, 1_000, 2_000],
  prepare: (n, s) => {
    const text = letters(n, s);
    return () => equalPairs(text);
  },
};
