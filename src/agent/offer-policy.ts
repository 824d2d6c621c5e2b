// What a model call is offered when the selection ranks nothing: one policy (`onNoMatch`) for every adapter.

import { choiceOption, functionOption } from "../support/validate-options.js";
import type { SelectedTool } from "./tool-selector.js";

/**
 * What a call is offered when the ranking is empty (no user text to select for, or no tool matched):
 * `"all"` every tool the call could have; `"none"` no ranked tool, only the tools kept anyway
 * (pinned `alwaysActive` / `alwaysInclude`, provider tools, recently used and searched-for tools).
 */
export type OnNoMatch = "all" | "none";

export const ON_NO_MATCH: readonly OnNoMatch[] = ["all", "none"];

/** Reported by `prepareStep`, the AI SDK middleware and the LangChain middleware when the ranking was empty. */
export interface NoMatchEvent {
  readonly type: "no-match";
  /** The query read from the conversation ("" when it held no user text). */
  readonly query: string;
  /** What the call was offered: every tool, or only the tools kept anyway (`onNoMatch`). */
  readonly offered: OnNoMatch;
  readonly message: string;
}

/** The options every adapter shares for this policy. */
export interface OfferOptions {
  /**
   * When the ranking is empty (no user text, or no tool matched the query): `"all"` offers the call
   * every tool, so the model can still act; `"none"` offers only pinned tools, provider tools and the
   * tools kept from earlier steps (pick it with a search meta-tool, so the model searches instead).
   * Reported as a `no-match` event either way. Default `"all"`.
   */
  onNoMatch?: OnNoMatch;
  /** Receives the adapter's events (`no-match`). Default: none. */
  onEvent?: (event: NoMatchEvent) => void;
}

/** The validated policy of one adapter. */
export interface OfferPolicy {
  readonly onNoMatch: OnNoMatch;
  /** Reports an empty ranking for `query`; returns true when the call should be offered every tool. */
  noMatch(query: string): boolean;
}

/** Validates `onNoMatch` and `onEvent` (`where` names the adapter) and returns the policy. */
export function offerPolicy(where: string, options: OfferOptions, emit?: (event: NoMatchEvent) => void): OfferPolicy {
  const onNoMatch = choiceOption(where, "onNoMatch", options.onNoMatch, ON_NO_MATCH, "all");
  const onEvent = emit ?? functionOption<(event: NoMatchEvent) => void>(where, "onEvent", options.onEvent);
  return {
    onNoMatch,
    noMatch(query) {
      const reason =
        query.length === 0 ? "the conversation has no user text to select for" : "no tool matched the query";
      const offer =
        onNoMatch === "all" ? "this call is offered every tool" : "this call is offered only the tools kept anyway";
      onEvent?.({ type: "no-match", query, offered: onNoMatch, message: `${reason}; ${offer}` });
      return onNoMatch === "all";
    },
  };
}

/** Names of the ranked tools of a selection (pinned and companion tools left out), best first. */
export function rankedNames(results: readonly SelectedTool[]): string[] {
  return results.filter((result) => result.reason === "ranked").map((result) => result.name);
}

/**
 * Names a selection keeps whatever is ranked: pinned tools (`alwaysActive`, provider tools) and companions (related
 * tools, learnt next tools, the conversation's memory).
 */
export function pinnedNames(results: readonly SelectedTool[]): string[] {
  return results.filter((result) => result.reason !== "ranked").map((result) => result.name);
}

/**
 * How many tools a selection found for the request besides the ranked ones: learnt (`learned-*`) and related tools
 * count as a match; the conversation's memory and catalog links do not (they say nothing about this request).
 */
export function companionCount(results: readonly SelectedTool[]): number {
  return results.filter((result) => result.reason.startsWith("learned-") || result.reason === "related").length;
}
