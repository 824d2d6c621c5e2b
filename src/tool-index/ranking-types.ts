// What a ranking strategy takes and gives (internal: types.ts is the public surface, exported whole).

import type { QueryTerm } from "../core/query.js";
import type { FallbackReason, RankingStrategy } from "./types.js";

/** One ranked tool before it becomes a `ScoredTool`. */
export interface RankedHit {
  readonly doc: number;
  /** Final score, 0–1. */
  readonly score: number;
  /** The keyword (BM25F) score, unnormalised; 0 when the keyword ranking did not find the tool. */
  readonly keyword: number;
  readonly similarity?: number;
  /** The relevance its similarity alone gives (`similarity-relevance.ts`), set with `similarity`. */
  readonly semanticRelevance?: number;
  readonly fusion?: { readonly keyword: number; readonly semantic: number };
  /** Combined ranking: the weights fusion gave keywords and meaning for the query (`fusionWeights`), for explain. */
  readonly weights?: { readonly keyword: number; readonly semantic: number };
}

export interface Ranking {
  /** The analysed query (computed on first call). */
  readonly terms: () => QueryTerm[];
  readonly hits: RankedHit[];
  readonly strategy: RankingStrategy;
  readonly fallback?: "keyword";
  /** Why it fell back (set with `fallback`); see `SelectionResult.fallbackReason`. */
  readonly fallbackReason?: FallbackReason;
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
