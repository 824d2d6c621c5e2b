// A conversation's step boundaries and the prepareStep input of an earlier step, in the SDK's messages or the neutral
// shape; a step as the cache-keeping set reads it, whichever the host has.

import type { MessageLike } from "../../conversation/model-messages.js";
import type { ConversationMessage } from "../../conversation/query-rule.js";
import type { RunStep, StepInput } from "../step-selection.js";

/**
 * A step as the cache-keeping set reads it (stable-tools.ts), from whichever conversation shape the host has: the
 * SDK's messages (prepareStep) or a framework adapter's conversation in the neutral shape.
 */
export interface StepView {
  /** The step's selection input, read once, when first asked (after the adapter's `prepare`). */
  input(): StepInput;
  /** `keys()[p]` keys the conversation's first `p` messages (`prefixHashes`); the last one, the whole conversation. */
  keys(): readonly string[];
  /** Positions `p` where an earlier step of this run began (`stepBoundaries`): `at(p)` is that step. */
  boundaries(): readonly number[];
  at(position: number): StepView;
  /** Characters of what a request sends besides the tools: the messages and the instructions. */
  characters(): number;
}

/**
 * Positions `p` before `end` where an earlier step began: `messages[p]` is an assistant message (a step's response)
 * after a user message, so `messages.slice(0, p)` is what prepareStep was given for that step.
 */
export function stepBoundaries(messages: readonly { readonly role: string }[], end: number): number[] {
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

/**
 * The run steps of a conversation in the neutral shape: one per assistant message after the last user message, with
 * its tool calls (the neutral shape holds no tool results, so no search finds).
 */
export function conversationSteps(conversation: readonly ConversationMessage[]): RunStep[] {
  let lastUser = -1;
  conversation.forEach((message, position) => {
    if (message.role === "user") lastUser = position;
  });
  return conversation
    .slice(lastUser + 1)
    .filter((message) => message.role === "assistant")
    .map((message) => ({ calls: [...message.toolCalls], found: [] }));
}
