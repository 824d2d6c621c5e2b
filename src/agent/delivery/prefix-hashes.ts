// The hash of each prefix of a conversation: the key under which every delivery mode remembers what it decided there.

import type { MessageLike } from "../../conversation/model-messages.js";
import type { ConversationMessage } from "../../conversation/query-rule.js";
import { textHash } from "../../semantic/embedding-text.js";

/**
 * JSON with object keys sorted, read as `JSON.stringify` reads a value (`toJSON`, `undefined` and functions left out
 * of objects and `null` in arrays): a value and its copy read back from JSON or a database that reordered its keys
 * give one text.
 */
export function canonicalJson(value: unknown): string {
  return jsonText(value) ?? "null";
}

function jsonText(value: unknown): string | undefined {
  if (typeof value === "object" && value !== null && typeof (value as { toJSON?: unknown }).toJSON === "function")
    value = (value as { toJSON: () => unknown }).toJSON();
  if (typeof value === "bigint") return JSON.stringify(String(value));
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => jsonText(item) ?? "null").join(",")}]`;
  const record = value as Record<string, unknown>;
  const fields: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const text = jsonText(record[key]);
    if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${fields.join(",")}}`;
}

/**
 * What of a content part the delivery modes read: its type, text, tool name, call id, call input and result output.
 * Left out, because no decision reads them and a stored copy may not keep them as they were: `providerOptions` (the
 * provider's metadata, which an app may drop when it stores the conversation), image and file data (a `Uint8Array`
 * comes back from JSON as an object of numbers, or is stored as base64 or a URL), media types, file names and
 * approval ids. A tool result's `output` is kept whole, its own `providerOptions` too: Anthropic's tool references
 * (which tools a search loaded) are `custom` items whose only content is there, and `deferredTools` reads them.
 */
function canonicalPart(part: unknown): unknown {
  if (typeof part === "string") return { type: "text", text: part };
  if (typeof part !== "object" || part === null) return part;
  const { type, text, toolName, toolCallId, input, output } = part as Record<string, unknown>;
  return { type, text, toolName, toolCallId, input, output };
}

/**
 * A message as the delivery modes read it, as text: its role, and its content as parts (a string content is one text
 * part, as the selection reads it) reduced by `canonicalPart`. The message's own `providerOptions` are left out: a
 * conversation the app stored (`responseMessages`, maybe through JSON or a database, maybe without provider metadata)
 * gives the text the SDK's own objects give. Messages toolsift adds (deliveries, preloads) are recognised by their
 * `providerOptions.toolsift` or call id and taken out before hashing, so nothing marks them here.
 */
export function canonicalMessage(message: MessageLike): string {
  const { role, content } = message;
  const parts = typeof content === "string" ? [content] : content;
  return canonicalJson([role, Array.isArray(parts) ? parts.map(canonicalPart) : parts]);
}

/** Each message object's hash, computed once: the SDK passes the same objects again at every step. */
const messageHashes = new WeakMap<object, string>();

function messageHash(message: MessageLike): string {
  let hash = messageHashes.get(message);
  if (hash === undefined) messageHashes.set(message, (hash = textHash(canonicalMessage(message))));
  return hash;
}

/**
 * `hashes[p]` keys the prefix `messages.slice(0, p)` (`hashes[0]` the empty conversation): a chain of 64-bit FNV-1a
 * hashes, each over the hash before it and the next message's. Equal for two conversations whose messages have the
 * same `canonicalMessage`, however they were stored.
 */
export function prefixHashes(messages: readonly MessageLike[]): string[] {
  const hashes = [textHash("")];
  for (const message of messages) hashes.push(textHash(hashes[hashes.length - 1] + messageHash(message)));
  return hashes;
}

/**
 * A message in the neutral shape as text: its role, and for the user's and the assistant's messages their text and the
 * tools called (what the selection reads of it).
 */
export function canonicalConversationMessage(message: ConversationMessage): string {
  const { role, text, toolCalls } = message;
  return canonicalJson(role === "other" ? [role] : [role, text, toolCalls]);
}

/** `prefixHashes` of a conversation in the neutral shape (`canonicalConversationMessage`). */
export function conversationPrefixHashes(conversation: readonly ConversationMessage[]): string[] {
  const hashes = [textHash("")];
  for (const message of conversation) {
    hashes.push(textHash(hashes[hashes.length - 1] + textHash(canonicalConversationMessage(message))));
  }
  return hashes;
}
