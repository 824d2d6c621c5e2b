// SHA-256 of a secret, and comparing secrets or their hashes in constant time: what every token check uses.

import { LruMap } from "../../support/lru-map.js";

const encoder = new TextEncoder();

/** The SHA-256 of `text` (UTF-8). */
export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** Whether two byte strings are equal, comparing every byte whatever the first difference (equal lengths only). */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}

/**
 * The hashes of the secrets the env configures, by value: each value is hashed once per isolate, and a changed env
 * (a new value) is hashed on first use. A few entries: the env holds three tokens at most.
 */
const configuredHashes = new LruMap<string, Uint8Array>(16);

async function configuredHash(secret: string): Promise<Uint8Array> {
  const held = configuredHashes.get(secret);
  if (held !== undefined) return held;
  const hash = await sha256(secret);
  configuredHashes.set(secret, hash);
  return hash;
}

/**
 * Whether `given` is one of `secrets`, in a time that does not depend on which one it matches (if any), where it
 * differs or on lengths: `given` is hashed once to 32 bytes and compared byte by byte with every secret's hash.
 */
export async function matchesSecret(given: string, secrets: readonly string[]): Promise<boolean> {
  const [hash, ...expected] = await Promise.all([sha256(given), ...secrets.map(configuredHash)]);
  let matched = false;
  for (const candidate of expected) {
    // Every candidate is compared: no early exit on the first match.
    if (bytesEqual(hash, candidate)) matched = true;
  }
  return matched;
}
