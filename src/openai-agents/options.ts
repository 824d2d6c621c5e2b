// The options of toolsiftAgent: their documentation, and their validation at creation (unknown names refused).

import type { EmbeddingModel } from "ai";
import { stableToolsSetting } from "../agent/delivery/stable-tools.js";
import type { OnNoMatch } from "../agent/offer-policy.js";
import type { McpEvent } from "../events.js";
import type { ToolsiftMiddlewareEvent } from "../langchain/events.js";
import { optionNames } from "../option-table.js";
import type { ToolIndexOptions } from "../options.js";
import { resolveSelectOptions, type ResolvedSelectOptions } from "../resolve-select-options.js";
import { MODEL_OPTION_TABLE, ROOT_OPTION_TABLE } from "../tool-index/model-option-table.js";
import { choiceOption, functionOption, knownTableOptions } from "../support/validate-options.js";

/**
 * Everything `toolsiftAgent({ onEvent })` receives: the index's events (`mcp-server-failed` and `mcp-tool-skipped` for
 * the agent's MCP servers among them) and the same per-call events as the LangChain middleware (`tools-selected`,
 * `no-match`, `selection-failed`).
 */
export type ToolsiftAgentEvent = ToolsiftMiddlewareEvent | McpEvent;

/**
 * Options of `toolsiftAgent`: the index options of `createToolIndex`, plus how each model call selects (the same
 * options, defaults and ranges as LangChain's `toolsiftMiddleware`).
 */
export interface ToolsiftAgentOptions extends Omit<
  ToolIndexOptions,
  "embeddingModel" | "onError" | "onEvent" | "embeddingCache" | "enrichDescriptions"
> {
  /** Most ranked tools a model call is offered (`alwaysActive` tools on top). Default 5; integer ≥ 1. */
  maxTools?: number;
  /**
   * Tools offered on every model call, on top of `maxTools`: the name of one of the agent's function tools, or
   * `<server>__<tool>` for a tool of one of its MCP servers. Default: none.
   */
  alwaysActive?: readonly string[];
  /**
   * The only tools a model call may be offered (function tools by name, MCP tools as `<server>__<tool>`); "every tool"
   * then means every allowed tool. Default: every tool.
   */
  allowedTools?: readonly string[];
  /** Least relevance (0–1) a ranked tool needs (select's `minRelevance`). Default 0.15; 0 turns it off. */
  minRelevance?: number;
  /** Cut the ranked list at its score elbow, as in `select`. Default `true`. */
  adaptive?: boolean;
  /** An AI SDK embedding model: the `"semantic"` and `"combined"` strategies. Default: none (keyword ranking). */
  embeddingModel?: EmbeddingModel;
  /**
   * When selection fails: `"fallback"` ranks by keywords when embedding fails; on any other failure the model call gets
   * every tool up to `maxOfferAll`, else only the tools kept anyway (`selection-failed`: the failure policy of every
   * adapter); `"throw"` rejects the run. Default `"fallback"`.
   */
  onError?: "fallback" | "throw";
  /**
   * When nothing ranks: `"all"` every tool (at most `maxOfferAll`), `"none"` only `alwaysActive` tools, `"guess"` the
   * ranking's best few guesses when the best shows evidence of a task. Default `"all"` when the run has no user text;
   * when no tool is relevant, the same defaults as `prepareStep` (a small catalog whole, guesses above 20 tools, else
   * none); reported as `no-match`.
   */
  onNoMatch?: OnNoMatch;
  /** The most tools "every tool" may mean. Default 30; an integer ≥ 0, or `Infinity`. */
  maxOfferAll?: number;
  /**
   * A catalog small enough to bind whole (at most `tools` tools, about `tokens` tokens of definitions): every call of a
   * turn that is not chat only gets all of it, as `prepareStep` offers it. Default `{ tools: 20, tokens: 3000 }`;
   * `false`: always select.
   */
  smallCatalog?: boolean | { tools?: number; tokens?: number };
  /**
   * Keep the provider's prompt cache, as `prepareStep`'s default does in the AI SDK loop (the same rule, options and
   * code): the tools a model call is offered change only when a call needs a tool the set does not offer, new tools
   * join at the end of the request's tools with their family (an MCP server's tools, or the tools sharing a
   * description's opening), and within a run the set only grows, so each request's tools are the ones before or extend
   * them (`tools-changed` events report each change and its rough token cost). `{ maxTools }`: at a turn that needs a
   * new tool anyway, the set is cut to this many (default 64; integer ≥ 1). Default `true`; `false` offers each model
   * call its own selection (the fewest tools per call, for single calls and uncached providers: it changes the tools on
   * most calls, so each re-bills the cached prompt).
   */
  stableTools?: boolean | { maxTools?: number };
  /**
   * Receives the index's events and the agent's (`tools-selected`, `no-match`, `selection-failed`, MCP events, and
   * with `stableTools` `tools-changed`).
   */
  onEvent?: (event: ToolsiftAgentEvent) => void;
}

/** The adapter's options that are not in the option table, whose `l` (LangChain middleware) options it takes too. */
const OWN_OPTIONS = ["embeddingModel", "onNoMatch", "maxOfferAll", "smallCatalog", "stableTools", "onEvent"] as const;

/** The `createToolIndex` options passed through: the table's `l` options the root index takes. */
const INDEX_OPTIONS = optionNames("l", ROOT_OPTION_TABLE).filter((name) =>
  optionNames("i", ROOT_OPTION_TABLE).includes(name),
);

const ON_ERROR = ["fallback", "throw"] as const;

/** The options, validated, with defaults applied. */
export interface ResolvedAgentOptions extends Pick<
  ResolvedSelectOptions,
  "maxTools" | "minRelevance" | "adaptive" | "alwaysActive" | "allowedTools"
> {
  readonly onError: (typeof ON_ERROR)[number];
  readonly onEvent: ((event: ToolsiftAgentEvent) => void) | undefined;
  /** `stableTools` as given (`true` when not given), or `undefined` when it is off. */
  readonly stableTools: true | { maxTools?: number } | undefined;
  readonly indexOptions: Partial<ToolIndexOptions>;
}

/** Validates `toolsiftAgent`'s options (INVALID_OPTION / UNKNOWN_OPTION, naming the option) and applies defaults. */
export function resolveAgentOptions(where: string, options: ToolsiftAgentOptions): ResolvedAgentOptions {
  const given = knownTableOptions(where, options, "l", OWN_OPTIONS, ROOT_OPTION_TABLE) ?? {};
  const indexOptions: Partial<ToolIndexOptions> = {};
  for (const name of INDEX_OPTIONS) {
    if (given[name] !== undefined) Object.assign(indexOptions, { [name]: given[name] });
  }
  if (given.embeddingModel !== undefined) indexOptions.embeddingModel = given.embeddingModel as EmbeddingModel;
  const { maxTools, minRelevance, adaptive, alwaysActive, allowedTools } = resolveSelectOptions(
    {
      maxTools: options.maxTools,
      minRelevance: options.minRelevance,
      adaptive: options.adaptive,
      alwaysActive: options.alwaysActive,
      allowedTools: options.allowedTools,
    },
    where,
  );
  return {
    maxTools,
    minRelevance,
    adaptive,
    alwaysActive,
    allowedTools,
    onError: choiceOption(where, "onError", given.onError, ON_ERROR, MODEL_OPTION_TABLE.onError.default),
    onEvent: functionOption<(event: ToolsiftAgentEvent) => void>(where, "onEvent", given.onEvent),
    stableTools: stableToolsSetting(where, given.stableTools),
    indexOptions,
  };
}
