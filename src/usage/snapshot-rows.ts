// Usage snapshot rows, version 2: each link list as one short string of fixed-width base-64 digits instead of a
// JSON array of decimal numbers (a saturated 10,000-tool snapshot: 2.77 MiB as version 1, under 2 MiB as this).

/** A link list as version 1 stores it: `[...key, total, to, share, to, share, ...]`. */
export type Row = number[];

/** The rows of a snapshot, as version 1 stores them. */
export interface SnapshotRows {
  readonly starts: Row;
  readonly next: Row[];
  readonly together: Row[];
  readonly terms: Row[];
}

// base64url: no character needs escaping in JSON, and none is the total's ":" separator.
const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** Digit value by character code (-1: not a digit), so decoding reads char codes, not one-letter strings. */
const VALUES = new Int8Array(128).fill(-1);
for (let value = 0; value < DIGITS.length; value++) VALUES[DIGITS.charCodeAt(value)] = value;
/** Digits of a share (1–1000 thousandths: 64² = 4096 covers them) and of a term (a 32-bit hash: 64⁶ = 2³⁶). */
const SHARE_DIGITS = 2;
export const TERM_DIGITS = 6;

/** Base-64 digits a tool position needs in a snapshot of `toolCount` tools (at least 1). */
export function toolDigits(toolCount: number): number {
  let digits = 1;
  while (64 ** digits < toolCount) digits++;
  return digits;
}

function encodeNumber(value: number, digits: number): string {
  let text = "";
  let rest = value;
  for (let i = 0; i < digits; i++) {
    text = DIGITS[rest % 64] + text;
    rest = Math.floor(rest / 64);
  }
  return text;
}

/**
 * One row as a string: the total in decimal, ":", then the key (`keyDigits` digits, none for the starts list) and
 * each link as `toDigits` digits for the tool and 2 for its share.
 */
export function encodeRow(row: readonly number[], keyDigits: number, toDigits: number): string {
  const hasKey = keyDigits > 0;
  const total = row[hasKey ? 1 : 0];
  let text = `${total}:${hasKey ? encodeNumber(row[0], keyDigits) : ""}`;
  for (let i = hasKey ? 2 : 1; i + 1 < row.length; i += 2) {
    text += encodeNumber(row[i], toDigits) + encodeNumber(row[i + 1], SHARE_DIGITS);
  }
  return text;
}

/** The row a string encodes, or undefined when it is not one (the caller reports the snapshot as malformed). */
export function decodeRow(text: unknown, keyDigits: number, toDigits: number): Row | undefined {
  if (typeof text !== "string") return undefined;
  const colon = text.indexOf(":");
  const total = colon > 0 ? Number(text.slice(0, colon)) : Number.NaN;
  const body = colon + 1;
  const linkDigits = toDigits + SHARE_DIGITS;
  if (!Number.isFinite(total) || (text.length - body - keyDigits) % linkDigits !== 0) return undefined;
  if (text.length - body < keyDigits) return undefined;
  const read = (from: number, digits: number) => {
    let value = 0;
    for (let i = from; i < from + digits; i++) {
      const code = text.charCodeAt(i);
      const digit = code < 128 ? VALUES[code] : -1;
      if (digit < 0) return Number.NaN;
      value = value * 64 + digit;
    }
    return value;
  };
  const row: Row = keyDigits > 0 ? [read(body, keyDigits), total] : [total];
  for (let at = body + keyDigits; at < text.length; at += linkDigits) {
    row.push(read(at, toDigits), read(at + toDigits, SHARE_DIGITS));
  }
  return row.some(Number.isNaN) ? undefined : row;
}
