// createToolIndex's options validated and resolved once, at creation, into one read-only object.

import { OPTION_TABLE, type OptionTable } from "../option-table.js";
import {
  CATALOG_LIMIT_MAXIMUMS,
  CATALOG_LIMIT_NAMES,
  DEFAULT_CATALOG_LIMITS,
  type CatalogLimits,
} from "../core/catalog-limits.js";
import { DEFAULT_FIELD_WEIGHTS, FIELD_NAMES, type FieldName, type FieldWeight } from "../core/fields.js";
import type { KeywordSettings } from "../core/keyword-engine.js";
import type { WordSpecificity } from "../core/word-specificity.js";
import type { ToolsiftEvent } from "../events.js";
import { type CommonWords, type ToolIndexOptions } from "../options.js";
import { relatedToolsOption } from "../resolve-select-options.js";
import { errorMessage } from "../support/error-message.js";
import {
  booleanOption,
  functionOption,
  integerOption,
  invalidOption,
  knownOptions,
  knownTableOptions,
  optionsObject,
  numberOption,
  rejectUnknownOptions,
  tableOption,
} from "../support/validate-options.js";
import type { WasmSource } from "../wasm/load-wasm.js";
import { resolveCommonWords } from "./common-words.js";
import type { EverydayWords } from "../core/everyday-readings.js";
import { type ModelOptionsResolver, type ResolvedModelOptions } from "./model-stages.js";

const WHERE = "createToolIndex";

export type { ResolvedQueryExpansion, ResolvedSemanticOptions } from "./resolve-semantic-options.js";

/** Everything an index needs from its options, resolved once. */
export interface ResolvedIndexOptions extends ResolvedModelOptions {
  readonly keyword: KeywordSettings;
  /** How specific each word is in general (`keyword.commonWords`), which keyword relevance reads. */
  readonly wordSpecificity: WordSpecificity;
  /** The everyday words query analysis reads (`keyword.commonWords`' table), if any. */
  readonly everydayWords: EverydayWords | undefined;
  /** What reads a query as chat only (`keyword.commonWords.chat`), if the word list has it. */
  readonly chatOnly: ((text: string) => boolean) | undefined;
  /** What reads a query as a remark framed as chat (`keyword.commonWords.remark`), if the word list has it. */
  readonly remarkOnly: ((text: string) => boolean) | undefined;
  readonly context: unknown;
  readonly wasm: WasmSource | undefined;
  readonly emit: (event: ToolsiftEvent) => void;
  readonly relatedTools: Readonly<Record<string, readonly string[]>> | undefined;
  /** A snapshot to start from (validated when the index reads it against its catalog). */
  readonly usage: unknown;
  /** Which links read from the catalog add companions. */
  readonly catalogLinks: { readonly prerequisites: boolean; readonly followUps: boolean };
  /** Bounds on the catalog's text, over the defaults. */
  readonly limits: CatalogLimits;
}

/**
 * Validates `createToolIndex` options (throwing `ToolsiftError` naming the option) and resolves their defaults; the
 * model options through the entry's `resolveModelOptions` (in `toolsift/core`, one that refuses them); an unset
 * `keyword.commonWords` to the entry's `commonWords` (none in `toolsift/core`, where it is required).
 */
export function resolveIndexOptions(
  input: ToolIndexOptions | undefined,
  resolveModelOptions: ModelOptionsResolver,
  table: OptionTable = OPTION_TABLE,
  commonWords?: CommonWords,
): ResolvedIndexOptions {
  // The model options first: toolsift/core's resolver refuses each by its name before its table (which has none of
  // them) would call it unknown. `table` is the entry's: the root's adds the model options.
  const models = resolveModelOptions(optionsObject(WHERE, input) as ToolIndexOptions | undefined);
  const options = knownTableOptions(WHERE, input, "i", [], table) as ToolIndexOptions | undefined;
  const { keyword, learning, catalog, runtime } = options ?? {};
  const onEvent = functionOption<(event: ToolsiftEvent) => void>(WHERE, "onEvent", options?.onEvent);
  const debug = tableOption(WHERE, "runtime.debug", runtime?.debug);
  const warnings = tableOption(WHERE, "runtime.warnings", runtime?.warnings);
  return {
    keyword: {
      fields: resolveFields(keyword?.fields),
      semanticWeight: models.expansion?.weight ?? 0,
      k1: tableOption(WHERE, "keyword.k1", keyword?.k1),
      typoWeight: expansionWeight("keyword.typoTolerance", keyword?.typoTolerance, 0.7),
      abbreviationWeight: expansionWeight("keyword.abbreviations", keyword?.abbreviations, 0.8),
      everydayWeight: expansionWeight("keyword.everydayWords", keyword?.everydayWords, 0.48),
    },
    ...languageOf(resolveCommonWords(keyword?.commonWords, commonWords)),
    ...models,
    context: catalog?.context,
    wasm: runtime?.wasm,
    relatedTools: relatedToolsOption(WHERE, "relatedTools", options?.relatedTools),
    usage: learning?.usage,
    catalogLinks: resolveCatalogLinks(learning?.catalogLinks),
    limits: resolveLimits(catalog?.limits),
    emit: fallbackWarner(debug, warnings, onEvent),
  };
}

/** Events that mean the index is working with less than it was given (a fallback). */
const FALLBACK_EVENTS: ReadonlySet<ToolsiftEvent["type"]> = new Set([
  "catalog-warning",
  "embedding-failed",
  "embedding-cache-error",
  "embedding-warning",
  "rerank-failed",
  "enrichment-failed",
  "query-expansion-failed",
]);

/**
 * The index's `emit`: every event to `onEvent` (and `console.debug` with `debug`), and, unless `warnings` is
 * off, the first fallback of the index as one `console.warn` line, so a bad key or a missing asset is never
 * silent. Thrown failures (`onError: "throw"`) are not warned about: the caller sees them.
 */
function fallbackWarner(
  debug: boolean,
  warnings: boolean,
  onEvent: ((event: ToolsiftEvent) => void) | undefined,
): (event: ToolsiftEvent) => void {
  let warned = !warnings;
  return (event) => {
    if (debug) console.debug("[toolsift]", event);
    if (
      !warned &&
      FALLBACK_EVENTS.has(event.type) &&
      !(event.type === "embedding-failed" && event.fallback === "none") &&
      !(event.type === "embedding-warning" && event.stage === "query")
    ) {
      warned = true;
      console.warn(fallbackWarning(event, onEvent !== undefined));
    }
    onEvent?.(event);
  };
}

function fallbackWarning(event: ToolsiftEvent, listened: boolean): string {
  // Each part without its closing period: the line adds its own ("…as it is.. Only" read as a typo).
  const message = ("message" in event ? event.message : event.type).replace(/\.$/, "");
  const error = "error" in event && event.error !== undefined ? errorMessage(event.error) : "";
  // The whole cause, never cut: cut, a cause that names a fix in code reads as broken code.
  const cause = error.replace(/\s+/g, " ").replace(/\.$/, "");
  return (
    `[toolsift] ${event.type}: ${message}${cause === "" ? "" : ` (${cause})`}. ` +
    `Only this index's first warning is logged${listened ? " (onEvent receives each one)" : ": pass onEvent to see each one"}` +
    "; runtime: { warnings: false } silences this."
  );
}

function resolveFields(given: unknown): Record<FieldName, FieldWeight> {
  const fields = {} as Record<FieldName, FieldWeight>;
  const overrides = knownOptions(WHERE, given, FIELD_NAMES, "keyword.fields") as
    Partial<Record<FieldName, Partial<FieldWeight>>> | undefined;
  for (const field of FIELD_NAMES) {
    const path = `keyword.fields.${field}`;
    const override = knownOptions(WHERE, overrides?.[field], ["weight", "b"], path) as Partial<FieldWeight> | undefined;
    const defaults = DEFAULT_FIELD_WEIGHTS[field];
    fields[field] = {
      weight: numberOption(WHERE, `${path}.weight`, override?.weight, { min: 0, max: 100 }, defaults.weight),
      b: numberOption(WHERE, `${path}.b`, override?.b, { min: 0, max: 1 }, defaults.b),
    };
  }
  return fields;
}

function expansionWeight(option: string, value: unknown, fallback: number): number {
  if (value === undefined || value === true) return fallback;
  if (value === false) return 0;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return invalidOption(WHERE, option, "a boolean or { weight }", value);
  }
  rejectUnknownOptions(WHERE, value, ["weight"], `${option}.`);
  return numberOption(WHERE, `${option}.weight`, (value as { weight?: unknown }).weight, { min: 0, max: 1 }, fallback);
}

const CATALOG_LINK_DEFAULTS = { prerequisites: true, followUps: false } as const;

/** `learning.catalogLinks`: a boolean (every kind on or off) or `{ prerequisites, followUps }`. */
function resolveCatalogLinks(value: unknown): ResolvedIndexOptions["catalogLinks"] {
  if (value === undefined) return CATALOG_LINK_DEFAULTS;
  if (typeof value === "boolean") return { prerequisites: value, followUps: value };
  const path = "learning.catalogLinks";
  const given = knownOptions(WHERE, value, ["prerequisites", "followUps"], path) as {
    prerequisites?: unknown;
    followUps?: unknown;
  };
  return {
    prerequisites: booleanOption(
      WHERE,
      `${path}.prerequisites`,
      given.prerequisites,
      CATALOG_LINK_DEFAULTS.prerequisites,
    ),
    followUps: booleanOption(WHERE, `${path}.followUps`, given.followUps, CATALOG_LINK_DEFAULTS.followUps),
  };
}

/** `catalog.limits`: each given bound an integer from 1 to its maximum, merged over the defaults. */
export function resolveLimits(value: unknown): CatalogLimits {
  const given = knownOptions(WHERE, value, CATALOG_LIMIT_NAMES, "catalog.limits") as
    Partial<Record<string, unknown>> | undefined;
  if (given === undefined) return DEFAULT_CATALOG_LIMITS;
  const limits = { ...DEFAULT_CATALOG_LIMITS };
  for (const name of CATALOG_LIMIT_NAMES) {
    const max = CATALOG_LIMIT_MAXIMUMS[name];
    limits[name] = integerOption(WHERE, `catalog.limits.${name}`, given[name], 1, max, DEFAULT_CATALOG_LIMITS[name]);
  }
  return limits;
}

function languageOf(words: ReturnType<typeof resolveCommonWords>) {
  return {
    wordSpecificity: words.specificity,
    everydayWords: words.everyday,
    chatOnly: words.chat,
    remarkOnly: words.remark,
  };
}
