// createToolIndex of the package root: the core index (src/tool-index/create-index.ts) with every model stage
// (src/tool-index/all-model-stages.ts) and the AI SDK adapters as its methods (src/agent/index-methods.ts).
// `toolsift/core` (src/core-entry.ts) is the same index without either.

import type { ToolCatalog } from "./core/catalog.js";
import type { ToolIndexOptions } from "./options.js";
import { adapterMethods } from "./agent/index-methods.js";
import { ALL_MODEL_STAGES, resolveModelOptions } from "./tool-index/all-model-stages.js";
import { createIndex } from "./tool-index/create-index.js";
import { ENGLISH_COMMON_WORDS } from "./tool-index/english-common-words.js";
import { ROOT_OPTION_TABLE } from "./tool-index/model-option-table.js";
import type { ToolIndex, ToolNames } from "./tool-index/types.js";

// The result types a user names; the rest (reasons, matches, verdicts) are reachable through them
// (`ScoredTool["reason"]`, `SelectionResult["cut"][number]`, `Explanation["verdict"]`).
export type { Explanation, ScoredTool, SelectionResult, ToolIndex } from "./tool-index/types.js";

/**
 * Indexes a tool catalog for per-step selection. Accepts an AI SDK `ToolSet`, an array of MCP / OpenAI /
 * Anthropic / plain tool definitions, or `{ tools: [...] }`. Validates the catalog and options now
 * (throwing `ToolsiftError`); the index itself is built on `warmUp()` or the first `select`.
 */
export function createToolIndex<const CATALOG extends ToolCatalog>(
  tools: CATALOG,
  options?: ToolIndexOptions,
): ToolIndex<ToolNames<CATALOG>> {
  return createIndex(tools, options, {
    resolveModelOptions,
    optionTable: ROOT_OPTION_TABLE,
    models: ALL_MODEL_STAGES,
    commonWords: ENGLISH_COMMON_WORDS,
    extend: adapterMethods<ToolNames<CATALOG>>,
  });
}
