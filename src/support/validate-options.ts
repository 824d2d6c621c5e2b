// The validation kit every public function uses: one message style, each error naming the option and the value.

import { ToolsiftError } from "../errors.js";
import { describeValue } from "./describe-value.js";

/**
 * Throws `INVALID_OPTION`: `<where>: option "<option>" must be <expected>, got <value>.` `where` names the
 * function or adapter the option was given to (`createToolIndex`, `select`, `kvCache`, `prepareStep`...).
 */
export function invalidOption(where: string, option: string, expected: string, value: unknown): never {
  throw new ToolsiftError(
    "INVALID_OPTION",
    `${where}: option "${option}" must be ${expected}, got ${describeValue(value)}.`,
    {
      option,
      value,
    },
  );
}

/** Checks an options argument: `undefined` or a plain object; returns it as a record. */
export function optionsObject(where: string, value: unknown, option = "options"): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    invalidOption(where, option, "an object", value);
  return value as Record<string, unknown>;
}

/**
 * `optionsObject` then `rejectUnknownOptions`: an options argument (`undefined` or a plain object) with no key outside
 * `known`, returned as a record. A nested one (`option` other than `"options"`) names its keys `<option>.<key>`.
 */
export function knownOptions(
  where: string,
  value: unknown,
  known: readonly string[],
  option = "options",
): Record<string, unknown> | undefined {
  const given = optionsObject(where, value, option);
  rejectUnknownOptions(where, given, known, option === "options" ? "" : `${option}.`);
  return given;
}

/**
 * Options renamed or removed before 1.0, each with the option that took its place (CHANGELOG's migration table): where
 * that option is known, the old name is refused with an error that names it (no silent aliases).
 */
const REPLACED_OPTIONS: Readonly<Record<string, string>> = { threshold: "minRelevance" };

/**
 * Rejects keys of `value` that are not in `known`, naming the closest known key: a misspelt option
 * (`maxTool`) must not be silently ignored; a replaced one names what replaced it. `prefix` is prepended to nested
 * option names (`fusion.`).
 */
export function rejectUnknownOptions(
  where: string,
  value: object | undefined,
  known: readonly string[],
  prefix = "",
): void {
  if (value === undefined) return;
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const replacement = REPLACED_OPTIONS[key];
    const replaced = replacement !== undefined && known.includes(replacement);
    const nearest = replaced ? replacement : closest(key, known);
    throw new ToolsiftError(
      "UNKNOWN_OPTION",
      `${where}: ${replaced ? "" : "unknown "}option "${prefix}${key}"` +
        (nearest === undefined
          ? ". "
          : replaced
            ? ` was replaced by "${prefix}${nearest}". `
            : `; did you mean "${prefix}${nearest}"? `) +
        `Known options: ${known.map((name) => prefix + name).join(", ")}.`,
      { option: prefix + key, ...(nearest === undefined ? {} : { suggestion: prefix + nearest }) },
    );
  }
}

/** A number in [min, max] (or (min, max] with `exclusiveMin`); `fallback` when undefined. */
export function numberOption(
  where: string,
  option: string,
  value: unknown,
  range: { min: number; max: number; exclusiveMin?: boolean },
  fallback: number,
): number {
  if (value === undefined) return fallback;
  const { min, max, exclusiveMin = false } = range;
  if (typeof value !== "number" || Number.isNaN(value) || (exclusiveMin ? value <= min : value < min) || value > max) {
    invalidOption(where, option, `a number in ${exclusiveMin ? "(" : "["}${min}, ${max}]`, value);
  }
  return value;
}

/** An integer in [min, max]; `fallback` (a number, or `undefined` when omitted) when undefined. */
export function integerOption<FALLBACK extends number | undefined = undefined>(
  where: string,
  option: string,
  value: unknown,
  min: number,
  max: number,
  fallback?: FALLBACK,
): number | FALLBACK {
  if (value === undefined) return fallback as FALLBACK;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    invalidOption(
      where,
      option,
      max === Number.MAX_SAFE_INTEGER ? `an integer ≥ ${min}` : `an integer in [${min}, ${max}]`,
      value,
    );
  }
  return value;
}

/** A count: an integer ≥ 1 (as `integerOption` with no upper bound); `fallback` when undefined. */
export function countOption<FALLBACK extends number | undefined = undefined>(
  where: string,
  option: string,
  value: unknown,
  fallback?: FALLBACK,
): number | FALLBACK {
  return integerOption(where, option, value, 1, Number.MAX_SAFE_INTEGER, fallback);
}

/** A boolean; `fallback` when undefined. */
export function booleanOption(where: string, option: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") invalidOption(where, option, "a boolean", value);
  return value;
}

/** One of `choices`; `fallback` when undefined. */
export function choiceOption<const T extends string>(
  where: string,
  option: string,
  value: unknown,
  choices: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (typeof value !== "string" || !(choices as readonly string[]).includes(value)) {
    invalidOption(where, option, `one of ${choices.map((choice) => JSON.stringify(choice)).join(", ")}`, value);
  }
  return value as T;
}

/** A non-empty string; `fallback` when undefined. */
export function stringOption(where: string, option: string, value: unknown, fallback: string): string;
export function stringOption(where: string, option: string, value: unknown): string | undefined;
export function stringOption(where: string, option: string, value: unknown, fallback?: string): string | undefined {
  if (value === undefined) return fallback;
  if (typeof value !== "string" || value.length === 0) invalidOption(where, option, "a non-empty string", value);
  return value;
}

/** A function, or undefined. */
export function functionOption<F extends (...args: never[]) => unknown>(
  where: string,
  option: string,
  value: unknown,
): F | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "function") invalidOption(where, option, "a function", value);
  return value as F;
}

/** An array of strings (tool names), each checked and named by position; `fallback` when undefined. */
export function namesOption(
  where: string,
  option: string,
  value: unknown,
  fallback: readonly string[],
): readonly string[];
export function namesOption(where: string, option: string, value: unknown): readonly string[] | undefined;
export function namesOption(
  where: string,
  option: string,
  value: unknown,
  fallback?: readonly string[],
): readonly string[] | undefined {
  if (value === undefined) return fallback;
  if (!Array.isArray(value)) invalidOption(where, option, "an array of tool names", value);
  value.forEach((name: unknown, position) => {
    if (typeof name !== "string") invalidOption(where, `${option}[${position}]`, "a tool name (string)", name);
  });
  return value as readonly string[];
}

/** The known name nearest to `name` by edit distance, if it is close enough to be a likely misspelling. */
export function closest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = name.toLowerCase();
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

/** Levenshtein distance with two rows (option names are short). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** Whether `value` is an object with a function under each of `methods` (a binding, a model, a cache: by shape). */
export function hasMethods(value: unknown, ...methods: string[]): value is object {
  if (typeof value !== "object" || value === null) return false;
  return methods.every((method) => typeof (value as Record<string, unknown>)[method] === "function");
}
