// The OpenAI Agents SDK's input items (a run's input and history) in the query rule's neutral message shape.

import type { ConversationMessage } from "../conversation/query-rule.js";

/** The text of an item's content: a string, or its `input_text` / `output_text` parts joined with newlines. */
function itemText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const texts: string[] = [];
  for (const part of content) {
    if (typeof part !== "object" || part === null) continue;
    const { type, text } = part as { type?: unknown; text?: unknown };
    if ((type === "input_text" || type === "output_text") && typeof text === "string") texts.push(text);
  }
  return texts.join("\n");
}

/**
 * A run's input items (`AgentInputItem`s: messages, function calls, their outputs, reasoning...) as the query rule
 * reads them: user and assistant messages with their text; each run of `function_call` items after an assistant
 * message (or after another function call) becomes that turn's tool calls, by name. Tool outputs, reasoning and
 * hosted tool calls are `other` (never part of a query).
 */
export function fromAgentItems(items: readonly unknown[]): ConversationMessage[] {
  const messages: ConversationMessage[] = [];
  for (const item of items) {
    if (typeof item !== "object" || item === null) continue;
    const { type, role, content, name } = item as { type?: unknown; role?: unknown; content?: unknown; name?: unknown };
    if (type === "function_call" && typeof name === "string") {
      const last = messages.at(-1);
      // A model turn's text and its calls come as separate items: they are one assistant message to the rule.
      if (last?.role === "assistant") messages[messages.length - 1] = { ...last, toolCalls: [...last.toolCalls, name] };
      else messages.push({ role: "assistant", text: "", toolCalls: [name] });
    } else if ((type === undefined || type === "message") && (role === "user" || role === "assistant")) {
      messages.push({ role, text: itemText(content), toolCalls: [] });
    } else {
      messages.push({ role: "other", text: "", toolCalls: [] });
    }
  }
  return messages;
}
