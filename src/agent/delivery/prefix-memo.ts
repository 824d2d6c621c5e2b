// Hashes of a conversation's prefixes: the keys under which what was delivered at each point is remembered.

import { textHash } from "../../semantic/embedding-text.js";

/**
 * A message as canonical JSON: object keys sorted, `undefined` left out, bytes as their length and hash. Two copies of
 * a message (the SDK's own object, or one read back from the app's database with its keys reordered) give one text.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    const text = JSON.stringify(value);
    return text === undefined ? "null" : text;
  }
  if (value instanceof Uint8Array) return JSON.stringify(`bytes:${value.length}:${bytesHash(value)}`);
  if (value instanceof URL || value instanceof Date) return JSON.stringify(value.toJSON());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const record = value as Record<string, unknown>;
  const fields: string[] = [];
  for (const key of Object.keys(record).sort()) {
    if (record[key] === undefined) continue;
    fields.push(`${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  }
  return `{${fields.join(",")}}`;
}

function bytesHash(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 4096) text += String.fromCharCode(...bytes.subarray(i, i + 4096));
  return textHash(text);
}

/**
 * Hashes of a conversation's prefixes, one message at a time: the hash after message i covers messages 0..i. Each
 * message object's own hash is kept in a WeakMap, so the messages the SDK carries from step to step are read once.
 */
export class PrefixHasher {
  private readonly messageHashes = new WeakMap<object, string>();

  /** The hash of the prefix ending with `message`, given the hash of the prefix before it ("" at the start). */
  next(previous: string, message: object): string {
    let own = this.messageHashes.get(message);
    if (own === undefined) {
      own = textHash(canonicalJson(message));
      this.messageHashes.set(message, own);
    }
    return textHash(previous + own);
  }
}
