// A follow-up stays with the product in use: after PagerDuty calls, "now resolve it" is PagerDuty's resolve before
// Sentry's, when the request names no product of its own.

import { namedFamilies } from "../core/families.js";
import type { QueryTerm } from "../core/query.js";
import type { ResolvedSelectOptions } from "../resolve-select-options.js";
import { callsByTurn } from "../usage/learn-turns.js";
import type { BuiltIndex } from "./built-index.js";
import type { JudgedHit } from "./relevance.js";

/**
 * The tools the conversation called last: the current turn's calls so far, else the last turn's that called any, or
 * `previousTools` without a conversation.
 */
function lastCalls(options: ResolvedSelectOptions): readonly string[] {
  if (options.conversation === undefined) return options.previousTools ?? [];
  const turns = callsByTurn(options.conversation);
  for (let turn = turns.length - 1; turn >= 0; turn--) if (turns[turn].length > 0) return turns[turn];
  return [];
}

/**
 * Ranks first the best tool of the products the conversation called last, when the ranking's first tool is of
 * another product, the request names none, and that tool reached `minRelevance` ("and set it to pending" after a
 * Zendesk call: `zd_update_ticket` before `slack_set_status`). Its score becomes the first tool's, so the elbow still
 * reads a falling list.
 */
export function withProductInUse(
  index: BuiltIndex,
  terms: readonly QueryTerm[],
  hits: readonly JudgedHit[],
  options: ResolvedSelectOptions,
): readonly JudgedHit[] {
  if (hits.length < 2 || !index.hasKeywordIndex) return hits;
  const families = index.engine.families();
  if (families === undefined) return hits;
  const inUse = new Set<number>();
  for (const name of lastCalls(options)) {
    const doc = index.docOf.get(name);
    if (doc !== undefined && families.of[doc] >= 0) inUse.add(families.of[doc]);
  }
  if (inUse.size === 0 || inUse.has(families.of[hits[0].doc]) || namedFamilies(families, terms) !== undefined)
    return hits;
  const bar = Math.max(options.minRelevance, Number.MIN_VALUE);
  const at = hits.findIndex((hit) => hit.relevance >= bar && inUse.has(families.of[hit.doc]));
  if (at <= 0) return hits;
  return [{ ...hits[at], score: hits[0].score }, ...hits.slice(0, at), ...hits.slice(at + 1)];
}
