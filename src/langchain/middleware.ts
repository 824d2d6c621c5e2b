// toolsiftMiddleware: a LangChain `createAgent` middleware that offers the model only the tools each call needs.

import { createMiddleware } from "./langchain-runtime.js";
import type { EmbeddingModel } from "ai";
import { selectForCall, type CallSelectionSetup } from "../agent/call-selection.js";
import { cacheKeepingSelection } from "../agent/delivery/cache-keeping.js";
import { offerPolicy } from "../agent/offer-policy.js";
import { createSerialQueue } from "../support/serial-queue.js";
import { createToolIndex, type ToolIndex } from "../tool-index.js";
import { fromLangChainEmbeddings, isLangChainEmbeddings, type LangChainEmbeddingModel } from "./embeddings-model.js";
import type { ToolsiftMiddlewareEvent } from "./events.js";
import { isSelectableTool, toolDefinition, type LangChainTool, type SelectableTool } from "./langchain-tools.js";
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
  const { onNoMatch, maxOfferAll } = options;
  const policy = offerPolicy("toolsiftMiddleware", { onNoMatch, maxOfferAll }, emit);
  const adapter: LangChainEmbeddingModel | undefined = isLangChainEmbeddings(embeddingModel)
    ? fromLangChainEmbeddings(embeddingModel)
    : undefined;
  const index: ToolIndex = createToolIndex(
    selectable.map((tool) => toolDefinition(tool, emit)),
    {
      ...resolved.indexOptions,
      embeddingModel: (adapter ?? embeddingModel) as EmbeddingModel | undefined,
      // An embedding failure falls back to keywords inside the index (or throws); other failures reach selectTools.
      onError,
      // Only a listener the user gave: without one, the index's console line says how to pass it.
      onEvent: onEvent === undefined ? undefined : indexEvent,
    },
  );
  /** Every tool indexed so far, by name (the objects `sync()` re-reads). */
  let registered = new Map<string, SelectableTool>(selectable.map((tool) => [tool.name, tool]));

  // Catalog changes run one at a time, so two concurrent calls never add the same new tool twice.
  const catalogChanges = createSerialQueue();

  function indexNewTools(tools: readonly SelectableTool[]): Promise<void> {
    if (tools.every((tool) => registered.has(tool.name))) return Promise.resolve();
    return catalogChanges.run(async () => {
      const fresh = new Map<string, SelectableTool>();
      for (const tool of tools) if (!registered.has(tool.name) && !fresh.has(tool.name)) fresh.set(tool.name, tool);
      if (fresh.size === 0) return;
      await index.add([...fresh.values()].map((tool) => toolDefinition(tool, emit)));
      for (const [name, tool] of fresh) registered.set(name, tool);
      emit({ type: "tools-indexed", tools: [...fresh.keys()] });
    });
  }

  const selection: CallSelectionSetup = {
    index,
    maxTools,
    minRelevance: resolved.minRelevance,
    adaptive,
    policy,
    onError,
    everyTool,
    emit,
    expectQuery: adapter === undefined ? undefined : (query) => adapter.expectQuery(query),
  };

  const keepCache =
    stableTools === undefined
      ? undefined
      : cacheKeepingSelection(index, selection, {
          alwaysActive,
          ...(allowedTools === undefined ? {} : { allowedTools: [...allowedTools] }),
          onNoMatch,
          maxOfferAll,
          stableTools,
          onEvent: emit,
        });

  /** The tools for one call, or `undefined` to leave the request as it is (every tool). */
  async function selectTools(
    offered: readonly LangChainTool[],
    messages: readonly unknown[],
  ): Promise<LangChainTool[] | undefined> {
    const selectable = offered.filter(isSelectableTool);
    if (selectable.length === 0) return undefined;
    // allowedTools bounds every client tool the call is offered: ranked, pinned, companions and "every tool".
    const allowed = (tool: LangChainTool) =>
      allowedTools === undefined || !isSelectableTool(tool) || allowedTools.has(tool.name);
    const candidates = selectable.filter(allowed);
    /** Every tool the call may have: the request as it is, or its allowed and provider tools in their order. */
    const everyOffered = () => (allowedTools === undefined ? undefined : offered.filter(allowed));
    const present = new Set(candidates.map((tool) => tool.name));
    const names = await (keepCache === undefined
      ? selectForCall(selection, {
          conversation: fromLangChainMessages(messages),
          pinned: alwaysActive.filter((name) => present.has(name)),
          // Rank only what this call may offer (another middleware may have removed tools).
          ranking: () =>
            allowedTools === undefined && index.toolNames.length === present.size ? {} : { allowedTools: [...present] },
          toolCount: () => candidates.length,
          available: () => offered.length,
          beforeRanking: () => indexNewTools(selectable),
        })
      : keepCache({
          conversation: fromLangChainMessages(messages),
          prepare: () => indexNewTools(selectable),
          present: () => selectable.map((tool) => tool.name),
          available: () => offered.length,
        }));
    if (names === undefined) return everyOffered();
    const byName = new Map(candidates.map((tool) => [tool.name, tool]));
    const chosen = names.map((name) => byName.get(name)).filter((tool) => tool !== undefined);
    const passThrough = offered.filter((tool) => !isSelectableTool(tool));
    return [...chosen, ...passThrough];
  }

  const middleware = createMiddleware({
    name: "DynamicToolSelector",
    async wrapModelCall(request, handler) {
      const tools = await selectTools(request.tools ?? [], request.messages ?? []);
      return tools === undefined ? handler(request) : handler({ ...request, tools });
    },
  });

  const controls: ToolsiftMiddlewareControls = {
    index,
    sync(tools) {
      return catalogChanges.run(async () => {
        const list = tools === undefined ? [...registered.values()] : tools.filter(isSelectableTool);
        await index.sync(list.map((tool) => toolDefinition(tool, emit)));
        registered = new Map(list.map((tool) => [tool.name, tool]));
      });
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
