// The one implementation of a tool index: validates the catalog and options once, builds the index lazily, and hands
// each call to the module that does it. Each entry composes it: `toolsift/core` as it is, `toolsift` with every model
// stage and the AI SDK adapters (src/tool-index.ts).

import type { CatalogTool } from "../core/catalog.js";
import type { OptionTable } from "../option-table.js";
import { ToolsiftError } from "../errors.js";
import type { CommonWords, ToolIndexOptions } from "../options.js";
import { toSnapshot } from "../usage/usage-snapshot.js";
import { createIndexContext } from "./context.js";
import { explainTool } from "./explain.js";
import { IndexState } from "./index-state.js";
import { learnConversation, learnOneStep } from "./learn.js";
import type { ModelOptionsResolver, ModelStages } from "./model-stages.js";
import { resolveIndexOptions } from "./resolve-options.js";
import { runSelection, scoredSelection, selectionNames } from "./selection.js";
import type { CoreToolIndex } from "./types.js";

/** What an entry puts into its index. */
export interface IndexParts<NAME extends string, EXTRA extends object> {
  /** Validates and resolves the model options: all of them (`toolsift`), or one that refuses each (`toolsift/core`). */
  readonly resolveModelOptions: ModelOptionsResolver;
  /** The model stages; `undefined` where `resolveModelOptions` refuses every model. */
  readonly models?: ModelStages;
  /** The entry's option table: the root's adds the model options (model-option-table.ts). Default: toolsift/core's. */
  readonly optionTable?: OptionTable;
  /** `keyword.commonWords` when unset: the root's English list; none in `toolsift/core`, where it is required. */
  readonly commonWords?: CommonWords;
  /** Methods added to the same object (the root's AI SDK adapters), given the index and its current catalog. */
  readonly extend?: (index: CoreToolIndex<NAME>, catalog: () => readonly CatalogTool[]) => EXTRA;
}

/** A tool index over `tools`: the selection, explain, catalog and learning API, with what `parts` adds. */
export function createIndex<NAME extends string, EXTRA extends object = object>(
  tools: unknown,
  options: ToolIndexOptions | undefined,
  { resolveModelOptions, models, extend, optionTable, commonWords }: IndexParts<NAME, EXTRA>,
): CoreToolIndex<NAME> & EXTRA {
  const resolved = resolveIndexOptions(options, resolveModelOptions, optionTable, commonWords);
  const context = createIndexContext(resolved, models);
  const state = new IndexState(context, tools);

  const index: CoreToolIndex<NAME> = {
    get toolNames() {
      return state.toolNames as readonly NAME[];
    },
    async warmUp() {
      const built = await state.ready();
      // The typo index serves keyword ranking; a semantic index needs it only after a fallback, so builds it then.
      // So do the question rule's writer flags (a catalog's first question reads every tool name otherwise).
      if (context.options.strategy !== "semantic") {
        built.engine.typos();
        built.engine.writerFlags();
      }
      await built.vectors?.embedOrReport(undefined);
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
  if (extend === undefined) return index as CoreToolIndex<NAME> & EXTRA;
  // Added to the same object, not spread into a new one: `toolNames` stays a getter over the current catalog.
  return Object.assign(
    index,
    extend(index, () => state.catalog),
  );
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
