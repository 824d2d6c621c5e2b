// A conversation whose tool calls went through the dispatcher, written as calls of the tools they named: what the
// selection (conversation memory, learnt next tools) and `index.learn` read.

import type { MessageLike } from "../../conversation/model-messages.js";

/** The default name of the dispatcher tool of `index.inConversation()`. */
export const DEFAULT_DISPATCHER_NAME = "call_tool";

/** The opening of every refusal of the dispatcher named `dispatcherName` (meta-tools.ts words them). */
export const refusalOpening = (dispatcherName: string) => `${dispatcherName}: `;

/** The words of a refusal of `name` because its definition was not given (meta-tools.ts), after the opening. */
export const notDeliveredWords = (name: string) => `the definition of "${name}" was not given in this conversation`;

/** The text of an error output (`error-text`, `error-json` with a message) of a tool result, else undefined. */
function errorText(output: unknown): string | undefined {
  const { type, value } = (output ?? {}) as { type?: unknown; value?: unknown };
  if (type === "error-text" && typeof value === "string") return value;
  if (type === "error-json") return typeof value === "string" ? value : JSON.stringify(value ?? null);
  return undefined;
}

/** A dispatched call the dispatcher refused: the tool it named, and whether it was refused as not delivered. */
export interface RefusedDispatch {
  readonly name: string;
  readonly notDelivered: boolean;
}

/**
 * The dispatcher calls of `messages` that were refused (their result is the dispatcher's error, with or without the
 * error's class name in front), by tool call id.
 */
export function refusedDispatches(
  messages: readonly MessageLike[],
  dispatcherName: string = DEFAULT_DISPATCHER_NAME,
): Map<string, RefusedDispatch> {
  const named = new Map<string, string>();
  const refused = new Map<string, RefusedDispatch>();
  const opening = refusalOpening(dispatcherName);
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content as unknown[]) {
      const { type, toolName, toolCallId, input, output } = (part ?? {}) as Record<string, unknown>;
      if (toolName !== dispatcherName || typeof toolCallId !== "string") continue;
      const name = (input as { name?: unknown } | undefined)?.name;
      if (type === "tool-call" && typeof name === "string") named.set(toolCallId, name);
      const text = type === "tool-result" ? errorText(output) : undefined;
      const called = named.get(toolCallId);
      if (text === undefined || called === undefined) continue;
      const at = text.indexOf(opening);
      // The dispatcher's own words, as thrown (`call_tool: …`) or as the SDK may render the error (`ToolsiftError: …`).
      if (at < 0 || !/^(\w*Error: )?$/.test(text.slice(0, at))) continue;
      refused.set(toolCallId, { name: called, notDelivered: text.includes(notDeliveredWords(called), at) });
    }
  }
  return refused;
}

/**
 * `messages` with each `call_tool({ name, input })` call (a `tool-call` part of an assistant message) written as a
 * call of `name` with `input`, and each of its results as that tool's result; a call the dispatcher refused (the tool
 * did not run) is left out with its result, as it is no use of the tool. Messages without one are kept as they are
 * (the same objects). Pass a finished conversation of `index.inConversation()` through it before `index.learn`.
 */
export function withDispatchedCalls<MESSAGE extends MessageLike>(
  messages: readonly MESSAGE[],
  dispatcherName: string = DEFAULT_DISPATCHER_NAME,
): MESSAGE[] {
  const named = new Map<string, string>();
  const refused = refusedDispatches(messages, dispatcherName);
  return messages.map((message) => {
    if ((message.role !== "assistant" && message.role !== "tool") || !Array.isArray(message.content)) return message;
    let changed = false;
    const kept = (message.content as unknown[]).filter((part) => {
      const { toolName, toolCallId } = (part ?? {}) as Record<string, unknown>;
      return toolName !== dispatcherName || typeof toolCallId !== "string" || !refused.has(toolCallId);
    });
    if (kept.length < message.content.length) changed = true;
    const content = kept.map((part) => {
      const { type, toolName, toolCallId, input } = (part ?? {}) as Record<string, unknown>;
      if (toolName !== dispatcherName) return part;
      if (type === "tool-call") {
        const call = (input ?? {}) as { name?: unknown; input?: unknown };
        if (typeof call.name !== "string") return part;
        if (typeof toolCallId === "string") named.set(toolCallId, call.name);
        changed = true;
        return { ...(part as object), toolName: call.name, input: call.input ?? {} };
      }
      const name = typeof toolCallId === "string" ? named.get(toolCallId) : undefined;
      if (type !== "tool-result" || name === undefined) return part;
      changed = true;
      return { ...(part as object), toolName: name };
    });
    return changed ? { ...message, content } : message;
  });
}
