// toolsiftMiddleware: a LangChain `createAgent` middleware that offers the model only the tools each call needs.

import { createMiddleware } from "langchain";
import type { EmbeddingModel } from "ai";
import { ToolsiftError } from "../errors.js";
import { resolveSelectOptions, type ToolIndexOptions } from "../options.js";
import { createToolIndex, type ToolIndex } from "../tool-index.js";
import { fromLangChainEmbeddings, isLangChainEmbeddings, type LangChainEmbeddingModel, type LangChainEmbeddings } from "./embeddings-model.js";
import type { ToolsiftMiddlewareEvent } from "./events.js";
import { isSelectableTool, toolDefinition, type LangChainTool, type SelectableTool } from "./langchain-tools.js";
import { selectionQuery } from "./message-query.js";

/** Options of `toolsiftMiddleware`: the index options of `createToolIndex`, plus how each call selects. */
export interface ToolsiftMiddlewareOptions extends Omit<ToolIndexOptions, "embeddingModel" | "onError" | "onEvent" | "context"> {
  /**
   * The agent's tools, indexed at start-up (give the same list as `createAgent({ tools })`). Tools
   * that appear later in a call's `request.tools` are indexed then; provider tools are ignored.
   * Default: none (the first call indexes what it is offered).
   */
  tools?: readonly LangChainTool[];
  /** Most tools ranked by relevance that a call is offered (`alwaysInclude` tools come on top). Default 5; integer ≥ 1. */
  maxTools?: number;
  /**
   * Tool names offered on every call, on top of `maxTools` and not ranked. With `tools` given, each
   * name must be one of them. Default: none.
   */
  alwaysInclude?: readonly string[];
  /** Minimum relevance score (0–1) a ranked tool needs. Default 0. */
  threshold?: number;
  /** Cut the ranked list at its score elbow (fewer than `maxTools` when the tail is weak). Default `false`: always `maxTools`, as `top_k`. */
  adaptive?: boolean;
  /**
   * An AI SDK embedding model, or a LangChain `Embeddings` object (`OpenAIEmbeddings`, ...), adapted
   * with `fromLangChainEmbeddings` (tool texts through `embedDocuments`, the query through `embedQuery`).
   * Enables the `"semantic"` and `"combined"` strategies. Default: none (keyword ranking). The adapter
   * runs through the AI SDK's `embedMany`, so the `ai` package must be installed.
   */
  embeddingModel?: EmbeddingModel | LangChainEmbeddings;
  /**
   * When selection fails: `"fallbackAll"` offers that call every tool and reports `selection-failed`;
   * `"fallbackKeyword"` ranks by keywords when embedding fails (toolsift's own fallback) and offers every
   * tool on any other failure; `"throw"` rejects the model call. Default `"fallbackAll"`.
   */
  onError?: "fallbackAll" | "fallbackKeyword" | "throw";
  /** Receives the index's events and the middleware's (`tools-selected`, `tools-indexed`, `no-match`, `selection-failed`). */
  onEvent?: (event: ToolsiftMiddlewareEvent) => void;
}

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

const ON_ERROR = ["fallbackAll", "fallbackKeyword", "throw"] as const;

/**
 * A LangChain agent middleware (`createAgent({ middleware: [...] })`) whose `wrapModelCall` hands the
 * model only the tools that match the conversation: the top `maxTools` for the latest user message
 * (joined with the previous one when it is a short follow-up), plus `alwaysInclude`, plus every
 * provider tool untouched. Every tool stays registered with the agent, so any selected tool runs.
 * Selection is local (BM25F, optionally fused with embeddings): no extra model call.
 *
 * Throws `ToolsiftError` for invalid options or tools.
 */
export function toolsiftMiddleware(options: ToolsiftMiddlewareOptions = {}) {
  const { tools: initialTools = [], maxTools = 5, alwaysInclude = [], threshold, adaptive = false, embeddingModel, onError = "fallbackAll", onEvent, ...indexOptions } = options;
  if (!ON_ERROR.includes(onError)) {
    throw new ToolsiftError("INVALID_OPTION", `Option "onError" must be one of "fallbackAll", "fallbackKeyword", "throw", got ${JSON.stringify(onError)}.`, { option: "onError", value: onError });
  }
  if (!Array.isArray(initialTools)) {
    throw new ToolsiftError("INVALID_OPTION", `Option "tools" must be an array of LangChain tools, got ${typeof initialTools}.`, { option: "tools" });
  }
  // Validated now, so a bad value throws at start-up rather than on the first model call.
  resolveSelectOptions({ maxTools, threshold, adaptive, alwaysActive: alwaysInclude });
  const selectable = initialTools.filter(isSelectableTool);
  if (initialTools.length > 0) {
    const known = new Set(selectable.map((tool) => tool.name));
    const unknown = alwaysInclude.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw new ToolsiftError("INVALID_OPTION", `Option "alwaysInclude" names tools that are not in "tools": ${unknown.map((name) => JSON.stringify(name)).join(", ")}.`, { option: "alwaysInclude", value: unknown });
    }
  }

  // The index logs its own events with `debug`; the middleware logs the ones it adds.
  const indexEvent = (event: ToolsiftMiddlewareEvent): void => onEvent?.(event);
  const emit = (event: ToolsiftMiddlewareEvent): void => {
    if (options.debug) console.debug("[toolsift]", event);
    onEvent?.(event);
  };
  const adapter: LangChainEmbeddingModel | undefined = isLangChainEmbeddings(embeddingModel) ? fromLangChainEmbeddings(embeddingModel) : undefined;
  const index: ToolIndex = createToolIndex(
    selectable.map((tool) => toolDefinition(tool, emit)),
    {
      ...indexOptions,
      embeddingModel: (adapter ?? embeddingModel) as EmbeddingModel | undefined,
      // "fallbackAll" and "throw" need the failure itself; "fallbackKeyword" lets the index rank by keywords.
      onError: onError === "fallbackKeyword" ? "fallback" : "throw",
      onEvent: indexEvent,
    },
  );
  /** Every tool indexed so far, by name (the objects `sync()` re-reads). */
  let registered = new Map<string, SelectableTool>(selectable.map((tool) => [tool.name, tool]));

  // Catalog changes run one at a time, so two concurrent calls never add the same new tool twice.
  let queue: Promise<unknown> = Promise.resolve();
  function serialized(task: () => Promise<void>): Promise<void> {
    const run = queue.then(task);
    // The caller sees a failure through `run`; the queue itself moves on.
    queue = run.catch(() => undefined);
    return run;
  }

  function indexNewTools(tools: readonly SelectableTool[]): Promise<void> {
    if (tools.every((tool) => registered.has(tool.name))) return Promise.resolve();
    return serialized(async () => {
      const fresh = new Map<string, SelectableTool>();
      for (const tool of tools) if (!registered.has(tool.name) && !fresh.has(tool.name)) fresh.set(tool.name, tool);
      if (fresh.size === 0) return;
      await index.add([...fresh.values()].map((tool) => toolDefinition(tool, emit)));
      for (const [name, tool] of fresh) registered.set(name, tool);
      emit({ type: "tools-indexed", tools: [...fresh.keys()] });
    });
  }

  /** The tools for one call, or `undefined` to leave the request as it is. */
  async function selectTools(offered: readonly LangChainTool[], messages: readonly unknown[]): Promise<LangChainTool[] | undefined> {
    const candidates = offered.filter(isSelectableTool);
    if (candidates.length === 0) return undefined;
    const query = selectionQuery(messages);
    if (query.length === 0) return undefined;
    const started = performance.now();
    const release = adapter?.expectQuery(query);
    let names: string[];
    try {
      await indexNewTools(candidates);
      const present = new Set(candidates.map((tool) => tool.name));
      names = await index.select(query, {
        maxTools,
        threshold,
        adaptive,
        alwaysActive: alwaysInclude.filter((name) => present.has(name)),
        // Rank only what this call may offer (another middleware may have removed tools).
        ...(index.toolNames.length === present.size ? {} : { allowedTools: [...present] }),
      });
    } catch (error) {
      const fallback = onError === "throw" ? "none" : "all";
      emit({ type: "selection-failed", error, fallback, message: fallback === "all" ? "selecting tools failed; this call is offered every tool" : "selecting tools failed; the model call is rejected" });
      if (fallback === "none") throw error;
      return undefined;
    } finally {
      release?.();
    }
    if (names.length === 0) {
      emit({ type: "no-match", query, message: "no tool matched the query; this call is offered every tool" });
      return undefined;
    }
    const byName = new Map(candidates.map((tool) => [tool.name, tool]));
    const chosen = names.map((name) => byName.get(name)).filter((tool) => tool !== undefined);
    const passThrough = offered.filter((tool) => !isSelectableTool(tool));
    emit({ type: "tools-selected", query, tools: names, available: offered.length, milliseconds: performance.now() - started });
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
      return serialized(async () => {
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
        emit({ type: "selection-failed", error, fallback: "all", message: "warming up the index failed; calls are offered every tool until selection succeeds" });
      }
    },
  };
  return Object.assign(middleware, controls);
}

/** The middleware `toolsiftMiddleware` returns: a LangChain `AgentMiddleware` with `index`, `sync` and `warmUp`. */
export type ToolsiftMiddleware = ReturnType<typeof toolsiftMiddleware>;

/** `toolsiftMiddleware` under the name of its Python peer (`DynamicToolSelectorMiddleware`, langchain-dynamic-tools-middleware). */
export const dynamicToolSelectorMiddleware = toolsiftMiddleware;
