// The relevance decision: each ranked tool's relevance (keyword evidence or embedding similarity, 0–1) and the one
// place ranked tools under `minRelevance` are dropped.

import type { WordMatch } from "../core/relevance.js";
import { DEFAULT_MIN_RELEVANCE } from "../options.js";
import type { BuiltIndex } from "./built-index.js";
import type { RankedHit, Ranking } from "./ranking-types.js";

/** A ranked hit with its relevance and the query words that matched it. */
export interface JudgedHit extends RankedHit {
  readonly relevance: number;
  readonly match: readonly WordMatch[];
  /** Set when the query names the tool (exact-names.ts): it is placed first, whatever its score. */
  readonly named?: true;
}

/**
 * Cosine similarities (query vs tool) mapped to semantic relevance: at or under SIMILARITY_FLOOR nothing, the default
 * `minRelevance` at SIMILARITY_AT_DEFAULT, 1 only for the same text (cosine 1), linear between. The floor and the
 * cosine that passes the default were read off the bundled local model's cosines on public data
 * (bench/experiments/relevance/calibrate-relevance.mjs); another embedding model has its own scale (README:
 * minRelevance). The floor was 0.2 until keyword relevance discounted common words: paraphrases that had passed on
 * an incidental word ("moved" in another tool's description) then need their cosine (NOTES.md, session 3).
 * Above the default the line was as steep as below it, reaching 1 at cosine 0.6: on this model a tool sharing one
 * topic word with the request reaches that ("delete the file old.txt" and read_text_file: 0.72), so relevance 1 said
 * nothing. Every decision at the default is as it was (the same cosine passes it).
 */
const SIMILARITY_FLOOR = 0.15;
const SIMILARITY_AT_DEFAULT = 0.2175;

/** The relevance an embedding similarity alone gives (0–1). */
export function similarityRelevance(similarity: number): number {
  if (similarity <= SIMILARITY_FLOOR) return 0;
  if (similarity <= SIMILARITY_AT_DEFAULT)
    return (DEFAULT_MIN_RELEVANCE * (similarity - SIMILARITY_FLOOR)) / (SIMILARITY_AT_DEFAULT - SIMILARITY_FLOOR);
  const above = (similarity - SIMILARITY_AT_DEFAULT) / (1 - SIMILARITY_AT_DEFAULT);
  return Math.min(1, DEFAULT_MIN_RELEVANCE + (1 - DEFAULT_MIN_RELEVANCE) * above);
}

/**
 * Each hit with its relevance: the keyword evidence (share of the query's content words it matches, by field and
 * kind), or with embeddings the larger of that and the similarity's relevance. A semantic ranking without a keyword
 * index judges by similarity alone (it builds no keyword index for this).
 */
export function judgeHits(index: BuiltIndex, ranking: Ranking, text: string, hits: readonly RankedHit[]): JudgedHit[] {
  // The query is read for relevance even when nothing ranked: the cost of a select then grows with the query alone,
  // not in a step where the first hit appears (test/cost).
  const keyword = ranking.strategy !== "semantic" || index.hasKeywordIndex;
  const query = keyword ? index.engine.relevanceQuery(text, ranking.terms()) : undefined;
  // A query whose words are all conversation ("thanks", "sounds good") asks for no tool, however near a tool's
  // embedding lies.
  const noTask = query !== undefined && query.words.every((word) => word.share === 0);
  return hits.map((hit) => {
    const evidence = query !== undefined ? index.engine.relevance(query, hit.doc) : { relevance: 0, match: [] };
    const semantic = hit.similarity === undefined || noTask ? 0 : similarityRelevance(hit.similarity);
    return { ...hit, relevance: Math.max(evidence.relevance, semantic), match: evidence.match };
  });
}

/**
 * The relevance decision (the only place `minRelevance` is applied; 0 keeps every hit): when the best hit reaches
 * `minRelevance` the query is about the catalog, and every hit with any evidence (relevance or cosine above 0)
 * stays, so a task's weaker tools (a `cd` before a `mv`) are still offered; when none reaches it, nothing is relevant
 * and no hit stays. A cut per tool was measured and left: it lost a fifth of the session replay's calls
 * (bench/experiments/relevance/NOTES.md).
 */
export function relevantHits<HIT extends JudgedHit>(hits: readonly HIT[], minRelevance: number): HIT[] {
  if (minRelevance <= 0) return [...hits];
  if (!hits.some((hit) => hit.relevance >= minRelevance)) return [];
  return hits.filter((hit) => hit.relevance > 0 || (hit.similarity ?? 0) > 0);
}
