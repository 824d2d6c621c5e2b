// A conversation (AI SDK ModelMessage[]) as the turns a usage graph learns: per user turn, its query terms (hashed)
// and the tools called for it, in order. Only tool names and hashed terms leave this module, never raw text.

import { forEachToken } from "../core/tokenizer.js";
import { mixedHash32 } from "../core/hash.js";
import { fromModelMessages, type MessageLike } from "../conversation/model-messages.js";
import { queryFromConversation, type ConversationMessage } from "../conversation/query-rule.js";
import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";
import type { LearnedTurn } from "./usage-graph.js";

const ROLES = new Set(["system", "user", "assistant", "tool"]);
/** Seed of the term hash: fixed, so snapshots from different processes agree. */
const TERM_SEED = 0x7e5a_11ed;

/** The hashed ids of the indexed terms of `text` (stemmed, folded; stop words left out). */
export function termIds(text: string): number[] {
  const ids: number[] = [];
  forEachToken(text, (token) => {
    if (!token.stop) ids.push(mixedHash32(token.term, TERM_SEED));
  });
  return ids;
}

/** Checks that `messages` is an array (what each message holds is not read: see `checkMessages`). */
export function checkMessageArray(where: string, messages: unknown): asserts messages is unknown[] {
  if (!Array.isArray(messages))
    throw new ToolsiftError(
      "INVALID_MESSAGES",
      `${where}: messages must be an array of AI SDK messages, got ${describeValue(messages)}.`,
      {},
    );
}

/**
 * Checks that `messages` is a conversation: an array of `{ role, content }` with AI SDK roles, each content a string
 * or an array of parts.
 */
export function checkMessages(where: string, messages: unknown): asserts messages is MessageLike[] {
  checkMessageArray(where, messages);
  messages.forEach((message: unknown, position) => {
    const role = (message as { role?: unknown } | null)?.role;
    if (typeof message !== "object" || message === null || typeof role !== "string" || !ROLES.has(role)) {
      throw new ToolsiftError(
        "INVALID_MESSAGES",
        `${where}: messages[${position}] must be a message with role "system", "user", "assistant" or "tool", got ` +
          `${typeof role === "string" ? `role ${JSON.stringify(role)}` : describeValue(message)}.`,
        { position },
      );
    }
    const content = (message as { content?: unknown }).content;
    if (typeof content !== "string" && !Array.isArray(content)) {
      // A UI message (`useChat`'s `{ id, role, parts }`) is no model message: the AI SDK converts it.
      const ui = content === undefined && Array.isArray((message as { parts?: unknown }).parts);
      throw new ToolsiftError(
        "INVALID_MESSAGES",
        `${where}: messages[${position}].content must be a string or an array of parts, got ${describeValue(content)}.` +
          (ui ? ' It has `parts`: a UI message; pass `await convertToModelMessages(messages)` (from "ai").' : ""),
        { position, field: "content" },
      );
    }
  });
}

/**
 * The turns of a conversation: each user message with text opens a turn whose query is what the selection rule
 * reads at that point (so learnt terms match the terms selection later looks up), and the tool calls of the
 * assistant messages after it, up to the next user message, are its calls.
 */
export function learnedTurns(messages: readonly MessageLike[]): LearnedTurn[] {
  const neutral = fromModelMessages(messages);
  const turns: { terms: number[]; calls: string[] }[] = [];
  let current: { terms: number[]; calls: string[] } | undefined;
  neutral.forEach((message, position) => {
    if (message.role === "user" && message.text.trim().length > 0) {
      current = { terms: termIds(queryFromConversation(neutral.slice(0, position + 1))), calls: [] };
      turns.push(current);
    } else if (message.role === "assistant" && current !== undefined) {
      current.calls.push(...message.toolCalls);
    }
  });
  return turns;
}

/**
 * The tools called in a conversation, per user turn, in call order: the last list is the current turn (empty before
 * its first call).
 */
export function callsByTurn(conversation: readonly ConversationMessage[]): string[][] {
  const turns: string[][] = [[]];
  for (const message of conversation) {
    // Consecutive user messages (a follow-up before any call) stay one turn.
    if (message.role === "user" && turns[turns.length - 1].length > 0) turns.push([]);
    else if (message.role === "assistant") turns[turns.length - 1].push(...message.toolCalls);
  }
  return turns;
}
