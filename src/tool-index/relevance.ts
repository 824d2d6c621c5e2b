// The relevance decision: each ranked tool's relevance (keyword evidence or embedding similarity, 0–1) and the one
// place ranked tools under `minRelevance` (or toolpick's `threshold`) are dropped.

import { SURE_RELEVANCE, type WordMatch } from "../core/relevance.js";
import { queryTokens, timeWords } from "../core/tokenizer.js";
import type { BuiltIndex } from "./built-index.js";
import type { RankedHit, Ranking } from "./ranking-types.js";

/** A ranked hit with its relevance and the query words that matched it. */
export interface JudgedHit extends RankedHit {
  readonly relevance: number;
  readonly match: readonly WordMatch[];
  /** Set when the query names the tool (exact-names.ts): it is placed first, whatever its score. */
  readonly named?: true;
  /** Set when the query's words that say when ("3pm", "friday") are all it matched: a time is no task. */
  readonly whenOnly?: true;
}

/**
 * Each hit with its relevance: the keyword evidence (share of the query's content words it matches, by field and
 * kind), or with embeddings the larger of that and the similarity's relevance. A semantic ranking without a keyword
 * index judges by similarity alone (it builds no keyword index for this). A `remark` (a remark framed as chat,
 * `keyword.commonWords.remark`) is judged by its words alone.
 */
export function judgeHits(
  index: BuiltIndex,
  ranking: Ranking,
  text: string,
  hits: readonly RankedHit[],
  remark = false,
): JudgedHit[] {
  // The query is read for relevance even when nothing ranked: the cost of a select then grows with the query alone,
  // not in a step where the first hit appears (test/cost).
  const keyword = ranking.strategy !== "semantic" || index.hasKeywordIndex;
  const query = keyword ? index.engine.relevanceQuery(text, ranking.terms()) : undefined;
  // A query whose words are all conversation ("thanks", "sounds good") asks for no tool, however near a tool's
  // embedding lies; nor does a remark framed as chat ("lol that site is ugly") unless its words meet a tool: an
  // embedding's neighbours of "site" are no task.
  const noTask = query !== undefined && (remark || query.words.every((word) => word.share === 0));
  // The query's words that say when, read only for a hit all of whose matches are readings (as a time's are).
  let times: ReadonlySet<string> | undefined;
  return hits.map((hit) => {
    const evidence = query !== undefined ? index.engine.relevance(query, hit.doc) : { relevance: 0, match: [] };
    const relevance = Math.max(evidence.relevance, noTask ? 0 : (hit.semanticRelevance ?? 0));
    const { match } = evidence;
    const whenOnly =
      match.length > 0 &&
      match.every((entry) => entry.kind === "synonym") &&
      match.every((entry) => (times ??= timeWords(queryTokens(text))).has(entry.word));
    // A keyword ranking's hit ({ doc, score, keyword }: rankKeyword's) is built field by field: a spread is a slow
    // path, paid per ranked tool.
    const judged: JudgedHit =
      ranking.strategy === "keyword"
        ? { doc: hit.doc, score: hit.score, keyword: hit.keyword, relevance, match }
        : { ...hit, relevance, match };
    return whenOnly ? { ...judged, whenOnly } : judged;
  });
}

/**
 * The relevance decision (the only place `minRelevance` and `threshold` are applied; 0 keeps every hit): when the best
 * hit reaches `minRelevance` the query is about the catalog, and every hit with any evidence (relevance or cosine
 * above 0) stays, after the hits that reached it, so a task's weaker tools (a `cd` before a `mv`) are still offered
 * and never take a place of one that reached it; when none reaches it, nothing is relevant and no hit stays. A cut
 * per tool was measured and left: it lost a fifth of the session replay's calls (bench/experiments/relevance/NOTES.md).
 * `threshold` is toolpick's cut per tool, on the score: only when asked.
 */
export function relevantHits<HIT extends JudgedHit>(
  hits: readonly HIT[],
  minRelevance: number,
  threshold: number,
): HIT[] {
  const floored = threshold > 0 ? hits.filter((hit) => hit.score >= threshold) : hits;
  if (minRelevance <= 0) return [...floored];
  if (!hits.some((hit) => hit.relevance >= minRelevance)) return [];
  // The tools that reach minRelevance come first (each group in ranked order): a weaker tool that stays along must not
  // take the place of one that reached it ("is CI green on main?" kept two 0.10 tools and cut the 0.30 one).
  const reached = floored.filter((hit) => hit.relevance >= minRelevance);
  // A tool only a time of the request meets ("what's the weather in Paris today?" → an event's date) does not come
  // along with a sure match: the time says when that task is. With an unsure one it may be the task.
  const sure = reached.some((hit) => hit.relevance >= SURE_RELEVANCE);
  const along = floored.filter(
    (hit) =>
      hit.relevance < minRelevance &&
      !(sure && hit.whenOnly === true) &&
      (hit.relevance > 0 || (hit.similarity ?? 0) > 0),
  );
  return [...reached, ...along];
}
