// The LLM rerank of a selection's candidates (post-process.ts's `cutOrRerank` calls it when `rerankerModel` is set).
// A model stage (model-stages.ts): only the root entry has it.

import { limitHits, type HitReranking } from "../post-process.js";
import type { RankedHit } from "../ranking-types.js";
import { rerankTools } from "./rerank.js";

/**
 * The candidates in the model's order, then those it did not name in ranked order, cut to maxTools (no elbow cut: the
 * order no longer follows the scores). A failed rerank is reported as `rerank-failed` and the call keeps `limitHits`.
 */
export const rerankHits: HitReranking = async (context, index, text, reranker, candidates, options) => {
  const tools = candidates.map((hit) => index.docTools[hit.doc]);
  try {
    const order = await rerankTools(
      reranker,
      text,
      tools.map((tool) => ({ name: tool.name, description: tool.description })),
      context.options.abortSignal,
    );
    const position = new Map(order.map((name, rank) => [name, rank]));
    const rankOf = (hit: RankedHit) => position.get(index.docTools[hit.doc].name) ?? Infinity;
    // A stable sort: tools the model did not name keep their ranked order after the ones it did.
    const sorted = [...candidates].sort((a, b) => rankOf(a) - rankOf(b));
    return { hits: sorted.slice(0, options.maxTools), reranked: true };
  } catch (error) {
    context.options.emit({
      type: "rerank-failed",
      error,
      message: "reranking with the LLM failed; this call keeps the unreranked ranking",
    });
    return { hits: limitHits(candidates, options), reranked: false };
  }
};
