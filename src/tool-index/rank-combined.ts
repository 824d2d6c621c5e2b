// Combined ranking: the keyword and semantic candidate pools fused (weighted, RRF or adaptive weights).

import { tokenize } from "../core/tokenizer.js";
import type { QueryTerm } from "../core/query.js";
import { fuse, fusionWeights, type ResolvedFusion } from "../semantic/fusion.js";
import type { VectorSet } from "../semantic/semantic-engine.js";
import type { BuiltIndex } from "./built-index.js";
import { asksOneQuestion } from "./clauses.js";
import type { RankQuery, RankRequest, Ranking } from "./ranking-types.js";
import { similarityRelevance } from "./similarity-relevance.js";

// Candidates each ranking contributes to fusion (at least this many, or 4 × k).
const FUSION_POOL = 32;

/**
 * Fuses the best keyword and semantic candidates (each pool max(4k, 32)); keeps the best `k`, or with
 * `everything` every fused candidate, so explain's ranks agree with select's.
 */
export function rankCombined(
  index: BuiltIndex,
  vectors: VectorSet,
  similarities: Float32Array,
  query: RankQuery,
  request: RankRequest,
  fusion: ResolvedFusion,
): Ranking {
  const candidates = Math.max(request.k * 4, FUSION_POOL);
  const keyword = index.engine.search(query.terms(), candidates, request.excluded, asksOneQuestion(query.text));
  // `similarities` is the scorer's row: read what is needed before anything scores again.
  const { ids, scores } = vectors.index.top(candidates, 0);
  const coverage = fusion.adaptive ? keywordCoverage(query.text, query.terms()) : 1;
  const fused = fuse(
    { ids: keyword.map((hit) => hit.doc), scores: keyword.map((hit) => hit.score) },
    { ids: Array.from(ids), scores: Array.from(scores) },
    fusion,
    coverage,
  );
  // RRF scores are tiny by construction; scale them so the best possible fused score is 1.
  const scale = fusion.method === "rrf" ? fusion.k + 1 : 1;
  const keywordOf = new Map(keyword.map((hit) => [hit.doc, hit.score]));
  const weights = fusionWeights(fusion, coverage);
  const hits = (request.everything ? fused : fused.slice(0, request.k)).map((hit) => ({
    doc: hit.doc,
    score: Math.min(1, hit.score * scale),
    keyword: keywordOf.get(hit.doc) ?? 0,
    similarity: similarities[hit.doc],
    semanticRelevance: similarityRelevance(similarities[hit.doc]),
    fusion: { keyword: hit.keyword * scale, semantic: hit.semantic * scale },
    weights,
  }));
  return { terms: query.terms, hits, strategy: "combined" };
}

/** Share of the query's words that the keyword index matched (exactly, or through a typo or abbreviation). */
export function keywordCoverage(text: string, terms: readonly QueryTerm[]): number {
  let words = 0;
  for (const token of tokenize(text)) if (!token.stop) words++;
  if (words === 0) return 0;
  // Word-vector neighbours are semantic evidence, not the keyword index reading the word.
  return Math.min(1, new Set(terms.filter((term) => term.kind !== "semantic").map((term) => term.word)).size / words);
}
