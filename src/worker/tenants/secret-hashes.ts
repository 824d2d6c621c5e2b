// SHA-256 of a secret, and comparing secrets or their hashes in constant time: what every token check uses.

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
 * Whether two secrets are equal, in a time that does not depend on where they differ or on their
 * lengths: both are hashed to 32 bytes and every byte pair is compared.
 */
export async function secretsEqual(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256(given), sha256(expected)]);
  return bytesEqual(a, b);
}
