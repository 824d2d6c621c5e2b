// The AI SDK adapters as methods of the root's tool index (`index.prepareStep(...)`, `index.middleware()`, ...):
// src/tool-index.ts adds them to the core index that src/tool-index/create-index.ts makes.

import type { CatalogTool } from "../core/catalog.js";
import { catalogDefinition } from "../search/search-answer.js";
import type { CoreToolIndex, ToolIndex } from "../tool-index/types.js";
import { createDeferredTools } from "./delivery/deferred-tools.js";
import { createInConversation } from "./delivery/in-conversation.js";
import type { StableDecisionStore } from "./delivery/stable-decisions.js";
import { catalogDefinitionLength } from "./delivery/stable-tools.js";
import { toolFamilies } from "./delivery/tool-families.js";
import { createSelectionMiddleware } from "./middleware.js";
import { createPrepareStep, type PrepareStepOptions } from "./prepare-step.js";
import { createSearchTool, createToolSearchFunction } from "./search-tool.js";

/** The methods a `ToolIndex` has beyond the core index. */
export type AdapterMethods<NAME extends string> = Omit<ToolIndex<NAME>, keyof CoreToolIndex<NAME>>;

/** Each root index's catalog reader, for the adapters' `adapterPrepareStep`. */
const catalogs = new WeakMap<object, () => readonly CatalogTool[]>();

/** What the stable set reads of the catalog: each tool's definition length and family. */
function catalogReaders(catalog: () => readonly CatalogTool[]) {
  return {
    definitionLength: (name: string) => catalogDefinitionLength(catalog(), name),
    family: (name: string) => toolFamilies(catalog()).get(name),
  };
}

/**
 * `index.prepareStep(options)` for an adapter: its option errors name the adapter (`where`, default `"prepareStep"`;
 * not for an index another copy of the package made, whose own prepareStep this returns),
 * and its stable set also keeps its decisions in `decisions` when given (an adapter's own storage:
 * `toolsift/cloudflare-agents` gives the agent's SQLite), so a process started again replays no earlier step.
 */
export function adapterPrepareStep(
  index: ToolIndex,
  options: PrepareStepOptions,
  setup: { readonly where?: string; readonly decisions?: StableDecisionStore; readonly onError?: "fallback" | "throw" },
) {
  const catalog = catalogs.get(index);
  if (catalog !== undefined) return createPrepareStep(index, options, { ...catalogReaders(catalog), ...setup });
  if (setup.decisions !== undefined) throw new TypeError("adapterPrepareStep: not an index of createToolIndex");
  // An index made by another copy of the package (its source beside the bundles): its own prepareStep, which names
  // itself in its errors.
  return index.prepareStep(options) as unknown as ReturnType<typeof createPrepareStep>;
}

/** The adapter methods of `index`, whose current catalog `catalog()` returns. */
export function adapterMethods<NAME extends string>(
  index: CoreToolIndex<NAME>,
  catalog: () => readonly CatalogTool[],
): AdapterMethods<NAME> {
  catalogs.set(index, catalog);
  return {
    prepareStep(stepOptions) {
      // The SDK's own type: the step it passes holds what PrepareStepInput reads; the names returned are catalog tools.
      return createPrepareStep(index, stepOptions, catalogReaders(catalog)) as unknown as ReturnType<
        ToolIndex<NAME>["prepareStep"]
      >;
    },
    inConversation(tools, deliveryOptions) {
      return createInConversation(index, tools, deliveryOptions);
    },
    middleware(selectOptions) {
      return createSelectionMiddleware(index, selectOptions, catalogReaders(catalog).definitionLength);
    },
    searchTool(searchOptions) {
      const define = async (name: string) => {
        const tool = catalog().find((candidate) => candidate.name === name);
        return tool === undefined ? undefined : catalogDefinition(tool);
      };
      return createSearchTool(index, define, searchOptions);
    },
    toolSearchFunction(searchOptions) {
      return createToolSearchFunction(index, searchOptions);
    },
    deferredTools(tools, deferralOptions) {
      return createDeferredTools(index, tools, deferralOptions);
    },
  };
}
