// Reads and checks the local model asset: GloVe word vectors with their frequency ranks, stored as int8 rows
// (format version 1) or as 2- to 7-bit codes with one step per row (version 2, decoded here to int8 rows).

import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";

/**
 * The decoded asset. In a version-1 asset the typed arrays are views on the given bytes; a version-2 asset's rows
 * are decoded from its codes into new arrays.
 */
export interface LocalModelAsset {
  readonly version: number;
  /** Bits per stored value: 8 in version 1 (int8), the code width (4 in the bundled asset) in version 2. */
  readonly bits: number;
  readonly dims: number;
  readonly words: readonly string[];
  /** Frequency rank of each word in the source vocabulary (1 = most frequent), from its position. */
  readonly ranks: Float32Array;
  /** Per-row scale: row value = int8 × scale. */
  readonly scales: Float32Array;
  /** `words.length × dims` int8 values, row-major. */
  readonly rows: Int8Array;
  /** The common component to remove from pooled vectors, when the asset carries one. */
  readonly common: Float32Array | undefined;
  readonly byteLength: number;
}

const MAGIC = 0x4d4c5354; // "TSLM" read as a little-endian u32
/** Bytes before the checksummed part; every version's checksum covers the bytes from here on. */
const HEADER_BYTES = 32;
/** Version 2's header: version 1's, then the code width in bits, u32. */
const HEADER_BYTES_V2 = 36;
/** The newest asset format this toolsift reads (it reads every format from 1 on). */
export const LOCAL_MODEL_FORMAT = 2;

function fail(message: string, details: Record<string, unknown> = {}): never {
  throw new ToolsiftError("INVALID_MODEL_ASSET", `Local model asset: ${message}`, details);
}

/** Whether typed arrays are little-endian here (they are on every common platform). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** For each byte of 4-bit codes, its two decoded int8 values as one little-endian 16-bit word. */
const NIBBLE_PAIRS = Int16Array.from(
  { length: 256 },
  (_, b) => ((2 * (b & 15) - 15) & 0xff) | ((2 * (b >> 4) - 15) << 8),
);

/**
 * Rows of a version-2 asset: `bits`-bit codes, packed least significant bit first, read as the odd int8 values
 * 2 × code − (2^bits − 1), so that int8 × (step / 2) = (code − (2^bits − 1) / 2) × step exactly.
 */
function unpackRows(codes: Uint8Array, values: number, bits: number): Int8Array {
  const rows = new Int8Array(values);
  const mask = (1 << bits) - 1;
  let [buffer, held, next, i] = [0, 0, 0, 0];
  if (bits === 4 && LITTLE_ENDIAN) {
    // The bundled asset's width: a byte holds two codes (the first in its low nibble), looked up as the two
    // int8 values of one 16-bit word.
    const pairs = new Int16Array(rows.buffer, 0, values >> 1);
    for (let j = 0; j < pairs.length; j++) pairs[j] = NIBBLE_PAIRS[codes[j]];
    [i, next] = [pairs.length * 2, pairs.length];
  } else if (bits === 3) {
    // Unrolled: 8 codes fill 3 bytes exactly (several times faster at load than the general loop).
    for (; i + 8 <= values; i += 8, next += 3) {
      const w = codes[next] | (codes[next + 1] << 8) | (codes[next + 2] << 16);
      rows[i] = 2 * (w & 7) - 7;
      rows[i + 1] = 2 * ((w >> 3) & 7) - 7;
      rows[i + 2] = 2 * ((w >> 6) & 7) - 7;
      rows[i + 3] = 2 * ((w >> 9) & 7) - 7;
      rows[i + 4] = 2 * ((w >> 12) & 7) - 7;
      rows[i + 5] = 2 * ((w >> 15) & 7) - 7;
      rows[i + 6] = 2 * ((w >> 18) & 7) - 7;
      rows[i + 7] = 2 * ((w >> 21) & 7) - 7;
    }
  }
  for (; i < values; i++) {
    while (held < bits) {
      buffer |= codes[next++] << held;
      held += 8;
    }
    rows[i] = 2 * (buffer & mask) - mask;
    buffer >>>= bits;
    held -= bits;
  }
  return rows;
}

/** Decodes and verifies (magic, version, sizes, checksum) a local model asset of format version 1 or 2. */
export function parseLocalModelAsset(input: ArrayBuffer | ArrayBufferView): LocalModelAsset {
  if (!(input instanceof ArrayBuffer) && !ArrayBuffer.isView(input)) {
    fail(`expected the asset's bytes (an ArrayBuffer or ArrayBufferView), got ${describeValue(input)}.`, {
      received: describeValue(input),
    });
  }
  const bytes =
    input instanceof ArrayBuffer
      ? new Uint8Array(input)
      : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.byteLength < HEADER_BYTES) fail(`${bytes.byteLength} bytes is shorter than the header.`);
  // Copy to an aligned buffer so the typed-array views below are valid whatever the source offset.
  const buffer = bytes.byteOffset % 4 === 0 ? bytes.buffer : bytes.slice().buffer;
  const base = bytes.byteOffset % 4 === 0 ? bytes.byteOffset : 0;
  const view = new DataView(buffer, base, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) fail(`it does not start with "TSLM".`);
  const version = view.getUint32(4, true);
  if (version !== 1 && version !== 2) {
    fail(`format version ${version}; this toolsift reads versions 1 to ${LOCAL_MODEL_FORMAT}.`, { version });
  }
  const count = view.getUint32(8, true);
  const dims = view.getUint32(12, true);
  const flags = view.getUint32(16, true);
  const vocabBytes = view.getUint32(20, true);
  const checksum = view.getUint32(24, true);
  const lastRank = view.getUint32(28, true);
  const header = version === 1 ? HEADER_BYTES : HEADER_BYTES_V2;
  if (bytes.byteLength < header) fail(`${bytes.byteLength} bytes is shorter than the version ${version} header.`);
  const bits = version === 2 ? view.getUint32(32, true) : 8;
  if (version === 2 && (bits < 2 || bits > 7)) fail(`${bits}-bit codes; version 2 stores 2- to 7-bit codes.`, { bits });
  const commonBytes = flags & 1 ? dims * 4 : 0;
  const rowBytes = count * 4 + (version === 1 ? count * dims : Math.ceil((count * dims * bits) / 8));
  const expected = header + commonBytes + rowBytes + vocabBytes;
  if (expected !== bytes.byteLength) {
    fail(`the header describes ${expected} bytes, the asset has ${bytes.byteLength}.`, {
      expected,
      received: bytes.byteLength,
    });
  }
  let hash = 0x811c9dc5;
  for (let i = HEADER_BYTES; i < bytes.byteLength; i++) {
    hash ^= bytes[i];
    hash = Math.imul(hash, 0x01000193);
  }
  if (hash >>> 0 !== checksum) {
    fail(`checksum mismatch (the file is damaged or truncated).`, { expected: checksum, received: hash >>> 0 });
  }
  let offset = base + header;
  const common = commonBytes > 0 ? new Float32Array(buffer, offset, dims) : undefined;
  offset += commonBytes;
  let scales = new Float32Array(buffer, offset, count);
  offset += count * 4;
  let rows: Int8Array;
  if (version === 1) {
    rows = new Int8Array(buffer, offset, count * dims);
    offset += count * dims;
  } else {
    const codes = new Uint8Array(buffer, offset, Math.ceil((count * dims * bits) / 8));
    offset += codes.length;
    rows = unpackRows(codes, count * dims, bits);
    // Stored: each row's step between code levels; an int8 unit of the decoded row is half a step.
    scales = Float32Array.from(scales, (step) => step / 2);
  }
  // Words are stored in source frequency order, so a position stands for a rank.
  const ranks = Float32Array.from({ length: count }, (_, i) => 1 + (i * Math.max(lastRank, count)) / count);
  const words = new TextDecoder().decode(new Uint8Array(buffer, offset, vocabBytes)).split("\n");
  if (words.length !== count) fail(`the vocabulary holds ${words.length} words for ${count} rows.`);
  return { version, bits, dims, words, ranks, scales, rows, common, byteLength: bytes.byteLength };
}
