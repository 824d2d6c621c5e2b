// Mastra's stored messages (`MastraDBMessage`: format 2, parts) as AI SDK-shaped messages, which prepareStep reads.

/** A Mastra message as toolsift reads it: its role and its parts (text, tool invocations). */
export interface MastraMessageLike {
  readonly role: string;
  readonly content: { readonly parts?: readonly unknown[]; readonly content?: unknown } | string;
}

/**
 * Mastra messages as AI SDK `ModelMessage`-shaped ones: user and assistant text parts, and each `tool-invocation`
 * part as a `tool-call` of the assistant message (by name, with its arguments); tool results, reasoning, sources and
 * files are left out (tool outputs never enter a query). System and signal messages become empty `system` messages.
 */
export function fromMastraMessages(messages: readonly MastraMessageLike[]): { role: string; content: unknown }[] {
  return messages.map((message) => {
    if (message.role !== "user" && message.role !== "assistant") return { role: "system", content: "" };
    if (typeof message.content === "string") return { role: message.role, content: message.content };
    const parts: unknown[] = [];
    for (const part of message.content.parts ?? []) {
      if (typeof part !== "object" || part === null) continue;
      const { type, text, toolInvocation } = part as { type?: unknown; text?: unknown; toolInvocation?: unknown };
      if (type === "text" && typeof text === "string") parts.push({ type: "text", text });
      else if (type === "tool-invocation" && typeof toolInvocation === "object" && toolInvocation !== null) {
        const { toolName, toolCallId, args } = toolInvocation as {
          toolName?: unknown;
          toolCallId?: unknown;
          args?: unknown;
        };
        if (typeof toolName === "string") parts.push({ type: "tool-call", toolName, toolCallId, input: args ?? {} });
      }
    }
    return { role: message.role, content: parts };
  });
}
