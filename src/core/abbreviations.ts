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
  private initials: Uint16Array | undefined;

  constructor(private readonly index: PostingsIndex) {}

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
   * Scans the catalog's term sequence once per distinct initialism (then cached).
   */
  phrasesFor(initialism: string, limit = 3): number[][] {
    const cached = this.phraseCache.get(initialism);
    if (cached !== undefined) return cached;
    const { sequence, fieldStarts, terms } = this.index;
    if (this.initials === undefined) {
      // First letter of each alphabetic term; 0 marks terms that cannot be part of an initialism.
      this.initials = new Uint16Array(terms.length);
      terms.forEach((term, id) => {
        if (term.length >= 2 && ALPHABETIC.test(term)) this.initials![id] = term.charCodeAt(0);
      });
    }
    const initials = this.initials;
    const length = initialism.length;
    const wanted = Array.from(initialism, (char) => char.charCodeAt(0));
    const counts = new Map<string, { terms: number[]; count: number; first: number }>();
    let order = 0;
    for (let field = 0; field + 1 < fieldStarts.length; field++) {
      const end = fieldStarts[field + 1];
      for (let start = fieldStarts[field]; start + length <= end; start++) {
        let k = 0;
        while (k < length && initials[sequence[start + k]] === wanted[k]) k++;
        if (k < length) continue;
        const phrase = Array.from(sequence.subarray(start, start + length));
        const key = phrase.join(",");
        const entry = counts.get(key);
        if (entry === undefined) counts.set(key, { terms: phrase, count: 1, first: order++ });
        else entry.count++;
      }
    }
    const phrases = [...counts.values()].sort((a, b) => b.count - a.count || a.first - b.first).slice(0, limit).map((entry) => entry.terms);
    if (this.phraseCache.size >= PHRASE_CACHE_LIMIT) this.phraseCache.clear();
    this.phraseCache.set(initialism, phrases);
    return phrases;
  }
}
