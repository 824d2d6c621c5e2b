// The stable set's decisions per conversation point: remembered in the process (a bounded LRU) and, when an adapter
// gives one, in a store of its own (a Cloudflare agent's SQLite), checked when read back.

import { ToolsiftError } from "../../errors.js";
import { LruMap } from "../../support/lru-map.js";
import type { StableSet } from "./stable-tool-rule.js";

/** Step decisions remembered per prepareStep, keyed by the hash of the conversation prefix they were made for. */
const MEMO_CAPACITY = 4_096;

/**
 * A store of the stable set's decisions by conversation point (`point`: the hash of the conversation prefix the
 * decision was made for), given by an adapter that has storage of its own (a Cloudflare agent's SQLite): a process that
 * starts again finds what was decided at an earlier point instead of replaying the conversation through the selection
 * (which embeds its queries again, and may decide otherwise once learning changed the index). Either method may return
 * a promise; what `get` returns is checked (`CACHE_READ_FAILED` names the point) and a failure is thrown, not skipped.
 */
export interface StableDecisionStore {
  /** The decision stored at `point` (as `set` was given it, maybe read back from JSON) or undefined (or a promise). */
  get(point: string): unknown;
  set(point: string, decision: StableDecision): void | Promise<void>;
}

/** What the stable set decided at one point of a conversation: plain JSON (a store may keep it as text). */
export interface StableDecision {
  readonly set: StableSet;
  /** The tools array the request sends (every tool: the set, then the rest of the catalog alphabetically). */
  readonly offered: readonly string[];
  readonly result: { activeTools?: string[]; toolOrder: string[] };
}

const isNames = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((name) => typeof name === "string");

const record = (value: unknown) =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};

/** `value` (a store's answer for `point`) as a decision, checked field by field. */
function storedDecision(point: string, value: unknown): StableDecision {
  const decision = record(value);
  const set = record(decision.set);
  const result = record(decision.result);
  const checks: [string, boolean][] = [
    ["set.tools", isNames(set.tools)],
    ["set.lastNeeded", Object.values(record(set.lastNeeded)).every((at) => typeof at === "number")],
    ["set.step", typeof set.step === "number"],
    ["set.everyTool", typeof set.everyTool === "boolean"],
    ["offered", isNames(decision.offered)],
    ["result.toolOrder", isNames(result.toolOrder)],
    ["result.activeTools", result.activeTools === undefined || isNames(result.activeTools)],
  ];
  const bad = checks.find(([, valid]) => !valid)?.[0];
  if (bad !== undefined) {
    throw new ToolsiftError(
      "CACHE_READ_FAILED",
      `prepareStep: the stable set's stored decision at "${point}" has no valid ${bad}: ` +
        `${JSON.stringify(value)?.slice(0, 120)}`,
      { key: point },
    );
  }
  return value as StableDecision;
}

/**
 * The decisions of one stable set: `recall(point)` gives this process's decision at a point, else the store's (checked,
 * then kept in the memo); `remember` keeps a decision in both.
 */
export function stableDecisionMemo(decisions: StableDecisionStore | undefined) {
  const memo = new LruMap<string, StableDecision>(MEMO_CAPACITY);
  return {
    async recall(point: string): Promise<StableDecision | undefined> {
      const known = memo.get(point);
      if (known !== undefined || decisions === undefined) return known;
      const stored = await decisions.get(point);
      if (stored === undefined || stored === null) return undefined;
      const decided = storedDecision(point, stored);
      memo.set(point, decided);
      return decided;
    },
    async remember(point: string, decided: StableDecision): Promise<void> {
      memo.set(point, decided);
      await decisions?.set(point, decided);
    },
  };
}
