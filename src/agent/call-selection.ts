// One model call's selection for the per-call adapters (LangChain's middleware, the OpenAI Agents SDK's agent): the
// query from the conversation, the index's selection, the no-match policy, failures and the `tools-selected` event.

import { toModelMessageShapes } from "../conversation/model-messages.js";
import { isSmallTalkTurn, queryFromConversation, type ConversationMessage } from "../conversation/query-rule.js";
import { companionCount, pinnedNames, rankedNames, type OfferPolicy } from "./offer-policy.js";
import { recentRunTools } from "./recent-tools.js";
import { selectionFailed, type SelectionFailedEvent } from "./selection-failure.js";
import type { ToolSelector } from "./tool-selector.js";

/** Reported by the per-call adapters for each model call they selected tools for. */
export interface ToolsSelectedEvent {
  /** A model call was offered these tools (ranked, then pinned and companion tools; provider tools not counted). */
  readonly type: "tools-selected";
  readonly query: string;
  readonly tools: readonly string[];
  /** Tools the call could have been offered (the adapter says which: the call's tools, or the catalog's). */
  readonly available: number;
  /** Milliseconds spent selecting, indexing or listing any new tools included. */
  readonly milliseconds: number;
}

/** What an adapter's selection is made with, once. */
export interface CallSelectionSetup {
  readonly index: ToolSelector;
  readonly maxTools: number;
  readonly minRelevance: number;
  readonly adaptive: boolean;
  readonly policy: OfferPolicy;
  readonly onError: "fallback" | "throw";
  /** What "every tool" offers, in events' words ("every tool", "every allowed tool"). */
  readonly everyTool: string;
  readonly emit: (event: SelectionFailedEvent | ToolsSelectedEvent) => void;
  /** Announces the query before it is ranked (a LangChain embeddings adapter embeds it with `embedQuery`). */
  readonly expectQuery?: (query: string) => (() => void) | undefined;
}

/** One model call, in the adapter's terms converted to the neutral ones. */
export interface ModelCall {
  /** The conversation so far, in the query rule's shape. */
  readonly conversation: readonly ConversationMessage[];
  /**
   * Tools offered whatever is ranked (`alwaysActive`), also when nothing is ranked; the tools called in the run's last
   * two model turns join them (prepareStep's `steps.keepRecent`), so a task keeps its tools.
   */
  readonly pinned: readonly string[];
  /**
   * The pins the index gets (default `pinned` and the recent tools) and the only tools it ranks (default every tool),
   * read after `prepare` and `beforeRanking`, which may add tools to the index.
   */
  readonly ranking?: () => { readonly alwaysActive?: readonly string[]; readonly allowedTools?: readonly string[] };
  /** The tools "every tool" would offer this call, counted against `maxOfferAll` (called only when nothing matched). */
  readonly toolCount: () => number;
  /** Tools the call could have been offered, for the event. */
  readonly available: () => number;
  /** Runs before anything is ranked, inside the failure handling (listing an MCP server's tools). */
  readonly prepare?: () => Promise<void>;
  /** Runs when there is a query, before it is ranked (indexing the call's new tools). */
  readonly beforeRanking?: () => Promise<void>;
}

/**
 * Selects the tools of one model call: the names offered (ranked, then pinned and companions), or `undefined` for
 * every tool (no match under the policy, or a failed selection with `onError: "fallback"`; `"throw"` rejects).
 */
export async function selectForCall(setup: CallSelectionSetup, call: ModelCall): Promise<string[] | undefined> {
  const query = queryFromConversation(call.conversation);
  // A turn of conversation only ("thanks!"): the pinned tools, nothing from the task before (isSmallTalkTurn).
  if (isSmallTalkTurn(call.conversation)) {
    setup.policy.noMatch(query, call.toolCount());
    return [...call.pinned];
  }
  const started = performance.now();
  let ranked: string[] = [];
  let companions = 0;
  // The tools of the run's last steps stay offered (as prepareStep keeps them); the index leaves out names it lacks.
  const kept = [...new Set([...call.pinned, ...recentRunTools(call.conversation)])];
  let pinned: readonly string[] = kept;
  try {
    await call.prepare?.();
    if (query.length > 0) {
      const release = setup.expectQuery?.(query);
      try {
        await call.beforeRanking?.();
        const { alwaysActive = kept, allowedTools } = call.ranking?.() ?? {};
        const { results } = await setup.index.selectWithScores(query, {
          maxTools: setup.maxTools,
          minRelevance: setup.minRelevance,
          adaptive: setup.adaptive,
          alwaysActive,
          // The conversation's tool calls: its memory of tools, and what learnt usage predicts next.
          messages: toModelMessageShapes(call.conversation),
          ...(allowedTools === undefined ? {} : { allowedTools }),
        });
        ranked = rankedNames(results);
        companions = companionCount(results);
        pinned = pinnedNames(results);
      } finally {
        release?.();
      }
    }
  } catch (error) {
    selectionFailed(error, setup.onError, setup.everyTool, setup.emit);
    return undefined;
  }
  const midTurn = kept.length > call.pinned.length;
  if (ranked.length === 0 && companions === 0 && setup.policy.noMatch(query, call.toolCount(), false, midTurn))
    return undefined;
  const names = [...ranked, ...pinned];
  setup.emit({
    type: "tools-selected",
    query,
    tools: names,
    available: call.available(),
    milliseconds: performance.now() - started,
  });
  return names;
}
