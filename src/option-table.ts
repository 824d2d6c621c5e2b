// The one table of the options several surfaces share: each option of createToolIndex (by its path, `group.name`)
// and of select, once, with the surfaces that accept it, its default and, for a number, its range. Every list of
// option names (unknown-option checks, pass-through, the model options toolsift/core refuses) derives from it, and so
// do docs/options.md's reference tables (scripts/options-doc.mjs, the text in option-docs.ts);
// test/structure/option-table-keys.ts proves each option interface has exactly the table's keys for its surface.

/**
 * `on` lists the surfaces, one letter each: `i` createToolIndex from `toolsift` (and createMcpCatalog, which
 * passes every index option on), `c` createToolIndex from `toolsift/core`, `l` LangChain's toolsiftMiddleware (passed
 * through, or read as select options), `s` select / selectWithScores / explain, `a` the AI SDK adapters (prepareStep,
 * middleware, inConversation), `d` deferredTools. `was`: the name it had before 0.1 (a nested option without one was
 * top-level under its own name), refused with an error naming this one.
 */
export interface OptionRow {
  readonly on: string;
  readonly default?: number | boolean | string;
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
  readonly exclusiveMin?: boolean;
  readonly was?: string;
}

/** Index options every index entry takes: the root, toolsift/core, LangChain. */
const INDEX = "icl";
/** Index options that need a model: not toolsift/core. */
const MODEL = "il";

export const OPTION_TABLE = {
  embeddingModel: { on: "i" },
  strategy: { on: INDEX },
  rerankerModel: { on: MODEL },
  relatedTools: { on: "iclsad" },
  onEvent: { on: "ic" },
  onError: { on: "i", default: "fallback" },
  "embedding.cache": { on: MODEL, was: "embeddingCache" },
  "embedding.dimensions": { on: MODEL, min: 1, max: 65_536, integer: true },
  "embedding.fusion": { on: MODEL },
  "embedding.quantize": { on: MODEL, default: "float32" },
  "embedding.rescore": { on: MODEL, default: true },
  "embedding.queryCacheSize": { on: MODEL, default: 128, min: 0, max: 1_000_000, integer: true },
  "embedding.timeout": { on: MODEL, default: 10_000, min: 1, max: 600_000, was: "embeddingTimeout" },
  "embedding.maxParallelCalls": { on: MODEL, default: 4, min: 1, max: 1_000, integer: true },
  "embedding.maxRetries": { on: MODEL, default: 1, min: 0, max: 10, integer: true },
  "embedding.abortSignal": { on: MODEL },
  "keyword.fields": { on: INDEX },
  "keyword.k1": { on: INDEX, default: 1.2, min: 0, max: 10, exclusiveMin: true },
  "keyword.typoTolerance": { on: INDEX, default: true },
  "keyword.abbreviations": { on: INDEX, default: true },
  "keyword.queryExpansion": { on: MODEL },
  "enrichment.model": { on: MODEL, was: "enrichmentModel" },
  "enrichment.cache": { on: MODEL, was: "enrichmentCache" },
  "learning.usage": { on: INDEX },
  "learning.catalogLinks": { on: INDEX },
  "catalog.limits": { on: INDEX },
  "catalog.context": { on: "ic" },
  "runtime.wasm": { on: INDEX },
  "runtime.debug": { on: INDEX, default: false },
  "runtime.warnings": { on: INDEX, default: true },
  maxTools: { on: "sal", default: 5, min: 1, max: Number.MAX_SAFE_INTEGER, integer: true },
  minRelevance: { on: "sadl", default: 0.15, min: 0, max: 1, was: "threshold" },
  adaptive: { on: "sadl", default: true },
  alwaysActive: { on: "sad" },
  allowedTools: { on: "sal" },
  messages: { on: "s" },
  previousTools: { on: "s" },
  maxCompanions: { on: "sad", default: 3, min: 0, max: 20, integer: true },
} as const satisfies Record<string, OptionRow>;

export type OptionPath = keyof typeof OPTION_TABLE;

const PATHS = Object.keys(OPTION_TABLE) as OptionPath[];
const row = (path: string): OptionRow => (OPTION_TABLE as Record<string, OptionRow>)[path];

/** The top-level option names `surface` takes (a group once, by its name). */
export function optionNames(surface: string): string[] {
  const names = PATHS.filter((path) => row(path).on.includes(surface)).map((path) => path.split(".")[0]);
  return [...new Set(names)];
}

/** The keys of `group` that `surface` takes. */
export function groupKeys(surface: string, group: string): string[] {
  return PATHS.filter((path) => path.startsWith(`${group}.`) && row(path).on.includes(surface)).map((path) =>
    path.slice(group.length + 1),
  );
}

/** The options of `surface` that `other` does not take (toolsift/core's model options: `optionsNotOn("i", "c")`). */
export function optionsNotOn(surface: string, other: string): OptionPath[] {
  return PATHS.filter((path) => row(path).on.includes(surface) && !row(path).on.includes(other));
}

/** Each name an option had before 0.1 → its path now (`embeddingCache` → `embedding.cache`). */
export const REPLACED_OPTIONS: Readonly<Record<string, string>> = Object.fromEntries([
  ["enrichDescriptions", "enrichment"],
  ...PATHS.filter((path) => row(path).was !== undefined || path.includes(".")).map((path) => [
    row(path).was ?? path.split(".")[1],
    path,
  ]),
]);
