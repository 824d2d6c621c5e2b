// The tools a loop called in its latest steps, which stay offered so a task keeps its tools (`steps.keepRecent` of the
// one step selection, step-selection.ts).

/** Default of `steps.window`: how many of the latest steps' tools stay offered. */
export const RECENT_TOOL_WINDOW = 2;

/** The names called in the last `window` of `steps` (each step: the names it called, in order), but `skip`. */
export function recentTools(steps: readonly (readonly string[])[], window: number, skip?: string): Set<string> {
  const kept = new Set<string>();
  for (const called of steps.slice(-window)) for (const name of called) if (name !== skip) kept.add(name);
  return kept;
}
