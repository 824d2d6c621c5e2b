// The tools a loop called in its latest steps, which stay offered so a task keeps its tools (prepareStep's
// `steps.keepRecent`, the per-call selection of toolsift/langchain and toolsift/openai-agents).

import type { ConversationMessage } from "../conversation/query-rule.js";

/** Default of `steps.window`: how many of the latest steps' tools stay offered. */
export const RECENT_TOOL_WINDOW = 2;

/** The names called in the last `window` of `steps` (each step: the names it called, in order), but `skip`. */
export function recentTools(steps: readonly (readonly string[])[], window: number, skip?: string): Set<string> {
  const kept = new Set<string>();
  for (const called of steps.slice(-window)) for (const name of called) if (name !== skip) kept.add(name);
  return kept;
}

/**
 * The names called in the run's latest `RECENT_TOOL_WINDOW` steps, read off a conversation: its steps are the assistant
 * messages after the latest user message (each a model turn, with the names it called), as prepareStep reads a run.
 */
export function recentRunTools(conversation: readonly ConversationMessage[]): Set<string> {
  let lastUser = -1;
  conversation.forEach((message, position) => {
    if (message.role === "user") lastUser = position;
  });
  const steps = conversation.slice(lastUser + 1).filter((message) => message.role === "assistant");
  return recentTools(
    steps.map((step) => step.toolCalls),
    RECENT_TOOL_WINDOW,
  );
}
