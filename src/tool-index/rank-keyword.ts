// Keyword ranking: BM25F over the catalog's fields in the wasm core, scores normalised to a full match.

import type { BuiltIndex } from "./built-index.js";
import type { RankQuery, Ranking } from "./ranking.js";

/** The best `k` tools by BM25F, without the `excluded` documents. */
export function rankKeyword(index: BuiltIndex, query: RankQuery, k: number, excluded: readonly number[]): Ranking {
  const hits = index.engine
    .search(query.terms(), k, excluded)
    .map((hit) => ({ doc: hit.doc, score: hit.normalized, lexical: hit.score }));
  return { terms: query.terms, hits, strategy: "keyword" };
}
