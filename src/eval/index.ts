// toolsift/eval: accuracy of a tool index on labelled queries (top-1/3/5, latency, misses), toolpick's evalToolIndex shape.

import { ToolsiftError } from "../errors.js";
import type { SelectOptions } from "../options.js";

/** One labelled query. */
export interface EvalCase {
  readonly query: string;
  /** The tool the query should select. */
  readonly expected: string;
  /** Other tools that count as correct too. */
  readonly alternatives?: readonly string[];
}

/** What `evalToolIndex` measured. */
export interface EvalResult {
  /** Share of cases whose first selected tool is correct (0–1). */
  readonly top1: number;
  /** Share of cases with a correct tool among the first 3 selected. */
  readonly top3: number;
  /** Share of cases with a correct tool among the first 5 selected. */
  readonly top5: number;
  /** Mean milliseconds per `select` call. */
  readonly avgLatencyMs: number;
  readonly total: number;
  /** Cases with no correct tool within `maxTools`, with what was selected. */
  readonly misses: ReadonlyArray<{ readonly query: string; readonly expected: string; readonly got: readonly string[] }>;
}

interface Selector {
  select(query: string, options?: SelectOptions): Promise<string[]>;
}

/**
 * Runs every case through `index.select(query, { maxTools, adaptive: false })` and scores it.
 * `maxTools` (default 5, integer ≥ 1) bounds what counts as a hit.
 */
export async function evalToolIndex(index: Selector, cases: readonly EvalCase[], options: { maxTools?: number } = {}): Promise<EvalResult> {
  const maxTools = options.maxTools ?? 5;
  if (!Number.isInteger(maxTools) || maxTools < 1) throw new ToolsiftError("INVALID_OPTION", `evalToolIndex: "maxTools" must be an integer ≥ 1, got ${String(maxTools)}.`, { option: "maxTools" });
  if (!Array.isArray(cases)) throw new ToolsiftError("INVALID_OPTION", `evalToolIndex: "cases" must be an array of { query, expected }.`, { option: "cases" });
  let top1 = 0;
  let top3 = 0;
  let top5 = 0;
  let elapsed = 0;
  const misses: { query: string; expected: string; got: string[] }[] = [];
  for (const [position, testCase] of cases.entries()) {
    if (typeof testCase?.query !== "string" || typeof testCase.expected !== "string") {
      throw new ToolsiftError("INVALID_OPTION", `evalToolIndex: case ${position} must have a string "query" and a string "expected".`, { index: position });
    }
    const accepted = new Set([testCase.expected, ...(testCase.alternatives ?? [])]);
    const started = performance.now();
    const got = await index.select(testCase.query, { maxTools, adaptive: false });
    elapsed += performance.now() - started;
    const rank = got.findIndex((name) => accepted.has(name));
    if (rank === 0) top1++;
    if (rank >= 0 && rank < 3) top3++;
    if (rank >= 0 && rank < 5) top5++;
    if (rank < 0) misses.push({ query: testCase.query, expected: testCase.expected, got });
  }
  const total = cases.length;
  const share = (count: number) => (total === 0 ? 0 : count / total);
  return { top1: share(top1), top3: share(top3), top5: share(top5), avgLatencyMs: total === 0 ? 0 : elapsed / total, total, misses };
}
