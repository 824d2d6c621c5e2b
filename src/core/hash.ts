// A fast 32-bit string hash for keys and feature hashing (not security): FNV-1a with a murmur3 finaliser.

/**
 * FNV-1a over the UTF-16 code units of `text`, starting from `state`, then the murmur3 `fmix32`
 * avalanche so that nearby strings spread over every bit.
 */
export function mixedHash32(text: string, state: number): number {
  let hash = state >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return fmix32(hash);
}

/** The murmur3 finaliser: spreads the bits of a 32-bit hash so that nearby inputs differ in every bit. */
export function fmix32(hash: number): number {
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
