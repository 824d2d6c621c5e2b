// Semantic ranking: cosine similarity of the query and tool vectors (scored in wasm), best first.

import type { VectorSet } from "../semantic/semantic-engine.js";
import type { RankedHit, RankQuery, Ranking } from "./ranking.js";

/**
 * The best `k` tools by the similarities last scored into `vectors` (excluded documents already set to -2,
 * below any cosine, so they never rank).
 */
export function rankSemantic(vectors: VectorSet, query: RankQuery, k: number): Ranking {
  const { ids, scores } = vectors.index.top(k, 0);
  const hits: RankedHit[] = [];
  for (let i = 0; i < ids.length; i++)
    hits.push({ doc: ids[i], score: Math.min(1, scores[i]), lexical: 0, similarity: scores[i] });
  return { terms: query.terms, hits, strategy: "semantic" };
}
