// The relevance an embedding similarity gives: set on each hit by the strategies that rank by vectors (model stages),
// so toolsift/core, which has no similarities, bundles none of it.

import { DEFAULT_MIN_RELEVANCE } from "../options.js";

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
