// A conversation's step boundaries and the prepareStep input of an earlier step.

import type { MessageLike } from "../../conversation/model-messages.js";

/**
 * Positions `p` before `end` where an earlier step began: `messages[p]` is an assistant message (a step's response)
 * after a user message, so `messages.slice(0, p)` is what prepareStep was given for that step.
 */
export function stepBoundaries(messages: readonly MessageLike[], end: number): number[] {
  const boundaries: number[] = [];
  let seenUser = false;
  for (let p = 0; p < end; p++) {
    if (seenUser && messages[p].role === "assistant") boundaries.push(p);
    if (messages[p].role === "user") seenUser = true;
  }
  return boundaries;
}

/** The tool calls of an assistant message, or the tool results of a tool message. */
function parts(message: MessageLike, type: string): Record<string, unknown>[] {
  if (!Array.isArray(message.content)) return [];
  return message.content.filter(
    (part: unknown): part is Record<string, unknown> =>
      typeof part === "object" && part !== null && (part as { type?: unknown }).type === type,
  );
}

/** An earlier step as prepareStep's `steps` hold it (the fields toolsift reads). */
export interface RecordedStep {
  readonly toolCalls: { readonly toolName: string }[];
  readonly toolResults: { readonly toolName: string; readonly output: unknown }[];
}

/**
 * The steps of the generateText call that `messages` (a step's input) is in: one per assistant message after the last
 * user message, with its tool calls and the results of the tool messages after it (a `json` output unwrapped to the
 * value the tool returned, as the SDK's steps hold it).
 */
export function stepsOf(messages: readonly MessageLike[]): RecordedStep[] {
  let lastUser = -1;
  messages.forEach((message, position) => {
    if (message.role === "user") lastUser = position;
  });
  const steps: RecordedStep[] = [];
  for (const message of messages.slice(lastUser + 1)) {
    if (message.role === "assistant") {
      const toolCalls = parts(message, "tool-call").map((part) => ({ toolName: String(part.toolName) }));
      steps.push({ toolCalls, toolResults: [] });
    } else if (message.role === "tool" && steps.length > 0) {
      for (const part of parts(message, "tool-result")) {
        const output = part.output as { type?: unknown; value?: unknown } | undefined;
        const value = output?.type === "json" || output?.type === "text" ? output.value : output;
        steps[steps.length - 1].toolResults.push({ toolName: String(part.toolName), output: value });
      }
    }
  }
  return steps;
}
