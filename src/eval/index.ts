// toolsift/eval: accuracy of a tool index on labelled queries (top-1/3/5, latency, misses), like toolpick's.

import type { SelectOptions } from "../options.js";
import {
  countOption,
  invalidOption,
  knownOptions,
  namesOption,
  optionsObject,
  rejectUnknownOptions,
} from "../support/validate-options.js";

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
  readonly misses: ReadonlyArray<{
    readonly query: string;
    readonly expected: string;
    readonly got: readonly string[];
  }>;
}

/** Options of `evalToolIndex`. */
export interface EvalOptions {
  /** Tools selected per query; a correct tool beyond them is a miss. Default 5; integer ≥ 1. */
  readonly maxTools?: number;
}

interface Selector {
  select(query: string, options?: SelectOptions): Promise<string[]>;
}

const WHERE = "evalToolIndex";

/** Checks one case: an object with a string `query` and `expected`, optional `alternatives`, no other keys. */
function checkCase(testCase: unknown, position: number): EvalCase {
  const option = `cases[${position}]`;
  const given = optionsObject(WHERE, testCase, option) as Record<string, unknown> | undefined;
  if (given === undefined) invalidOption(WHERE, option, "an object { query, expected, alternatives? }", testCase);
  rejectUnknownOptions(WHERE, given, ["query", "expected", "alternatives"], `${option}.`);
  if (typeof given.query !== "string") invalidOption(WHERE, `${option}.query`, "a string", given.query);
  if (typeof given.expected !== "string") {
    invalidOption(WHERE, `${option}.expected`, "a tool name (string)", given.expected);
  }
  namesOption(WHERE, `${option}.alternatives`, given.alternatives);
  return given as unknown as EvalCase;
}

/**
 * Runs every case through `index.select(query, { maxTools, adaptive: false })` and scores it. Every
 * argument is checked first (INVALID_OPTION / UNKNOWN_OPTION naming it), so a bad case fails before
 * any query runs.
 */
export async function evalToolIndex(
  index: Selector,
  cases: readonly EvalCase[],
  options: EvalOptions = {},
): Promise<EvalResult> {
  if (typeof (index as Partial<Selector> | null)?.select !== "function") {
    invalidOption(WHERE, "index", "a tool index (an object with select(query, options))", index);
  }
  if (!Array.isArray(cases)) invalidOption(WHERE, "cases", "an array of { query, expected, alternatives? }", cases);
  const given = knownOptions(WHERE, options, ["maxTools"]);
  const maxTools = countOption(WHERE, "maxTools", given?.maxTools, 5);
  const checked = cases.map(checkCase);
  let top1 = 0;
  let top3 = 0;
  let top5 = 0;
  let elapsed = 0;
  const misses: { query: string; expected: string; got: string[] }[] = [];
  for (const testCase of checked) {
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
  const total = checked.length;
  const share = (count: number) => (total === 0 ? 0 : count / total);
  return {
    top1: share(top1),
    top3: share(top3),
    top5: share(top5),
    avgLatencyMs: total === 0 ? 0 : elapsed / total,
    total,
    misses,
  };
}
