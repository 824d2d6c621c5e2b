// The one table of the options several surfaces share: each option of createToolIndex (by its path, `group.name`)
// and of select, once, with the surfaces that accept it, its default and, for a number, its range. Every list of
// option names (unknown-option checks, pass-through, the model options toolsift/core refuses) derives from it, and so
// do docs/options.md's reference tables (scripts/options-doc.mjs, the text in option-docs.ts);
// test/structure/option-table-keys.ts proves each option interface has exactly the table's keys for its surface.

/**
 * `on` lists the surfaces, one letter each: `i` createToolIndex from `toolsift` (and createMcpCatalog, which
 * passes every index option on), `c` createToolIndex from `toolsift/core`, `l` LangChain's toolsiftMiddleware (passed
 * through, or read as select options), `s` select / selectWithScores / explain, `a` the AI SDK adapters (prepareStep,
 * middleware, inConversation), `d` deferredTools.
 */
export interface OptionRow {
  readonly on: string;
  readonly default?: number | boolean | string;
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
  readonly exclusiveMin?: boolean;
}

/** Index options every index entry takes: the root, toolsift/core, LangChain. */
const INDEX = "icl";

/**
 * The options toolsift/core takes too, and select's. The options that need a model (`embeddingModel`, `embedding.*`,
 * …) are in tool-index/model-option-table.ts: only the root's model stages import them.
 */
export const OPTION_TABLE = {
  strategy: { on: INDEX },
  relatedTools: { on: "iclsa" },
  onEvent: { on: "ic" },
  "keyword.fields": { on: INDEX },
  "keyword.k1": { on: INDEX, default: 1.2, min: 0, max: 10, exclusiveMin: true },
  "keyword.typoTolerance": { on: INDEX, default: true },
  "keyword.abbreviations": { on: INDEX, default: true },
  "keyword.everydayWords": { on: INDEX, default: true },
  "keyword.commonWords": { on: INDEX },
  "learning.usage": { on: INDEX },
  "learning.catalogLinks": { on: INDEX },
  "catalog.limits": { on: INDEX },
  "catalog.context": { on: "ic" },
  "runtime.wasm": { on: INDEX },
  "runtime.debug": { on: INDEX, default: false },
  "runtime.warnings": { on: INDEX, default: true },
  maxTools: { on: "sal", default: 5, min: 1, max: Number.MAX_SAFE_INTEGER, integer: true },
  minRelevance: { on: "sadl", default: 0.15, min: 0, max: 1 },
  threshold: { on: "sa", default: 0, min: 0, max: 1 },
  adaptive: { on: "sal", default: true },
  alwaysActive: { on: "sadl" },
  allowedTools: { on: "sal" },
  messages: { on: "s" },
  previousTools: { on: "s" },
  maxCompanions: { on: "sad", default: 3, min: 0, max: 20, integer: true },
} as const satisfies Record<string, OptionRow>;

export type OptionPath = keyof typeof OPTION_TABLE;

/** An option table: this one, or the root's with the model options (tool-index/model-option-table.ts) added. */
export type OptionTable = Readonly<Record<string, OptionRow>>;

const rows = (table: OptionTable) => Object.entries(table);

/** The top-level option names `surface` takes (a group once, by its name). */
export function optionNames(surface: string, table: OptionTable = OPTION_TABLE): string[] {
  return [...new Set(rows(table).flatMap(([path, row]) => (row.on.includes(surface) ? [path.split(".")[0]] : [])))];
}

/** The keys of `group` that `surface` takes. */
export function groupKeys(surface: string, group: string, table: OptionTable = OPTION_TABLE): string[] {
  return rows(table).flatMap(([path, row]) =>
    path.startsWith(`${group}.`) && row.on.includes(surface) ? [path.slice(group.length + 1)] : [],
  );
}

/** Every option path `surface` takes, groups spelt out (`catalog.limits`): where a misplaced key is looked for. */
export function optionPaths(surface: string, table: OptionTable = OPTION_TABLE): string[] {
  return rows(table).flatMap(([path, row]) => (row.on.includes(surface) ? [path] : []));
}
