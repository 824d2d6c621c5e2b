// The activation state of a tool set: the latest rule per tool (last call wins), resolved per input.

import type { InferToolsInput, ToolRecord } from "./tool-set-types.js";

/** A predicate as stored: the typed `ActivationPredicate` with its generics erased. */
export type StoredPredicate = (input: InferToolsInput<any, any, any, any>) => unknown;

/** One call of `activate`, `deactivate`, `activateWhen` or `deactivateWhen` for one tool. */
export type ActivationRule =
  | { readonly toolName: string; readonly kind: "activate" | "deactivate" }
  | {
      readonly toolName: string;
      readonly kind: "activate-when" | "deactivate-when";
      readonly predicate: StoredPredicate;
    };

/**
 * Immutable: `withRules` returns a new state. Only the latest rule of each tool can ever decide
 * (last call wins, earlier rules are never evaluated), so the state keeps one rule per tool instead of
 * the call history, and resolving costs one lookup per tool.
 */
export class ActivationRules {
  /** The record given to `createToolSet`, never copied. */
  readonly tools: ToolRecord;
  readonly #latest: ReadonlyMap<string, ActivationRule>;

  constructor(tools: ToolRecord, latest: ReadonlyMap<string, ActivationRule> = new Map()) {
    this.tools = tools;
    this.#latest = latest;
  }

  /** A new state with `rules` applied after the current ones, in order. */
  withRules(rules: readonly ActivationRule[]): ActivationRules {
    const latest = new Map(this.#latest);
    for (const rule of rules) latest.set(rule.toolName, rule);
    return new ActivationRules(this.tools, latest);
  }

  /**
   * Names of the active tools for `input`, in the record's key order. A tool without a rule is active.
   * Each tool's latest predicate runs once, with `input` itself; a predicate that throws propagates.
   */
  activeToolNames(input: InferToolsInput<any, any, any, any>): string[] {
    const active: string[] = [];
    // Keys are read per call, as ai-tool-set does: a tool added to the record later starts active.
    for (const name of Object.keys(this.tools)) {
      const rule = this.#latest.get(name);
      if (rule === undefined || isActive(rule, input)) active.push(name);
    }
    return active;
  }
}

function isActive(rule: ActivationRule, input: InferToolsInput<any, any, any, any>): boolean {
  switch (rule.kind) {
    case "activate":
      return true;
    case "deactivate":
      return false;
    case "activate-when":
      return Boolean(rule.predicate(input));
    case "deactivate-when":
      return !rule.predicate(input);
  }
}
