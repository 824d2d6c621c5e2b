// After ranking and the relevance decision: maxTools, the adaptive elbow cut, and the optional LLM rerank.

import type { LanguageModel } from "ai";
import type { ResolvedSelectOptions } from "../resolve-select-options.js";
import type { BuiltIndex } from "./built-index.js";
import type { IndexContext } from "./context.js";
import type { RankedHit } from "./ranking-types.js";
import { SURE_RELEVANCE } from "../core/relevance.js";

// Elbow cut: a drop of this share of the top score ends the list (never below MIN_ADAPTIVE tools).
const ELBOW_GAP = 0.4;
const MIN_ADAPTIVE = 2;

/** How many candidates to rank for a selection: maxTools, or a wider pool for the reranker to order. */
export function candidateCount(context: IndexContext, maxTools: number): number {
  return context.options.rerankerModel === undefined ? maxTools : Math.max(maxTools * 3, maxTools + 5);
}

/** The first maxTools hits, then (with `adaptive`) the elbow cut. */
export function limitHits<HIT extends RankedHit>(hits: readonly HIT[], options: ResolvedSelectOptions): HIT[] {
  const kept = hits.slice(0, options.maxTools);
  return options.adaptive ? elbow(kept) : kept;
}

/**
 * The ranked tools a selection returns. Without a reranker: `limitHits`. With `rerankerModel`: the
 * candidates in the model's order, then the candidates it did not name in ranked order, cut to
 * maxTools (no elbow cut: the order no longer follows the scores). A failed rerank is reported and the
 * call keeps `limitHits`.
 */
export function cutOrRerank<HIT extends RankedHit>(
  context: IndexContext,
  index: BuiltIndex,
  text: string,
  hits: readonly HIT[],
  options: ResolvedSelectOptions,
): SelectedHits<HIT> | Promise<SelectedHits<HIT>> {
  const reranker = context.options.rerankerModel;
  if (reranker === undefined || hits.length < 2) return { hits: limitHits(hits, options), reranked: false };
  // The rerank is a model stage (llm/rerank-hits.ts): `toolsift/core` has no reranker and bundles none.
  return context.models!.rerankHits(context, index, text, reranker, hits, options);
}

/** llm/rerank-hits.ts's `rerankHits`, as the root entry's model stages carry it (model-stages.ts). */
export type HitReranking = <HIT extends RankedHit>(
  context: IndexContext,
  index: BuiltIndex,
  text: string,
  reranker: LanguageModel,
  candidates: readonly HIT[],
  options: ResolvedSelectOptions,
) => Promise<SelectedHits<HIT>>;

declare module "./model-stages.js" {
  interface ModelStages {
    /** The LLM rerank of a selection's candidates (llm/rerank-hits.ts). */
    readonly rerankHits: HitReranking;
  }
}

/** The hits a selection returns, and whether the LLM ordered them. */
export interface SelectedHits<HIT extends RankedHit = RankedHit> {
  readonly hits: HIT[];
  readonly reranked: boolean;
}

/**
 * Cuts a ranked list at its first large drop (a share ELBOW_GAP of the top score), keeping at least MIN_ADAPTIVE and
 * never parting tools of equal score; a list whose best tool's relevance is under SURE_RELEVANCE is kept whole.
 */
export function elbow<T extends { score: number; relevance?: number }>(hits: T[]): T[] {
  if (hits.length <= MIN_ADAPTIVE) return hits;
  const top = hits[0].score;
  if (top <= 0) return hits;
  // An unsure ranking (its best tool meets under half the request) keeps its tail: the tool asked for is as likely
  // there as first (bench/everyday.mjs, 21–100 tools: 76.9 → 80.5% right tool offered, 5.1 → 6.1 tools a request).
  if (hits[0].relevance !== undefined && hits[0].relevance < SURE_RELEVANCE) return hits;
  // The drop after the first hit counts too (one dominant tool, a weak tail): the cut then keeps MIN_ADAPTIVE.
  for (let i = 1; i < hits.length; i++) {
    if ((hits[i - 1].score - hits[i].score) / top < ELBOW_GAP) continue;
    // Tools of equal score stand or fall together: the catalog's order is no reason to keep one and cut the other.
    let end = Math.max(i, MIN_ADAPTIVE);
    while (end < hits.length && hits[end].score === hits[end - 1].score) end++;
    return hits.slice(0, end);
  }
  return hits;
}
