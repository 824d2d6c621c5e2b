// The tools a selection adds beyond the ranked ones: related tools (the index's or the call's map), and within the
// `maxCompanions` budget the tools the usage graph predicts and the tools the conversation has already used.

import type { ResolvedSelectOptions } from "../resolve-select-options.js";
import { callsByTurn, termIds } from "../usage/learn-turns.js";
import type { LinkList, UsageGraph } from "../usage/usage-graph.js";
import { findersNamed, heldValues, type CatalogLinks } from "../usage/catalog-links.js";
import type { CompanionReason } from "./types.js";

/** A tool added by this module, with why and how strongly (0–1). */
export interface Companion {
  readonly name: string;
  readonly reason: CompanionReason;
  readonly score: number;
}

// A learnt link must carry at least this probability to be offered (one in five of what followed the tool).
const MIN_PROBABILITY = 0.2;
// A learnt link needs more than one observation before its probability is trusted: two observations weigh 2 in
// today's units when fresh, a little less once decayed, hence 1.5.
const MIN_SUPPORT = 1.5;
// The conversation's memory: a tool of the current turn scores this, one of an earlier turn less per turn back.
const MEMORY_SCORE = 0.5;
const MEMORY_DECAY = 0.6;
// Catalog links are guesses from names: below the conversation's own tools and any learnt link worth offering.
const PREREQUISITE_SCORE = 0.3;
const FOLLOW_UP_SCORE = 0.25;
// Lookups are read for this many of the best ranked tools.
const LOOKUP_RANKED = 3;

/** What the companions are chosen from, for one selection. */
export interface CompanionInput {
  /** Every catalog tool name (companions outside the catalog are never offered). */
  readonly known: ReadonlySet<string>;
  /** Names already in the result (ranked and pinned), best first. */
  readonly selected: readonly string[];
  /** Ranked names only (their learnt companions count). */
  readonly ranked: readonly string[];
  /** Each ranked tool's relevance to the query, in `ranked`'s order (undefined: read in rank order). */
  readonly relevance?: readonly number[];
  readonly query: string;
  readonly options: ResolvedSelectOptions;
  readonly indexRelated: Readonly<Record<string, readonly string[]>> | undefined;
  readonly graph: UsageGraph | undefined;
  /** Producer links read from the catalog, and which kinds are on. */
  readonly links: CatalogLinks | undefined;
  readonly linkKinds: { readonly prerequisites: boolean; readonly followUps: boolean };
  /**
   * Whether the tools the conversation used come along (not for a turn that ranks nothing and leans on nothing); asked
   * only when the conversation called any.
   */
  readonly memory?: () => boolean;
}

/**
 * Related tools of every selected tool (not counted against any budget, as toolpick does), then up to
 * `maxCompanions` of: the learnt next tools of the last call, the learnt companions of the ranked tools, the tools
 * the query's words led to, and the tools the conversation already used; each at most once, best score first.
 */
export function companionsFor(input: CompanionInput): Companion[] {
  const { known, options } = input;
  const taken = new Set(input.selected);
  const added: Companion[] = [];
  const related = options.relatedTools ?? input.indexRelated;
  const allowed = (name: string) => options.allowedTools === undefined || options.allowedTools.has(name);
  if (related !== undefined) {
    for (const name of input.selected) {
      for (const companion of related[name] ?? []) {
        if (known.has(companion) && !taken.has(companion) && allowed(companion)) {
          taken.add(companion);
          added.push({ name: companion, reason: "related", score: 1 });
        }
      }
    }
  }
  if (options.maxCompanions === 0) return added;
  const turns =
    options.conversation !== undefined ? callsByTurn(options.conversation) : [[...(options.previousTools ?? [])]];
  const candidates = new Map<string, Companion>();
  const offer = (name: string, reason: CompanionReason, score: number) => {
    if (!known.has(name) || taken.has(name) || !allowed(name)) return;
    const best = candidates.get(name);
    if (best === undefined || best.score < score) candidates.set(name, { name, reason, score });
  };
  const graph = input.graph;
  if (graph !== undefined && !graph.empty) learnt(graph, input, turns, offer);
  const links = input.links;
  if (links !== undefined) {
    if (input.linkKinds.prerequisites) {
      // Most relevant first (equal scores keep it): a tool's producers, and for the most relevant ranked tools the
      // finder of what they need by id when the request gives fewer ids than they need ("tag ENG-377 with
      // regression": the issue's key, not the label's id; "a linear issue for the Web team, high prio": the team
      // `createIssue` needs before the issue a better-scored `setIssuePriority` would).
      let values: number | undefined;
      byRelevance(input).forEach((name, rank) => {
        for (const producer of links.prerequisites.get(name) ?? [])
          offer(producer, "catalog-prerequisite", PREREQUISITE_SCORE);
        const needs = rank < LOOKUP_RANKED ? (links.identifiers.get(name) ?? 0) : 0;
        if (needs > 0 && (values ??= heldValues(input.query)) < needs)
          for (const finder of [...(links.lookups.get(name) ?? []), ...findersNamed(links, name, input.query)])
            offer(finder, "catalog-prerequisite", PREREQUISITE_SCORE);
      });
    }
    const current = turns[turns.length - 1];
    const last = current[current.length - 1];
    if (input.linkKinds.followUps && last !== undefined) {
      for (const consumer of links.followUps.get(last) ?? []) offer(consumer, "catalog-follow-up", FOLLOW_UP_SCORE);
    }
  }
  if (turns.some((calls) => calls.length > 0) && (input.memory?.() ?? true))
    turns.forEach((calls, position) => {
      const score = MEMORY_SCORE * Math.pow(MEMORY_DECAY, turns.length - 1 - position);
      for (const name of calls) offer(name, "conversation", score);
    });
  const chosen = [...candidates.values()].sort((a, b) => b.score - a.score).slice(0, options.maxCompanions);
  return [...added, ...chosen];
}

/** The ranked names, most relevant first (rank order among equals, and when no relevance is given). */
function byRelevance({ ranked, relevance }: CompanionInput): readonly string[] {
  if (relevance === undefined) return ranked;
  const order = ranked.map((_, at) => at).sort((a, b) => relevance[b] - relevance[a] || a - b);
  return order.map((at) => ranked[at]);
}

function learnt(
  graph: UsageGraph,
  input: CompanionInput,
  turns: readonly (readonly string[])[],
  offer: (name: string, reason: CompanionReason, score: number) => void,
): void {
  const support = MIN_SUPPORT * graph.unit;
  const each = (list: LinkList | undefined, reason: CompanionReason, factor = 1) => {
    if (list === undefined || list.total < support) return;
    for (const [name, weight] of list.links) {
      // Each link earns its place on its own: seen at least twice, and a fifth of what followed.
      if (weight < support) continue;
      const probability = (weight / list.total) * factor;
      if (probability >= MIN_PROBABILITY) offer(name, reason, probability);
    }
  };
  const current = turns[turns.length - 1];
  const last = current[current.length - 1];
  if (last !== undefined) each(graph.next.get(last), "learned-next");
  for (const name of input.ranked) each(graph.together.get(name), "learned-companion");
  for (const term of new Set(termIds(input.query))) each(graph.terms.get(term), "learned-query");
}
