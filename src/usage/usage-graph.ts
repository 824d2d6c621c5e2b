// What an index learns from the agent's own calls: which tool starts a task, follows another, is used with another,
// and which query words lead to it — counts by tool name and hashed term id, bounded per tool and decaying.

import { LinkWeights } from "./link-weights.js";

/** Bounds and decay of a usage graph. */
export interface UsageLimits {
  /** Strongest links kept per tool, for "next" and for "used together". */
  readonly maxLinks: number;
  /** Tools kept per query term. */
  readonly maxTermTools: number;
  /** Query terms kept in all (the weakest are dropped first). */
  readonly maxTerms: number;
  /** Conversations after which a count weighs half as much as a new one. */
  readonly halfLife: number;
}

export const DEFAULT_USAGE_LIMITS: UsageLimits = { maxLinks: 8, maxTermTools: 4, maxTerms: 16_384, halfLife: 5_000 };

/** A weighted list of links from one key (a tool or a term), with the total weight ever added to it. */
export interface LinkList {
  /** Weight ever added from this key (pruned links included), the denominator of its probabilities. */
  total: number;
  readonly links: LinkWeights<string>;
}

/** One user turn as learnt: its query terms (hashed) and the tools it called, in order. */
export interface LearnedTurn {
  readonly terms: readonly number[];
  readonly calls: readonly string[];
}

export class UsageGraph {
  /** Learnt conversations (a snapshot's or merged graphs' counts included). */
  conversations = 0;
  /** Per tool: how often it was the first call of a turn; `total` is the number of turns with a call. */
  readonly starts: LinkList = { total: 0, links: new LinkWeights() };
  readonly next = new Map<string, LinkList>();
  readonly together = new Map<string, LinkList>();
  readonly terms = new Map<number, LinkList>();
  /**
   * Weight of one new observation. Old counts decay by growing the weight of new ones instead of shrinking
   * every stored count: the ratios are the same, and learning stays O(links touched).
   */
  private increment = 1;

  constructor(readonly limits: UsageLimits = DEFAULT_USAGE_LIMITS) {}

  /** True when nothing has been learnt. */
  get empty(): boolean {
    return this.starts.total === 0 && this.terms.size === 0;
  }

  /** Records one conversation's turns (each counted once), then ages every older count by one conversation. */
  learnConversation(turns: readonly LearnedTurn[]): void {
    for (const turn of turns) this.record(turn.terms, [], turn.calls);
    this.age();
  }

  /**
   * Records one step of a live task (online learning): `calls` made after `earlier` calls of the same user turn.
   * The first step of a turn counts the turn (starts, terms) and ages older counts as one conversation would.
   */
  learnStep(terms: readonly number[], earlier: readonly string[], calls: readonly string[]): void {
    if (calls.length === 0) return;
    this.record(terms, earlier, calls);
    if (earlier.length === 0) this.age();
  }

  /**
   * Counts `calls` made in a turn after its `earlier` calls: the turn's start and terms when it is the first,
   * each transition, each pair used together once per turn, and each query term's tools.
   */
  private record(terms: readonly number[], earlier: readonly string[], calls: readonly string[]): void {
    if (calls.length === 0) return;
    const weight = this.increment;
    const { maxLinks, maxTermTools, maxTerms } = this.limits;
    const distinctTerms = new Set(terms);
    const seen = new Set(earlier);
    // The "together" lists of the turn's tools so far, looked up once each rather than once per pair.
    const lists = earlier.length === 0 ? [] : [...seen].map((name) => [name, linkList(this.together, name)] as const);
    const termLists = [...distinctTerms].map((term) => linkList(this.terms, term));
    if (earlier.length === 0) {
      add(this.starts, calls[0], weight, Infinity);
      for (const termList of termLists) termList.total += weight;
    }
    let previous = earlier[earlier.length - 1];
    for (const call of calls) {
      // A repeated call (cd, then cd again) says nothing about what follows a tool.
      if (previous !== undefined && previous !== call) this.addLink(this.next, previous, call, weight, maxLinks);
      previous = call;
      if (seen.has(call)) continue;
      const list = linkList(this.together, call);
      list.total += weight;
      for (const [other, otherList] of lists) {
        addLink(list, other, weight, maxLinks);
        addLink(otherList, call, weight, maxLinks);
      }
      for (const termList of termLists) addLink(termList, call, weight, maxTermTools);
      seen.add(call);
      lists.push([call, list]);
    }
    if (this.terms.size > maxTerms * 1.25) pruneTerms(this.terms, maxTerms);
  }

  /** One conversation older: new observations weigh 2^(1/halfLife) more (rescaled before they grow too large). */
  private age(): void {
    this.conversations++;
    this.increment *= Math.pow(2, 1 / this.limits.halfLife);
    if (this.increment > 1e12) this.rescale(1 / this.increment);
  }

  private addLink(map: Map<string, LinkList>, from: string, to: string, weight: number, cap: number): void {
    const list = linkList(map, from);
    list.total += weight;
    addLink(list, to, weight, cap);
  }

  /** Multiplies every count by `factor` (decay bookkeeping, snapshots in today's units). */
  rescale(factor: number): void {
    scaleList(this.starts, factor);
    for (const map of [this.next, this.together, this.terms] as Map<unknown, LinkList>[]) {
      for (const list of map.values()) scaleList(list, factor);
    }
    this.increment *= factor;
  }

  /** The weight one new observation has now (1 right after a snapshot is read). */
  get unit(): number {
    return this.increment;
  }

  /** Drops every tool not in `keep` (tools removed from the catalog). */
  retain(keep: ReadonlySet<string>): void {
    const kept = (name: string) => keep.has(name);
    this.starts.links.retain(kept);
    for (const map of [this.next, this.together]) {
      for (const [name, list] of map) {
        if (!keep.has(name)) map.delete(name);
        else list.links.retain(kept);
      }
    }
    for (const [term, list] of this.terms) {
      list.links.retain(kept);
      if (list.links.size === 0) this.terms.delete(term);
    }
  }
}

export function linkList<K>(map: Map<K, LinkList>, key: K): LinkList {
  let list = map.get(key);
  if (list === undefined) {
    list = { total: 0, links: new LinkWeights() };
    map.set(key, list);
  }
  return list;
}

function add(list: LinkList, to: string, weight: number, cap: number): void {
  list.total += weight;
  addLink(list, to, weight, cap);
}

/** Adds `weight` to one link; past 1.5 × `cap` links, keeps the `cap` strongest (amortised pruning). */
export function addLink(list: LinkList, to: string, weight: number, cap: number): void {
  if (list.links.add(to, weight) > cap * 1.5) list.links.keepHeaviest(cap);
}

function scaleList(list: LinkList, factor: number): void {
  list.total *= factor;
  list.links.scale(factor);
}

/** Keeps the `cap` terms seen most (by total weight). */
export function pruneTerms(terms: Map<number, LinkList>, cap: number): void {
  const kept = [...terms].sort((a, b) => b[1].total - a[1].total).slice(0, cap);
  terms.clear();
  for (const [term, list] of kept) terms.set(term, list);
}
