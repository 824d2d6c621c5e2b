// toolsiftMiddleware: a LangChain `createAgent` middleware that offers the model only the tools each call needs.

import { createMiddleware } from "langchain";
import type { EmbeddingModel } from "ai";
import { offerPolicy, pinnedNames, rankedNames, type OnNoMatch } from "../agent/offer-policy.js";
import { resolveSelectOptions, type ToolIndexOptions } from "../options.js";
import { createSerialQueue } from "../support/serial-queue.js";
import {
  booleanOption,
  choiceOption,
  functionOption,
  invalidOption,
  namesOption,
  optionsObject,
  rejectUnknownOptions,
} from "../support/validate-options.js";
import { createToolIndex, type ToolIndex } from "../tool-index.js";
import {
  fromLangChainEmbeddings,
  isLangChainEmbeddings,
  type LangChainEmbeddingModel,
  type LangChainEmbeddings,
} from "./embeddings-model.js";
import type { ToolsiftMiddlewareEvent } from "./events.js";
import { isSelectableTool, toolDefinition, type LangChainTool, type SelectableTool } from "./langchain-tools.js";
import { selectionQuery } from "./message-query.js";

/** Options of `toolsiftMiddleware`: the index options of `createToolIndex`, plus how each call selects. */
export interface ToolsiftMiddlewareOptions extends Omit<
  ToolIndexOptions,
  "embeddingModel" | "onError" | "onEvent" | "context"
> {
  /**
   * The agent's tools, indexed at start-up (give the same list as `createAgent({ tools })`). Tools
   * that appear later in a call's `request.tools` are indexed then; provider tools are ignored.
   * Default: none (the first call indexes what it is offered).
   */
  tools?: readonly LangChainTool[];
  /** Most tools ranked by relevance that a call is offered (`alwaysInclude` tools on top). Default 5; integer ≥ 1. */
  maxTools?: number;
  /**
   * Tool names offered on every call, on top of `maxTools` and not ranked. With `tools` given, each
   * name must be one of them. Default: none.
   */
  alwaysInclude?: readonly string[];
  /** Minimum relevance score (0–1) a ranked tool needs. Default 0. */
  threshold?: number;
  /**
   * Cut the ranked list at its score elbow (fewer than `maxTools` when the tail is weak). Default `false`:
   * always `maxTools`, as `top_k`.
   */
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
  /**
   * When nothing ranks for the query (or the conversation has no human text): `"all"` leaves the call
   * every tool; `"none"` offers only `alwaysInclude` and provider tools. Reported as `no-match` either
   * way. Default `"all"` (the same policy and default as `prepareStep` and the AI SDK middleware).
   */
  onNoMatch?: OnNoMatch;
  /**
   * Receives the index's events and the middleware's (`tools-selected`, `tools-indexed`, `no-match`,
   * `selection-failed`). Default: none.
   */
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

/** The `createToolIndex` options the middleware passes through (a missing or extra key fails the type check). */
const INDEX_OPTIONS = {
  k1: true,
  strategy: true,
  fusion: true,
  quantize: true,
  queryCacheSize: true,
  embeddingCache: true,
  dimensions: true,
  embeddingTimeout: true,
  maxParallelCalls: true,
  maxRetries: true,
  abortSignal: true,
  debug: true,
  fields: true,
  typoTolerance: true,
  abbreviations: true,
  wasm: true,
  queryExpansion: true,
  rerankerModel: true,
  enrichDescriptions: true,
  enrichmentModel: true,
  enrichmentCache: true,
} as const satisfies Record<
  Exclude<keyof ToolIndexOptions, "embeddingModel" | "onError" | "onEvent" | "context">,
  true
>;

const OWN_OPTIONS = [
  "tools",
  "maxTools",
  "alwaysInclude",
  "threshold",
  "adaptive",
  "embeddingModel",
  "onError",
  "onNoMatch",
  "onEvent",
] as const satisfies readonly (keyof ToolsiftMiddlewareOptions)[];

/**
 * A LangChain agent middleware (`createAgent({ middleware: [...] })`) whose `wrapModelCall` hands the
 * model only the tools that match the conversation: the top `maxTools` for the query read from the
 * messages (the same rule as the AI SDK adapters), plus `alwaysInclude`, plus every provider tool
 * untouched. Every tool stays registered with the agent, so any selected tool runs. Selection is local
 * (BM25F, optionally fused with embeddings): no extra model call.
 *
 * Throws `ToolsiftError` for invalid or unknown options and invalid tools, at creation.
 */
export function toolsiftMiddleware(options: ToolsiftMiddlewareOptions = {}) {
  const where = "toolsiftMiddleware";
  const given = optionsObject(where, options) ?? {};
  rejectUnknownOptions(where, given, [...OWN_OPTIONS, ...Object.keys(INDEX_OPTIONS)]);
  const { tools: initialTools = [], embeddingModel } = options;
  const indexOptions: Partial<ToolIndexOptions> = {};
  for (const name of Object.keys(INDEX_OPTIONS))
    if (given[name] !== undefined) Object.assign(indexOptions, { [name]: given[name] });
  if (!Array.isArray(initialTools)) invalidOption(where, "tools", "an array of LangChain tools", initialTools);
  const alwaysInclude = namesOption(where, "alwaysInclude", given.alwaysInclude, []);
  const adaptive = booleanOption(where, "adaptive", given.adaptive, false);
  const onError = choiceOption(where, "onError", given.onError, ON_ERROR, "fallbackAll");
  const onEvent = functionOption<(event: ToolsiftMiddlewareEvent) => void>(where, "onEvent", given.onEvent);
  // Validated now, so a bad value throws at start-up rather than on the first model call.
  const { maxTools, threshold } = resolveSelectOptions(
    { maxTools: options.maxTools, threshold: options.threshold },
    where,
  );
  const selectable = initialTools.filter(isSelectableTool);
  if (initialTools.length > 0) {
    const known = new Set(selectable.map((tool) => tool.name));
    alwaysInclude.forEach((name, position) => {
      if (!known.has(name)) invalidOption(where, `alwaysInclude[${position}]`, 'the name of one of the "tools"', name);
    });
  }

  // The index logs its own events with `debug`; the middleware logs the ones it adds.
  const indexEvent = (event: ToolsiftMiddlewareEvent): void => onEvent?.(event);
  const emit = (event: ToolsiftMiddlewareEvent): void => {
    if (options.debug) console.debug("[toolsift]", event);
    onEvent?.(event);
  };
  const policy = offerPolicy(where, { onNoMatch: options.onNoMatch }, emit);
  const adapter: LangChainEmbeddingModel | undefined = isLangChainEmbeddings(embeddingModel)
    ? fromLangChainEmbeddings(embeddingModel)
    : undefined;
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

  /** The tools for one call, or `undefined` to leave the request as it is (every tool). */
  async function selectTools(
    offered: readonly LangChainTool[],
    messages: readonly unknown[],
  ): Promise<LangChainTool[] | undefined> {
    const candidates = offered.filter(isSelectableTool);
    if (candidates.length === 0) return undefined;
    const present = new Set(candidates.map((tool) => tool.name));
    const query = selectionQuery(messages);
    const started = performance.now();
    let ranked: string[] = [];
    let pinned: string[] = alwaysInclude.filter((name) => present.has(name));
    if (query.length > 0) {
      const release = adapter?.expectQuery(query);
      try {
        await indexNewTools(candidates);
        const { results } = await index.selectWithScores(query, {
          maxTools,
          threshold,
          adaptive,
          alwaysActive: pinned,
          // Rank only what this call may offer (another middleware may have removed tools).
          ...(index.toolNames.length === present.size ? {} : { allowedTools: [...present] }),
        });
        ranked = rankedNames(results);
        pinned = pinnedNames(results);
      } catch (error) {
        const fallback = onError === "throw" ? "none" : "all";
        emit({
          type: "selection-failed",
          error,
          fallback,
          message:
            fallback === "all"
              ? "selecting tools failed; this call is offered every tool"
              : "selecting tools failed; the model call is rejected",
        });
        if (fallback === "none") throw error;
        return undefined;
      } finally {
        release?.();
      }
    }
    if (ranked.length === 0 && policy.noMatch(query)) return undefined;
    const names = [...ranked, ...pinned];
    const byName = new Map(candidates.map((tool) => [tool.name, tool]));
    const chosen = names.map((name) => byName.get(name)).filter((tool) => tool !== undefined);
    const passThrough = offered.filter((tool) => !isSelectableTool(tool));
    emit({
      type: "tools-selected",
      query,
      tools: names,
      available: offered.length,
      milliseconds: performance.now() - started,
    });
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
          message: "warming up the index failed; calls are offered every tool until selection succeeds",
        });
      }
    },
  };
  return Object.assign(middleware, controls);
}

/** The middleware `toolsiftMiddleware` returns: a LangChain `AgentMiddleware` with `index`, `sync` and `warmUp`. */
export type ToolsiftMiddleware = ReturnType<typeof toolsiftMiddleware>;

/** `toolsiftMiddleware` under its Python peer's name (`DynamicToolSelectorMiddleware`). */
export const dynamicToolSelectorMiddleware = toolsiftMiddleware;
