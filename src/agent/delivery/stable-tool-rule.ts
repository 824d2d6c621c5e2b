// The cache-aware activeTools rule: the set grows only when a step needs a tool it does not offer, never reshuffles.

/** The tools one step offers in stable mode, and what the next step's decision needs to know of the past. */
export interface StableSet {
  /** The offered tools in the order of their first activation: the request's tools array (`toolOrder`). */
  readonly tools: readonly string[];
  /** For each offered tool, the last step (counted over the conversation) that selected or called it. */
  readonly lastNeeded: Readonly<Record<string, number>>;
  /** Steps decided so far in the conversation. */
  readonly step: number;
  /** This generateText call escalated to every tool (`tools` first, in order; the rest after them). */
  readonly everyTool: boolean;
}

export const EMPTY_STABLE_SET: StableSet = Object.freeze({ tools: [], lastNeeded: {}, step: 0, everyTool: false });

/** What one step asks for: today's prepareStep decision for it, and where the step stands. */
export interface StepNeed {
  /**
   * The tools plain prepareStep would offer (ranked page, kept, pinned, companions), or every tool: `"escalate"`
   * after misses, `"no-match"` when the ranking was empty and `onNoMatch` is `"all"`.
   */
  readonly selected: readonly string[] | "escalate" | "no-match";
  /**
   * The tools of `selected` that justify a change when the set lacks one (the step's best-ranked tools, the tools it
   * keeps, pinned and learnt tools); undefined: all of `selected`. A change then adds every missing tool of `selected`.
   */
  readonly needed?: readonly string[];
  /**
   * Tools that come with a change, after the missing tools of `selected` (the families of the tools the step needs);
   * they never cause one. Like every added tool they may leave again at once for the size cap.
   */
  readonly joining?: readonly string[];
  /** The tools `rules` and `allowedTools` allow this step; undefined with neither. */
  readonly allowed?: ReadonlySet<string>;
  /** The step starts a generateText call (a user turn): the only time tools may leave for the size cap. */
  readonly turnStart: boolean;
  /** Tools the previous step called (they count as used for the size cap). */
  readonly called: readonly string[];
}

/**
 * Decides one step. The set only changes when the step needs a tool it does not offer (a tool of `selected` is
 * missing) or when `rules` no longer allow an offered tool; new tools go to the end, then the tools `joining` them.
 * Within a generateText call nothing leaves (escalation to every tool included, which lasts to the end of the call).
 * At a user turn that needs a new tool anyway, the set is cut to `maxStableTools` by dropping the tools selected or
 * called least recently (never one this step selected). A turn whose ranking is empty keeps the set it has (nothing
 * new is needed); with an empty set it gets every tool, as plain prepareStep does.
 */
export function nextStableSet(previous: StableSet, need: StepNeed, maxStableTools: number): StableSet {
  const step = previous.step + 1;
  const lastNeeded: Record<string, number> = { ...previous.lastNeeded };
  const selected = typeof need.selected === "string" ? [] : need.selected;
  for (const name of [...selected, ...need.called]) lastNeeded[name] = step;
  const allowed = (name: string) => need.allowed === undefined || need.allowed.has(name);
  const keptEveryTool = previous.everyTool && !need.turnStart;
  const everyTool =
    keptEveryTool ||
    need.selected === "escalate" ||
    (need.selected === "no-match" && previous.tools.filter(allowed).length === 0);

  const kept = previous.tools.filter(allowed);
  const missing = [...new Set(selected)].filter((name) => allowed(name) && !kept.includes(name));
  let tools = kept;
  let evicted: string[] = [];
  // An empty set (the conversation's first step) takes the whole selection.
  const needed = kept.length === 0 ? selected : (need.needed ?? selected);
  if (needed.some((name) => missing.includes(name)) && !keptEveryTool) {
    const joining = (need.joining ?? []).filter((name) => allowed(name) && !kept.includes(name));
    tools = [...new Set([...kept, ...missing, ...joining])];
    if (need.turnStart) evicted = leastRecentlyNeeded(tools, lastNeeded, new Set(selected), maxStableTools);
    tools = tools.filter((name) => !evicted.includes(name));
  }
  for (const name of Object.keys(lastNeeded)) if (!tools.includes(name)) delete lastNeeded[name];
  return { tools, lastNeeded, step, everyTool };
}

/** How the tools a request sends changed: names added and removed, and the first position that differs. */
export interface OfferedChange {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changeAt: number;
}

/** The change from the tools array `before` to `after`; undefined when they are the same. */
export function offeredChange(before: readonly string[], after: readonly string[]): OfferedChange | undefined {
  let changeAt = 0;
  while (changeAt < before.length && before[changeAt] === after[changeAt]) changeAt++;
  if (changeAt === before.length && before.length === after.length) return undefined;
  const inBefore = new Set(before);
  const inAfter = new Set(after);
  return {
    added: after.filter((name) => !inBefore.has(name)),
    removed: before.filter((name) => !inAfter.has(name)),
    changeAt,
  };
}

/**
 * The tools to drop so that `tools` holds at most `max`: the least recently needed first, among equals the later one
 * (fewer definitions after it are sent again). Tools in `protectedNames` never leave.
 */
function leastRecentlyNeeded(
  tools: readonly string[],
  lastNeeded: Readonly<Record<string, number>>,
  protectedNames: ReadonlySet<string>,
  max: number,
): string[] {
  const excess = tools.length - max;
  if (excess <= 0) return [];
  const candidates = tools
    .map((name, position) => ({ name, position, last: lastNeeded[name] ?? 0 }))
    .filter(({ name }) => !protectedNames.has(name))
    .sort((a, b) => a.last - b.last || b.position - a.position);
  return candidates.slice(0, excess).map(({ name }) => name);
}
