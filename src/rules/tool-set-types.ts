// Types shared by rule-based tool sets: the tool record, what predicates see, what inferTools returns.

import type { InferUITool, ModelMessage, StepResult, Tool, UIMessage } from "ai";

/** A plain record of AI SDK tools, keyed by tool name (what `generateText({ tools })` takes). */
export type ToolRecord = Record<string, Tool>;

/** The UI message typed by a tool record (`{ input, output }` per tool): `createToolSet`'s default message type. */
export type InferUIMessage<TOOLS extends ToolRecord> = UIMessage<
  unknown,
  any,
  { [NAME in keyof TOOLS & string]: InferUITool<TOOLS[NAME]> }
>;

/** Messages a tool set's predicates can be typed over: UI messages (default) or model messages (in `prepareStep`). */
export type MessageType = UIMessage | ModelMessage;

/**
 * What `inferTools()` / `allowedTools()` take and every predicate receives: the values you pass, as
 * you passed them. Each field is optional; a predicate sees `undefined` for a field that was not given.
 * Same shape as ai-tool-set's `InferToolsInput`.
 */
export type InferToolsInput<
  TOOLS extends ToolRecord = ToolRecord,
  MESSAGE extends MessageType = UIMessage,
  TOOLSET_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
  RUNTIME_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
> = {
  /** The conversation so far: UI messages, or model messages when the set is typed with `ModelMessage`. */
  messages?: Array<MESSAGE>;
  /** Completed steps of the current run (`prepareStep`'s `steps`). */
  steps?: Array<StepResult<TOOLS, RUNTIME_CONTEXT>>;
  /** The tool set's own context (the user, their plan, feature flags): anything your predicates need. */
  toolSetContext?: TOOLSET_CONTEXT;
};

/**
 * Decides a conditional rule. For `activateWhen`, a truthy result activates the tool; for
 * `deactivateWhen`, a truthy result deactivates it. `undefined` counts as `false`.
 */
export type ActivationPredicate<
  TOOLS extends ToolRecord = ToolRecord,
  MESSAGE extends MessageType = UIMessage,
  TOOLSET_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
  RUNTIME_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
> = (input: InferToolsInput<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>) => boolean | undefined;

/**
 * What `inferTools()` returns: spread it into `generateText`/`streamText`, or return `{ activeTools }`
 * from `prepareStep`.
 */
export type ResolvedToolSet<TOOLS extends ToolRecord> = {
  /** Every tool of the set, active or not: the record given to `createToolSet` (same object). */
  tools: TOOLS;
  /** Names of the tools the rules allow for this input, in the record's order: the AI SDK's `activeTools`. */
  activeTools: Array<keyof TOOLS & string>;
};

/** Options of `createToolSet`. */
export type CreateToolSetOptions<TOOLS extends ToolRecord> = {
  /** The tools, as a plain record of AI SDK tools. Required. Every tool starts active. */
  tools: TOOLS;
  /**
   * `false`: every rule method returns a new tool set and leaves this one as it was (share one set
   * across requests). `true`: rule methods change the set in place and return it. Default `false`.
   */
  mutable?: boolean;
};
