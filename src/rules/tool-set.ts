// createToolSet: activation rules over a tool record, API-compatible with ai-tool-set@2.3.0's activation API.

import type { InferUITool, UIMessage } from "ai";
import { ActivationRules, type ActivationRule } from "./activation-rules.js";
import {
  conditionalRules,
  readCloneOptions,
  readInferInput,
  readToolSetOptions,
  staticRules,
} from "./rule-arguments.js";
import type {
  ActivationPredicate,
  CreateToolSetOptions,
  InferToolsInput,
  MessageType,
  ResolvedToolSet,
  ToolRecord,
  InferUIMessage,
} from "./tool-set-types.js";

type Predicates<
  NAMES extends string,
  TOOLS extends ToolRecord,
  MESSAGE extends MessageType,
  TOOLSET_CONTEXT extends Record<string, unknown>,
  RUNTIME_CONTEXT extends Record<string, unknown>,
> = Partial<Record<NAMES, ActivationPredicate<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>>>;

/**
 * What both kinds of tool set share: the tools, their rules, and resolving the rules for an input. The rules change
 * only through `replaceRules` (the mutable set's methods); the immutable set never calls it.
 */
export abstract class RuleResolver<
  TOOLS extends ToolRecord,
  MESSAGE extends MessageType,
  TOOLSET_CONTEXT extends Record<string, unknown>,
  RUNTIME_CONTEXT extends Record<string, unknown>,
> {
  /** Every tool, active or not: the record given to `createToolSet` (same object). */
  readonly tools: TOOLS;
  #rules: ActivationRules;

  constructor(rules: ActivationRules) {
    this.#rules = rules;
    this.tools = rules.tools as TOOLS;
  }

  protected get rules(): ActivationRules {
    return this.#rules;
  }

  protected replaceRules(rules: ActivationRules): void {
    this.#rules = rules;
  }

  /**
   * Evaluates the rules for `input` (each tool's latest predicate, once) and returns `{ tools, activeTools }`,
   * ready to spread into `generateText`/`streamText`; from `prepareStep`, return `{ activeTools }`.
   */
  inferTools(input?: InferToolsInput<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>): ResolvedToolSet<TOOLS> {
    return resolve(this.#rules, "inferTools", input);
  }

  /**
   * The names the rules allow for `input`, in the record's order: `inferTools(input).activeTools`.
   * toolsift ranks only among these.
   */
  allowedTools(input?: InferToolsInput<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>): Array<keyof TOOLS & string> {
    return resolve(this.#rules, "allowedTools", input).activeTools;
  }
}

/**
 * A tool set whose rule methods return a new tool set and leave this one unchanged, so one set can be
 * built once and shared across requests. Rules resolve last call wins: for each tool, only its latest
 * `activate`/`deactivate`/`activateWhen`/`deactivateWhen` decides; a tool without a rule is active.
 *
 * `ACTIVATED` and `DEACTIVATED` track, at compile time, the names known to start active or inactive
 * (read them with `InferActiveTools` / `InferInactiveTools`).
 */
export class ImmutableToolSet<
  TOOLS extends ToolRecord,
  MESSAGE extends MessageType = UIMessage,
  TOOLSET_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
  RUNTIME_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
  ACTIVATED extends string = never,
  DEACTIVATED extends string = never,
> extends RuleResolver<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT> {
  /** Activates this tool or these tools (unconditionally). Throws UNKNOWN_TOOL for a name not in the set. */
  activate<NAMES extends keyof TOOLS & string>(
    names: NAMES | ReadonlyArray<NAMES>,
  ): ImmutableToolSet<
    TOOLS,
    MESSAGE,
    TOOLSET_CONTEXT,
    RUNTIME_CONTEXT,
    ACTIVATED | NAMES,
    Exclude<DEACTIVATED, NAMES>
  > {
    return this.#with(staticRules("activate", this.tools, names));
  }

  /** Deactivates this tool or these tools (unconditionally). Throws UNKNOWN_TOOL for a name not in the set. */
  deactivate<NAMES extends keyof TOOLS & string>(
    names: NAMES | ReadonlyArray<NAMES>,
  ): ImmutableToolSet<
    TOOLS,
    MESSAGE,
    TOOLSET_CONTEXT,
    RUNTIME_CONTEXT,
    Exclude<ACTIVATED, NAMES>,
    DEACTIVATED | NAMES
  > {
    return this.#with(staticRules("deactivate", this.tools, names));
  }

  /**
   * The tool is inactive unless `predicate` returns a truthy value for the `inferTools` input
   * (`undefined` counts as false). Tracked as inactive at compile time. The record form sets several
   * tools at once (`null`/`undefined` entries are skipped). A non-function predicate throws INVALID_OPTION.
   */
  activateWhen<NAME extends keyof TOOLS & string>(
    name: NAME,
    predicate: ActivationPredicate<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>,
  ): ImmutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT, Exclude<ACTIVATED, NAME>, DEACTIVATED | NAME>;
  activateWhen<NAMES extends keyof TOOLS & string>(
    predicates: Predicates<NAMES, TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>,
  ): ImmutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT, Exclude<ACTIVATED, NAMES>, DEACTIVATED | NAMES>;
  activateWhen(
    nameOrPredicates: unknown,
    predicate?: unknown,
  ): ImmutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT, any, any> {
    return this.#with(conditionalRules("activateWhen", this.tools, nameOrPredicates, predicate));
  }

  /**
   * The tool is active unless `predicate` returns a truthy value for the `inferTools` input
   * (`undefined` counts as false). Tracked as active at compile time. Record form as for `activateWhen`.
   */
  deactivateWhen<NAME extends keyof TOOLS & string>(
    name: NAME,
    predicate: ActivationPredicate<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>,
  ): ImmutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT, ACTIVATED | NAME, Exclude<DEACTIVATED, NAME>>;
  deactivateWhen<NAMES extends keyof TOOLS & string>(
    predicates: Predicates<NAMES, TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>,
  ): ImmutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT, ACTIVATED | NAMES, Exclude<DEACTIVATED, NAMES>>;
  deactivateWhen(
    nameOrPredicates: unknown,
    predicate?: unknown,
  ): ImmutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT, any, any> {
    return this.#with(conditionalRules("deactivateWhen", this.tools, nameOrPredicates, predicate));
  }

  /** A copy with the same rules; `{ mutable: true }` gives a `MutableToolSet`. */
  clone(options: { mutable: true }): MutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>;
  clone(options?: {
    mutable?: false;
  }): ImmutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT, ACTIVATED, DEACTIVATED>;
  clone(options?: {
    mutable?: boolean;
  }):
    | MutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>
    | ImmutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT, ACTIVATED, DEACTIVATED> {
    return readCloneOptions(options) ? new MutableToolSet(this.rules) : new ImmutableToolSet(this.rules);
  }

  #with<NEXT_ACTIVATED extends string, NEXT_DEACTIVATED extends string>(
    rules: readonly ActivationRule[],
  ): ImmutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT, NEXT_ACTIVATED, NEXT_DEACTIVATED> {
    return new ImmutableToolSet(this.rules.withRules(rules));
  }
}

/**
 * A tool set whose rule methods change it in place and return it (for a set built per request).
 * Same rules and resolution as `ImmutableToolSet`; which tools are active is not tracked at compile time.
 */
export class MutableToolSet<
  TOOLS extends ToolRecord,
  MESSAGE extends MessageType = UIMessage,
  TOOLSET_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
  RUNTIME_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
> extends RuleResolver<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT> {
  /** Activates a tool or tools (unconditionally), in place. Throws UNKNOWN_TOOL for a name not in the set. */
  activate(names: (keyof TOOLS & string) | ReadonlyArray<keyof TOOLS & string>): this {
    return this.#add(staticRules("activate", this.tools, names));
  }

  /** Deactivates a tool or tools (unconditionally), in place. Throws UNKNOWN_TOOL for a name not in the set. */
  deactivate(names: (keyof TOOLS & string) | ReadonlyArray<keyof TOOLS & string>): this {
    return this.#add(staticRules("deactivate", this.tools, names));
  }

  /** In place: the tool is inactive unless `predicate` returns a truthy value (see `ImmutableToolSet.activateWhen`). */
  activateWhen(
    name: keyof TOOLS & string,
    predicate: ActivationPredicate<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>,
  ): this;
  activateWhen(predicates: Predicates<keyof TOOLS & string, TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>): this;
  activateWhen(nameOrPredicates: unknown, predicate?: unknown): this {
    return this.#add(conditionalRules("activateWhen", this.tools, nameOrPredicates, predicate));
  }

  /** In place: the tool is active unless `predicate` returns a truthy value (see `ImmutableToolSet.deactivateWhen`). */
  deactivateWhen(
    name: keyof TOOLS & string,
    predicate: ActivationPredicate<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>,
  ): this;
  deactivateWhen(predicates: Predicates<keyof TOOLS & string, TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>): this;
  deactivateWhen(nameOrPredicates: unknown, predicate?: unknown): this {
    return this.#add(conditionalRules("deactivateWhen", this.tools, nameOrPredicates, predicate));
  }

  /**
   * A snapshot of the current rules; later changes to either set do not reach the other. The immutable
   * form types every tool as active, since this set's rules are not tracked at compile time.
   */
  clone(options: { mutable: true }): MutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>;
  clone(options?: {
    mutable?: false;
  }): ImmutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT, keyof TOOLS & string>;
  clone(options?: {
    mutable?: boolean;
  }):
    | MutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>
    | ImmutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT, keyof TOOLS & string> {
    return readCloneOptions(options) ? new MutableToolSet(this.rules) : new ImmutableToolSet(this.rules);
  }

  #add(rules: readonly ActivationRule[]): this {
    this.replaceRules(this.rules.withRules(rules));
    return this;
  }
}

/**
 * Creates a tool set over `tools`; every tool starts active. Immutable unless `mutable: true`.
 * Throws INVALID_OPTION for missing or mistyped options, UNKNOWN_OPTION (naming the nearest valid name)
 * for an option other than `tools` and `mutable`, and INVALID_TOOL for a tool that is not an object.
 *
 * @typeParam TOOLS inferred from `tools`
 * @typeParam MESSAGE the message type predicates see; default the UI message typed by `TOOLS`, pass
 *   `ModelMessage` for `prepareStep`
 * @typeParam TOOLSET_CONTEXT the type of `toolSetContext`
 * @typeParam RUNTIME_CONTEXT the AI SDK runtime context of `steps`
 */
export function createToolSet<
  const TOOLS extends ToolRecord,
  MESSAGE extends MessageType = InferUIMessage<TOOLS>,
  TOOLSET_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
  RUNTIME_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
>(
  options: CreateToolSetOptions<TOOLS> & { mutable: true },
): MutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>;
export function createToolSet<
  const TOOLS extends ToolRecord,
  MESSAGE extends MessageType = InferUIMessage<TOOLS>,
  TOOLSET_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
  RUNTIME_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
>(
  options: CreateToolSetOptions<TOOLS> & { mutable?: false },
): ImmutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT, keyof TOOLS & string>;
export function createToolSet<
  const TOOLS extends ToolRecord,
  MESSAGE extends MessageType = InferUIMessage<TOOLS>,
  TOOLSET_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
  RUNTIME_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
>(
  options: CreateToolSetOptions<TOOLS>,
):
  | ImmutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT, keyof TOOLS & string>
  | MutableToolSet<TOOLS, MESSAGE, TOOLSET_CONTEXT, RUNTIME_CONTEXT>;
export function createToolSet(
  options: CreateToolSetOptions<ToolRecord>,
): ImmutableToolSet<ToolRecord> | MutableToolSet<ToolRecord> {
  const { tools, mutable } = readToolSetOptions(options);
  const rules = new ActivationRules(tools);
  return mutable ? new MutableToolSet(rules) : new ImmutableToolSet(rules);
}

function resolve<TOOLS extends ToolRecord>(
  rules: ActivationRules,
  method: string,
  input: unknown,
): ResolvedToolSet<TOOLS> {
  const activeTools = rules.activeToolNames(readInferInput(method, input)) as Array<keyof TOOLS & string>;
  return { tools: rules.tools as TOOLS, activeTools };
}

// Type helpers over tool sets (same names and results as ai-tool-set@2.3.0's).

/** Either kind of tool set, with any tools. */
export type AnyToolSet = ImmutableToolSet<any, any, any, any, any, any> | MutableToolSet<any, any, any, any>;

/** The tool record of a tool set; a tool record is returned as is. */
export type InferToolSet<TOOLSET extends ToolRecord | AnyToolSet> =
  TOOLSET extends ImmutableToolSet<infer TOOLS, any, any, any, any, any>
    ? TOOLS
    : TOOLSET extends MutableToolSet<infer TOOLS, any, any, any>
      ? TOOLS
      : TOOLSET;

/** The UI tool types (`{ input, output }` per tool) of a tool record or tool set, for `UIMessage<…, …, UI_TOOLS>`. */
export type InferUIToolSet<TOOLSET extends ToolRecord | AnyToolSet> = {
  [NAME in keyof InferToolSet<TOOLSET> & string]: InferUITool<InferToolSet<TOOLSET>[NAME]>;
};

/**
 * Names an immutable tool set starts with active: untouched tools, `activate`d and `deactivateWhen` tools,
 * minus `deactivate`d and `activateWhen` tools. `never` for a mutable set (not tracked at compile time).
 */
export type InferActiveTools<TOOLSET extends AnyToolSet> =
  TOOLSET extends ImmutableToolSet<any, any, any, any, infer ACTIVATED, any> ? ACTIVATED : never;

/**
 * Names an immutable tool set starts with inactive: `deactivate`d and `activateWhen` tools. `never` for a
 * mutable set.
 */
export type InferInactiveTools<TOOLSET extends AnyToolSet> =
  TOOLSET extends ImmutableToolSet<any, any, any, any, any, infer DEACTIVATED> ? DEACTIVATED : never;

/** Every tool name of a tool set, active or not (immutable or mutable). */
export type InferAllTools<TOOLSET extends AnyToolSet> = keyof InferToolSet<TOOLSET> & string;
