// The validation kit every public function uses: one message style, each error naming the option and the value.

import { ToolsiftError } from "../errors.js";
import { describeValue } from "./describe-value.js";
import {
  groupKeys,
  OPTION_TABLE,
  optionNames,
  optionPaths,
  type OptionRow,
  type OptionTable,
} from "../option-table.js";

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
 * Rejects keys of `value` that are not in `known`, naming the closest known key: a misspelt option (`maxTool`) must
 * not be silently ignored. A key that is a group's key given at the top level (`limits`) is pointed at its path
 * among `paths` (`catalog.limits`). `prefix` is prepended to nested option names (`fusion.`).
 */
export function rejectUnknownOptions(
  where: string,
  value: object | undefined,
  known: readonly string[],
  prefix = "",
  paths: readonly string[] = [],
): void {
  if (value === undefined) return;
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const nearest = closest(key, known) ?? paths.find((path) => path.endsWith(`.${key}`));
    throw new ToolsiftError(
      "UNKNOWN_OPTION",
      `${where}: unknown option "${prefix}${key}"` +
        (nearest === undefined ? ". " : `; did you mean "${prefix}${nearest}"? `) +
        `Known options: ${known.map((name) => prefix + name).join(", ")}.`,
      { option: prefix + key, ...(nearest === undefined ? {} : { suggestion: prefix + nearest }) },
    );
  }
}

/**
 * An options argument checked against an option table (option-table.ts; the root's adds the model options) for
 * `surface`: its top-level names (and `own`, the surface's other options), then each group's keys (`embedding.cach` →
 * did you mean `embedding.cache`). A group may also be a boolean (`enrichment: true`); its values are checked where
 * they are resolved.
 */
export function knownTableOptions(
  where: string,
  value: unknown,
  surface: string,
  own: readonly string[] = [],
  table: OptionTable = OPTION_TABLE,
): Record<string, unknown> | undefined {
  const given = optionsObject(where, value);
  rejectMisplacedOptions(where, given, surface, own, table);
  rejectUnknownOptions(where, given, [...optionNames(surface, table), ...own], "", optionPaths(surface, table));
  for (const [name, group] of Object.entries(given ?? {})) {
    const keys = groupKeys(surface, name, table);
    if (keys.length > 0 && typeof group !== "boolean") knownOptions(where, group, keys, name);
  }
  return given;
}
/** What each surface letter of the option table is called in an error (option-table.ts `OptionRow.on`). */
const SURFACE_NAMES: Readonly<Record<string, string>> = { i: "createToolIndex", s: "select", a: "prepareStep" };

/**
 * An option of the table given to a surface that does not take it, where another does (`createToolIndex(tools, {
 * maxTools: 5 })`): says where it goes, rather than listing this surface's options.
 */
function rejectMisplacedOptions(
  where: string,
  given: object | undefined,
  surface: string,
  own: readonly string[],
  table: OptionTable,
): void {
  for (const key of Object.keys(given ?? {})) {
    const row = table[key];
    if (row === undefined || row.on.includes(surface) || own.includes(key)) continue;
    // An index entry's option given to another index entry (toolsift/core, LangChain) is no misplacement of this kind.
    const index = "icl".includes(surface);
    const takers = [...row.on].flatMap((letter) =>
      index && "icl".includes(letter) ? [] : (SURFACE_NAMES[letter] ?? []),
    );
    if (takers.length === 0) continue;
    throw new ToolsiftError(
      "UNKNOWN_OPTION",
      `${where}: "${key}" is an option of ${takers.join(" and ")}, not of ${where}.`,
      { option: key },
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

/** A bound on how many things are kept: an integer ≥ 1, or `Infinity` for none; `fallback` when undefined. */
export function limitOption(where: string, option: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !(Number.isInteger(value) || value === Infinity) || value < 1) {
    invalidOption(where, option, "an integer ≥ 1, or Infinity", value);
  }
  return value;
}

/** What `tableOption` gives for a row: its default's type, or `number | undefined` for a number without a default. */
type TableValue<ROW> = ROW extends { default: infer D } ? (D extends boolean ? boolean : number) : number | undefined;

/**
 * A boolean or number option checked against its row of an option table (its range, whether an integer) with the
 * table's default when undefined. `path` is the option's name in messages (`embedding.timeout`).
 */
export function tableOption<TABLE extends OptionTable = typeof OPTION_TABLE, P extends keyof TABLE & string = never>(
  where: string,
  path: P,
  value: unknown,
  table?: TABLE,
): TableValue<TABLE[P]>;
export function tableOption(
  where: string,
  path: string,
  value: unknown,
  table: OptionTable = OPTION_TABLE,
): boolean | number | undefined {
  const row: OptionRow = table[path];
  const fallback = row.default as number | undefined;
  if (typeof row.default === "boolean") return booleanOption(where, path, value, row.default);
  if (row.integer === true) return integerOption(where, path, value, row.min ?? 0, row.max ?? 0, fallback);
  return value === undefined ? fallback : numberOption(where, path, value, { min: 0, max: 0, ...row }, 0);
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
