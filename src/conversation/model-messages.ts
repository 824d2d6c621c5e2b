// AI SDK conversations (`ModelMessage`s, V4 prompts, the service's messages) in the query rule's neutral shape.

import { isSmallTalkTurn, queryFromConversation, type ConversationMessage } from "./query-rule.js";

/** A message as both AI SDK `ModelMessage`s and V4 prompts have it: a role and string or part content. */
export interface MessageLike {
  readonly role: string;
  readonly content: unknown;
}

/**
 * The text of a chat message's `content`, as AI SDK and LangChain messages hold it: the string itself, or its string
 * parts and `{ type: "text", text }` parts joined with newlines. Tool calls, tool results, reasoning, images and files
 * are left out.
 */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const texts: string[] = [];
  for (const part of content) {
    if (typeof part === "string") texts.push(part);
    else if (typeof part === "object" && part !== null) {
      const { type, text } = part as { type?: unknown; text?: unknown };
      if (type === "text" && typeof text === "string") texts.push(text);
    }
  }
  return texts.join("\n");
}

/** Tool names of the `tool-call` parts of a message. */
function calledTools(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  const names: string[] = [];
  for (const part of content) {
    if (typeof part !== "object" || part === null) continue;
    const { type, toolName } = part as { type?: unknown; toolName?: unknown };
    if (type === "tool-call" && typeof toolName === "string") names.push(toolName);
  }
  return names;
}

/** AI SDK messages as the query rule reads them (`user`, `assistant`; system and tool messages are `other`). */
export function fromModelMessages(messages: readonly MessageLike[]): ConversationMessage[] {
  return messages.map((message) => {
    const role = message.role === "user" || message.role === "assistant" ? message.role : "other";
    return {
      role,
      text: role === "other" ? "" : contentText(message.content),
      toolCalls: role === "assistant" ? calledTools(message.content) : [],
    };
  });
}

/** The selection query of an AI SDK conversation, at most `maxLength` characters (see `queryFromConversation`). */
export function conversationQuery(messages: readonly MessageLike[], maxLength?: number): string {
  return queryFromConversation(fromModelMessages(messages), maxLength);
}

/** Whether an AI SDK conversation ends in a user turn of conversation only (see `isSmallTalkTurn`). */
export function endsInSmallTalk(messages: readonly MessageLike[], chat?: (text: string) => boolean): boolean {
  return isSmallTalkTurn(fromModelMessages(messages), chat);
}
