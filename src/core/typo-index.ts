// Typo tolerance: a symmetric-delete (SymSpell) index over the catalog's words, so a lookup never scans the vocabulary.

import { fmix32 } from "./hash.js";
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
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        value = Math.min(value, previous2[j - 2] + 1);
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

// Variant hashes are polynomial (Σ code·BASE^position, mod 2^32), so the hash of a word with one or two letters deleted
// comes from its prefix hashes in a few multiplications: a word of n letters has about n²/2 variants, and hashing each
// letter by letter made a word cost n³/2. The murmur3 finaliser then spreads the bits the buckets use.
const BASE = 0x01000193;
// Scratch for forEachVariant (never re-entered): prefix hashes and powers of BASE, up to the longest word hashed.
const prefix = new Int32Array(MAX_TYPO_WORD_LENGTH + 3);
const power = new Int32Array(MAX_TYPO_WORD_LENGTH + 3);

/** The hash a delete-variant is stored under, computed from the variant's own letters. */
export function stringHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, BASE) + text.charCodeAt(i)) | 0;
  return fmix32(hash);
}

/**
 * Calls `visit` with the hash of the word, then of each variant with one letter deleted (at i), each followed, when
 * `depth` is 2, by the variants with letters i and j > i deleted. Each hash equals `stringHash` of that variant.
 * Words of up to MAX_TYPO_WORD_LENGTH + 2 letters.
 */
export function forEachVariant(word: string, depth: number, visit: (hash: number) => void): void {
  const n = word.length;
  if (n > prefix.length - 1) throw new RangeError(`forEachVariant: ${n} letters, at most ${prefix.length - 1}`);
  power[0] = 1;
  for (let k = 0; k < n; k++) {
    prefix[k + 1] = (Math.imul(prefix[k], BASE) + word.charCodeAt(k)) | 0;
    power[k + 1] = Math.imul(power[k], BASE);
  }
  // Hash of word[a..b): the prefix to b less the prefix to a shifted past the letters between.
  const segment = (a: number, b: number): number => (prefix[b] - Math.imul(prefix[a], power[b - a])) | 0;
  visit(fmix32(prefix[n]));
  for (let i = 0; i < n; i++) {
    // word[0..i) + word[i+1..n): the head moves up by the n − 1 − i letters after it.
    visit(fmix32((Math.imul(prefix[i], power[n - 1 - i]) + segment(i + 1, n)) | 0));
    if (depth < 2 || i + 1 >= n) continue;
    const head = Math.imul(prefix[i], power[n - 2 - i]);
    for (let j = i + 1; j < n; j++) {
      // word[0..i) + word[i+1..j) + word[j+1..n).
      visit(fmix32((head + Math.imul(segment(i + 1, j), power[n - 1 - j]) + segment(j + 1, n)) | 0));
    }
  }
}

function variantCount(length: number, depth: number): number {
  return 1 + length + (depth >= 2 ? (length * (length - 1)) / 2 : 0);
}

/** A close catalog word for a misspelt query word. */
export interface TypoMatch {
  readonly word: string;
  readonly distance: number;
}

/**
 * Symmetric-delete index: every catalog word is stored under the hashes of its delete-variants, in one
 * hash-bucketed CSR table (typed arrays, no per-variant strings). A query word's own variants find
 * candidates; hash collisions only add candidates, which the exact edit distance then rejects.
 */
export class TypoIndex {
  private readonly words: string[] = [];
  private readonly mask: number;
  private readonly bucketStarts: Uint32Array;
  private readonly slotHashes: Uint32Array;
  private readonly slotWords: Uint32Array;

  /**
   * Indexes alphabetic words of 3 to MAX_TYPO_WORD_LENGTH + 2 letters (no query word in budget can reach a
   * longer one); each stores the deletes any in-budget query could reach.
   */
  constructor(words: Iterable<string>) {
    let total = 0;
    for (const word of words) {
      if (word.length < 3 || word.length > MAX_TYPO_WORD_LENGTH + 2 || !/^\p{L}+$/u.test(word)) continue;
      this.words.push(word);
      total += variantCount(word.length, vocabularyDepth(word.length));
    }
    const hashes = new Uint32Array(total);
    const owners = new Uint32Array(total);
    let filled = 0;
    this.words.forEach((word, id) => {
      forEachVariant(word, vocabularyDepth(word.length), (hash) => {
        hashes[filled] = hash;
        owners[filled++] = id;
      });
    });
    let buckets = 1;
    while (buckets < total) buckets <<= 1;
    this.mask = buckets - 1;
    // Counting sort of the variants by bucket.
    const starts = new Uint32Array(buckets + 1);
    for (let i = 0; i < total; i++) starts[(hashes[i] & this.mask) + 1]++;
    for (let b = 0; b < buckets; b++) starts[b + 1] += starts[b];
    const cursor = starts.slice(0, buckets);
    this.slotHashes = new Uint32Array(total);
    this.slotWords = new Uint32Array(total);
    for (let i = 0; i < total; i++) {
      const slot = cursor[hashes[i] & this.mask]++;
      this.slotHashes[slot] = hashes[i];
      this.slotWords[slot] = owners[i];
    }
    this.bucketStarts = starts;
  }

  /** Lookups already made (queries repeat their words): bounded, cleared when full. */
  private readonly memo = new Map<string, readonly TypoMatch[]>();

  /** Catalog words within the edit budget of `word`, closest first (at most `limit`). */
  lookup(word: string, limit = 3): readonly TypoMatch[] {
    if (limit !== 3) return this.search(word, limit);
    let found = this.memo.get(word);
    if (found === undefined) {
      if (this.memo.size >= 10_000) this.memo.clear();
      found = this.search(word, limit);
      this.memo.set(word, found);
    }
    return found;
  }

  private search(word: string, limit: number): TypoMatch[] {
    const budget = maxEdits(word.length);
    if (budget === 0 || this.words.length === 0) return [];
    const candidates = new Set<number>();
    forEachVariant(word, budget, (hash) => {
      const bucket = hash & this.mask;
      for (let slot = this.bucketStarts[bucket]; slot < this.bucketStarts[bucket + 1]; slot++) {
        if (this.slotHashes[slot] === hash) candidates.add(this.slotWords[slot]);
      }
    });
    const matches: TypoMatch[] = [];
    for (const id of candidates) {
      const candidate = this.words[id];
      if (candidate === word) continue;
      const distance = editDistance(word, candidate, budget);
      if (distance <= budget && sameStart(word, candidate) && !longerWord(word, candidate))
        matches.push({ word: candidate, distance });
    }
    matches.sort((a, b) => a.distance - b.distance || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    if (matches.length === 0) return matches;
    const best = matches[0].distance;
    return matches.filter((match) => match.distance === best).slice(0, limit);
  }
}

/**
 * People rarely mistype the first letter of a short word, while a real word one letter away ("says" →
 * "days") is common: under 8 letters a candidate must start with the same letter, or with the first two
 * swapped ("esnd" → "send").
 */
function sameStart(word: string, candidate: string): boolean {
  return word.length >= 8 || candidate[0] === word[0] || (candidate[0] === word[1] && candidate[1] === word[0]);
}

/**
 * Whether `word` is `candidate` and one more letter at its end that neither doubles its last nor is a key next to it
 * ("linen" of "line", "planet" of "plane"): another word, not a slip ("sendd", "replyu", "refundf" are slips).
 */
export function longerWord(word: string, candidate: string): boolean {
  if (word.length !== candidate.length + 1 || !word.startsWith(candidate)) return false;
  const last = candidate.at(-1) ?? "";
  const extra = word.at(-1) ?? "";
  return extra !== last && !nextKeys(last, extra);
}

/**
 * QWERTY's letter rows, 11 places apart, each shifted half a key right of the one above: keys beside each other are 1
 * apart, a key and the two it sits between in the row below 10 or 11.
 */
const KEYS = "qwertyuiop asdfghjkl  zxcvbnm";

/** Whether two letters are neighbouring keys on a QWERTY keyboard (beside, or diagonally above or below). */
function nextKeys(a: string, b: string): boolean {
  // Words hold no spaces: a letter outside the rows (a digit, an accented letter) is found nowhere.
  const at = KEYS.indexOf(a);
  const to = KEYS.indexOf(b);
  return at >= 0 && to >= 0 && [1, 10, 11].includes(Math.abs(at - to));
}

/** A query of 8+ letters may be 2 edits from a 6+ letter catalog word; shorter words need only 1. */
function vocabularyDepth(length: number): number {
  return length >= 6 ? 2 : 1;
}

/** Two adjacent letters swapped, or a doubled letter typed once. */
export function fingerSlip(typed: string, word: string): boolean {
  if (typed.length === word.length) {
    let first = -1;
    for (let i = 0; i < typed.length; i++) {
      if (typed.charCodeAt(i) === word.charCodeAt(i)) continue;
      if (first >= 0)
        return (
          i === first + 1 &&
          typed[first] === word[i] &&
          typed[i] === word[first] &&
          typed.slice(i + 1) === word.slice(i + 1)
        );
      first = i;
    }
    return false;
  }
  if (word.length !== typed.length + 1) return false;
  for (let i = 0; i < word.length; i++) {
    if (typed.charCodeAt(i) === word.charCodeAt(i)) continue;
    // The letter missing at i must double its neighbour, and the rest must match.
    return (word[i] === word[i - 1] || word[i] === word[i + 1]) && typed.slice(i) === word.slice(i + 1);
  }
  return false;
}
