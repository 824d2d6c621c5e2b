// Type-level proof, compiled by `npm run typecheck`: each hand-written option interface has exactly the option table's
// keys for its surface (src/option-table.ts), so the two cannot drift. A missing or extra key is a compile error here.

import type { CoreToolIndexOptions } from "../../src/core-entry.js";
import type { AdapterSelectOptions } from "../../src/agent/select-options.js";
import type { DeferredToolsOptions } from "../../src/agent/delivery/deferred-tools.js";
import type { ToolsiftMiddlewareOptions } from "../../src/langchain/middleware-options.js";
import type { ROOT_OPTION_TABLE, MODEL_OPTION_TABLE } from "../../src/tool-index/model-option-table.js";
import type { MODEL_OPTIONS } from "../../src/tool-index/refuse-model-options.js";
import type { SelectOptions, ToolIndexOptions } from "../../src/options.js";

type Table = typeof ROOT_OPTION_TABLE;
/** The table's paths whose `on` holds `S`. */
type On<S extends string> = {
  [P in keyof Table]: Table[P]["on"] extends `${string}${S}${string}` ? P : never;
}[keyof Table];

type Groups = "embedding" | "keyword" | "enrichment" | "learning" | "catalog" | "runtime";
/** An options type's keys as table paths: a group's keys as `group.key`. */
type Paths<T> = {
  [K in keyof T & string]-?: K extends Groups ? `${K}.${keyof Exclude<NonNullable<T[K]>, boolean> & string}` : K;
}[keyof T & string];

/** Compiles only when `T` is `never`: each line below names what the table has and an interface lacks, or back. */
type NoneLeft<T extends never> = T;

export type OptionTableKeys = [
  NoneLeft<Exclude<On<"i">, Paths<ToolIndexOptions>>>,
  NoneLeft<Exclude<Paths<ToolIndexOptions>, On<"i">>>,
  NoneLeft<Exclude<On<"c">, Paths<CoreToolIndexOptions>>>,
  NoneLeft<Exclude<Paths<CoreToolIndexOptions>, On<"c">>>,
  NoneLeft<Exclude<On<"s">, keyof SelectOptions>>,
  NoneLeft<Exclude<keyof SelectOptions, On<"s">>>,
  NoneLeft<Exclude<On<"a">, keyof AdapterSelectOptions>>,
  NoneLeft<Exclude<keyof AdapterSelectOptions, On<"a">>>,
  NoneLeft<Exclude<On<"d">, Extract<keyof DeferredToolsOptions, keyof SelectOptions>>>,
  NoneLeft<Exclude<Extract<keyof DeferredToolsOptions, keyof SelectOptions>, On<"d">>>,
  NoneLeft<Exclude<On<"l">, Exclude<Paths<ToolsiftMiddlewareOptions>, LangChainOwn>>>,
  NoneLeft<Exclude<Exclude<Paths<ToolsiftMiddlewareOptions>, LangChainOwn>, On<"l">>>,
  // toolsift/core refuses by name exactly the model table's options (a group, such as `embedding`, whole).
  NoneLeft<Exclude<ModelNames, (typeof MODEL_OPTIONS)[number]>>,
  NoneLeft<Exclude<(typeof MODEL_OPTIONS)[number], ModelNames>>,
];

/** The model table's options as toolsift/core names them: `embedding.*` and `enrichment.*` by their group. */
type ModelNames = {
  [P in keyof typeof MODEL_OPTION_TABLE]: P extends `${infer G}.${string}` ? (G extends "keyword" ? P : G) : P;
}[keyof typeof MODEL_OPTION_TABLE];

/** LangChain's own options, which are not in the table (their types or meanings are the middleware's). */
type LangChainOwn =
  "tools" | "embeddingModel" | "onNoMatch" | "maxOfferAll" | "smallCatalog" | "stableTools" | "onEvent";
