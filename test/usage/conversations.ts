// Conversations in the AI SDK's ModelMessage shapes, for the usage tests: per turn a user text and the tools it calls.

/** One user turn: what the user wrote and the tools the assistant called for it, in order. */
export interface ScriptedTurn {
  readonly user: string;
  readonly calls: readonly string[];
}

/**
 * The messages of a finished conversation: per turn the user message, per call an assistant `tool-call` message and a
 * `tool` message with its `tool-result`, then an assistant text.
 */
export function conversation(turns: readonly ScriptedTurn[]) {
  const messages: { role: string; content: unknown }[] = [];
  let callId = 0;
  for (const turn of turns) {
    messages.push({ role: "user", content: turn.user });
    for (const toolName of turn.calls) {
      const toolCallId = `call-${callId++}`;
      messages.push({ role: "assistant", content: [{ type: "tool-call", toolCallId, toolName, input: {} }] });
      messages.push({
        role: "tool",
        content: [{ type: "tool-result", toolCallId, toolName, output: { type: "json", value: { ok: true } } }],
      });
    }
    messages.push({ role: "assistant", content: [{ type: "text", text: "Done." }] });
  }
  return messages;
}
