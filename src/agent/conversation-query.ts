// The query a step selects tools for, read from the conversation the AI SDK passes in (model messages or a V4 prompt).

import { MAX_QUERY_LENGTH } from "../options.js";

/** A message as both AI SDK `ModelMessage`s and V4 prompts have it: a role and string or part content. */
export interface MessageLike {
  readonly role: string;
  readonly content: unknown;
}

/** A follow-up shorter than this ("and in Berlin?") is read together with the user message before it. */
export const FOLLOW_UP_LENGTH = 40;

/** The text parts of a message; tool calls, tool results, reasoning and files are left out. */
export function messageText(message: MessageLike): string {
  if (typeof message.content === "string") return message.content;
  if (!Array.isArray(message.content)) return "";
  const texts: string[] = [];
  for (const part of message.content) {
    if (typeof part === "object" && part !== null && (part as { type?: unknown }).type === "text" && typeof (part as { text?: unknown }).text === "string") {
      texts.push((part as { text: string }).text);
    }
  }
  return texts.join("\n");
}

/** Tool names of the tool-call parts of an assistant message. */
function calledTools(message: MessageLike): string[] {
  if (!Array.isArray(message.content)) return [];
  const names: string[] = [];
  for (const part of message.content) {
    if (typeof part === "object" && part !== null && (part as { type?: unknown }).type === "tool-call") {
      const name = (part as { toolName?: unknown }).toolName;
      if (typeof name === "string") names.push(name);
    }
  }
  return names;
}

function cap(text: string): string {
  return text.length <= MAX_QUERY_LENGTH ? text : text.slice(0, MAX_QUERY_LENGTH);
}

/**
 * The query for the next model call:
 * - before any assistant turn after the latest user message: that message, joined with the user
 *   message before it when it is a short follow-up;
 * - later in the loop: the assistant's latest text followed by the user's request, or, when it said
 *   nothing, the user's request plus the names of the tools it just called.
 * Tool outputs never enter the query. Capped at 2,000 characters.
 */
export function conversationQuery(messages: readonly MessageLike[]): string {
  let lastUser = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].role === "user" && messageText(messages[i]).trim().length > 0) {
      lastUser = i;
      break;
    }
  }
  if (lastUser < 0) return "";
  let request = messageText(messages[lastUser]).trim();
  if (request.length < FOLLOW_UP_LENGTH) {
    for (let i = lastUser - 1; i >= 0; i--) {
      if (messages[i].role !== "user") continue;
      const previous = messageText(messages[i]).trim();
      if (previous.length > 0) {
        request = `${previous}\n${request}`;
        break;
      }
    }
  }
  for (let i = messages.length - 1; i > lastUser; i--) {
    if (messages[i].role !== "assistant") continue;
    // The assistant's latest words say what it is doing now; the request keeps the rest of the goal.
    const text = messageText(messages[i]).trim();
    if (text.length > 0) return cap(`${text}\n${request}`);
    const tools = calledTools(messages[i]);
    if (tools.length > 0) return cap(`${request}\n${tools.join(" ")}`);
  }
  return cap(request);
}
