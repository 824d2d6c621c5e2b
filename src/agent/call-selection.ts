// One model call of a framework adapter (LangChain's middleware, the OpenAI Agents SDK's agent): its conversation in
// the neutral shape handed to the index's own prepareStep (the one step selection and its policies); the names that
// call is offered, in the order the request sends them. The adapters convert and render; nothing is decided here.

import { queryFromConversation, type ConversationMessage } from "../conversation/query-rule.js";
import type { ToolIndex } from "../tool-index/types.js";
import { adapterPrepareStep } from "./index-methods.js";
import type { PrepareStepEvent, PrepareStepOptions } from "./prepare-step-options.js";

/** Reported by the framework adapters for each model call they selected tools for. */
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

/** What a framework adapter's calls are selected with, once. */
export interface CallSelectionSetup {
  /** The adapter named in option errors. */
  readonly where: string;
  readonly onError: "fallback" | "throw";
  readonly emit: (event: PrepareStepEvent | ToolsSelectedEvent) => void;
  /** Whether the user listens to `emit`; if not, a failed selection is also a console warning (never silent). */
  readonly listening: boolean;
  /** Announces the query before it is ranked (a LangChain embeddings adapter embeds it with `embedQuery`). */
  readonly expectQuery?: (query: string) => (() => void) | undefined;
}

/** One model call of a framework's run, in the neutral terms. */
export interface FrameworkCall {
  /** The conversation so far: the user's turns, then the run's model turns (tool calls) and tool outputs (`other`). */
  readonly conversation: readonly ConversationMessage[];
  /** Runs first, inside the failure policy (following the call's tools, listing MCP servers). */
  readonly prepare?: () => Promise<void>;
  /** The tools the call has, read after `prepare` (a middleware before this one may add or remove some). */
  readonly present: () => readonly string[];
  /** Tools the call could have been offered, for the `tools-selected` event. */
  readonly available: () => number;
}

/**
 * The index's own `prepareStep(options)` (the AI SDK's delivery: the same options, defaults, stable set and policies)
 * for a framework's model calls: the names a call is offered in the order the request sends them (the set in the
 * order its tools joined, then, when it offers every tool, the rest in the order of `present`). A failed selection
 * follows the one failure policy (step-selection.ts); each selection is reported as `tools-selected`.
 */
export function frameworkCallSelection(
  index: ToolIndex,
  setup: CallSelectionSetup,
  options: Pick<
    PrepareStepOptions,
    | "maxTools"
    | "minRelevance"
    | "adaptive"
    | "alwaysActive"
    | "allowedTools"
    | "onNoMatch"
    | "maxOfferAll"
    | "smallCatalog"
    | "stableTools"
  >,
) {
  const onEvent = (event: PrepareStepEvent) => {
    setup.emit(event);
    if (event.type === "selection-failed" && !setup.listening)
      console.warn(`[toolsift] selection-failed: ${event.message} (pass onEvent to receive it)`);
  };
  const prepareStep = adapterPrepareStep(
    index,
    { ...options, onEvent },
    { where: setup.where, onError: setup.onError },
  );
  return async (call: FrameworkCall): Promise<string[]> => {
    const query = queryFromConversation(call.conversation);
    const started = performance.now();
    const release = query.length > 0 ? setup.expectQuery?.(query) : undefined;
    try {
      // The tools present bound the step, so prepareStep always names them (every tool included).
      const step = { conversation: call.conversation, prepare: call.prepare, available: call.present };
      const { activeTools = [], toolOrder } = await prepareStep(step);
      // Without a stable set: the selection's own order. With one: the set's, then the rest in the call's order.
      const inSet = new Set(toolOrder);
      const rest = new Set(activeTools.filter((name) => !inSet.has(name)));
      const names =
        toolOrder === undefined ? activeTools : [...toolOrder, ...call.present().filter((name) => rest.has(name))];
      const milliseconds = performance.now() - started;
      setup.emit({ type: "tools-selected", query, tools: names, available: call.available(), milliseconds });
      return names;
    } finally {
      release?.();
    }
  };
}
