// Query expansion by word vectors: the catalog's neighbours built with the index, and each call's unknown query words
// looked up among them. A model stage (model-stages.ts): only the root entry has it.

import type { PostingsIndex } from "../core/bm25f.js";
import { CatalogNeighbours, type Neighbour } from "../core/word-neighbours.js";
import { WasmArena } from "../wasm/arena.js";
import { instantiateCore } from "../wasm/load-wasm.js";
import type { BuiltIndex } from "./built-index.js";
import type { IndexContext } from "./context.js";

/**
 * The word-vector neighbours of the catalog's words, or `undefined` when expansion is off or loading the word vectors
 * failed (reported as `query-expansion-failed`; the index then ranks without expansion).
 */
export async function expansionNeighbours(
  context: IndexContext,
  postings: PostingsIndex,
  compiled: WebAssembly.Module,
): Promise<CatalogNeighbours | undefined> {
  const { expansion, emit } = context.options;
  if (expansion === undefined) return undefined;
  try {
    const arena = new WasmArena(instantiateCore(compiled));
    return await CatalogNeighbours.build(postings, expansion.source, arena, expansion);
  } catch (error) {
    emit({
      type: "query-expansion-failed",
      error,
      message: "loading word vectors for query expansion failed; this index ranks without expansion",
    });
    return undefined;
  }
}

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
