// The options of toolsiftMiddleware: their documentation, and their validation at creation (unknown names refused).

import type { EmbeddingModel } from "ai";
import type { OnNoMatch } from "../agent/offer-policy.js";
import { OPTION_TABLE, optionNames } from "../option-table.js";
import { MODEL_OPTION_TABLE, ROOT_OPTION_TABLE } from "../tool-index/model-option-table.js";
import { type CatalogOptions, type ToolIndexOptions } from "../options.js";
import { resolveSelectOptions } from "../resolve-select-options.js";
import {
  booleanOption,
  choiceOption,
  functionOption,
  invalidOption,
  knownTableOptions,
  namesOption,
} from "../support/validate-options.js";
import { refuseUnknownNames } from "../support/unknown-names.js";
import { stableToolsSetting } from "../agent/delivery/stable-tools.js";
import type { LangChainEmbeddings } from "./embeddings-model.js";
import type { ToolsiftMiddlewareEvent } from "./events.js";
import { isSelectableTool, type LangChainTool, type SelectableTool } from "./langchain-tools.js";

/** Options of `toolsiftMiddleware`: the index options of `createToolIndex`, plus how each call selects. */
export interface ToolsiftMiddlewareOptions extends Omit<
  ToolIndexOptions,
  "embeddingModel" | "onError" | "onEvent" | "catalog" | "embeddingCache" | "enrichDescriptions"
> {
  /** How the catalog is read: bounds on its text (LangChain tools have no description functions to give a context). */
  catalog?: Omit<CatalogOptions, "context">;
  /**
   * The agent's tools, indexed at start-up (give the same list as `createAgent({ tools })`). Tools
   * that appear later in a call's `request.tools` are indexed then; provider tools are ignored.
   * Default: none (the first call indexes what it is offered).
   */
  tools?: readonly LangChainTool[];
  /** Most tools ranked by relevance that a call is offered (`alwaysActive` tools on top). Default 5; integer ≥ 1. */
  maxTools?: number;
  /**
   * Tool names offered on every call, on top of `maxTools` and not ranked. With `tools` given, each
   * name must be one of them. Default: none.
   */
  alwaysActive?: readonly string[];
  /**
   * The only client tools a call may be offered, as `allowedTools` bounds `prepareStep` and the AI SDK middleware:
   * only these are ranked, pinned (`alwaysActive`), added as related or learnt tools, and "every tool" (no human
   * text, `onNoMatch: "all"`, the fallback after a failed selection) means every allowed tool the call has.
   * Provider tools pass through as always. Names no tool has are accepted (a tool may reach the agent later) and
   * offer nothing; they do not count against `maxOfferAll`. Default: every tool; an array of tool names.
   */
  allowedTools?: readonly string[];
  /**
   * Least relevance (0–1) a ranked tool needs (select's `minRelevance`: the weighted share of the query's words it
   * matches); a query no tool answers then ranks nothing. Default `DEFAULT_MIN_RELEVANCE`; 0 turns it off.
   */
  minRelevance?: number;
  /**
   * Cut the ranked list at its score elbow (fewer than `maxTools` when the tail is weak), as in `select`. Default
   * `true`; `false` always offers `maxTools` ranked tools, as the Python middleware's `top_k`.
   */
  adaptive?: boolean;
  /**
   * An AI SDK embedding model, or a LangChain `Embeddings` object (`OpenAIEmbeddings`, ...), adapted
   * with `fromLangChainEmbeddings` (tool texts through `embedDocuments`, the query through `embedQuery`).
   * Enables the `"semantic"` and `"combined"` strategies. Default: none (keyword ranking). toolsift calls the
   * model's own `doEmbed`, so the `ai` package is not needed (only a model id string needs it).
   */
  embeddingModel?: EmbeddingModel | LangChainEmbeddings;
  /**
   * When selection fails, as `createToolIndex`'s `onError`: `"fallback"` ranks by keywords when embedding fails
   * (event `embedding-failed`); on any other failure the call gets every tool it may have up to `maxOfferAll`, else
   * only the tools kept anyway (event `selection-failed`: the failure policy of every adapter, step-selection.ts);
   * `"throw"` rejects the model call. Default `"fallback"`.
   */
  onError?: "fallback" | "throw";
  /**
   * When nothing ranks: `"all"` leaves the call every tool (at most `maxOfferAll`); `"none"` offers only
   * `alwaysActive` and provider tools; `"guess"` the ranking's best few guesses when the best shows evidence of a task.
   * Default: `"all"` when the conversation has no human text yet; when no tool is relevant to the query, a small
   * catalog whole, guesses above 20 tools, else none; a value given applies to every case. Reported as `no-match`
   * with its `reason` (the same policy and defaults as `prepareStep` and the AI SDK middleware).
   */
  onNoMatch?: OnNoMatch;
  /**
   * The most tools "every tool" may mean: above it, a call `onNoMatch` would give every tool gets only
   * `alwaysActive` and provider tools (`no-match` with `guard`). Default 30; an integer ≥ 0, or `Infinity`.
   */
  maxOfferAll?: number;
  /**
   * A catalog small enough to bind whole (at most `tools` tools, about `tokens` tokens of definitions): every call of a
   * turn that is not chat only gets all of it, as `prepareStep` offers it. Default `{ tools: 20, tokens: 3000 }`;
   * `false`: always select.
   */
  smallCatalog?: boolean | { tools?: number; tokens?: number };
  /**
   * Keep the provider's prompt cache, as `prepareStep`'s default does in the AI SDK loop (the same rule, options and
   * code): the tools bound change only when a call needs a tool the set does not offer, new tools join at the end with
   * their family (an MCP server's tools, or the tools sharing a description's opening), and within a run the set only
   * grows, so each request's tools block is the one before or extends it (`tools-changed` events report each change
   * and its rough token cost). `{ maxTools }`: at a turn that needs a new tool anyway, the set is cut to this many
   * (default 64). Default `true`; `false` binds each call its own selection (the fewest tools per call, for single
   * calls and uncached providers: it changes the tools block on most calls, so each re-bills the cached prompt).
   */
  stableTools?: boolean | { maxTools?: number };
  /**
   * Receives the index's events and the middleware's (`tools-selected`, `tools-indexed`, `no-match`,
   * `selection-failed`, and with `stableTools` `tools-changed`). Default: none.
   */
  onEvent?: (event: ToolsiftMiddlewareEvent) => void;
}

const ON_ERROR = ["fallback", "throw"] as const;

/** The middleware's options that are not in the option table (option-table.ts), whose `l` options it takes too. */
const OWN_OPTIONS = [
  "tools",
  "embeddingModel",
  "onNoMatch",
  "maxOfferAll",
  "smallCatalog",
  "stableTools",
  "onEvent",
] as const satisfies readonly (keyof ToolsiftMiddlewareOptions)[];

/** The `createToolIndex` options the middleware passes through: the table's `l` options the root index takes. */
const INDEX_OPTIONS = optionNames("l", ROOT_OPTION_TABLE).filter((name) =>
  optionNames("i", ROOT_OPTION_TABLE).includes(name),
);

/** The middleware's options, validated, with defaults applied. */
export interface ResolvedMiddlewareOptions {
  /** The selectable tools among `tools`. */
  readonly selectable: SelectableTool[];
  readonly maxTools: number;
  readonly minRelevance: number;
  readonly adaptive: boolean;
  readonly alwaysActive: readonly string[];
  /** `undefined`: every tool. */
  readonly allowedTools: ReadonlySet<string> | undefined;
  readonly embeddingModel: EmbeddingModel | LangChainEmbeddings | undefined;
  readonly onError: (typeof ON_ERROR)[number];
  readonly onEvent: ((event: ToolsiftMiddlewareEvent) => void) | undefined;
  /** `stableTools` as given (`true` when not given), or `undefined` when it is off. */
  readonly stableTools: NonNullable<ToolsiftMiddlewareOptions["stableTools"]> | undefined;
  /** The options passed through to `createToolIndex` (it validates their values). */
  readonly indexOptions: Partial<ToolIndexOptions>;
}

/** Validates `toolsiftMiddleware`'s options (throwing INVALID_OPTION / UNKNOWN_OPTION) and applies defaults. */
export function resolveMiddlewareOptions(options: ToolsiftMiddlewareOptions): ResolvedMiddlewareOptions {
  const where = "toolsiftMiddleware";
  const given = knownTableOptions(where, options, "l", OWN_OPTIONS, ROOT_OPTION_TABLE) ?? {};
  const { tools: initialTools = [], embeddingModel } = options;
  const indexOptions: Partial<ToolIndexOptions> = {};
  for (const name of INDEX_OPTIONS) {
    if (given[name] !== undefined) Object.assign(indexOptions, { [name]: given[name] });
  }
  if (!Array.isArray(initialTools)) invalidOption(where, "tools", "an array of LangChain tools", initialTools);
  const alwaysActive = namesOption(where, "alwaysActive", given.alwaysActive, []);
  const adaptive = booleanOption(where, "adaptive", given.adaptive, OPTION_TABLE.adaptive.default);
  const onError = choiceOption(where, "onError", given.onError, ON_ERROR, MODEL_OPTION_TABLE.onError.default);
  const onEvent = functionOption<(event: ToolsiftMiddlewareEvent) => void>(where, "onEvent", given.onEvent);
  const stableTools = stableToolsSetting(where, given.stableTools);
  // Validated now, so a bad value throws at start-up rather than on the first model call.
  const { maxTools, minRelevance, allowedTools } = resolveSelectOptions(
    {
      maxTools: options.maxTools,
      minRelevance: options.minRelevance,
      allowedTools: options.allowedTools,
    },
    where,
  );
  const selectable = initialTools.filter(isSelectableTool);
  if (initialTools.length > 0) {
    const known = selectable.map((tool) => tool.name);
    refuseUnknownNames(where, "alwaysActive", alwaysActive, known, 'one of the "tools"');
  }
  return {
    selectable,
    maxTools,
    minRelevance,
    adaptive,
    alwaysActive,
    allowedTools,
    embeddingModel,
    onError,
    onEvent,
    stableTools,
    indexOptions,
  };
}
