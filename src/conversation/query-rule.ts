// The one rule that reads a selection query from a conversation, over a neutral shape every adapter converts to.

import { isSmallTalk } from "../core/relevance-words.js";
import { CONVERSATIONAL_WORDS } from "../core/stop-words.js";
import { tokenize } from "../core/tokenizer.js";
import { MAX_QUERY_LENGTH } from "../options.js";
/**
 * A message as the rule reads it. Adapters convert their own shapes to it: AI SDK `ModelMessage`s and V4
 * prompts (`model-messages.ts`), LangChain messages (`langchain/message-query.ts`).
 */
export interface ConversationMessage {
  /** `"user"` for the person's turns, `"assistant"` for the model's, `"other"` for system and tool messages. */
  readonly role: "user" | "assistant" | "other";
  /** The message's text parts, joined with newlines (tool calls, tool results, files and images left out). */
  readonly text: string;
  /** Names of the tools an assistant message called, in order. */
  readonly toolCalls: readonly string[];
}

/**
 * The select option under which toolsift's own adapters hand an index the conversation in this shape (its tool calls
 * are the conversation's memory, as `messages` are): a symbol, so it is no option a user sees or sets.
 */
export const CONVERSATION: unique symbol = Symbol.for("toolsift.conversation");

/** Select options with the conversation in the neutral shape (`CONVERSATION`). */
export interface WithConversation {
  readonly [CONVERSATION]?: readonly ConversationMessage[];
}

/** A follow-up shorter than this ("and in Berlin?") is read together with the user message before it. */
export const FOLLOW_UP_LENGTH = 40;

// Words that open an elliptic follow-up ("and tomorrow?", "same for Bob", "what about staging?") and words that point
// back at what was said ("cancel the first one", "share it with Ana"): general English, no catalog's words.
const CONNECTIVES = new Set("and also same too plus or then now but instead again another else".split(" "));
const BACK_REFERENCES = new Set(
  "it its this these those them they one ones there her him his hers theirs previous above earlier last".split(" "),
);

/**
 * Whether a short user turn leans on the one before it (elliptic: "and in Berlin?", "same for Bob", "cancel the first
 * one") rather than naming its own task ("What's on my calendar tomorrow?"). A turn of conversation only ("thanks!",
 * "ok great") leans on nothing: it asks for nothing.
 */
export function isEllipticFollowUp(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  if (words.length === 0) return false;
  const [first = "", second = ""] = words;
  if (CONNECTIVES.has(first) || ((first === "what" || first === "how") && second === "about")) return true;
  if (words.some((word) => BACK_REFERENCES.has(word))) return true;
  // No content word of its own: nothing but stop words and values ("at 4?", "Bob?").
  const content = tokenize(text).filter((token) => !token.stop && !CONVERSATIONAL_WORDS.has(token.surface));
  return content.length > 0 && content.every((token) => !token.alphabetic || token.capitalized);
}

/** The latest non-empty user text at or before `end`, and its position. */
export function userTextBefore(
  messages: readonly ConversationMessage[],
  end: number,
): { text: string; at: number } | undefined {
  for (let i = end; i >= 0; i--) {
    if (messages[i].role !== "user") continue;
    const text = messages[i].text.trim();
    if (text.length > 0) return { text, at: i };
  }
  return undefined;
}

/** `text` cut to `room` characters (never inside a surrogate pair); "" when there is no room. */
function fit(text: string, room: number): string {
  if (room <= 0) return "";
  if (text.length <= room) return text;
  const end = text.charCodeAt(room - 1) >= 0xd800 && text.charCodeAt(room - 1) <= 0xdbff ? room - 1 : room;
  return text.slice(0, end);
}

/**
 * The query for the next model call, or "" when the conversation has no user text:
 * - the latest non-empty user message; when it is shorter than 40 characters and elliptic ("and in Berlin?",
 *   "cancel the first one": `isEllipticFollowUp`) or answers the assistant's question ("yes" to "Should I go
 *   ahead?"), the user message before it, a newline, then it; a short turn that names its own task ("What's on my
 *   calendar tomorrow?") or only converses ("thanks!") is read alone;
 * - later in the loop (an assistant turn after that message): the assistant's latest text, a newline,
 *   then the request; when it said nothing, the request, a newline, then the names of the tools it
 *   just called;
 * - at most `maxLength` characters (default 2,000, the most any selection reads). The latest user message
 *   is kept whole (cut only when it alone is longer); the earlier context is cut to fit first: the previous
 *   user message, then the assistant's words, then the tool names.
 * Tool outputs never enter the query.
 */
export function queryFromConversation(
  messages: readonly ConversationMessage[],
  maxLength: number = MAX_QUERY_LENGTH,
): string {
  const latest = userTextBefore(messages, messages.length - 1);
  if (latest === undefined) return "";
  const previous =
    latest.text.length < FOLLOW_UP_LENGTH && (isEllipticFollowUp(latest.text) || answersQuestion(messages, latest.at))
      ? userTextBefore(messages, latest.at - 1)?.text
      : undefined;
  let assistantText = "";
  let calledTools = "";
  for (let i = messages.length - 1; i > latest.at; i--) {
    if (messages[i].role !== "assistant") continue;
    // The assistant's latest words say what it is doing now; the request keeps the rest of the goal.
    assistantText = messages[i].text.trim();
    if (assistantText.length === 0) calledTools = messages[i].toolCalls.join(" ");
    if (assistantText.length > 0 || calledTools.length > 0) break;
  }
  // Fill the budget in order of importance, each part after a newline.
  const request = fit(latest.text, maxLength);
  let room = maxLength - request.length - 1;
  const words = fit(assistantText, room);
  room -= words.length > 0 ? words.length + 1 : 0;
  const tools = fit(calledTools, room);
  room -= tools.length > 0 ? tools.length + 1 : 0;
  const context = fit(previous ?? "", room);
  const fullRequest = context.length > 0 ? `${context}\n${request}` : request;
  if (words.length > 0) return `${words}\n${fullRequest}`;
  if (tools.length > 0) return `${fullRequest}\n${tools}`;
  return fullRequest;
}

/**
 * Whether the conversation's latest message is a user turn of conversation only ("thanks!", "ok great", "lol"): such a
 * turn asks for nothing, so the call is offered no tool but the pinned ones, whatever the turn before used (every
 * delivery and adapter reads it here). False once the model has answered in this turn (a later step).
 */
export function isSmallTalkTurn(
  messages: readonly ConversationMessage[],
  /** What reads a text as chat only: `isSmallTalk` (the ranking's), or the agent's wider `isChitChat`. */
  chat: (text: string) => boolean = isSmallTalk,
): boolean {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message.role === "assistant") return false;
    if (message.role !== "user") continue;
    const text = message.text.trim();
    // "yes" to "Should I go ahead?" carries the task on.
    if (text.length > 0) return chat(text) && !answersQuestion(messages, i);
  }
  return false;
}

/**
 * Whether `text` is the conversation's latest user message and answers a question the assistant asked ("yes" to
 * "Should I go ahead?"): a chat word there carries the task on.
 */
export function answersAQuestion(messages: readonly ConversationMessage[], text: string): boolean {
  for (let i = messages.length - 1; i >= 0; i--) {
    const latest = messages[i].role === "user" ? messages[i].text.trim() : "";
    if (latest.length > 0) return latest === text.trim() && answersQuestion(messages, i);
  }
  return false;
}

/** Whether the assistant's last words before the user message at `at` asked a question ("Should I go ahead?"). */
function answersQuestion(messages: readonly ConversationMessage[], at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const message = messages[i];
    if (message.role === "user") return false;
    if (message.role === "assistant" && message.text.trim().length > 0) return message.text.trim().endsWith("?");
  }
  return false;
}
