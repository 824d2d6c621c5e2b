// Typo tolerance: a symmetric-delete (SymSpell) index over the catalog's words, so a lookup never scans the vocabulary.

/**
 * Longest word typo tolerance applies to. Deletes grow with the square of a word's length: one
 * 2,000-letter query word would need about two million variants (seconds and gigabytes).
 */
export const MAX_TYPO_WORD_LENGTH = 32;

/** Edit budget by word length: 1 edit from 4 letters, 2 from 8, none below 4 or above MAX_TYPO_WORD_LENGTH. */
export function maxEdits(length: number): number {
  if (length > MAX_TYPO_WORD_LENGTH) return 0;
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), giving up above `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const n = b.length;
  let previous2 = new Int32Array(n + 1);
  let previous = new Int32Array(n + 1);
  let current = new Int32Array(n + 1);
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMinimum = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) value = Math.min(value, previous2[j - 2] + 1);
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    const recycled = previous2;
    previous2 = previous;
    previous = current;
    current = recycled;
  }
  return previous[n];
}

function addDeletes(word: string, depth: number, out: Set<string>): void {
  if (depth === 0 || word.length <= 1) return;
  for (let i = 0; i < word.length; i++) {
    const variant = word.slice(0, i) + word.slice(i + 1);
    if (!out.has(variant)) {
      out.add(variant);
      addDeletes(variant, depth - 1, out);
    }
  }
}

/** A close catalog word for a misspelt query word. */
export interface TypoMatch {
  readonly word: string;
  readonly distance: number;
}

export class TypoIndex {
  private readonly variants = new Map<string, number[]>();
  private readonly words: string[] = [];

  /** Indexes alphabetic words of 3 to MAX_TYPO_WORD_LENGTH letters; each stores the deletes any in-budget query could reach. */
  constructor(words: Iterable<string>) {
    const scratch = new Set<string>();
    for (const word of words) {
      if (word.length < 3 || word.length > MAX_TYPO_WORD_LENGTH || !/^\p{L}+$/u.test(word)) continue;
      const id = this.words.length;
      this.words.push(word);
      // A query of 8+ letters may be 2 edits away from a 6+ letter word; shorter words need only 1.
      scratch.clear();
      scratch.add(word);
      addDeletes(word, word.length >= 6 ? 2 : 1, scratch);
      for (const variant of scratch) {
        const list = this.variants.get(variant);
        if (list === undefined) this.variants.set(variant, [id]);
        else list.push(id);
      }
    }
  }

  /** Catalog words within the edit budget of `word`, closest first (at most `limit`). */
  lookup(word: string, limit = 3): TypoMatch[] {
    const budget = maxEdits(word.length);
    if (budget === 0) return [];
    const candidates = new Set<number>();
    const deletes = new Set<string>([word]);
    addDeletes(word, budget, deletes);
    for (const variant of deletes) {
      const ids = this.variants.get(variant);
      if (ids !== undefined) for (const id of ids) candidates.add(id);
    }
    const matches: TypoMatch[] = [];
    for (const id of candidates) {
      const candidate = this.words[id];
      if (candidate === word) continue;
      const distance = editDistance(word, candidate, budget);
      if (distance <= budget) matches.push({ word: candidate, distance });
    }
    matches.sort((a, b) => a.distance - b.distance || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    if (matches.length === 0) return matches;
    const best = matches[0].distance;
    return matches.filter((match) => match.distance === best).slice(0, limit);
  }
}
