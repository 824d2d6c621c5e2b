// Ranks a query over a built index with the index's strategy — keyword (BM25F in wasm), semantic (cosine in wasm)
// or combined (rank-combined.ts) — falling back to keywords when the tool or query vectors are missing. Reads the
// query once per call: query expansion first, term analysis on first need. Pinned and disallowed tools are excluded.

import type { QueryTerm } from "../core/query.js";
import type { Neighbour } from "../core/word-neighbours.js";
import type { VectorSet } from "../semantic/semantic-engine.js";
import type { BuiltIndex } from "./built-index.js";
import { reportEmbeddingFailure } from "./catalog-vectors.js";
import type { IndexContext } from "./context.js";
import { rankCombined } from "./rank-combined.js";
import type { RankedHit, Ranking, RankQuery, RankRequest } from "./ranking-types.js";

/**
 * Reads `text` for ranking: query expansion looked up first (it is async), term analysis on first need. Without
 * expansion the answer is synchronous: a keyword select takes no extra turn of the event loop.
 */
export function readRankQuery(context: IndexContext, index: BuiltIndex, text: string): RankQuery | Promise<RankQuery> {
  const withoutExpansion = context.options.strategy === "semantic" || index.neighbours === undefined;
  if (withoutExpansion) return analysedLazily(index, text, undefined);
  return nearWordsFor(context, index, text).then((near) => analysedLazily(index, text, near));
}

function analysedLazily(index: BuiltIndex, text: string, near: Map<string, Neighbour[]> | undefined): RankQuery {
  let analysed: QueryTerm[] | undefined;
  return { text, terms: () => (analysed ??= index.engine.analyse(text, near)) };
}

/**
 * Ranks the catalog for `query` with the index's strategy; keyword ranking (marked as a fallback) when embeddings
 * fail. Keyword ranking answers synchronously; the semantic strategies need the model, so they return a promise.
 */
export function rank(
  context: IndexContext,
  index: BuiltIndex,
  query: RankQuery,
  request: RankRequest,
): Ranking | Promise<Ranking> {
  const pool = request.everything ? index.docTools.length : request.k;
  if (context.options.semantic === undefined || context.semantic === undefined) {
    return rankKeyword(index, query, pool, request.excluded);
  }
  return rankWithVectors(context, index, query, request, pool);
}

async function rankWithVectors(
  context: IndexContext,
  index: BuiltIndex,
  query: RankQuery,
  request: RankRequest,
  pool: number,
): Promise<Ranking> {
  const semantic = context.options.semantic!;
  const vectors = await index.vectors?.forCall();
  let queryVector: Float32Array | undefined;
  if (vectors !== undefined) {
    try {
      // Typo corrections come from the keyword index: combined search has it, semantic search does not build it for
      // this.
      const text =
        semantic.strategy === "combined" ? withCorrections(query.text, query.terms(), semantic.knowsWord) : query.text;
      queryVector = await context.semantic!.embedQuery(text, vectors.index.dims);
    } catch (error) {
      reportEmbeddingFailure(context, "query", error);
    }
  }
  if (vectors === undefined || queryVector === undefined) {
    return { ...rankKeyword(index, query, pool, request.excluded), fallback: "keyword" };
  }
  const similarities = vectors.index.score(queryVector);
  for (const doc of request.excluded) similarities[doc] = -2;
  if (semantic.strategy === "semantic") return rankSemantic(vectors, query, pool);
  return rankCombined(index, vectors, similarities, query, request, semantic.fusion);
}

/** The best `k` tools by BM25F, without the `excluded` documents. */
export function rankKeyword(index: BuiltIndex, query: RankQuery, k: number, excluded: readonly number[]): Ranking {
  const hits = index.engine
    .search(query.terms(), k, excluded)
    .map((hit) => ({ doc: hit.doc, score: hit.normalized, keyword: hit.score }));
  return { terms: query.terms, hits, strategy: "keyword" };
}

/**
 * The best `k` tools by the similarities last scored into `vectors` (excluded documents already set to -2,
 * below any cosine, so they never rank).
 */
export function rankSemantic(vectors: VectorSet, query: RankQuery, k: number): Ranking {
  const { ids, scores } = vectors.index.top(k, 0);
  const hits: RankedHit[] = [];
  for (let i = 0; i < ids.length; i++)
    hits.push({ doc: ids[i], score: Math.min(1, scores[i]), keyword: 0, similarity: scores[i] });
  return { terms: query.terms, hits, strategy: "semantic" };
}

/**
 * The query text, plus the catalog words its typos were read as ("sned an emial" + "send email"), so a
 * misspelt word is not lost to the semantic side. Only for models that say which words they know (the
 * local model): a word it knows is no typo to it, and API models read typos themselves.
 */
export function withCorrections(
  text: string,
  terms: readonly QueryTerm[],
  knowsWord: ((word: string) => boolean | undefined) | undefined,
): string {
  if (knowsWord === undefined) return text;
  const corrections = new Map<number, string>();
  for (const term of terms) {
    if (term.correction === undefined || knowsWord(term.from) !== false) continue;
    if (!corrections.has(term.word)) corrections.set(term.word, term.correction);
  }
  return corrections.size === 0 ? text : `${text}\n${[...corrections.values()].join(" ")}`;
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
