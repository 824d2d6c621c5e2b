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
   * most frequent first, as term-id sequences. Phrases run inside one field, may hold stop words
   * inside ("single sign on"), and start and end on a content word.
   */
  phrasesFor(initialism: string, limit = 3): number[][] {
    const cached = this.phraseCache.get(initialism);
    if (cached !== undefined) return cached;
    const counts = new Map<string, { terms: number[]; count: number; first: number }>();
    const length = initialism.length;
    let order = 0;
    for (const document of this.index.streams) {
      for (const tokens of Object.values(document)) {
        for (let start = 0; start + length <= tokens.length; start++) {
          if (tokens[start].stop || tokens[start + length - 1].stop) continue;
          let matches = true;
          for (let k = 0; k < length && matches; k++) {
            const surface = tokens[start + k].surface;
            matches = surface.length >= 2 && surface[0] === initialism[k] && ALPHABETIC.test(surface);
          }
          if (!matches) continue;
          const terms: number[] = [];
          for (let k = 0; k < length; k++) {
            if (tokens[start + k].stop) continue;
            const id = this.index.termIds.get(tokens[start + k].term);
            if (id !== undefined) terms.push(id);
          }
          const key = terms.join(",");
          const entry = counts.get(key);
          if (entry === undefined) counts.set(key, { terms, count: 1, first: order++ });
          else entry.count++;
        }
      }
    }
    const phrases = [...counts.values()].sort((a, b) => b.count - a.count || a.first - b.first).slice(0, limit).map((entry) => entry.terms);
    if (this.phraseCache.size >= PHRASE_CACHE_LIMIT) this.phraseCache.clear();
    this.phraseCache.set(initialism, phrases);
    return phrases;
  }
}
