// prepareStep({ stableTools: true }): activeTools that keep the provider's prompt cache (a set that grows, in order).

import type { CatalogTool } from "../../core/catalog.js";
import type { ToolsiftEvent } from "../../events.js";
import type { NoMatchEvent } from "../offer-policy.js";
import type { SelectionFailedEvent, StepInput, StepSelection } from "../step-selection.js";
import type { SelectedTool } from "../tool-selector.js";
import { integerOption, invalidOption, knownOptions } from "../../support/validate-options.js";
import type { StepView } from "./conversation-steps.js";
import { stableDecisionMemo, type StableDecision, type StableDecisionStore } from "./stable-decisions.js";
import { EMPTY_STABLE_SET, nextStableSet, offeredChange, type StableSet } from "./stable-tool-rule.js";

/** The options of `prepareStep` for cache-aware activeTools. */
export interface StableToolsOptions {
  /**
   * Keep the provider's prompt cache: the tools a request sends change only when a step needs a tool that is not
   * offered (one of its 3 best-ranked tools at a user turn, its best-ranked one later in the call when that tool has no
   * family, a tool just called or found by the search tool, a pinned or related tool; never a reshuffle), and not when
   * the set already offers one of the step's 2 best-ranked tools with that tool's family. A tool's family is its MCP
   * server's tools, or the tools whose descriptions open with the same sentence (one API's tools). The step's missing
   * tools then go to the end of the tools array (`toolOrder`), followed by the family of its best-ranked tool (at the
   * conversation's first request, the families of its 3 best-ranked tools: nothing is cached yet, and the next tasks
   * mostly use the same server's tools); within a generateText call the set only grows, so every request extends the
   * one before it except where tools are appended. Each change is reported as a `tools-changed` event with its rough
   * token cost. `{ maxTools }`: at a user turn that needs a new tool anyway, the set is cut to this many tools,
   * dropping the tools selected or called least recently (never one the turn selected); reported in the event's
   * `removed` (default 64; integer ≥ 1). Default `true`: measured with bench/session-cost.mjs it bills under twice the
   * floor (the bill of the system prompt and the conversation alone) at a production agent's size and less than every
   * tool at both sizes, and serves more calls than `false`, which offers each step its own selection (the tools array
   * changes on most steps, so each request re-bills the system prompt and the conversation: at a production agent's
   * size that costs more than sending every tool).
   */
  stableTools?: boolean | { maxTools?: number };
}

/** Reported by `prepareStep({ stableTools: true })` each time the tools a request sends change. */
export type ToolsChangedEvent = Extract<ToolsiftEvent, { type: "tools-changed" }>;

/** What `prepareStep`'s `onEvent` receives. */
export type PrepareStepEvent = NoMatchEvent | ToolsChangedEvent | SelectionFailedEvent;

export interface StableToolsSetup {
  /** Plain prepareStep's selection for one step (no learning: replayed steps call it too). */
  select(input: StepInput): Promise<StepSelection>;
  maxStableTools: number;
  /** The catalog's tool names (what "every tool" sends besides the set, in the SDK's alphabetical order). */
  toolNames(): readonly string[];
  /** Characters of a tool's definition as a provider receives it (name, description, JSON schema). */
  definitionLength(name: string): number;
  /** The tool's family (its MCP server's tools, or the tools sharing its description's opening), or undefined. */
  family(name: string): readonly string[] | undefined;
  onEvent?: (event: ToolsChangedEvent) => void;
  /** Where decisions are kept besides the in-process memo (an adapter's own storage): a new process replays none. */
  decisions?: StableDecisionStore;
}

/** The set's size cap (`stableTools.maxTools`). */
const DEFAULT_MAX_STABLE_TOOLS = 64;

/** The validated stable-mode options (`undefined` when `stableTools` is off). */
export function stableToolsOptions(where: string, value: unknown) {
  if (typeof value === "object" && value !== null) {
    const { maxTools } = knownOptions(where, value, ["maxTools"], "stableTools")!;
    return {
      maxStableTools: integerOption(where, "stableTools.maxTools", maxTools, 1, 10_000, DEFAULT_MAX_STABLE_TOOLS),
    };
  }
  if (value !== undefined && typeof value !== "boolean")
    invalidOption(where, "stableTools", "true, false or { maxTools }", value);
  return value === false ? undefined : { maxStableTools: DEFAULT_MAX_STABLE_TOOLS };
}

/**
 * `stableTools` as a framework adapter passes it on to its `prepareStep` (validated as prepareStep validates it): as
 * given, `true` when not given, `undefined` when it is `false`.
 */
export function stableToolsSetting(where: string, value: unknown): true | { maxTools?: number } | undefined {
  if (stableToolsOptions(where, value) === undefined) return undefined;
  return typeof value === "object" ? (value as { maxTools?: number }) : true;
}

/**
 * Wraps plain prepareStep's selection. The set of a step is a function of the conversation: the previous step's set
 * (found by the hash of the conversation prefix it was decided for, or re-derived by replaying the conversation's
 * earlier steps through `select`) and this step's selection. Decisions are remembered per prefix (a bounded LRU), so
 * the same conversation gets the same tools at every step and turn even when learning changed the index since, and in
 * `setup.decisions` when an adapter gives a store (then a new process replays nothing the store holds).
 */
export function stableToolsStep(setup: StableToolsSetup) {
  const { recall, remember } = stableDecisionMemo(setup.decisions);
  const decide = async (previous: StableSet, step: StepView): Promise<StableDecision> => {
    const input = step.input();
    const selection = await setup.select(input);
    const lastStep = input.steps[input.steps.length - 1];
    const turnStart = input.steps.length === 0;
    const set = nextStableSet(
      previous,
      {
        selected: selection.names ?? selection.every,
        ...(selection.names === undefined ? {} : stepNeeds(selection, previous, turnStart, setup.family)),
        allowed: selection.allowed,
        turnStart,
        called: lastStep?.calls ?? [],
      },
      setup.maxStableTools,
    );
    const tools = [...set.tools];
    // A turn of conversation only ("thanks!") is offered the pinned tools alone; the set is kept for the next request.
    if (selection.offered !== undefined) {
      const offered = [...selection.offered];
      return { set, offered: tools, result: { activeTools: offered, toolOrder: [...offered] } };
    }
    if (!set.everyTool) return { set, offered: tools, result: { activeTools: tools, toolOrder: tools } };
    const allowed = selection.allowed;
    const rest = (allowed === undefined ? setup.toolNames() : [...allowed])
      .filter((name) => !set.tools.includes(name))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const result =
      allowed === undefined ? { toolOrder: tools } : { activeTools: [...tools, ...rest], toolOrder: tools };
    return { set, offered: [...tools, ...rest], result };
  };

  return async (step: StepView): Promise<{ activeTools?: string[]; toolOrder: string[] }> => {
    const hashes = step.keys();
    const end = hashes.length - 1;
    const current = await recall(hashes[end]);
    if (current !== undefined) return copy(current.result);
    // The latest earlier step decided in this process (or found in the store), then the steps after it replayed (all
    // of them after a restart without a store).
    const boundaries = step.boundaries();
    let from = boundaries.length;
    let previous: StableDecision | undefined;
    while (from > 0 && previous === undefined) previous = await recall(hashes[boundaries[--from]]);
    if (previous !== undefined) from++;
    for (const p of boundaries.slice(from)) {
      previous = await decide(previous?.set ?? EMPTY_STABLE_SET, step.at(p));
      await remember(hashes[p], previous);
    }
    const decided = await decide(previous?.set ?? EMPTY_STABLE_SET, step);
    await remember(hashes[end], decided);
    // A turn of chat keeps the set (`offered`, what the next request is compared with: its prefix is still cached) but
    // sends only the pinned tools: that one request is billed again from its first tool on, and says so.
    const sent = decided.result.activeTools ?? decided.offered;
    if (previous !== undefined) report(setup, previous.offered, sent, step);
    return copy(decided.result);
  };
}

function copy(result: StableDecision["result"]): { activeTools?: string[]; toolOrder: string[] } {
  const toolOrder = [...result.toolOrder];
  return result.activeTools === undefined ? { toolOrder } : { activeTools: [...result.activeTools], toolOrder };
}

/**
 * Reports a change of the tools array. `estimatedTokens`: characters / 4 of what the request sends after the first
 * changed position: the tool definitions from there on, the instructions and every message of the step.
 */
function report(setup: StableToolsSetup, before: readonly string[], after: readonly string[], step: StepView): void {
  const change = offeredChange(before, after);
  if (change === undefined || setup.onEvent === undefined) return;
  let characters = 0;
  for (const name of after.slice(change.changeAt)) characters += setup.definitionLength(name);
  characters += step.characters();
  const estimatedTokens = Math.ceil(characters / 4);
  const steps = step.input().steps.length;
  const where = steps === 0 ? "this user turn" : `step ${steps + 1} of this user turn`;
  const list = (names: readonly string[]) =>
    names.length <= 5 ? names.join(", ") : `${names.slice(0, 5).join(", ")} and ${names.length - 5} more`;
  const parts = [
    change.added.length > 0 ? `added ${list(change.added)}` : "",
    change.removed.length > 0 ? `removed ${list(change.removed)}` : "",
  ];
  setup.onEvent({
    type: "tools-changed",
    added: change.added,
    removed: change.removed,
    estimatedTokens,
    message:
      `${where} changed the tools sent (${parts.filter(Boolean).join("; ")}) from position ${change.changeAt} of ` +
      `${after.length}: about ${estimatedTokens} tokens of prompt after it are billed again instead of read from cache`,
  });
}

const definitionLengths = new WeakMap<readonly CatalogTool[], Map<string, number>>();

/** Characters of a catalog tool's definition (name, description, JSON schema); 0 for a name outside the catalog. */
export function catalogDefinitionLength(catalog: readonly CatalogTool[], name: string): number {
  let lengths = definitionLengths.get(catalog);
  if (lengths === undefined) {
    lengths = new Map();
    for (const tool of catalog) {
      const schema = JSON.stringify(tool.schema ?? {}) ?? "";
      lengths.set(tool.name, tool.name.length + tool.description.length + schema.length);
    }
    definitionLengths.set(catalog, lengths);
  }
  return lengths.get(name) ?? 0;
}

/** How many of a step's best-ranked tools justify a change: at a user turn (a new task), and later in the call. */
const RANKED_NEEDED_AT_TURN = 3;
const RANKED_NEEDED_IN_CALL = 1;
/** A step is covered when the set offers one of its best-ranked tools this many deep with that tool's family. */
const COVERING_RANKED = 2;

/** Tools a request may not go without, whatever they cost the cache: pinned, provider and `relatedTools` ones. */
const ALWAYS_NEEDED = new Set(["alwaysActive", "provider", "related"]);

interface RankedSelection {
  readonly names: readonly string[];
  readonly paged: readonly string[];
  readonly kept: readonly string[];
  readonly results: readonly SelectedTool[];
}

/**
 * What a step needs of the set (`needed`) and what comes with a change (`joining`). Needed: its best-ranked tools (3
 * at a user turn, 1 later in the call) unless the step is covered (the set already offers one of its 2 best-ranked
 * tools with that tool's family: the task is one the set serves, so a lower-ranked tool of another family is not
 * worth a rewrite), the tools it keeps (just called, found by the search tool), pinned and related tools, and the
 * names it offers outside the catalog (the search meta-tool). Learnt companions, the conversation's memory and
 * catalog links ride along when a change happens but do not cause one. Joining: the family of the step's best-ranked
 * tool, and at the set's first tools (the conversation's first request with tools, where nothing of the prompt is
 * cached yet and tools cost only their definitions) the families of every needed ranked tool: the next tasks of a
 * conversation mostly use the tools of the same server or API, which the ranking of this step does not hold, and each
 * later change re-bills the system prompt and the whole conversation. Chosen on the BFCL dev sessions against the
 * alternatives (bench/experiments/stable-tools/NOTES.md, bench/experiments/bill-aware/NOTES.md).
 */
function stepNeeds(
  selection: RankedSelection,
  previous: StableSet,
  turnStart: boolean,
  family: (name: string) => readonly string[] | undefined,
): { needed: string[]; joining: string[] } {
  const offered = new Set(previous.tools);
  const covered = selection.paged
    .slice(0, COVERING_RANKED)
    .some((name) => offered.has(name) && family(name) !== undefined);
  // Within a call a tool with a family waits for the next turn, where its family joins with it.
  const ranked = covered
    ? []
    : turnStart
      ? selection.paged.slice(0, RANKED_NEEDED_AT_TURN)
      : selection.paged.slice(0, RANKED_NEEDED_IN_CALL).filter((name) => family(name) === undefined);
  const pinned = selection.results.filter((result) => ALWAYS_NEEDED.has(result.reason)).map((result) => result.name);
  const inResults = new Set(selection.results.map((result) => result.name));
  const byName = selection.names.filter((name) => !inResults.has(name));
  const heads =
    previous.tools.length === 0 ? selection.paged.slice(0, RANKED_NEEDED_AT_TURN) : selection.paged.slice(0, 1);
  return {
    needed: [...ranked, ...selection.kept, ...pinned, ...byName],
    joining: heads.flatMap((name) => family(name) ?? []),
  };
}
