// Ranks a query over a built index with the index's strategy (one module each), falling back to keywords when
// the tool or query vectors are missing. Pinned and disallowed tools are excluded before ranking.

import type { QueryTerm } from "../core/query.js";
import { vectorsFor, reportEmbeddingFailure } from "./catalog-vectors.js";
import type { BuiltIndex } from "./built-index.js";
import type { IndexContext } from "./context.js";
import { nearWordsFor } from "./query-expansion.js";
import type { Neighbour } from "../core/word-neighbours.js";
import { rankCombined } from "./rank-combined.js";
import { rankKeyword } from "./rank-keyword.js";
import { rankSemantic } from "./rank-semantic.js";
import { withCorrections } from "./semantic-query.js";
import type { RankingStrategy } from "./types.js";

/** One ranked tool before it becomes a `ScoredTool`. */
export interface RankedHit {
  readonly doc: number;
  /** Final score, 0–1. */
  readonly score: number;
  readonly lexical: number;
  readonly similarity?: number;
  readonly fusion?: { readonly keyword: number; readonly semantic: number };
}

export interface Ranking {
  /** The analysed query (computed on first call). */
  readonly terms: () => QueryTerm[];
  readonly hits: RankedHit[];
  readonly strategy: RankingStrategy;
  readonly fallback?: "keyword";
}

/** A query read once for a call: its text and its catalog terms (analysed on first need). */
export interface RankQuery {
  readonly text: string;
  readonly terms: () => QueryTerm[];
}

/** What to rank: the best `k` (`everything`: every ranked tool, for explain), never the `excluded` documents. */
export interface RankRequest {
  readonly k: number;
  readonly excluded: readonly number[];
  readonly everything?: boolean;
}

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
  const vectors = await vectorsFor(context, index);
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
