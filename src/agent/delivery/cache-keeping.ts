// The framework adapters' default delivery (LangChain's middleware, the OpenAI Agents SDK's agent): prepareStep's
// cache-keeping set (`stableTools`) over a framework's run, so the tools sent change only when a turn needs a tool the
// set lacks, and every request extends the one before.

import { toModelMessageShapes } from "../../conversation/model-messages.js";
import { queryFromConversation, type ConversationMessage } from "../../conversation/query-rule.js";
import type { ToolIndex } from "../../tool-index/types.js";
import type { CallSelectionSetup } from "../call-selection.js";
import type { PrepareStepOptions } from "../prepare-step-options.js";
import { selectionFailed } from "../selection-failure.js";
import { stepsOf } from "./conversation-steps.js";

/** One model call of a framework's run, in the neutral terms. */
export interface KeptCall {
  /** The conversation so far: the user's turns, then the run's model turns (tool calls) and tool outputs (`other`). */
  readonly conversation: readonly ConversationMessage[];
  /** Runs first, inside the failure handling (indexing the call's new tools, listing MCP servers). */
  readonly prepare?: () => Promise<void>;
  /** The tools the call has, read after `prepare`: prepareStep's `rules` (a middleware may add or remove some). */
  readonly present: () => readonly string[];
  /** Tools the call could have been offered, for the `tools-selected` event. */
  readonly available: () => number;
}

/**
 * The index's own `prepareStep(options)` (the AI SDK's delivery: the same options, defaults and set) for a framework's
 * model calls, ranked with its per-call selection's options (`setup`): the names a call is offered in the order the
 * request sends them (the set in the order its tools joined, then, when it offers every tool, the rest in the order of
 * `present`), or `undefined` after a failed selection (reported as `selection-failed`; `onError: "throw"` rejects).
 * The steps of the current run are the assistant messages after the latest user message; each selection is reported
 * as `tools-selected`.
 */
export function cacheKeepingSelection(
  index: ToolIndex,
  setup: Omit<CallSelectionSetup, "index" | "policy">,
  options: Pick<
    PrepareStepOptions,
    "alwaysActive" | "allowedTools" | "onNoMatch" | "maxOfferAll" | "stableTools" | "onEvent"
  >,
) {
  // The selection's own options are the per-call selection's (`setup`), so an adapter states them once.
  const { maxTools, minRelevance, adaptive } = setup;
  const prepareStep = index.prepareStep({
    maxTools,
    minRelevance,
    adaptive,
    ...options,
    rules: { allowedTools: ({ toolSetContext }) => toolSetContext as readonly string[] },
  });
  return async (call: KeptCall): Promise<string[] | undefined> => {
    const query = queryFromConversation(call.conversation);
    const started = performance.now();
    const release = query.length > 0 ? setup.expectQuery?.(query) : undefined;
    try {
      await call.prepare?.();
      const present = call.present();
      const messages = toModelMessageShapes(call.conversation);
      // With rules, prepareStep always names the tools (every tool included); the set's come first, in `toolOrder`.
      const step = { messages, steps: stepsOf(messages), runtimeContext: present };
      const { activeTools = [], toolOrder = [] } = await prepareStep(step);
      const inSet = new Set(toolOrder);
      const rest = new Set(activeTools.filter((name) => !inSet.has(name)));
      const names = [...toolOrder, ...present.filter((name) => rest.has(name))];
      const milliseconds = performance.now() - started;
      setup.emit({ type: "tools-selected", query, tools: names, available: call.available(), milliseconds });
      return names;
    } catch (error) {
      selectionFailed(error, setup.onError, setup.everyTool, setup.emit);
      return undefined;
    } finally {
      release?.();
    }
  };
}
