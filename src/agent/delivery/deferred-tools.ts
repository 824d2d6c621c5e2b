// index.deferredTools(): the app's tools marked for provider-native deferral, plus a tool search toolsift answers.

import type { Tool } from "ai";
import { ToolsiftError } from "../../errors.js";
import {
  choiceOption,
  countOption,
  invalidOption,
  namesOption,
  optionsObject,
  rejectUnknownOptions,
  stringOption,
} from "../../support/validate-options.js";
import { refuseUnknownNames } from "../../support/unknown-names.js";
import { LOOP_SEARCH, type SelectOptions } from "../../options.js";
import { refuseUnindexedTools } from "./unindexed-tools.js";
import { pickSelectOptions } from "../select-options.js";
import type { ToolSelector } from "../tool-selector.js";
import {
  createPreloadStep,
  searchResultDelivery,
  systemMessageDelivery,
  type PreloadInput,
  type PreloadResult,
  type ResolvedDeferral,
} from "./deferred-preload.js";
import { searchAnswer, type SearchAnswer } from "../../search/search-answer.js";
import { ToolDefinitions } from "./tool-definitions.js";
import {
  DEFERRAL_PROVIDERS,
  functionDefinition,
  omittedFromRequest,
  providerShapes,
  type DeferralProvider,
  type ProviderShapes,
} from "./deferred-provider-shapes.js";

export type { DeferralProvider } from "./deferred-provider-shapes.js";

/**
 * Options of `index.deferredTools(tools, options)`. `minRelevance` and `maxCompanions` are passed to each selection
 * (a search, a preload) as in `select`; related tools are the index's `relatedTools`.
 */
export interface DeferredToolsOptions extends Pick<SelectOptions, "minRelevance" | "maxCompanions"> {
  /**
   * Whose deferral the tools are marked for: `"anthropic"` (`defer_loading` tools, a client-side search whose
   * results are `tool_reference` blocks) or `"openai"` (Responses API: `defer_loading` functions and a client-executed
   * `tool_search`). Required.
   */
  provider: DeferralProvider;
  /**
   * Ranked tools a search (and a turn's preload) loads at most, best first; tools learnt to go with them (`learn`,
   * `relatedTools`) come on top, as in `select`. Not cut at the score elbow (there is no `adaptive` here): a loaded
   * definition is billed once and then read from the cache, while a missing one costs the model a search step.
   * Default 5; integer ≥ 1.
   */
  maxResults?: number;
  /** Tools sent in full on every request (never deferred), e.g. the few the agent uses all the time. Default none. */
  alwaysActive?: readonly string[];
  /** Key of the search tool in the returned `tools`. Default `"search_tools"`; a non-empty string, not a tool name. */
  searchToolName?: string;
  /** The search tool's description, what the model reads. Default: a sentence saying what it does. */
  description?: string;
  /**
   * Load the selection without the model asking: after each user message and each step's tool results, `prepareStep`
   * adds the messages that load the tools toolsift selects for the conversation up to there (those not loaded before
   * in it; nothing when none is new), so they are callable on the next step. The messages are re-derived on every
   * step and turn, memoised per index in this process by a hash of the conversation up to there, so the app stores
   * its usual messages and every request extends the one before. Default `true`; `false` leaves searching to the
   * model.
   * - `true`: a search call and its result, as if the model had searched (Anthropic `tool_reference` blocks, OpenAI
   *   `tool_search_output`).
   * - `"tool-changes"` (Anthropic, beta): a mid-conversation system message of `tool_addition`s by reference.
   * - `"additional-tools"` (OpenAI): an `additional_tools` item with the definitions; the deferred tools are then
   *   left out of the request's tools array (`omitFromRequestTools`), not sent with `defer_loading`, so their names
   *   and descriptions are not in the prefix either. The model's own searches still answer with `tool_search_output`
   *   (OpenAI's documentation we read does not say whether it loads a tool absent from the tools array).
   * The last two are system messages: the result then carries `allowSystemInMessages: true`, which the AI SDK needs.
   */
  preload?: boolean | "tool-changes" | "additional-tools";
}

/** What `index.deferredTools()` returns: spread it into `generateText`, `streamText` or `new ToolLoopAgent`. */
export interface DeferredTools<TOOLS> {
  /** The app's tools (copies, each deferred unless `alwaysActive`) and the search tool under `searchToolName`. */
  readonly tools: TOOLS & Record<string, Tool>;
  /** Adds the preloads (see `preload`); returns `{}` when `preload` is `false`. */
  readonly prepareStep: (step: PreloadInput) => Promise<PreloadResult>;
  /** Set with `preload: "tool-changes"` or `"additional-tools"`: the AI SDK refuses system messages without it. */
  readonly allowSystemInMessages?: true;
}

const OPTION_NAMES = [
  "provider",
  "maxResults",
  "alwaysActive",
  "searchToolName",
  "description",
  "preload",
  "minRelevance",
  "maxCompanions",
] as const satisfies readonly (keyof DeferredToolsOptions)[];

const DEFAULT_DESCRIPTION =
  "Search the tool catalog: describe what you need in a few words; the tools found are loaded and callable " +
  "from your next step on.";

/**
 * Builds the deferred tool set (options validated here). `tools` is the app's AI SDK `ToolSet` whose names are the
 * index's catalog; it is not changed.
 */
export function createDeferredTools<TOOLS extends Record<string, unknown>>(
  index: ToolSelector,
  tools: TOOLS,
  options: DeferredToolsOptions,
): DeferredTools<TOOLS> {
  const where = "deferredTools";
  if (typeof tools !== "object" || tools === null || Array.isArray(tools)) {
    invalidOption(where, "tools", "an AI SDK ToolSet (an object of tools by name)", tools);
  }
  if (options === undefined)
    invalidOption(where, "options", 'an object with provider "anthropic" or "openai"', options);
  const given = optionsObject(where, options) ?? {};
  if (given.adaptive !== undefined) {
    // Measured (bench/session-cost.mjs): cutting at the elbow here served fewer calls (82.2% → 79.8%) for 4% less bill.
    throw new ToolsiftError(
      "UNKNOWN_OPTION",
      `${where}: option "adaptive" is not taken here: a search or preload always loads maxResults ranked tools, ` +
        `since a loaded definition is billed once and then read from the cache, while a missing one costs a search.`,
      { option: "adaptive" },
    );
  }
  rejectUnknownOptions(where, given, OPTION_NAMES);
  if (given.provider === undefined) invalidOption(where, "provider", 'one of "anthropic", "openai"', given.provider);
  const provider = choiceOption(where, "provider", given.provider, DEFERRAL_PROVIDERS, "anthropic");
  const maxResults = countOption(where, "maxResults", given.maxResults, 5);
  const searchToolName = stringOption(where, "searchToolName", given.searchToolName, "search_tools");
  const description = stringOption(where, "description", given.description, DEFAULT_DESCRIPTION);
  const preload = preloadOption(where, given.preload, provider);
  const alwaysActive = new Set(namesOption(where, "alwaysActive", given.alwaysActive, []));
  refuseUnknownNames(where, "alwaysActive", alwaysActive, Object.keys(tools), "one of the tools");
  if (searchToolName in tools) {
    invalidOption(where, "searchToolName", "a name that is not one of the app's tools", searchToolName);
  }
  const names = Object.keys(tools);
  const deferred = names.filter((name) => !alwaysActive.has(name));
  refuseUnindexedTools(where, index.toolNames, deferred, () => false);
  const resolved: ResolvedDeferral = {
    provider,
    maxResults,
    alwaysActive,
    searchToolName,
    deferred,
    // alwaysActive tools are sent in full, so a selection has no need to pin them.
    selectOptions: {
      ...pickSelectOptions(where, given),
      adaptive: false,
      alwaysActive: undefined,
      maxTools: maxResults,
      allowedTools: deferred,
    },
  };
  const shapes = providerShapes(provider);
  const additionalTools = preload === "additional-tools";
  const copies: Record<string, unknown> = {};
  for (const name of names) {
    const tool = tools[name];
    copies[name] = alwaysActive.has(name) ? tool : additionalTools ? omittedFromRequest(tool) : shapes.deferred(tool);
  }
  const definitions = new ToolDefinitions(tools);
  const search = (query: string) => searchDeferred(index, resolved, definitions, query);
  copies[searchToolName] = shapes.searchTool({ description, search, tools });
  return { tools: copies as TOOLS & Record<string, Tool>, ...preloadStep(index, resolved, shapes, preload, tools) };
}

/** The `prepareStep` of a `preload` choice, with `allowSystemInMessages` when it adds system messages. */
function preloadStep(
  index: ToolSelector,
  resolved: ResolvedDeferral,
  shapes: ProviderShapes,
  preload: PreloadChoice,
  tools: Readonly<Record<string, unknown>>,
): Pick<DeferredTools<unknown>, "prepareStep" | "allowSystemInMessages"> {
  if (preload === false) return { prepareStep: async () => ({}) };
  if (preload === true) {
    const delivery = searchResultDelivery(shapes, resolved.searchToolName, tools);
    return { prepareStep: createPreloadStep(index, resolved, shapes, delivery) };
  }
  const delivery = systemMessageDelivery(
    preload === "additional-tools"
      ? async (loaded) => ({
          openai: {
            additionalTools: await Promise.all(loaded.map((name) => functionDefinition(name, tools[name], false))),
          },
        })
      : async (loaded) => ({
          anthropic: { toolChanges: loaded.map((toolName) => ({ type: "tool_addition", toolName })) },
        }),
  );
  return { prepareStep: createPreloadStep(index, resolved, shapes, delivery), allowSystemInMessages: true };
}

type PreloadChoice = NonNullable<DeferredToolsOptions["preload"]>;

/** `preload`: a boolean, `"tool-changes"` (Anthropic) or `"additional-tools"` (OpenAI); default `true`. */
function preloadOption(where: string, value: unknown, provider: DeferralProvider): PreloadChoice {
  if (value === undefined) return true;
  const own = provider === "anthropic" ? "tool-changes" : "additional-tools";
  if (typeof value === "boolean" || value === own) return value as PreloadChoice;
  return invalidOption(where, "preload", `true, false or "${own}" (provider "${provider}")`, value);
}

/** The search answer for `query` over the deferred tools, with their `definitions`. */
export async function searchDeferred(
  index: ToolSelector,
  deferral: ResolvedDeferral,
  definitions: ToolDefinitions,
  query: string,
): Promise<SearchAnswer> {
  const { results } =
    query.trim().length === 0
      ? { results: [] }
      : await index.selectWithScores(query, { ...deferral.selectOptions, ...LOOP_SEARCH });
  const deferred = new Set(deferral.deferred);
  return searchAnswer(results, deferral.maxResults, (name) =>
    deferred.has(name) ? definitions.definition(name) : undefined,
  );
}
