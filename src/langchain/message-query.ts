// The query a LangChain model call selects tools for: the latest human message, joined with the one before when it is a short follow-up.

import { FOLLOW_UP_LENGTH } from "../agent/conversation-query.js";
import { MAX_QUERY_LENGTH } from "../options.js";

interface MessageShape {
  getType?: () => unknown;
  _getType?: () => unknown;
  type?: unknown;
  role?: unknown;
  content?: unknown;
}

/**
 * Whether a message is the user's: a `HumanMessage` (`getType()`, or the older `_getType()`, is
 * "human"), a `ChatMessage` with role "user", or a plain `{ role: "user" }` / `{ type: "human" }` object.
 */
export function isHumanMessage(message: unknown): boolean {
  if (typeof message !== "object" || message === null) return false;
  const shape = message as MessageShape;
  let type: unknown;
  if (typeof shape.getType === "function") type = shape.getType();
  else if (typeof shape._getType === "function") type = shape._getType();
  else type = shape.type ?? shape.role;
  if (type === "generic" || type === "chat") type = shape.role;
  return type === "human" || type === "user";
}

/** The text of a message: string content, or its string and `{ type: "text" }` parts (images, files and tool blocks are left out). */
export function humanText(message: unknown): string {
  const content = (message as MessageShape).content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const texts: string[] = [];
  for (const part of content) {
    if (typeof part === "string") texts.push(part);
    else if (typeof part === "object" && part !== null && (part as { type?: unknown }).type === "text" && typeof (part as { text?: unknown }).text === "string") {
      texts.push((part as { text: string }).text);
    }
  }
  return texts.join("\n");
}

/**
 * The selection query for a model call, or "" when the conversation has no user text:
 * - the latest non-empty human message;
 * - when it is shorter than 40 characters ("and in Berlin?"), the previous human message, a newline, then it;
 * - at most 2,000 characters: the follow-up is kept whole and the earlier message is cut to fit.
 * AI messages, tool calls and tool outputs (`ToolMessage`) never enter the query.
 */
export function selectionQuery(messages: readonly unknown[]): string {
  let latest: string | undefined;
  let previous: string | undefined;
  for (let i = messages.length - 1; i >= 0 && previous === undefined; i--) {
    if (!isHumanMessage(messages[i])) continue;
    const text = humanText(messages[i]).trim();
    if (text.length === 0) continue;
    if (latest === undefined) {
      latest = text;
      if (latest.length >= FOLLOW_UP_LENGTH) break;
    } else {
      previous = text;
    }
  }
  if (latest === undefined) return "";
  if (previous === undefined) return latest.length <= MAX_QUERY_LENGTH ? latest : latest.slice(0, MAX_QUERY_LENGTH);
  return `${previous.slice(0, MAX_QUERY_LENGTH - latest.length - 1)}\n${latest}`;
}
