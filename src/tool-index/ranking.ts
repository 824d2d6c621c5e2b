// Ranks a query over a built index with the index's strategy — keyword (BM25F in wasm) here, semantic or combined by
// the model stage rank-vectors.ts, which falls back to keywords when the tool or query vectors are missing. Reads the
// query once per call: query expansion first, term analysis on first need. Pinned and disallowed tools are excluded.

import type { QueryTerm } from "../core/query.js";
import type { Neighbour } from "../core/word-neighbours.js";
import type { BuiltIndex } from "./built-index.js";
import { asksOneQuestion } from "./clauses.js";
import type { IndexContext } from "./context.js";
import type { Ranking, RankQuery, RankRequest } from "./ranking-types.js";

/**
 * Reads `text` for ranking: query expansion looked up first (it is async), term analysis on first need. Without
 * expansion the answer is synchronous: a keyword select takes no extra turn of the event loop.
 */
export function readRankQuery(context: IndexContext, index: BuiltIndex, text: string): RankQuery | Promise<RankQuery> {
  const withoutExpansion = context.options.strategy === "semantic" || index.neighbours === undefined;
  if (withoutExpansion) return analysedLazily(index, text, undefined);
  // Expansion is a model stage (query-expansion.ts): `toolsift/core` has none and bundles none.
  return context.models!.nearWords(context, index, text).then((near) => analysedLazily(index, text, near));
}

function analysedLazily(index: BuiltIndex, text: string, near: Map<string, Neighbour[]> | undefined): RankQuery {
  let analysed: QueryTerm[] | undefined;
  return { text, terms: () => (analysed ??= index.engine.analyse(text, near)) };
}

/** query-expansion.ts's `nearWordsFor`, as the root entry's model stages carry it (model-stages.ts). */
export type NearWords = (
  context: IndexContext,
  index: BuiltIndex,
  text: string,
) => Promise<Map<string, Neighbour[]> | undefined>;

/** rank-vectors.ts's `rankWithVectors`, as the root entry's model stages carry it (model-stages.ts). */
export type VectorRanking = (
  context: IndexContext,
  index: BuiltIndex,
  query: RankQuery,
  request: RankRequest,
  pool: number,
) => Promise<Ranking>;

declare module "./model-stages.js" {
  interface ModelStages {
    /** Semantic and combined ranking by the tool and query vectors (rank-vectors.ts). */
    readonly rankWithVectors: VectorRanking;
    /** Query expansion: each call's words looked up among the catalog's word-vector neighbours (query-expansion.ts). */
    readonly nearWords: NearWords;
  }
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
  // The vector side is a model stage (rank-vectors.ts): `toolsift/core` has no semantic strategy and bundles none.
  return context.models!.rankWithVectors(context, index, query, request, pool);
}

/** The best `k` tools by BM25F, without the `excluded` documents. */
export function rankKeyword(index: BuiltIndex, query: RankQuery, k: number, excluded: readonly number[]): Ranking {
  const hits = index.engine
    .search(query.terms(), k, excluded, asksOneQuestion(query.text))
    .map((hit) => ({ doc: hit.doc, score: hit.normalized, keyword: hit.score }));
  return { terms: query.terms, hits, strategy: "keyword" };
}
