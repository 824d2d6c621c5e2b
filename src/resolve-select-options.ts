// Select options and queries validated: the defaults of select, selectWithScores and explain applied once per call.

import { ToolsiftError } from "./errors.js";
import { OPTION_TABLE, optionNames } from "./option-table.js";
import { MAX_QUERY_LENGTH, SEARCH_QUERY, type SelectOptions } from "./options.js";
import {
  invalidOption,
  namesOption,
  optionsObject,
  rejectUnknownOptions,
  tableOption,
} from "./support/validate-options.js";
import { fromModelMessages } from "./conversation/model-messages.js";
import { CONVERSATION, type ConversationMessage, type WithConversation } from "./conversation/query-rule.js";
import { checkMessages } from "./usage/learn-turns.js";

/** Every option `select`, `selectWithScores` and `explain` read (the option table's `s`); any other is refused. */
const SELECT_OPTIONS = optionNames("s");

/** Validated select options with defaults applied. */
export interface ResolvedSelectOptions {
  readonly maxTools: number;
  readonly minRelevance: number;
  readonly threshold: number;
  readonly adaptive: boolean;
  readonly alwaysActive: readonly string[];
  readonly allowedTools: ReadonlySet<string> | undefined;
  /** `undefined`: the index's map. */
  readonly relatedTools: Readonly<Record<string, readonly string[]>> | undefined;
  /**
   * The conversation so far in the neutral shape: `messages` read once, or what an adapter handed over
   * (`CONVERSATION`).
   */
  readonly conversation: readonly ConversationMessage[] | undefined;
  readonly previousTools: readonly string[] | undefined;
  readonly maxCompanions: number;
  /** A search the model asked for (`SEARCH_QUERY`): its words are read as a query, never as chat. */
  readonly searchQuery: boolean;
}

const DEFAULT_SELECT: ResolvedSelectOptions = {
  maxTools: OPTION_TABLE.maxTools.default,
  minRelevance: OPTION_TABLE.minRelevance.default,
  threshold: OPTION_TABLE.threshold.default,
  adaptive: OPTION_TABLE.adaptive.default,
  alwaysActive: [],
  allowedTools: undefined,
  relatedTools: undefined,
  conversation: undefined,
  previousTools: undefined,
  maxCompanions: OPTION_TABLE.maxCompanions.default,
  searchQuery: false,
};

/** Validates select options (`where` names the caller in messages) and applies their defaults. */
export function resolveSelectOptions(input: SelectOptions | undefined, where = "select"): ResolvedSelectOptions {
  if (input === undefined) return DEFAULT_SELECT;
  const options = optionsObject(where, input) as SelectOptions;
  rejectUnknownOptions(where, options, SELECT_OPTIONS);
  const allowed = namesOption(where, "allowedTools", options.allowedTools);
  return {
    maxTools: tableOption(where, "maxTools", options.maxTools),
    minRelevance: tableOption(where, "minRelevance", options.minRelevance),
    threshold: tableOption(where, "threshold", options.threshold),
    adaptive: tableOption(where, "adaptive", options.adaptive),
    alwaysActive: namesOption(where, "alwaysActive", options.alwaysActive, []),
    allowedTools: allowed === undefined ? undefined : new Set(allowed),
    relatedTools: relatedToolsOption(where, "relatedTools", options.relatedTools),
    conversation: (options as WithConversation)[CONVERSATION] ?? conversationOption(where, options.messages),
    previousTools: namesOption(where, "previousTools", options.previousTools),
    maxCompanions: tableOption(where, "maxCompanions", options.maxCompanions),
    searchQuery: (options as { [SEARCH_QUERY]?: boolean })[SEARCH_QUERY] === true,
  };
}

/** Validates a `relatedTools` map: tool name → array of tool names. */
export function relatedToolsOption(
  where: string,
  option: string,
  value: unknown,
): Readonly<Record<string, readonly string[]>> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    invalidOption(where, option, "an object of tool name → companion tool names", value);
  }
  for (const [name, companions] of Object.entries(value as object)) namesOption(where, `${option}.${name}`, companions);
  return value as Readonly<Record<string, readonly string[]>>;
}

/** `messages` checked and read once in the neutral shape. */
function conversationOption(where: string, value: unknown): ResolvedSelectOptions["conversation"] {
  if (value === undefined) return undefined;
  checkMessages(where, value);
  return fromModelMessages(value);
}

/** Validates a query: a string, cut to MAX_QUERY_LENGTH characters (never inside a surrogate pair). */
export function normalizeQuery(query: unknown): { text: string; truncatedFrom: number | undefined } {
  if (typeof query !== "string") {
    throw new ToolsiftError(
      "INVALID_QUERY",
      `The query must be a string, got ${query === null ? "null" : typeof query}.`,
      {
        received: typeof query,
      },
    );
  }
  if (query.length <= MAX_QUERY_LENGTH) return { text: query, truncatedFrom: undefined };
  let end = MAX_QUERY_LENGTH;
  const code = query.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return { text: query.slice(0, end), truncatedFrom: query.length };
}
