// Fuses keyword and semantic rankings: weighted sum of max-normalised scores, reciprocal rank fusion, or adaptive.

/** How keyword and semantic scores combine in the `combined` strategy. */
export interface FusionOptions {
  /**
   * `"weighted"`: weights × max-normalised scores (toolpick's method). `"rrf"`: Σ weight / (k + rank).
   * `"adaptive"`: weighted, with the keyword weight scaled by the share of the query the keyword
   * index matched (shortlist's method); the weight the keyword ranking loses goes to the semantic
   * ranking. Default `"weighted"`.
   */
  method?: "weighted" | "rrf" | "adaptive";
  /** Base weights. Default `{ keyword: 0.3, semantic: 0.7 }`; each ≥ 0, not both 0. */
  weights?: { keyword?: number; semantic?: number };
  /** RRF constant: larger flattens the rank curve. Default 60; range ≥ 1. */
  k?: number;
  /**
   * Scale the keyword weight by keyword coverage also for `"weighted"` and `"rrf"`. Default: true for
   * `"adaptive"`, else false.
   */
  adaptive?: boolean;
}

/** Fusion settings after validation. */
export interface ResolvedFusion {
  readonly method: "weighted" | "rrf";
  readonly keyword: number;
  readonly semantic: number;
  readonly k: number;
  readonly adaptive: boolean;
}

/** One ranked list: candidate ids best first with their scores. */
export interface RankedList {
  readonly ids: ArrayLike<number>;
  readonly scores: ArrayLike<number>;
}

/** A fused candidate with its part scores (normalised to 0–1 for weighted fusion). */
export interface FusedHit {
  readonly doc: number;
  readonly score: number;
  /** Keyword part after normalisation and weighting. */
  readonly keyword: number;
  /** Semantic part after normalisation and weighting. */
  readonly semantic: number;
}

/** The weights a fusion gives keywords and meaning for one query. */
export interface FusionWeights {
  readonly keyword: number;
  readonly semantic: number;
}

/**
 * The weights `fuse` applies for a query whose words the keyword index read in this share (`keywordCoverage`, 0–1):
 * the configured ones, or with adaptive fusion the keyword weight times the coverage, the rest moved to meaning.
 */
export function fusionWeights(fusion: ResolvedFusion, keywordCoverage: number): FusionWeights {
  // Adaptive: the keyword ranking keeps the share of its weight that the query's coverage earns; the rest moves to the
  // semantic ranking, so the weights still sum to the same total.
  const keyword = fusion.adaptive ? fusion.keyword * keywordCoverage : fusion.keyword;
  return { keyword, semantic: fusion.adaptive ? fusion.semantic + (fusion.keyword - keyword) : fusion.semantic };
}

/**
 * Fuses two ranked candidate lists. `keywordCoverage` (0–1) is the share of the query's words the
 * keyword index matched; adaptive fusion multiplies the keyword weight by it. Scores missing from
 * a list count as 0 (weighted) or as absent (rrf). Ties keep catalog order.
 */
export function fuse(
  keyword: RankedList,
  semantic: RankedList,
  fusion: ResolvedFusion,
  keywordCoverage: number,
): FusedHit[] {
  const { keyword: keywordWeight, semantic: semanticWeight } = fusionWeights(fusion, keywordCoverage);
  const parts = new Map<number, { keyword: number; semantic: number }>();
  const entry = (doc: number) => {
    let value = parts.get(doc);
    if (value === undefined) parts.set(doc, (value = { keyword: 0, semantic: 0 }));
    return value;
  };
  if (fusion.method === "rrf") {
    for (let rank = 0; rank < keyword.ids.length; rank++)
      entry(keyword.ids[rank]).keyword = keywordWeight / (fusion.k + rank + 1);
    for (let rank = 0; rank < semantic.ids.length; rank++)
      entry(semantic.ids[rank]).semantic = semanticWeight / (fusion.k + rank + 1);
  } else {
    // Max-normalised: the best of each list scores 1; negative similarities count as 0.
    const keywordMax = maxOf(keyword.scores);
    const semanticMax = maxOf(semantic.scores);
    for (let i = 0; i < keyword.ids.length; i++)
      entry(keyword.ids[i]).keyword =
        keywordMax > 0 ? (keywordWeight * Math.max(0, keyword.scores[i])) / keywordMax : 0;
    for (let i = 0; i < semantic.ids.length; i++)
      entry(semantic.ids[i]).semantic =
        semanticMax > 0 ? (semanticWeight * Math.max(0, semantic.scores[i])) / semanticMax : 0;
  }
  const hits: FusedHit[] = [];
  for (const [doc, part] of parts)
    hits.push({ doc, score: part.keyword + part.semantic, keyword: part.keyword, semantic: part.semantic });
  hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
  return hits;
}

function maxOf(values: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  return max;
}
