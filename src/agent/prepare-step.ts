// index.prepareStep(): per-step activeTools for generateText, streamText and ToolLoopAgent, from the SDK's input.

import type { ModelMessage } from "ai";
import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";
import { checkMessageArray } from "../usage/learn-turns.js";
import { conversationQuery, fromModelMessages, type MessageLike } from "../conversation/model-messages.js";
import type { ConversationMessage } from "../conversation/query-rule.js";
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
import { RECENT_TOOL_WINDOW } from "./recent-tools.js";
import { conversationSteps, stepBoundaries, stepsOf, type StepView } from "./delivery/conversation-steps.js";
import {
  canonicalConversationMessage,
  canonicalMessage,
  conversationPrefixHashes,
  prefixHashes,
} from "./delivery/prefix-hashes.js";
import { stableToolsOptions, stableToolsStep, type StableToolsSetup } from "./delivery/stable-tools.js";
import { offerPolicy } from "./offer-policy.js";
import {
  createStepSelection,
  runSteps,
  type SelectionFailedEvent,
  type StepInput,
  type StepSelection,
} from "./step-selection.js";
import { pickSelectOptions, SELECT_OPTION_NAMES } from "./select-options.js";
import { NESTED_OPTIONS, OWN_OPTIONS, type PrepareStepOptions, type ToolRulesInput } from "./prepare-step-options.js";

export type {
  PrepareStepEvent,
  PrepareStepOptions,
  StepOptions,
  ToolRules,
  ToolRulesInput,
} from "./prepare-step-options.js";
import type { ToolSelector } from "./tool-selector.js";

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

/**
 * A step as toolsift's own adapters hand it (never the SDK): the SDK's `messages` and `steps` (Mastra, Cloudflare
 * Agents), or a framework's conversation in the neutral shape (LangChain, the OpenAI Agents SDK: `conversation`,
 * read as it is; such an adapter takes no `rules` or `steps.learn`, which read the SDK's messages); also the tools the
 * host hands this call now (read after `prepare`), which bound it as `allowedTools` does, and work to do first inside
 * the failure policy (following the host's tools, listing servers).
 */
export interface AdapterStepInput extends Partial<PrepareStepInput> {
  readonly conversation?: readonly ConversationMessage[];
  /** The step's instructions (system prompt), counted in a `tools-changed` event's token estimate. */
  readonly instructions?: unknown;
  readonly available?: () => readonly string[];
  readonly prepare?: () => Promise<void>;
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
  setup: Pick<StableToolsSetup, "definitionLength" | "family" | "decisions"> & {
    /** The adapter named in option errors (`toolsiftProcessor`). Default `"prepareStep"`. */
    where?: string;
    /** A framework adapter's own `onError` (the failure policy's; step-selection.ts). Default `"fallback"`. */
    onError?: "fallback" | "throw";
  } = NO_CATALOG,
) {
  const where = setup.where ?? "prepareStep";
  const given = optionsObject(where, options) ?? {};
  rejectStepInput(where, given);
  rejectUnknownOptions(where, given, [...SELECT_OPTION_NAMES, ...OWN_OPTIONS], "", NESTED_OPTIONS);
  const selectOptions = pickSelectOptions(where, given);
  const steps = knownOptions(
    where,
    given.steps,
    ["keepRecent", "window", "escalate", "searchToolName", "learn"],
    "steps",
  );
  const keepRecent = booleanOption(where, "steps.keepRecent", steps?.keepRecent, true);
  const window = countOption(where, "steps.window", steps?.window, RECENT_TOOL_WINDOW);
  const escalate = booleanOption(where, "steps.escalate", steps?.escalate, true);
  const rules = rulesOption(where, given.rules);
  const searchToolName = stringOption(where, "steps.searchToolName", steps?.searchToolName, "search_tools");
  const policy = offerPolicy(where, options);
  const stable = stableToolsOptions(where, given.stableTools);
  const allowedTools = selectOptions.allowedTools === undefined ? undefined : new Set(selectOptions.allowedTools);
  const selection = createStepSelection(index, {
    selectOptions,
    policy,
    keepRecent,
    window,
    escalate,
    searchToolName,
    onError: setup.onError ?? "fallback",
    emit: options.onEvent as ((event: SelectionFailedEvent) => void) | undefined,
    ...(setup.definitionLength === NO_CATALOG.definitionLength ? {} : { definitionLength: setup.definitionLength }),
  });

  const learn = booleanOption(where, "steps.learn", steps?.learn, false);
  if (learn && typeof index.learnStep !== "function") {
    invalidOption(where, "steps.learn", "false for a selector without learnStep (a toolsift index has it)", learn);
  }
  /** Steps already learnt: the SDK passes the same step objects again on every later step. */
  const learnt = new WeakSet<object>();

  /** The step in the neutral terms of the one selection: the SDK's messages read once, or the adapter's own. */
  const stepInput = (step: AdapterStepInput): StepInput => {
    const messages = step.messages ?? [];
    const sdkSteps = step.steps ?? [];
    // allowedTools, the rules and the tools the host hands now all bound the step: a tool must pass each.
    const bounds = [
      allowedTools,
      rules === undefined ? undefined : allowedByRules(where, rules, messages, sdkSteps, step.runtimeContext),
      step.available === undefined ? undefined : new Set(step.available()),
    ].filter((bound) => bound !== undefined);
    const allowed =
      bounds.length === 0
        ? undefined
        : new Set([...bounds[0]].filter((name) => bounds.every((bound) => bound.has(name))));
    return step.conversation === undefined
      ? { conversation: fromModelMessages(messages), allowed, steps: runSteps(sdkSteps, searchToolName) }
      : { conversation: step.conversation, allowed, steps: conversationSteps(step.conversation) };
  };
  /** The step as the cache-keeping set reads it, in the shape the host gave: an earlier step is a prefix of it. */
  const view = (step: AdapterStepInput): StepView => {
    let input: StepInput | undefined;
    const neutral = step.conversation;
    const messages = step.messages ?? [];
    return {
      input: () => (input ??= stepInput(step)),
      keys: () => (neutral === undefined ? prefixHashes(messages) : conversationPrefixHashes(neutral)),
      boundaries: () => stepBoundaries(neutral ?? messages, (neutral ?? messages).length),
      at: (position) =>
        view(
          neutral === undefined
            ? { ...step, messages: messages.slice(0, position), steps: stepsOf(messages.slice(0, position)) }
            : { ...step, conversation: neutral.slice(0, position) },
        ),
      characters: () =>
        (step.instructions === undefined ? 0 : (JSON.stringify(step.instructions)?.length ?? 0)) +
        (neutral === undefined
          ? messages.reduce((sum, message) => sum + canonicalMessage(message).length, 0)
          : neutral.reduce((sum, message) => sum + canonicalConversationMessage(message).length, 0)),
    };
  };
  const select = (step: AdapterStepInput): Promise<StepSelection> => selection.select(stepInput(step));
  const stableStep =
    stable &&
    stableToolsStep({
      select: (input) => selection.select(input),
      maxStableTools: stable.maxStableTools,
      toolNames: () => index.toolNames,
      definitionLength: setup.definitionLength,
      family: setup.family,
      onEvent: options.onEvent,
      decisions: setup.decisions,
    });
  // "Every tool" is every catalog tool (and the search meta-tool when pinned), never the tools of the generateText
  // call the index does not hold: `maxOfferAll` counts catalog tools, and an empty catalog offers none.
  const everyName = (): string[] => [
    ...new Set([...index.toolNames, ...(selectOptions.alwaysActive ?? []).filter((name) => name === searchToolName)]),
  ];
  const everyTool = (allowed: ReadonlySet<string> | undefined) => ({
    activeTools: allowed === undefined ? everyName() : [...allowed],
  });
  return async (step: AdapterStepInput): Promise<{ activeTools?: string[]; toolOrder?: string[] }> => {
    checkStep(where, step);
    if (learn) learnNewSteps(index, learnt, step.messages ?? [], step.steps ?? [], searchToolName);
    try {
      await step.prepare?.();
      if (stableStep) {
        const result = await stableStep(view(step));
        return result.activeTools === undefined
          ? { activeTools: [...new Set([...result.toolOrder, ...everyName()])], toolOrder: result.toolOrder }
          : result;
      }
      const selected = await select(step);
      if (selected.offered !== undefined) return { activeTools: [...selected.offered] };
      return selected.names === undefined ? everyTool(selected.allowed) : { activeTools: [...selected.names] };
    } catch (error) {
      const input = stepInput(step);
      const names = selection.failed(error, input);
      return names === undefined ? everyTool(input.allowed) : { activeTools: [...names] };
    }
  };
}

/**
 * The AI SDK's step input passed where the options go: `prepareStep: index.prepareStep` (not called) makes
 * generateText call it with `{ model, steps, stepNumber, messages }`.
 */
function rejectStepInput(where: string, given: object): void {
  if (!("stepNumber" in given) && !("model" in given && "messages" in given)) return;
  throw new ToolsiftError(
    "INVALID_OPTION",
    `${where}: got the AI SDK's step input ({ model, steps, stepNumber, messages }) as options. Call it: ` +
      "`prepareStep: index.prepareStep()` (or `index.prepareStep({ maxTools: 5 })`) returns the function generateText " +
      "calls on each step.",
    { option: "stepNumber" in given ? "stepNumber" : "model" },
  );
}

/** Checks what a step function is called with: an object whose `messages` and `steps`, when given, are arrays. */
function checkStep(where: string, step: unknown): asserts step is AdapterStepInput {
  if (typeof step !== "object" || step === null)
    throw new ToolsiftError(
      "INVALID_MESSAGES",
      `${where}: the step function takes the AI SDK's step input ({ steps, messages, … }), got ${describeValue(step)}.`,
      {},
    );
  const { messages, steps } = step as { messages?: unknown; steps?: unknown };
  if (messages !== undefined) checkMessageArray(where, messages);
  if (steps !== undefined && !Array.isArray(steps))
    throw new ToolsiftError(
      "INVALID_MESSAGES",
      `${where}: steps must be an array of the AI SDK's steps, got ${describeValue(steps)}.`,
      { field: "steps" },
    );
}

/** The names the rules allow for this step, checked: an array of strings. */
function allowedByRules(
  where: string,
  rules: { read: AllowedNames; method: string },
  messages: readonly MessageLike[],
  steps: readonly StepLike[],
  toolSetContext: unknown,
): Set<string> {
  const names = rules.read({ messages: [...messages] as ModelMessage[], steps: [...steps], toolSetContext });
  if (names === undefined) invalidOption(where, rules.method, "an array of tool names", names);
  return new Set(namesOption(where, rules.method, names));
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
