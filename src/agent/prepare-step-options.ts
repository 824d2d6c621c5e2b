// index.prepareStep()'s options: select options, how steps carry tools, what happens when nothing matches.

import type { ModelMessage } from "ai";
import type { PrepareStepEvent, StableToolsOptions } from "./delivery/stable-tools.js";
import { OFFER_OPTION_NAMES, type OfferOptions } from "./offer-policy.js";
import type { AdapterSelectOptions } from "./select-options.js";

/**
 * What `prepareStep` passes to `rules` on each step: the SDK's own `messages` (model messages, not UI messages)
 * and `steps`, and the `context` option (default: the step's `runtimeContext`) as `toolSetContext`.
 */
export interface ToolRulesInput {
  messages: ModelMessage[];
  // The SDK's StepResult objects; `any` so that a set typed with any tools and runtime context is accepted.
  steps: any[];
  toolSetContext: any;
}

/**
 * Rules that say which tools a step may use: a tool set from toolsift's `createToolSet` (`allowedTools`) or from
 * ai-tool-set (`inferTools`). Type the set over `ModelMessage` (`createToolSet<typeof tools, ModelMessage>(...)`):
 * prepareStep hands the rules model messages, so a set typed over the default UI messages is refused at compile time.
 */
export type ToolRules =
  | { allowedTools(input: ToolRulesInput): readonly string[] }
  | { inferTools(input: ToolRulesInput): { readonly activeTools: readonly string[] } };

export type { PrepareStepEvent };

/** How `prepareStep` carries tools across the steps of a `generateText` call (its `steps` option). */
export interface StepOptions {
  /** Keep the tools the model called in the last `window` steps active, so a task keeps its tools. Default `true`. */
  keepRecent?: boolean;
  /** How many past steps count as recent (for `keepRecent` and search-tool finds). Default 2; integer ≥ 1. */
  window?: number;
  /**
   * Miss-driven escalation: after a step with no tool call the next step gets the next page of the ranking (every
   * tool when it has no next page); after two such steps in a row, every tool. Above `maxOfferAll` tools it keeps
   * paging instead, then offers only the tools kept anyway (a `no-match` event, reason `"escalation"`). Default `true`.
   */
  escalate?: boolean;
  /** The search meta-tool (`index.searchTool()`): tools it found stay active. Default `"search_tools"`. */
  searchToolName?: string;
  /**
   * Learn online from the steps shown: each step's calls (once per step) with the user's request, as `index.learnStep`
   * does. Default `false`; `index.learn(messages)` with the finished conversation learns the same, more reliably.
   */
  learn?: boolean;
}

/** Options of `index.prepareStep()`: select options, how steps keep tools, what happens when nothing matches. */
export interface PrepareStepOptions extends AdapterSelectOptions, OfferOptions, StableToolsOptions {
  /**
   * Only tools these rules allow are ranked or activated (`createToolSet(...)`); with `allowedTools` too, a tool must
   * pass both. They get the step's `runtimeContext` as `toolSetContext`. Default none.
   */
  rules?: ToolRules;
  /** How tools carry across steps: recent calls, search finds, escalation after misses, online learning. */
  steps?: StepOptions;
  /** Receives `no-match` events, and with `stableTools` a `tools-changed` event per change. Default: none. */
  onEvent?: (event: PrepareStepEvent) => void;
}

export const OWN_OPTIONS = [
  "rules",
  "steps",
  "stableTools",
  ...OFFER_OPTION_NAMES,
] as const satisfies readonly (keyof PrepareStepOptions)[];

/** prepareStep's nested options: a key of one given at the top level is pointed at its path ("did you mean"). */
export const NESTED_OPTIONS = [
  "steps.keepRecent",
  "steps.window",
  "steps.escalate",
  "steps.searchToolName",
  "steps.learn",
  "stableTools.maxTools",
];
