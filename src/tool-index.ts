// createToolIndex: the public selector — validates the catalog and options once, builds the index lazily,
// and hands each call to the module that does it (src/tool-index/).

import type { CatalogTool, ToolCatalog } from "./core/catalog.js";
import { ToolsiftError } from "./errors.js";
import type { ToolIndexOptions } from "./options.js";
import { createSelectionMiddleware } from "./agent/middleware.js";
import { createPrepareStep, type PrepareStepInput } from "./agent/prepare-step.js";
import { catalogDefinitionLength } from "./agent/delivery/stable-tools.js";
import { createSearchTool, createToolSearchFunction } from "./agent/search-tool.js";
import { createDeferredTools } from "./agent/delivery/deferred-tools.js";
import { createInConversation } from "./agent/delivery/in-conversation.js";
import { createIndexContext } from "./tool-index/context.js";
import { explainTool } from "./tool-index/explain.js";
import { learnConversation, learnOneStep } from "./tool-index/learn.js";
import { toSnapshot } from "./usage/usage-snapshot.js";
import { IndexState } from "./tool-index/index-state.js";
import { resolveIndexOptions } from "./tool-index/resolve-options.js";
import { runSelection, scoredSelection, selectionNames } from "./tool-index/selection.js";
import type { ToolIndex, ToolNames } from "./tool-index/types.js";

export type * from "./tool-index/types.js";

/**
 * Indexes a tool catalog for per-step selection. Accepts an AI SDK `ToolSet`, an array of MCP / OpenAI /
 * Anthropic / plain tool definitions, or `{ tools: [...] }`. Validates the catalog and options now
 * (throwing `ToolsiftError`); the index itself is built on `warmUp()` or the first `select`.
 */
export function createToolIndex<const CATALOG extends ToolCatalog>(
  tools: CATALOG,
  options?: ToolIndexOptions,
): ToolIndex<ToolNames<CATALOG>> {
  type NAME = ToolNames<CATALOG>;
  const context = createIndexContext(resolveIndexOptions(options));
  const state = new IndexState(context, tools);

  const api: ToolIndex<NAME> = {
    get toolNames() {
      return state.toolNames as readonly NAME[];
    },
    async warmUp() {
      const index = await state.ready();
      // The typo index serves keyword ranking; a semantic index needs it only after a fallback, so builds it then.
      if (context.options.strategy !== "semantic") index.engine.typos();
      await index.vectors?.embedOrReport(undefined);
    },
    async select(query, selectOptions) {
      return selectionNames<NAME>(await runSelection(context, state, query, selectOptions));
    },
    async selectWithScores(query, selectOptions) {
      return scoredSelection<NAME>(context, await runSelection(context, state, query, selectOptions));
    },
    explain(query, toolName, selectOptions) {
      return explainTool(context, state, query, toolName, selectOptions);
    },
    learn(messages) {
      return learnConversation(state, messages);
    },
    learnStep(query, earlier, calls) {
      return learnOneStep(state, query, earlier, calls);
    },
    usage() {
      return toSnapshot(state.usage);
    },
    replaceUsage(snapshot) {
      state.replaceUsage(snapshot, "replaceUsage");
    },
    prepareStep(stepOptions) {
      const definitionLength = (name: string) => catalogDefinitionLength(state.catalog, name);
      return createPrepareStep(api, stepOptions, definitionLength) as (
        step: PrepareStepInput,
      ) => Promise<{ activeTools?: NAME[]; toolOrder?: NAME[] }>;
    },
    inConversation(tools, deliveryOptions) {
      return createInConversation(api, tools, deliveryOptions);
    },
    middleware(selectOptions) {
      return createSelectionMiddleware(api, selectOptions);
    },
    searchTool(searchOptions) {
      const describe = (name: string) => state.catalog.find((tool) => tool.name === name)?.description ?? "";
      return createSearchTool(api, describe, searchOptions);
    },
    toolSearchFunction(searchOptions) {
      return createToolSearchFunction(api, searchOptions);
    },
    deferredTools(tools, deferralOptions) {
      return createDeferredTools(api, tools, deferralOptions);
    },
    async sync(next) {
      await state.replace(state.read(next));
    },
    async add(more) {
      const added = state.read(more);
      const known = new Set(state.toolNames);
      for (const tool of added) {
        if (known.has(tool.name)) {
          throw new ToolsiftError(
            "DUPLICATE_TOOL",
            `add: tool "${tool.name}" is already in the catalog; use sync() to replace a tool.`,
            {
              tool: tool.name,
            },
          );
        }
      }
      await state.replace([...state.catalog, ...added]);
    },
    async remove(names) {
      await state.replace(withoutTools(state.catalog, state.toolNames, names));
    },
  };
  return api;
}

/** The catalog without `names`, each checked to be a tool of it. */
function withoutTools(catalog: readonly CatalogTool[], toolNames: readonly string[], names: unknown): CatalogTool[] {
  if (!Array.isArray(names)) {
    throw new ToolsiftError("INVALID_OPTION", `remove: expected an array of tool names, got ${typeof names}.`, {
      option: "toolNames",
    });
  }
  const known = new Set(toolNames);
  for (const name of names) {
    if (typeof name !== "string" || !known.has(name)) {
      throw new ToolsiftError("UNKNOWN_TOOL", `remove: no tool named ${JSON.stringify(name)} in the catalog.`, {
        tool: name,
      });
    }
  }
  const drop = new Set<unknown>(names);
  return catalog.filter((tool) => !drop.has(tool.name));
}

export type { FieldName } from "./core/fields.js";
