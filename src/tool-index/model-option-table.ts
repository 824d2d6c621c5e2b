// The rows of the option table (src/option-table.ts) that need a model: only the root takes them (its model stages
// import this module), so toolsift/core bundles none of them and refuses them by name (refuse-model-options.ts).

import { OPTION_TABLE, type OptionRow } from "../option-table.js";

/** Index options that need a model: createToolIndex from `toolsift` and createMcpCatalog (`i`), LangChain (`l`). */
const MODEL = "il";

export const MODEL_OPTION_TABLE = {
  embeddingModel: { on: "i" },
  rerankerModel: { on: MODEL },
  onError: { on: "il", default: "fallback" },
  "embedding.cache": { on: MODEL },
  "embedding.dimensions": { on: MODEL, min: 1, max: 65_536, integer: true },
  "embedding.fusion": { on: MODEL },
  "embedding.quantize": { on: MODEL, default: "float32" },
  "embedding.rescore": { on: MODEL, default: true },
  "embedding.queryCacheSize": { on: MODEL, default: 128, min: 0, max: 1_000_000, integer: true },
  "embedding.timeout": { on: MODEL, default: 10_000, min: 1, max: 600_000 },
  "embedding.maxParallelCalls": { on: MODEL, default: 4, min: 1, max: 1_000, integer: true },
  "embedding.maxRetries": { on: MODEL, default: 1, min: 0, max: 10, integer: true },
  "embedding.abortSignal": { on: MODEL },
  "keyword.queryExpansion": { on: MODEL },
  "enrichment.model": { on: MODEL },
  "enrichment.cache": { on: MODEL },
  // toolpick's names, with toolpick's meaning: its users' code keeps working (options.ts says what each one is).
  embeddingCache: { on: "i" },
  enrichDescriptions: { on: "i", default: false },
} as const satisfies Record<string, OptionRow>;

/** The root's whole table. */
export const ROOT_OPTION_TABLE = { ...OPTION_TABLE, ...MODEL_OPTION_TABLE };
