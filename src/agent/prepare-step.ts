// index.prepareStep(): per-step activeTools for generateText, streamText and ToolLoopAgent, from the SDK's input.

import type { ModelMessage } from "ai";
import { conversationQuery, endsInSmallTalk, type MessageLike } from "../conversation/model-messages.js";
import {
  booleanOption,
  countOption,
  invalidOption,
  knownOptions,
  namesOption,
  optionsObject,
  rejectUnknownOptions,
  stringOption,
} from "../support/validate-options.js";
import { RECENT_TOOL_WINDOW, recentTools } from "./recent-tools.js";
import {
  stableToolsOptions,
  stableToolsStep,
  type StableToolsSetup,
  type StepSelection,
} from "./delivery/stable-tools.js";
import { catalogToolCounter, companionCount, offerPolicy, pinnedNames, rankedNames } from "./offer-policy.js";
import { pickSelectOptions, SELECT_OPTION_NAMES } from "./select-options.js";
import { NESTED_OPTIONS, OWN_OPTIONS, type PrepareStepOptions, type ToolRulesInput } from "./prepare-step-options.js";

export type {
  PrepareStepEvent,
  PrepareStepOptions,
  StepOptions,
  ToolRules,
  ToolRulesInput,
} from "./prepare-step-options.js";
import type { SelectedTool, ToolSelector } from "./tool-selector.js";

/** What a step of the SDK hands to prepareStep (only the fields toolsift reads). */
export interface StepLike {
  readonly toolCalls: ReadonlyArray<{ readonly toolName: string }>;
  readonly toolResults?: ReadonlyArray<{ readonly toolName: string; readonly output?: unknown }>;
}

export interface PrepareStepInput {
  readonly steps: readonly StepLike[];
  readonly messages: readonly MessageLike[];
  readonly runtimeContext?: unknown;
}

/** Names a search-tool result carries: `{ tools: [{ name }] }`. */
export function foundTools(output: unknown): string[] {
  const tools = (output as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return [];
  return tools
    .map((tool) => (tool as { name?: unknown }).name)
    .filter((name): name is string => typeof name === "string");
}

/** The names `rules` allow for one step's input, read through whichever method the rules have. */
type AllowedNames = (input: ToolRulesInput) => unknown;

function rulesOption(where: string, value: unknown): { read: AllowedNames; method: string } | undefined {
  if (value === undefined) return undefined;
  const rules = value as { allowedTools?: unknown; inferTools?: unknown } | null;
  if (typeof rules === "object" && rules !== null) {
    const { allowedTools, inferTools } = rules;
    if (typeof allowedTools === "function") {
      return { read: (input) => allowedTools.call(rules, input), method: "rules.allowedTools()" };
    }
    if (typeof inferTools === "function") {
      const read: AllowedNames = (input) => (inferTools.call(rules, input) as { activeTools?: unknown }).activeTools;
      return { read, method: "rules.inferTools().activeTools" };
    }
  }
  return invalidOption(
    where,
    "rules",
    "an object with an allowedTools(input) method (toolsift's createToolSet) or an inferTools(input) method (ai-tool-set)",
    value,
  );
}

/** A selector with no catalog of its own: definitions of unknown length, no tool families. */
const NO_CATALOG = { definitionLength: () => 0, family: () => undefined };

/**
 * Builds the prepareStep function; every option is validated here, not at the first step. Everything it
 * uses comes from the step options the SDK passes (steps, messages, runtimeContext): no state is kept
 * between calls or conversations but the stable set's decisions per conversation point (in `setup.decisions` too
 * when an adapter gives a store). `setup`: what the stable set reads of the index's catalog, and an adapter's store.
 */
export function createPrepareStep(
  index: ToolSelector,
  options: PrepareStepOptions = {},
  setup: Pick<StableToolsSetup<PrepareStepInput>, "definitionLength" | "family" | "decisions"> & {
    /** The adapter named in option errors (`toolsiftProcessor`). Default `"prepareStep"`. */
    where?: string;
  } = NO_CATALOG,
) {
  const where = setup.where ?? "prepareStep";
  const given = optionsObject(where, options) ?? {};
  rejectUnknownOptions(where, given, [...SELECT_OPTION_NAMES, ...OWN_OPTIONS], "", NESTED_OPTIONS);
  const selectOptions = pickSelectOptions(where, given);
  const steps = knownOptions(
    where,
    given.steps,
    ["keepRecent", "window", "escalate", "searchToolName", "learn"],
    "steps",
  );
  const recentToolBoost = booleanOption(where, "steps.keepRecent", steps?.keepRecent, true);
  const recentToolWindow = countOption(where, "steps.window", steps?.window, RECENT_TOOL_WINDOW);
  const escalate = booleanOption(where, "steps.escalate", steps?.escalate, true);
  const rules = rulesOption(where, given.rules);
  const searchToolName = stringOption(where, "steps.searchToolName", steps?.searchToolName, "search_tools");
  const policy = offerPolicy(where, options);
  const stable = stableToolsOptions(where, given.stableTools);
  const maxTools = selectOptions.maxTools ?? 5;
  const allowedTools = selectOptions.allowedTools === undefined ? undefined : new Set(selectOptions.allowedTools);
  const catalogTools = catalogToolCounter(() => index.toolNames);

  const learn = booleanOption(where, "steps.learn", steps?.learn, false);
  if (learn && typeof index.learnStep !== "function") {
    invalidOption(where, "steps.learn", "false for a selector without learnStep (a toolsift index has it)", learn);
  }
  /** Steps already learnt: the SDK passes the same step objects again on every later step. */
  const learnt = new WeakSet<object>();
  const select = async (step: PrepareStepInput): Promise<StepSelection> => {
    const messages = step.messages ?? [];
    const steps = step.steps ?? [];
    // allowedTools and the rules both bound the step: a tool must pass both.
    const ruled = rules === undefined ? undefined : allowedByRules(rules, messages, steps, step.runtimeContext);
    const allowed =
      ruled === undefined || allowedTools === undefined
        ? (ruled ?? allowedTools)
        : new Set([...ruled].filter((name) => allowedTools.has(name)));
    // Every tool (allowedTools and the rules permitting): undefined activeTools is the SDK's "all tools".
    const everyTool = (every: "escalate" | "no-match") => ({ every, allowed });
    // What "every tool" would mean for this step, against maxOfferAll: the catalog tools allowed.
    const toolCount = catalogTools(allowed);
    let misses = 0;
    for (let i = steps.length - 1; i >= 0 && steps[i].toolCalls.length === 0; i--) misses++;
    if (escalate && misses >= 2 && toolCount <= policy.maxOfferAll) return everyTool("escalate");

    const page = escalate ? misses : 0;
    const query = conversationQuery(messages);
    // Tools of the last steps (and what the search tool found) stay active anyway, so they are not ranked: their
    // places in the page go to tools the task has not used yet.
    const recentSteps = steps.slice(-recentToolWindow);
    const kept = recentToolBoost
      ? recentTools(
          recentSteps.map((recent) => recent.toolCalls.map((call) => call.toolName)),
          recentToolWindow,
          searchToolName,
        )
      : new Set<string>();
    for (const recent of recentSteps) {
      for (const result of recent.toolResults ?? []) {
        if (result.toolName === searchToolName) for (const name of foundTools(result.output)) kept.add(name);
      }
    }
    let ranked: string[] = [];
    let results: readonly SelectedTool[] = [];
    let companions = 0;
    let pinned: readonly string[] = selectOptions.alwaysActive ?? [];
    if (query.length > 0) {
      const selection = await index.selectWithScores(query, {
        ...selectOptions,
        // Names outside the catalog are left out by the index itself (and stay active below).
        alwaysActive: [...(selectOptions.alwaysActive ?? []), ...kept],
        // The conversation's tool calls: its memory of tools, and what learnt usage predicts next.
        messages: messages as readonly MessageLike[],
        // Clamped: a maxTools accepted at creation must not grow past what select accepts on a later page.
        maxTools: Math.min(maxTools * (page + 1), Number.MAX_SAFE_INTEGER),
        adaptive: page === 0 ? selectOptions.adaptive : false,
        ...(allowed !== undefined ? { allowedTools: [...allowed] } : {}),
      });
      ranked = rankedNames(selection.results);
      results = selection.results;
      companions = companionCount(selection.results);
      // Only catalog tools come back from the index (toolpick's rule); the search meta-tool stays active by name.
      const searchTool = (selectOptions.alwaysActive ?? []).filter((name) => name === searchToolName);
      pinned = [...pinnedNames(selection.results), ...searchTool];
    }
    const paged = ranked.slice(page * maxTools, (page + 1) * maxTools);
    // Nothing left to page to: escalate to every tool at once.
    if (page > 0 && paged.length === 0 && policy.noMatch(query, toolCount, true)) return everyTool("escalate");
    if (
      page === 0 &&
      ranked.length === 0 &&
      companions === 0 &&
      policy.noMatch(query, toolCount, false, steps.length > 0)
    )
      return everyTool("no-match");
    const active = new Set<string>(paged);
    for (const name of kept) active.add(name);
    for (const name of pinned) active.add(name);
    const names = [...active].filter((name) => allowed === undefined || allowed.has(name) || name === searchToolName);
    return { names, allowed, paged, kept: [...kept], results };
  };
  const stableStep =
    stable &&
    stableToolsStep({
      select,
      maxStableTools: stable.maxStableTools,
      toolNames: () => index.toolNames,
      definitionLength: setup.definitionLength,
      family: setup.family,
      onEvent: options.onEvent,
      decisions: setup.decisions,
    });
  return async (step: PrepareStepInput): Promise<{ activeTools?: string[]; toolOrder?: string[] }> => {
    if (learn) learnNewSteps(index, learnt, step.messages ?? [], step.steps ?? [], searchToolName);
    if (stableStep) {
      const kept = await stableStep(step);
      // A turn of conversation only ("thanks!") gets the pinned tools, not the set (with onNoMatch "all", every tool):
      // the set itself is decided and kept for the next request as usual (isSmallTalkTurn).
      if (policy.onNoMatch === "all" || (step.steps ?? []).length > 0 || !endsInSmallTalk(step.messages ?? []))
        return kept;
      const pinnedNow = (selectOptions.alwaysActive ?? []).filter(
        (name) => name === searchToolName || ((allowedTools?.has(name) ?? true) && index.toolNames.includes(name)),
      );
      return { activeTools: pinnedNow, toolOrder: pinnedNow };
    }
    const selection = await select(step);
    if (selection.names !== undefined) return { activeTools: [...selection.names] };
    return selection.allowed === undefined ? {} : { activeTools: [...selection.allowed] };
  };
}

/** The names the rules allow for this step, checked: an array of strings. */
function allowedByRules(
  rules: { read: AllowedNames; method: string },
  messages: readonly MessageLike[],
  steps: readonly StepLike[],
  toolSetContext: unknown,
): Set<string> {
  const names = rules.read({ messages: [...messages] as ModelMessage[], steps: [...steps], toolSetContext });
  if (names === undefined) invalidOption("prepareStep", rules.method, "an array of tool names", names);
  return new Set(namesOption("prepareStep", rules.method, names));
}

/** Records the steps not seen before, each with the calls of the steps before it in this generateText call. */
function learnNewSteps(
  index: ToolSelector,
  learnt: WeakSet<object>,
  messages: readonly MessageLike[],
  steps: readonly StepLike[],
  searchToolName: string,
): void {
  // The user's request, read only when a step is new (most calls see no new step after the first).
  let request: string | undefined;
  const readRequest = () => {
    if (request !== undefined) return request;
    let lastUser = -1;
    messages.forEach((message, position) => {
      if (message.role === "user") lastUser = position;
    });
    request = lastUser < 0 ? "" : conversationQuery(messages.slice(0, lastUser + 1));
    return request;
  };
  const earlier: string[] = [];
  for (const step of steps) {
    const calls = step.toolCalls.map((call) => call.toolName).filter((name) => name !== searchToolName);
    if (typeof step === "object" && step !== null && !learnt.has(step)) {
      learnt.add(step);
      index.learnStep!(
        readRequest(),
        [...earlier],
        calls, // learnStep skips (and reports) tools outside the catalog
      );
    }
    earlier.push(...calls);
  }
}
