// LangChain messages in the neutral shape the conversation → query rule reads (src/conversation/query-rule.ts).

import { contentText } from "../conversation/model-messages.js";
import { queryFromConversation, type ConversationMessage } from "../conversation/query-rule.js";

interface MessageShape {
  getType?: () => unknown;
  _getType?: () => unknown;
  type?: unknown;
  role?: unknown;
  content?: unknown;
  tool_calls?: unknown;
}

/** The message's type: `getType()` (or the older `_getType()`), else its `type` or `role`; a ChatMessage's role. */
function messageType(message: unknown): unknown {
  if (typeof message !== "object" || message === null) return undefined;
  const shape = message as MessageShape;
  let type: unknown;
  if (typeof shape.getType === "function") type = shape.getType();
  else if (typeof shape._getType === "function") type = shape._getType();
  else type = shape.type ?? shape.role;
  return type === "generic" || type === "chat" ? shape.role : type;
}

/**
 * Whether a message is the user's: a `HumanMessage` (`getType()`, or the older `_getType()`, is
 * "human"), a `ChatMessage` with role "user", or a plain `{ role: "user" }` / `{ type: "human" }` object.
 */
export function isHumanMessage(message: unknown): boolean {
  const type = messageType(message);
  return type === "human" || type === "user";
}

/** Whether a message is the model's: an `AIMessage` ("ai"), a ChatMessage with role "assistant", or a plain object. */
function isAiMessage(message: unknown): boolean {
  const type = messageType(message);
  return type === "ai" || type === "assistant";
}

/** Names of an AI message's `tool_calls`. */
function calledTools(message: unknown): string[] {
  const calls = (message as MessageShape).tool_calls;
  if (!Array.isArray(calls)) return [];
  return calls
    .map((call) => (call as { name?: unknown } | null)?.name)
    .filter((name): name is string => typeof name === "string");
}

/** LangChain messages (BaseMessage instances or plain objects) as the query rule reads them. */
export function fromLangChainMessages(messages: readonly unknown[]): ConversationMessage[] {
  return messages.map((message) => {
    if (isHumanMessage(message))
      return { role: "user", text: contentText((message as MessageShape).content), toolCalls: [] };
    if (isAiMessage(message))
      return {
        role: "assistant",
        text: contentText((message as MessageShape).content),
        toolCalls: calledTools(message),
      };
    return { role: "other", text: "", toolCalls: [] };
  });
}

/**
 * The selection query for a LangChain model call, read by the same rule as the AI SDK adapters
 * (`queryFromConversation`): the latest human message (joined with the one before when it is a short
 * follow-up; a reply to what the AI asked read with its question), preceded in the agent loop by the AI's latest
 * text, or followed by the tools it just
 * called; at most 2,000 characters with the latest human message kept whole. Tool outputs
 * (`ToolMessage`) never enter it; "" when there is no human text.
 */
export function selectionQuery(messages: readonly unknown[]): string {
  return queryFromConversation(fromLangChainMessages(messages));
}

/**
 * LangChain messages as AI SDK-shaped messages, for `index.learn` after an agent run:
 * `index.learn(toModelMessages(result.messages))` (learn reads AI SDK messages; selection never reads these). Human
 * and AI texts and the AI's tool calls (by name, with empty inputs) are kept; tool outputs and system messages become
 * empty `tool` messages.
 */
export function toModelMessages(messages: readonly unknown[]): { role: string; content: unknown }[] {
  return fromLangChainMessages(messages).map((message, position) => {
    if (message.role === "user") return { role: "user", content: message.text };
    if (message.role === "assistant") {
      const calls = message.toolCalls.map((toolName, call) => ({
        type: "tool-call",
        toolCallId: `${position}-${call}`,
        toolName,
        input: {},
      }));
      return { role: "assistant", content: [{ type: "text", text: message.text }, ...calls] };
    }
    return { role: "tool", content: [] };
  });
}
