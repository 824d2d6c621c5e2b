// Ranking with tool vectors — semantic (cosine in wasm) or combined with keywords (rank-combined.ts) — falling back to
// keywords when the tool or query vectors are missing. A model stage (model-stages.ts): only the root entry has it.

import type { QueryTerm } from "../core/query.js";
import { ToolsiftError } from "../errors.js";
import type { VectorSet } from "../semantic/semantic-engine.js";
import type { BuiltIndex } from "./built-index.js";
import { reportEmbeddingFailure } from "./catalog-vectors.js";
import type { IndexContext } from "./context.js";
import { rankCombined } from "./rank-combined.js";
import type { RankedHit, Ranking, RankQuery, RankRequest } from "./ranking-types.js";
import type { FallbackReason } from "./types.js";
import { rankKeyword } from "./ranking.js";
import { similarityRelevance } from "./similarity-relevance.js";

/** Ranks `query` by the index's tool vectors (semantic or combined strategy); keywords when embedding fails. */
export async function rankWithVectors(
  context: IndexContext,
  index: BuiltIndex,
  query: RankQuery,
  request: RankRequest,
  pool: number,
): Promise<Ranking> {
  const semantic = context.options.semantic!;
  const vectors = await index.vectors?.forCall();
  let queryVector: Float32Array | undefined;
  let reason: FallbackReason = "embedding-failed";
  if (vectors !== undefined) {
    try {
      // Typo corrections come from the keyword index: combined search has it, semantic search does not build it for
      // this.
      const text =
        semantic.strategy === "combined" ? withCorrections(query.text, query.terms(), semantic.knowsWord) : query.text;
      queryVector = await context.semantic!.embedQuery(text, vectors.index.dims);
      if (queryVector === undefined) {
        // A zero vector is expected only of a model that embeds just the words it knows and says which (the local
        // model): from any other model it is a failure.
        if (semantic.knowsWord === undefined) {
          throw new ToolsiftError("EMBEDDING_FAILED", "The query embedding is zero: every cosine with it would be 0.", {
            field: "query embedding",
            received: "0",
          });
        }
        reason = "query-not-embedded";
        context.options.emit({
          type: "embedding-warning",
          stage: "query",
          message: "the query embedding is zero (the model knows none of its words); this call ranks by keywords",
          rows: [],
        });
      }
    } catch (error) {
      reportEmbeddingFailure(context, "query", error);
    }
  }
  if (vectors === undefined || queryVector === undefined) {
    return { ...rankKeyword(index, query, pool, request.excluded), fallback: "keyword", fallbackReason: reason };
  }
  const similarities = vectors.index.score(queryVector);
  for (const doc of request.excluded) similarities[doc] = -2;
  if (semantic.strategy === "semantic") return rankSemantic(vectors, query, pool, request.k);
  return rankCombined(index, vectors, similarities, query, request, semantic.fusion);
}

/**
 * The best `k` tools by the similarities last scored into `vectors` (excluded documents already set to -2,
 * below any cosine, so they never rank). int8 rows are rescored for select's `selectK` however many are asked
 * for, so explain (every row) ranks select's tools as select does.
 */
export function rankSemantic(vectors: VectorSet, query: RankQuery, k: number, selectK = k): Ranking {
  const { ids, scores } = vectors.index.top(k, 0, selectK);
  const hits: RankedHit[] = [];
  for (let i = 0; i < ids.length; i++)
    hits.push({
      doc: ids[i],
      score: Math.min(1, scores[i]),
      keyword: 0,
      similarity: scores[i],
      semanticRelevance: similarityRelevance(scores[i]),
    });
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
