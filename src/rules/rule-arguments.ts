// Validation of what users pass to a tool set: options, tool names, predicates, inferTools input.

import { ToolsiftError } from "../errors.js";
import { booleanOption, closest, invalidOption, knownOptions, namesOption } from "../support/validate-options.js";
import { describeValue } from "../support/describe-value.js";
import type { ActivationRule, StoredPredicate } from "./activation-rules.js";
import type { InferToolsInput, ToolRecord } from "./tool-set-types.js";

/** How many known names an UNKNOWN_TOOL message lists before "and N more". */
const LISTED_NAMES = 8;

const PREDICATE = "a function ({ messages, steps, toolSetContext }) => boolean";

/** Checks `createToolSet` options: a `tools` record of objects and a boolean `mutable`; no other keys. */
export function readToolSetOptions(options: unknown): { tools: ToolRecord; mutable: boolean } {
  if (options === undefined) invalidOption("createToolSet", "options", "an object { tools, mutable? }", options);
  const given = knownOptions("createToolSet", options, ["tools", "mutable"])!;
  const { tools } = given;
  if (!isRecord(tools)) {
    invalidOption("createToolSet", "tools", "a record of AI SDK tools ({ name: tool(...) })", tools);
  }
  for (const name of Object.keys(tools)) {
    const tool = tools[name];
    if (typeof tool !== "object" || tool === null) {
      throw new ToolsiftError(
        "INVALID_TOOL",
        `createToolSet: tool "${name}" must be an AI SDK tool object, got ${describeValue(tool)}.`,
        { tool: name, value: tool },
      );
    }
  }
  return { tools: tools as ToolRecord, mutable: booleanOption("createToolSet", "mutable", given.mutable, false) };
}

/**
 * Rules for `activate(names)` / `deactivate(names)`: one tool name or an array of them, each a tool of the set.
 * A single name is a toolsift extension: ai-tool-set@2.3.0 types `names` as an array and fails on a string.
 */
export function staticRules(method: "activate" | "deactivate", tools: ToolRecord, names: unknown): ActivationRule[] {
  const list = typeof names === "string" ? [names] : names;
  if (list !== undefined && !Array.isArray(list)) {
    invalidOption(method, "names", "a tool name or an array of tool names", names);
  }
  return namesOption(method, "names", list, []).map((name) => ({
    toolName: checkName(method, tools, name),
    kind: method,
  }));
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
    return [{ toolName, kind, predicate: checkPredicate(method, "predicate", toolName, predicate) }];
  }
  if (!isRecord(nameOrPredicates)) {
    invalidOption(
      method,
      "predicates",
      "a tool name and a predicate, or a record { toolName: predicate }",
      nameOrPredicates,
    );
  }
  const rules: ActivationRule[] = [];
  for (const [name, entry] of Object.entries(nameOrPredicates)) {
    if (entry === undefined || entry === null) continue;
    const toolName = checkName(method, tools, name);
    rules.push({ toolName, kind, predicate: checkPredicate(method, `predicates.${toolName}`, toolName, entry) });
  }
  return rules;
}

/**
 * Checks the input of `inferTools` / `allowedTools`: an object with `messages`, `steps` and `toolSetContext`
 * only (a misspelt key would leave predicates reading `undefined`); absent (or `null`) becomes `{}`, as in
 * ai-tool-set.
 */
export function readInferInput(method: string, input: unknown): InferToolsInput<any, any, any, any> {
  if (input === undefined || input === null) return {};
  knownOptions(method, input, ["messages", "steps", "toolSetContext"], "input");
  return input as InferToolsInput<any, any, any, any>;
}

/** Checks `clone(options)` and returns whether the clone is mutable (default `false`). */
export function readCloneOptions(options: unknown): boolean {
  const given = knownOptions("clone", options, ["mutable"]);
  return booleanOption("clone", "mutable", given?.mutable, false);
}

function checkName(method: string, tools: ToolRecord, name: string): string {
  if (!Object.prototype.propertyIsEnumerable.call(tools, name)) {
    const known = Object.keys(tools);
    const nearest = closest(name, known);
    const listed = known
      .slice(0, LISTED_NAMES)
      .map((other) => JSON.stringify(other))
      .join(", ");
    const more = known.length > LISTED_NAMES ? ` and ${known.length - LISTED_NAMES} more` : "";
    const expected = known.length === 0 ? "the tool set is empty" : `expected one of ${listed}${more}`;
    const suggestion = nearest === undefined ? "" : `did you mean "${nearest}"? `;
    throw new ToolsiftError(
      "UNKNOWN_TOOL",
      `${method}: "${name}" is not a tool of this tool set (${suggestion}${expected})`,
      { method, tool: name, ...(nearest === undefined ? {} : { suggestion: nearest }) },
    );
  }
  return name;
}

function checkPredicate(method: string, option: string, toolName: string, predicate: unknown): StoredPredicate {
  if (typeof predicate !== "function") {
    throw new ToolsiftError(
      "INVALID_OPTION",
      `${method}: option "${option}" (the predicate for tool "${toolName}") must be ${PREDICATE}, got ${describeValue(predicate)}.`,
      { option, tool: toolName, value: predicate },
    );
  }
  return predicate as StoredPredicate;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
