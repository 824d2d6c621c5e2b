// The LangChain middleware's default delivery: prepareStep's cache-keeping set (`stableTools`) over a LangChain run, so
// the tools bound change only when a turn needs a tool the set lacks, and every request extends the one before.

import { stepsOf } from "../agent/delivery/conversation-steps.js";
import type { PrepareStepOptions } from "../agent/prepare-step-options.js";
import { toModelMessageShapes } from "../conversation/model-messages.js";
import type { ConversationMessage } from "../conversation/query-rule.js";
import type { ToolIndex } from "../tool-index/types.js";

/**
 * The index's own `prepareStep(options)` (the AI SDK's delivery: the same options, defaults and set) for LangChain
 * model calls: given a call's conversation and the names of the tools it has, the names it is offered in the order
 * the request sends them (the set in the order its tools joined, then, when it offers every tool, the rest in the
 * call's order). The steps of the current run are the AI messages after the latest human message. The tools a call
 * has bound the step as prepareStep's `rules` do (another middleware may add or remove tools).
 */
export function cacheKeepingSelection(index: ToolIndex, options: PrepareStepOptions) {
  const prepareStep = index.prepareStep({
    ...options,
    rules: { allowedTools: ({ toolSetContext }) => toolSetContext as readonly string[] },
  });
  return async (conversation: readonly ConversationMessage[], present: readonly string[]): Promise<string[]> => {
    const messages = toModelMessageShapes(conversation);
    // With rules, prepareStep always names the tools (every tool included); the set's come first, in `toolOrder`.
    const step = { messages, steps: stepsOf(messages), runtimeContext: present };
    const { activeTools = [], toolOrder = [] } = await prepareStep(step);
    const inSet = new Set(toolOrder);
    const rest = new Set(activeTools.filter((name) => !inSet.has(name)));
    return [...toolOrder, ...present.filter((name) => rest.has(name))];
  };
}
