// Seeded text for the cost stages: words that are new on every run (no cache can answer them), same shape per seed.

/** A xorshift32 stream of letter codes 97–122 (a–z): the same seed gives the same letters. */
function codeStream(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return 97 + (state % 26);
  };
}

/** The same stream as letters a–z. */
export function letterStream(seed: number): () => string {
  const next = codeStream(seed);
  return () => String.fromCharCode(next());
}

/** `length` letters a–z (as bytes decoded once: inputs of a megabyte are built quickly). */
export function letters(length: number, seed: number): string {
  const next = codeStream(seed);
  const codes = new Uint8Array(length);
  for (let i = 0; i < length; i++) codes[i] = next();
  return new TextDecoder().decode(codes);
}

/**
 * Words of `minimum` to `maximum` letters, as many as fit in `length` characters with their separators. Lengths cycle
 * in order, so every size has the same mix of short and long words (only the letters are random).
 */
export function words(length: number, seed: number, minimum = 3, maximum = 10): string[] {
  // One string of letters cut into words: building each word letter by letter is slow for megabytes of input.
  const text = letters(length + maximum, seed);
  const out: string[] = [];
  let used = 0;
  while (used < length) {
    const size = minimum + (out.length % (maximum - minimum + 1));
    out.push(text.slice(used, used + size));
    used += size + 1;
  }
  return out;
}

/** Text of `length` characters (about): seeded words joined by `separator`. */
export function wordText(length: number, seed: number, separator = " "): string {
  return words(length, seed).join(separator).slice(0, length);
}
