// toolsiftMiddleware: a LangChain `createAgent` middleware that offers the model only the tools each call needs.

import { createMiddleware } from "./langchain-runtime.js";
import type { EmbeddingModel } from "ai";
import { frameworkCallSelection } from "../agent/call-selection.js";
import { toolSetFollower } from "../agent/tool-set-follower.js";
import { resolveLimits } from "../tool-index/resolve-options.js";
import { createToolIndex, type ToolIndex } from "../tool-index.js";
import { fromLangChainEmbeddings, isLangChainEmbeddings, type LangChainEmbeddingModel } from "./embeddings-model.js";
import type { ToolsiftMiddlewareEvent } from "./events.js";
import {
  isSelectableTool,
  toolDefinition,
  type LangChainTool,
  type LangChainToolDefinition,
  type SelectableTool,
} from "./langchain-tools.js";
import { fromLangChainMessages } from "./message-query.js";
import { resolveMiddlewareOptions, type ToolsiftMiddlewareOptions } from "./middleware-options.js";

export type { ToolsiftMiddlewareOptions } from "./middleware-options.js";

/** What the middleware object carries besides LangChain's hooks. */
export interface ToolsiftMiddlewareControls {
  /** The underlying index: `explain`, `selectWithScores`, `toolNames`. */
  readonly index: ToolIndex;
  /**
   * Re-reads the tools (by default every tool indexed so far, whose descriptions or schemas may have
   * been edited in place; or the list given, which replaces the catalog). Only tools whose indexed text
   * changed are re-embedded. Provider tools in the list are ignored.
   */
  sync(tools?: readonly LangChainTool[]): Promise<void>;
  /**
   * Builds the index now (and embeds the tools, with an embedding model), so the first call is fast.
   * On failure it rejects with `onError: "throw"`; otherwise it reports `selection-failed` and resolves.
   */
  warmUp(): Promise<void>;
}

/**
 * A LangChain agent middleware (`createAgent({ middleware: [...] })`) whose `wrapModelCall` hands the
 * model only the tools that match the conversation: the top `maxTools` for the query read from the
 * messages (the same rule as the AI SDK adapters), plus `alwaysActive`, plus every provider tool
 * untouched. By default (`stableTools`) the tools bound form the AI SDK `prepareStep`'s cache-keeping set: they
 * change only when a call needs a tool the set lacks, and then grow at the end, so the provider's prompt cache is
 * kept; `stableTools: false` binds each call its own selection. Every tool stays registered with the agent, so any
 * selected tool runs. Selection is local (BM25F, optionally fused with embeddings): no extra model call.
 *
 * Throws `ToolsiftError` for invalid or unknown options and invalid tools, at creation.
 */
export function toolsiftMiddleware(options: ToolsiftMiddlewareOptions = {}) {
  const resolved = resolveMiddlewareOptions(options);
  const { selectable, maxTools, adaptive, alwaysActive, allowedTools, embeddingModel, onError, onEvent, stableTools } =
    resolved;
  /** What "every tool" offers, in events' words. */
  const everyTool = allowedTools === undefined ? "every tool" : "every allowed tool";
  // The index logs its own events with `debug`; the middleware logs the ones it adds.
  const indexEvent = (event: ToolsiftMiddlewareEvent): void => onEvent?.(event);
  const emit = (event: ToolsiftMiddlewareEvent): void => {
    if (options.runtime?.debug) console.debug("[toolsift]", event);
    onEvent?.(event);
  };
  const adapter: LangChainEmbeddingModel | undefined = isLangChainEmbeddings(embeddingModel)
    ? fromLangChainEmbeddings(embeddingModel)
    : undefined;
  // Each tool's definition is read again only when its description or schema changed (a schema converts once).
  const read = new WeakMap<
    SelectableTool,
    { description: unknown; schema: unknown; definition: LangChainToolDefinition }
  >();
  const definitions = (tools: readonly SelectableTool[]) =>
    tools.map((tool) => {
      const known = read.get(tool);
      if (known !== undefined && known.description === tool.description && known.schema === tool.schema)
        return known.definition;
      const definition = toolDefinition(tool, emit);
      read.set(tool, { description: tool.description, schema: tool.schema, definition });
      return definition;
    });
  const initial = definitions(selectable);
  const index: ToolIndex = createToolIndex(initial, {
    ...resolved.indexOptions,
    embeddingModel: (adapter ?? embeddingModel) as EmbeddingModel | undefined,
    // An embedding failure falls back to keywords inside the index (or throws); other failures reach the step's policy.
    onError,
    // Only a listener the user gave: without one, the index's console line says how to pass it.
    onEvent: onEvent === undefined ? undefined : indexEvent,
  });
  /** Every tool followed so far, by name (the objects `sync()` re-reads). */
  let registered = new Map<string, SelectableTool>(selectable.map((tool) => [tool.name, tool]));
  // The index follows each call's tools (the one rule of every adapter: tool-set-follower.ts).
  const follower = toolSetFollower(index, { initial, limits: resolveLimits(resolved.indexOptions.catalog?.limits) });
  async function follow(tools: readonly SelectableTool[]): Promise<void> {
    const change = await follower.follow(definitions(tools));
    registered = new Map(tools.map((tool) => [tool.name, tool]));
    const indexed = [...change.added, ...change.changed];
    if (indexed.length > 0) emit({ type: "tools-indexed", tools: indexed });
  }

  const select = frameworkCallSelection(
    index,
    {
      where: "toolsiftMiddleware",
      onError,
      emit,
      listening: onEvent !== undefined,
      expectQuery: adapter === undefined ? undefined : (query) => adapter.expectQuery(query),
    },
    {
      maxTools,
      minRelevance: resolved.minRelevance,
      adaptive,
      alwaysActive,
      ...(allowedTools === undefined ? {} : { allowedTools: [...allowedTools] }),
      onNoMatch: options.onNoMatch,
      maxOfferAll: options.maxOfferAll,
      ...(options.smallCatalog === undefined ? {} : { smallCatalog: options.smallCatalog }),
      stableTools: stableTools ?? false,
    },
  );

  /** The tools for one call (provider tools passed through). */
  async function selectTools(
    offered: readonly LangChainTool[],
    messages: readonly unknown[],
  ): Promise<LangChainTool[]> {
    const selectable = offered.filter(isSelectableTool);
    if (selectable.length === 0) return [...offered];
    const names = await select({
      conversation: fromLangChainMessages(messages),
      prepare: () => follow(selectable),
      present: () => selectable.map((tool) => tool.name),
      available: () => offered.length,
    });
    const byName = new Map(selectable.map((tool) => [tool.name, tool]));
    const chosen = names.map((name) => byName.get(name)).filter((tool) => tool !== undefined);
    const passThrough = offered.filter((tool) => !isSelectableTool(tool));
    return [...chosen, ...passThrough];
  }

  const middleware = createMiddleware({
    name: "DynamicToolSelector",
    async wrapModelCall(request, handler) {
      const tools = await selectTools(request.tools ?? [], request.messages ?? []);
      return handler({ ...request, tools });
    },
  });

  const controls: ToolsiftMiddlewareControls = {
    index,
    async sync(tools) {
      await follow(tools === undefined ? [...registered.values()] : tools.filter(isSelectableTool));
    },
    async warmUp() {
      try {
        await index.warmUp();
      } catch (error) {
        if (onError === "throw") throw error;
        emit({
          type: "selection-failed",
          error,
          fallback: "all",
          message: `warming up the index failed; calls are offered ${everyTool} until selection succeeds`,
        });
      }
    },
  };
  return Object.assign(middleware, controls);
}

/** The middleware `toolsiftMiddleware` returns: a LangChain `AgentMiddleware` with `index`, `sync` and `warmUp`. */
export type ToolsiftMiddleware = ReturnType<typeof toolsiftMiddleware>;
