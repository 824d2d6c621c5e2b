// Validation of what users pass to a tool set: options, tool names, predicates, inferTools input.

import { ToolsiftError } from "../errors.js";
import type { ActivationRule, StoredPredicate } from "./activation-rules.js";
import type { InferToolsInput, ToolRecord } from "./tool-set-types.js";

/** How many known names an UNKNOWN_TOOL message lists before "and N more". */
const LISTED_NAMES = 8;

/** Checks `createToolSet` options: a `tools` record of objects and a boolean `mutable`. */
export function readToolSetOptions(options: unknown): { tools: ToolRecord; mutable: boolean } {
  if (!isRecord(options)) {
    throw new ToolsiftError("INVALID_OPTION", `createToolSet: expected options { tools, mutable? }, got ${describe(options)}`, { option: "options" });
  }
  const { tools, mutable } = options;
  if (!isRecord(tools)) {
    throw new ToolsiftError("INVALID_OPTION", `createToolSet: \`tools\` must be a record of AI SDK tools ({ name: tool(...) }), got ${describe(tools)}`, { option: "tools" });
  }
  for (const name of Object.keys(tools)) {
    const tool = tools[name];
    if (typeof tool !== "object" || tool === null) {
      throw new ToolsiftError("INVALID_TOOL", `createToolSet: tool "${name}" must be an AI SDK tool object, got ${describe(tool)}`, { tool: name });
    }
  }
  if (mutable !== undefined && typeof mutable !== "boolean") {
    throw new ToolsiftError("INVALID_OPTION", `createToolSet: \`mutable\` must be true or false, got ${describe(mutable)}`, { option: "mutable", value: mutable });
  }
  return { tools: tools as ToolRecord, mutable: mutable === true };
}

/** Rules for `activate(names)` / `deactivate(names)`: every name must be a tool of the set. */
export function staticRules(method: "activate" | "deactivate", tools: ToolRecord, names: unknown): ActivationRule[] {
  if (!Array.isArray(names)) {
    const hint = typeof names === "string" ? ` (wrap a single name: ${method}([${JSON.stringify(names)}]))` : "";
    throw new ToolsiftError("INVALID_OPTION", `${method}: expected an array of tool names, got ${describe(names)}${hint}`, { method, value: names });
  }
  return names.map((name: unknown) => ({ toolName: checkName(method, tools, name), kind: method }));
}

/**
 * Rules for `activateWhen` / `deactivateWhen`, single (`name, predicate`) or record (`{ name: predicate }`)
 * form. In the record form a `null`/`undefined` predicate is skipped, as ai-tool-set does.
 */
export function conditionalRules(
  method: "activateWhen" | "deactivateWhen",
  tools: ToolRecord,
  nameOrPredicates: unknown,
  predicate: unknown,
): ActivationRule[] {
  const kind = method === "activateWhen" ? "activate-when" : "deactivate-when";
  if (typeof nameOrPredicates === "string") {
    const toolName = checkName(method, tools, nameOrPredicates);
    return [{ toolName, kind, predicate: checkPredicate(method, toolName, predicate) }];
  }
  if (!isRecord(nameOrPredicates)) {
    throw new ToolsiftError(
      "INVALID_OPTION",
      `${method}: expected a tool name and a predicate, or a record { toolName: predicate }, got ${describe(nameOrPredicates)}`,
      { method, value: nameOrPredicates },
    );
  }
  const rules: ActivationRule[] = [];
  for (const [name, entry] of Object.entries(nameOrPredicates)) {
    if (entry === undefined || entry === null) continue;
    const toolName = checkName(method, tools, name);
    rules.push({ toolName, kind, predicate: checkPredicate(method, toolName, entry) });
  }
  return rules;
}

/** Checks the input of `inferTools` / `allowedTools`; absent (or `null`) becomes `{}`, as in ai-tool-set. */
export function readInferInput(method: string, input: unknown): InferToolsInput<any, any, any, any> {
  if (input === undefined || input === null) return {};
  if (!isRecord(input)) {
    throw new ToolsiftError("INVALID_OPTION", `${method}: expected { messages?, steps?, toolSetContext? }, got ${describe(input)}`, { method, value: input });
  }
  return input as InferToolsInput<any, any, any, any>;
}

/** Checks `clone(options)` and returns whether the clone is mutable (default `false`). */
export function readCloneOptions(options: unknown): boolean {
  if (options === undefined) return false;
  if (!isRecord(options) || (options.mutable !== undefined && typeof options.mutable !== "boolean")) {
    throw new ToolsiftError("INVALID_OPTION", `clone: expected { mutable?: boolean }, got ${describe(options)}`, { method: "clone", value: options });
  }
  return options.mutable === true;
}

function checkName(method: string, tools: ToolRecord, name: unknown): string {
  if (typeof name !== "string") {
    throw new ToolsiftError("INVALID_OPTION", `${method}: tool names must be strings, got ${describe(name)}`, { method, value: name });
  }
  if (!Object.prototype.propertyIsEnumerable.call(tools, name)) {
    const known = Object.keys(tools);
    const listed = known.slice(0, LISTED_NAMES).map((other) => JSON.stringify(other)).join(", ");
    const more = known.length > LISTED_NAMES ? ` and ${known.length - LISTED_NAMES} more` : "";
    const expected = known.length === 0 ? "the tool set is empty" : `expected one of ${listed}${more}`;
    throw new ToolsiftError("UNKNOWN_TOOL", `${method}: "${name}" is not a tool of this tool set (${expected})`, { method, tool: name });
  }
  return name;
}

function checkPredicate(method: string, toolName: string, predicate: unknown): StoredPredicate {
  if (typeof predicate !== "function") {
    throw new ToolsiftError(
      "INVALID_OPTION",
      `${method}: the predicate for tool "${toolName}" must be a function ({ messages, steps, toolSetContext }) => boolean, got ${describe(predicate)}`,
      { method, tool: toolName, value: predicate },
    );
  }
  return predicate as StoredPredicate;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value)}`;
  return typeof value;
}
