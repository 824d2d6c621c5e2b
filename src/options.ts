// Public options of toolsift, with their defaults and validation (every error names the option and value).

import type { FieldName, FieldWeight } from "./core/fields.js";
import { DEFAULT_FIELD_WEIGHTS, FIELD_NAMES } from "./core/fields.js";
import type { LexicalSettings } from "./core/lexical-engine.js";
import { ToolsiftError } from "./errors.js";
import type { WasmSource } from "./wasm/load-wasm.js";
import type { ToolsiftEvent } from "./events.js";

/** Options of `createToolIndex`. */
export interface ToolIndexOptions {
  /**
   * BM25F weight (≥ 0) and length normalisation `b` (0–1) per indexed field. Merged over the defaults:
   * name 3 / 0.5, description 1 / 0.75, parameterNames 1.5 / 0.5, parameterDescriptions 0.5 / 0.75,
   * enumValues 0.5 / 0.5.
   */
  fields?: Partial<Record<FieldName, Partial<FieldWeight>>>;
  /** BM25 term-frequency saturation. Default 1.2; range (0, 10]. */
  k1?: number;
  /**
   * Typo tolerance for query words missing from the catalog: 1 edit from 4 letters, 2 from 8, none above 32.
   * `weight` (0–1, default 0.7) scales a 1-edit match, its square a 2-edit match. Default `true`.
   */
  typoTolerance?: boolean | { weight?: number };
  /**
   * Abbreviations learnt from the catalog (numeronyms `k8s` ↔ kubernetes, initialisms `PR` ↔ pull
   * request) and compound splits (`github` → git hub). `weight` 0–1, default 0.8. Default `true`.
   */
  abbreviations?: boolean | { weight?: number };
  /**
   * Where the wasm scoring core comes from. Default: the runtime's own (inlined bytes in Node and
   * browsers, a module import in Workers and Vercel Edge). Accepts a `WebAssembly.Module`,
   * `{ default: Module }`, a `Response` or bytes.
   */
  wasm?: WasmSource;
  /** Passed as `{ context }` to tool descriptions that are functions (AI SDK 7). Default `undefined`. */
  context?: unknown;
  /** Receives warnings and fallbacks (a schema that could not be read, a query that was cut). */
  onEvent?: (event: ToolsiftEvent) => void;
}

/** Options of `select`, `selectWithScores` and `explain`. */
export interface SelectOptions {
  /** Most tools ranked by relevance to return (pinned tools come on top). Default 5; integer ≥ 1. */
  maxTools?: number;
  /** Minimum relevance score: 0–1, where 1 is a full match (every query word in the tool's name and description). Default 0. */
  threshold?: number;
  /**
   * Cut the list at the score elbow: where the drop between two neighbours is at least 40% of the
   * top score, keep what is above it (never fewer than 2). Default `true`.
   */
  adaptive?: boolean;
  /** Tool names always returned, on top of `maxTools`; names not in the catalog are passed through. */
  alwaysActive?: readonly string[];
}

/** The longest query toolsift reads; longer queries are cut to this many characters (reported by `onEvent`). */
export const MAX_QUERY_LENGTH = 2_000;

function fail(option: string, expected: string, value: unknown): never {
  throw new ToolsiftError("INVALID_OPTION", `Option "${option}" must be ${expected}, got ${typeof value === "string" ? JSON.stringify(value) : String(value)}.`, { option, value });
}

function numberIn(option: string, value: unknown, min: number, max: number, exclusiveMin = false): number {
  if (typeof value !== "number" || Number.isNaN(value) || (exclusiveMin ? value <= min : value < min) || value > max) {
    fail(option, `a number in ${exclusiveMin ? "(" : "["}${min}, ${max}]`, value);
  }
  return value;
}

function expansionWeight(option: string, value: unknown, fallback: number): number {
  if (value === undefined || value === true) return fallback;
  if (value === false) return 0;
  if (typeof value === "object" && value !== null) {
    const weight = (value as { weight?: unknown }).weight;
    return weight === undefined ? fallback : numberIn(`${option}.weight`, weight, 0, 1);
  }
  return fail(option, "a boolean or { weight }", value);
}

/** Validates index options and resolves the engine settings. */
export function resolveIndexOptions(options: ToolIndexOptions | undefined): LexicalSettings {
  if (options !== undefined && (typeof options !== "object" || options === null)) fail("options", "an object", options);
  const fields = {} as Record<FieldName, FieldWeight>;
  const given = options?.fields;
  if (given !== undefined && (typeof given !== "object" || given === null)) fail("fields", "an object", given);
  for (const key of Object.keys(given ?? {})) {
    if (!(FIELD_NAMES as readonly string[]).includes(key)) fail("fields", `keyed by ${FIELD_NAMES.join(", ")}`, key);
  }
  for (const field of FIELD_NAMES) {
    const override = given?.[field];
    fields[field] = {
      weight: override?.weight === undefined ? DEFAULT_FIELD_WEIGHTS[field].weight : numberIn(`fields.${field}.weight`, override.weight, 0, 100),
      b: override?.b === undefined ? DEFAULT_FIELD_WEIGHTS[field].b : numberIn(`fields.${field}.b`, override.b, 0, 1),
    };
  }
  if (options?.onEvent !== undefined && typeof options.onEvent !== "function") fail("onEvent", "a function", options.onEvent);
  return {
    fields,
    k1: options?.k1 === undefined ? 1.2 : numberIn("k1", options.k1, 0, 10, true),
    typoWeight: expansionWeight("typoTolerance", options?.typoTolerance, 0.7),
    abbreviationWeight: expansionWeight("abbreviations", options?.abbreviations, 0.8),
  };
}

/** Validated select options with defaults applied. */
export interface ResolvedSelectOptions {
  readonly maxTools: number;
  readonly threshold: number;
  readonly adaptive: boolean;
  readonly alwaysActive: readonly string[];
}

const DEFAULT_SELECT: ResolvedSelectOptions = { maxTools: 5, threshold: 0, adaptive: true, alwaysActive: [] };

export function resolveSelectOptions(options: SelectOptions | undefined): ResolvedSelectOptions {
  if (options === undefined) return DEFAULT_SELECT;
  if (options !== undefined && (typeof options !== "object" || options === null)) fail("options", "an object", options);
  const maxTools = options?.maxTools ?? 5;
  if (typeof maxTools !== "number" || !Number.isInteger(maxTools) || maxTools < 1) fail("maxTools", "an integer ≥ 1", maxTools);
  const threshold = options?.threshold === undefined ? 0 : numberIn("threshold", options.threshold, 0, 1);
  const adaptive = options?.adaptive ?? true;
  if (typeof adaptive !== "boolean") fail("adaptive", "a boolean", adaptive);
  const alwaysActive = options?.alwaysActive ?? [];
  if (!Array.isArray(alwaysActive)) fail("alwaysActive", "an array of tool names", alwaysActive);
  alwaysActive.forEach((name, position) => {
    if (typeof name !== "string") fail(`alwaysActive[${position}]`, "a tool name (string)", name);
  });
  return { maxTools, threshold, adaptive, alwaysActive };
}

/** Validates a query: a string, cut to MAX_QUERY_LENGTH characters (never inside a surrogate pair). */
export function normalizeQuery(query: unknown): { text: string; truncatedFrom: number | undefined } {
  if (typeof query !== "string") {
    throw new ToolsiftError("INVALID_QUERY", `The query must be a string, got ${query === null ? "null" : typeof query}.`, { received: typeof query });
  }
  if (query.length <= MAX_QUERY_LENGTH) return { text: query, truncatedFrom: undefined };
  let end = MAX_QUERY_LENGTH;
  const code = query.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return { text: query.slice(0, end), truncatedFrom: query.length };
}
