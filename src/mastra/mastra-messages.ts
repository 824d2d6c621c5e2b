// Mastra's stored messages (`MastraDBMessage`: format 2, parts) as AI SDK-shaped messages, which prepareStep reads.

/** A Mastra message as toolsift reads it: its role and its parts (text, tool invocations, step starts). */
export interface MastraMessageLike {
  readonly role: string;
  readonly content: { readonly parts?: readonly unknown[]; readonly content?: unknown } | string;
}

interface ModelMessageShape {
  role: string;
  content: unknown;
}

/**
 * One Mastra assistant message as the AI SDK's messages of its steps: Mastra keeps every step of a generate call in one
 * message, a `step-start` part between steps; the AI SDK has an assistant message per step (its text and `tool-call`
 * parts), then a `tool` message with the results. prepareStep reads steps off that shape (its cache-keeping set
 * replays them).
 */
function assistantSteps(parts: readonly unknown[]): ModelMessageShape[] {
  const messages: ModelMessageShape[] = [];
  let content: unknown[] = [];
  let results: unknown[] = [];
  const close = () => {
    if (content.length === 0) return;
    messages.push({ role: "assistant", content });
    if (results.length > 0) messages.push({ role: "tool", content: results });
    content = [];
    results = [];
  };
  for (const part of parts) {
    if (typeof part !== "object" || part === null) continue;
    const { type, text, toolInvocation } = part as { type?: unknown; text?: unknown; toolInvocation?: unknown };
    if (type === "step-start") close();
    else if (type === "text" && typeof text === "string") content.push({ type: "text", text });
    else if (type === "tool-invocation" && typeof toolInvocation === "object" && toolInvocation !== null) {
      const { toolName, toolCallId, args, state, result } = toolInvocation as Record<string, unknown>;
      if (typeof toolName !== "string") continue;
      content.push({ type: "tool-call", toolName, toolCallId, input: args ?? {} });
      if (state === "result")
        results.push({ type: "tool-result", toolName, toolCallId, output: { type: "json", value: result } });
    }
  }
  close();
  return messages;
}

/**
 * Mastra messages as AI SDK `ModelMessage`-shaped ones: user messages with their text parts; each assistant message as
 * one assistant message per step (text and `tool-call` parts, by name with their arguments), each followed by a `tool`
 * message with the step's results (tool outputs never enter a query). System and signal messages become empty
 * `system` messages.
 */
export function fromMastraMessages(messages: readonly MastraMessageLike[]): ModelMessageShape[] {
  return messages.flatMap((message): ModelMessageShape[] => {
    if (message.role !== "user" && message.role !== "assistant") return [{ role: "system", content: "" }];
    if (typeof message.content === "string") return [{ role: message.role, content: message.content }];
    const parts = message.content.parts ?? [];
    if (message.role === "assistant") return assistantSteps(parts);
    const texts = parts.filter(
      (part): part is { type: "text"; text: string } =>
        typeof part === "object" && part !== null && (part as { type?: unknown }).type === "text",
    );
    return [{ role: "user", content: texts.map(({ text }) => ({ type: "text", text })) }];
  });
}
