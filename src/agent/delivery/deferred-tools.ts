// index.deferredTools(): the app's tools marked for provider-native deferral, plus a tool search toolsift answers.

import type { Tool } from "ai";
import { ToolsiftError } from "../../errors.js";
import {
  booleanOption,
  choiceOption,
  integerOption,
  invalidOption,
  namesOption,
  optionsObject,
  rejectUnknownOptions,
  stringOption,
} from "../../support/validate-options.js";
import type { ToolSelector } from "../tool-selector.js";
import { createPreloadStep, type PreloadInput, type PreloadResult } from "./deferred-preload.js";
import { DEFERRAL_PROVIDERS, providerShapes, type DeferralProvider } from "./deferred-provider-shapes.js";

export type { DeferralProvider } from "./deferred-provider-shapes.js";

/** Options of `index.deferredTools(tools, options)`. */
export interface DeferredToolsOptions {
  /**
   * Whose deferral the tools are marked for: `"anthropic"` (`defer_loading` tools, a client-side search whose
   * results are `tool_reference` blocks) or `"openai"` (Responses API: `defer_loading` functions and a client-executed
   * `tool_search`). Required.
   */
  provider: DeferralProvider;
  /**
   * Ranked tools a search (and a turn's preload) loads at most, best first; tools learnt to go with them (`learn`,
   * `relatedTools`) come on top, as in `select`. Default 5; integer ≥ 1.
   */
  maxResults?: number;
  /** Tools sent in full on every request (never deferred), e.g. the few the agent uses all the time. Default none. */
  alwaysActive?: readonly string[];
  /** Key of the search tool in the returned `tools`. Default `"search_tools"`; a non-empty string, not a tool name. */
  searchToolName?: string;
  /** The search tool's description, what the model reads. Default: a sentence saying what it does. */
  description?: string;
  /**
   * Deliver the turn's selection without the model asking: `prepareStep` puts a search call and its result (the
   * tools toolsift selects for the user's message, not loaded before in the conversation) right after each user
   * message, so those tools are callable on the turn's first step. The messages are re-derived on every step and turn
   * (memoised in this process by a hash of the conversation up to that user message), so the app stores its usual
   * messages and every request extends the one before. Default `true`; `false` leaves searching to the model.
   */
  preload?: boolean;
}

/** What `index.deferredTools()` returns: spread it into `generateText`, `streamText` or `new ToolLoopAgent`. */
export interface DeferredTools<TOOLS> {
  /** The app's tools (copies, each deferred unless `alwaysActive`) and the search tool under `searchToolName`. */
  readonly tools: TOOLS & Record<string, Tool>;
  /** Adds the turn's preload (see `preload`); returns `{}` when `preload` is `false`. */
  readonly prepareStep: (step: PreloadInput) => Promise<PreloadResult>;
}

const OPTION_NAMES = [
  "provider",
  "maxResults",
  "alwaysActive",
  "searchToolName",
  "description",
  "preload",
] as const satisfies readonly (keyof DeferredToolsOptions)[];

const DEFAULT_DESCRIPTION =
  "Search the tool catalog: describe what you need in a few words; the tools found are loaded and callable " +
  "from your next step on.";

/** The validated options of one `deferredTools` call. */
export interface ResolvedDeferral {
  readonly provider: DeferralProvider;
  readonly maxResults: number;
  readonly alwaysActive: ReadonlySet<string>;
  readonly searchToolName: string;
  /** The tools deferred, in the app's key order. */
  readonly deferred: readonly string[];
}

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
  rejectUnknownOptions(where, given, OPTION_NAMES);
  if (given.provider === undefined) invalidOption(where, "provider", 'one of "anthropic", "openai"', given.provider);
  const provider = choiceOption(where, "provider", given.provider, DEFERRAL_PROVIDERS, "anthropic");
  const maxResults = integerOption(where, "maxResults", given.maxResults, 1, Number.MAX_SAFE_INTEGER, 5);
  const searchToolName = stringOption(where, "searchToolName", given.searchToolName, "search_tools");
  const description = stringOption(where, "description", given.description, DEFAULT_DESCRIPTION);
  const preload = booleanOption(where, "preload", given.preload, true);
  const alwaysActive = new Set(namesOption(where, "alwaysActive", given.alwaysActive, []));
  for (const name of alwaysActive) {
    if (!(name in tools)) {
      throw new ToolsiftError("UNKNOWN_TOOL", `${where}: alwaysActive names "${name}", which is not in tools.`, {
        tool: name,
      });
    }
  }
  if (searchToolName in tools) {
    invalidOption(where, "searchToolName", "a name that is not one of the app's tools", searchToolName);
  }
  const names = Object.keys(tools);
  const resolved: ResolvedDeferral = {
    provider,
    maxResults,
    alwaysActive,
    searchToolName,
    deferred: names.filter((name) => !alwaysActive.has(name)),
  };
  const shapes = providerShapes(provider);
  const copies: Record<string, unknown> = {};
  for (const name of names) {
    const tool = tools[name];
    copies[name] = alwaysActive.has(name) ? tool : shapes.deferred(tool);
  }
  const search = (query: string) => searchDeferred(index, resolved, query);
  copies[searchToolName] = shapes.searchTool({ description, search, tools });
  return {
    tools: copies as TOOLS & Record<string, Tool>,
    prepareStep: preload ? createPreloadStep(index, resolved, shapes, tools) : async () => ({}),
  };
}

/** The deferred tools that best match `query`, best first (ranked tools, then learnt and related companions). */
export async function searchDeferred(index: ToolSelector, deferral: ResolvedDeferral, query: string) {
  if (query.trim().length === 0) return [];
  const { results } = await index.selectWithScores(query, {
    maxTools: deferral.maxResults,
    adaptive: false,
    allowedTools: [...deferral.deferred],
  });
  const deferred = new Set(deferral.deferred);
  return results.map((result) => result.name).filter((name) => deferred.has(name));
}
