// A conversation whose tool calls went through the dispatcher, written as calls of the tools they named: what the
// selection (conversation memory, learnt next tools) and `index.learn` read.

import type { MessageLike } from "../../conversation/model-messages.js";

/** The default name of the dispatcher tool of `index.inConversation()`. */
export const DEFAULT_DISPATCHER_NAME = "call_tool";

/**
 * `messages` with each `call_tool({ name, input })` call (a `tool-call` part of an assistant message) written as a
 * call of `name` with `input`, and each of its results as that tool's result; messages without one are kept as they
 * are (the same objects). Pass a finished conversation of `index.inConversation()` through it before `index.learn`.
 */
export function withDispatchedCalls<MESSAGE extends MessageLike>(
  messages: readonly MESSAGE[],
  dispatcherName: string = DEFAULT_DISPATCHER_NAME,
): MESSAGE[] {
  const named = new Map<string, string>();
  return messages.map((message) => {
    if ((message.role !== "assistant" && message.role !== "tool") || !Array.isArray(message.content)) return message;
    let changed = false;
    const content = (message.content as unknown[]).map((part) => {
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
