// Everyday words read as the words catalogs use for the same thing: "ditch the meeting" → delete … event, "pull up
// the ticket" → get … issue. The English table (tool-index/everyday-words.ts, in `ENGLISH_COMMON_WORDS`) is general
// usage, written blind; a reading counts only where the catalog has its words, and weighs less than the word itself.

import type { PostingsIndex } from "./bm25f.js";
import { DETERMINERS } from "./stop-words.js";
import type { Token } from "./tokenizer.js";
import { TypoIndex } from "./typo-index.js";

/** Everyday words and phrases → the catalog words they may stand for, most likely first. */
export interface EverydayWords {
  /** The table, decoded on first use. */
  table(): ReadonlyMap<string, readonly string[]>;
  /** Readings of some of its words read only where none of the table's meets a tool's name ("toggle" → click). */
  fallback(): ReadonlyMap<string, readonly string[]>;
  /** The name terms of a catalog's UI tools, where `fallback` readings are read, and of its other tools. */
  ui?(index: PostingsIndex): UiTerms;
  /** The most words a phrase of it has. */
  longest(): number;
  /** The first words of its phrases of two words or more (a phrase is looked up only from one of them). */
  starts(): ReadonlySet<string>;
  /** Its words of one word, for reading a misspelt one ("opne" → open), built on first use. */
  typos(): TypoIndex;
}

/** A catalog's tool-name terms: of the products that are a UI's (`names`), and of the others (`other`). */
export interface UiTerms {
  readonly names: ReadonlySet<number>;
  readonly other: ReadonlySet<number>;
}

/** A table packed as "word=reading,reading;phrase of words=reading|fallback reading;…". */
export function everydayWordsFrom(
  packed: string,
  ui?: (index: PostingsIndex, words: EverydayWords) => UiTerms,
): EverydayWords {
  let table: Map<string, readonly string[]> | undefined;
  const fallback = new Map<string, readonly string[]>();
  let longest = 1;
  const starts = new Set<string>();
  const decode = (): Map<string, readonly string[]> => {
    if (table === undefined) {
      table = new Map();
      for (const entry of packed.split(";")) {
        const [key, all] = entry.split("=");
        const [readings, more] = all.split("|");
        table.set(key, readings.split(","));
        if (more !== undefined) fallback.set(key, more.split(","));
        const words = key.split(" ");
        longest = Math.max(longest, words.length);
        if (words.length > 1) starts.add(words[0]);
      }
    }
    return table;
  };
  let typos: TypoIndex | undefined;
  const words: EverydayWords = {
    table: decode,
    fallback: () => (decode(), fallback),
    longest: () => (decode(), longest),
    starts: () => (decode(), starts),
    // Only single words go in: a TypoIndex keeps words of letters alone.
    typos: () => (typos ??= new TypoIndex(decode().keys())),
    ...(ui === undefined ? {} : { ui: (index: PostingsIndex) => ui(index, words) }),
  };
  return words;
}

/** One everyday word or phrase of a query and what it may stand for. */
export interface EverydayReading {
  /** Position of its first content word among the query's content words. */
  readonly word: number;
  /** Its content words as written ("pull" of "pull up"). */
  readonly from: string;
  /**
   * The term of its word, or of a phrase's first word when the phrase may read as that word ("find out" → find): a
   * catalog whose names use that word reads the request in its own words.
   */
  readonly term: string | undefined;
  readonly readings: readonly string[];
  /** Written after a determiner ("the open issues"): a thing or a state, not the action the request asks for. */
  readonly determined: boolean;
  /** Its readings where none of `readings` meets a tool's name (`EverydayWords.fallback`). */
  readonly fallback: readonly string[] | undefined;
}

/**
 * The everyday words and phrases of a query (longest first at each place): a phrase of stop words only ("go to")
 * or a value ("called Invoices") reads as nothing.
 */
export function everydayReadings(tokens: readonly Token[], everyday: EverydayWords): EverydayReading[] {
  const words = everyday.table();
  const fallback = everyday.fallback();
  const longest = everyday.longest();
  const found: EverydayReading[] = [];
  let content = 0;
  const starts = everyday.starts();
  for (let start = 0; start < tokens.length; start++) {
    const position = content;
    if (!tokens[start].stop) content++;
    // The longest entry at this place: the word, then (only from a word that begins a phrase: one look-up per word
    // for most of a request) each longer phrase, its key grown a word at a time.
    let key = tokens[start].surface;
    let readings = words.get(key);
    let entry = key;
    let length = 1;
    if (starts.has(key)) {
      const most = Math.min(longest, tokens.length - start);
      for (let more = 2; more <= most; more++) {
        key += ` ${tokens[start + more - 1].surface}`;
        const longer = words.get(key);
        if (longer === undefined) continue;
        readings = longer;
        entry = key;
        length = more;
      }
    }
    if (readings === undefined) continue;
    const contentWords = tokens.slice(start, start + length).filter((token) => !token.stop);
    if (contentWords.length > 0 && contentWords.every((token) => token.value !== true))
      found.push({
        word: position,
        from: contentWords.map((token) => token.surface).join(" "),
        term: length === 1 || readings.includes(contentWords[0].surface) ? contentWords[0].term : undefined,
        readings,
        determined: start > 0 && DETERMINERS.has(tokens[start - 1].surface),
        fallback: fallback.get(entry),
      });
  }
  return found;
}
