// Query expansion at query time: the word vectors of query words the catalog lacks, and their nearest catalog words.

import type { Neighbour } from "../core/word-neighbours.js";
import type { BuiltIndex } from "./built-index.js";
import type { IndexContext } from "./context.js";

/**
 * The catalog neighbours of each query word the catalog lacks, or `undefined` when expansion is off, every
 * word is known, or the lookup failed (reported as `query-expansion-failed`; the call ranks without it).
 */
export async function nearWordsFor(
  context: IndexContext,
  index: BuiltIndex,
  text: string,
): Promise<Map<string, Neighbour[]> | undefined> {
  const { expansion, emit } = context.options;
  const neighbours = index.neighbours;
  if (neighbours === undefined || expansion === undefined) return undefined;
  const words = index.engine.unknownWords(text);
  if (words.length === 0) return undefined;
  try {
    const vectors = await expansion.source.wordVectors(words);
    const near = new Map<string, Neighbour[]>();
    words.forEach((word, position) => {
      const vector = vectors[position];
      if (vector !== undefined) near.set(word, neighbours.neighbours(vector));
    });
    return near;
  } catch (error) {
    emit({
      type: "query-expansion-failed",
      error,
      message: "looking up query word vectors failed; this call ranks without expansion",
    });
    return undefined;
  }
}
