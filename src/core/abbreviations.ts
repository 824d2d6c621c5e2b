// Abbreviations learnt from the catalog itself: numeronyms (k8s ↔ kubernetes) and initialisms (PR ↔ pull request).

import type { PostingsIndex } from "./bm25f.js";

const NUMERONYM = /^(\p{L})(\d+)(\p{L})$/u;
const ALPHABETIC = /^\p{L}+$/u;

/** The numeronym of a word: first letter, count of inner letters, last letter ("kubernetes" → "k8s"). */
export function numeronymOf(word: string): string | undefined {
  if (word.length < 5 || !ALPHABETIC.test(word)) return undefined;
  return `${word[0]}${word.length - 2}${word[word.length - 1]}`;
}

/** True when a word is written as a numeronym ("k8s", "i18n", "a11y"). */
export function isNumeronym(word: string): boolean {
  return NUMERONYM.test(word);
}

// Initialisms are looked up per query word and cached; a catalog rarely needs more than a few.
const PHRASE_CACHE_LIMIT = 512;

export class AbbreviationIndex {
  /** Numeronym key → catalog words it stands for, and → catalog tokens written as that numeronym. */
  private numeronyms: { words: Map<string, string[]>; written: Set<string> } | undefined;
  private readonly phraseCache = new Map<string, number[][]>();
  private pairIndex: ReturnType<AbbreviationIndex["pairs"]> | undefined;

  private acronymKeyMap: Map<number, number> | undefined;

  constructor(private readonly index: PostingsIndex) {}

  /** Catalog acronyms of 2–4 letters a–z ("pr", "sms") by their letters packed base 27 → term id. */
  acronymKeys(): ReadonlyMap<number, number> {
    if (this.acronymKeyMap === undefined) {
      this.acronymKeyMap = new Map();
      for (const id of this.index.acronyms) {
        const term = this.index.terms[id];
        if (term.length < 2 || term.length > 4) continue;
        let key = 0;
        for (let i = 0; i < term.length && key >= 0; i++) {
          const letter = term.charCodeAt(i) - 96;
          key = letter >= 1 && letter <= 26 ? key * 27 + letter : -1;
        }
        if (key > 0) this.acronymKeyMap.set(key, id);
      }
    }
    return this.acronymKeyMap;
  }

  /**
   * A numeronym's full words in the catalog ("k8s" → kubernetes), or for a full word, the catalog
   * token that abbreviates it ("kubernetes" → k8s). Two full words never match each other.
   */
  numeronymMatches(word: string): string[] {
    if (this.numeronyms === undefined) {
      const words = new Map<string, string[]>();
      const written = new Set<string>();
      for (const surface of this.index.surfaces.keys()) {
        if (isNumeronym(surface)) {
          written.add(surface);
          continue;
        }
        const key = numeronymOf(surface);
        if (key === undefined) continue;
        const list = words.get(key);
        if (list === undefined) words.set(key, [surface]);
        else list.push(surface);
      }
      this.numeronyms = { words, written };
    }
    if (isNumeronym(word)) return this.numeronyms.words.get(word) ?? [];
    const key = numeronymOf(word);
    return key !== undefined && this.numeronyms.written.has(key) ? [key] : [];
  }

  /**
   * Multi-word phrases of the catalog whose initials spell `initialism` ("pr" → [[pull, request]]),
   * most frequent first, as term-id sequences of consecutive indexed words inside one field.
   * Only a–z initialisms; results are cached per initialism.
   */
  phrasesFor(initialism: string, limit = 3): number[][] {
    const cached = this.phraseCache.get(initialism);
    if (cached !== undefined) return cached;
    const length = initialism.length;
    const wanted = Array.from(initialism, (char) => char.charCodeAt(0) - 97);
    const phrases: number[][] = [];
    if (length >= 2 && wanted.every((letter) => letter >= 0 && letter < 26)) {
      const { sequence } = this.index;
      const { initials, fieldEnd, bucketStarts, positions } = this.pairs();
      const bucket = wanted[0] * 26 + wanted[1];
      const counts = new Map<string, { terms: number[]; count: number; first: number }>();
      let order = 0;
      for (let p = bucketStarts[bucket]; p < bucketStarts[bucket + 1]; p++) {
        const start = positions[p];
        if (start + length > fieldEnd[p]) continue;
        let k = 2;
        while (k < length && initials[sequence[start + k]] === wanted[k]) k++;
        if (k < length) continue;
        const phrase = Array.from(sequence.subarray(start, start + length));
        const key = phrase.join(",");
        const entry = counts.get(key);
        if (entry === undefined) counts.set(key, { terms: phrase, count: 1, first: order++ });
        else entry.count++;
      }
      for (const entry of [...counts.values()].sort((a, b) => b.count - a.count || a.first - b.first).slice(0, limit))
        phrases.push(entry.terms);
    }
    if (this.phraseCache.size >= PHRASE_CACHE_LIMIT) this.phraseCache.clear();
    this.phraseCache.set(initialism, phrases);
    return phrases;
  }

  /**
   * Positions of every pair of consecutive words in one field, bucketed by their two initials (26×26
   * buckets), so an initialism looks only at phrases that start right. Built once, on first need.
   */
  private pairs(): { initials: Int8Array; fieldEnd: Uint32Array; bucketStarts: Uint32Array; positions: Uint32Array } {
    if (this.pairIndex !== undefined) return this.pairIndex;
    const { sequence, fieldStarts, terms } = this.index;
    // Initial a–z of each alphabetic term as 0–25; -1 for terms that cannot be part of an initialism.
    const initials = new Int8Array(terms.length).fill(-1);
    terms.forEach((term, id) => {
      const letter = term.charCodeAt(0) - 97;
      if (term.length >= 2 && letter >= 0 && letter < 26 && ALPHABETIC.test(term)) initials[id] = letter;
    });
    const bucketOf = (position: number): number => {
      const first = initials[sequence[position]];
      const second = initials[sequence[position + 1]];
      return first < 0 || second < 0 ? -1 : first * 26 + second;
    };
    const counts = new Uint32Array(26 * 26 + 1);
    for (let field = 0; field + 1 < fieldStarts.length; field++) {
      for (let position = fieldStarts[field]; position + 1 < fieldStarts[field + 1]; position++) {
        const bucket = bucketOf(position);
        if (bucket >= 0) counts[bucket + 1]++;
      }
    }
    for (let bucket = 0; bucket < 26 * 26; bucket++) counts[bucket + 1] += counts[bucket];
    const bucketStarts = counts.slice();
    const positions = new Uint32Array(counts[26 * 26]);
    const fieldEnd = new Uint32Array(positions.length);
    for (let field = 0; field + 1 < fieldStarts.length; field++) {
      for (let position = fieldStarts[field]; position + 1 < fieldStarts[field + 1]; position++) {
        const bucket = bucketOf(position);
        if (bucket < 0) continue;
        const slot = counts[bucket]++;
        positions[slot] = position;
        fieldEnd[slot] = fieldStarts[field + 1];
      }
    }
    this.pairIndex = { initials, fieldEnd, bucketStarts, positions };
    return this.pairIndex;
  }
}
