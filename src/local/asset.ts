// Reads and checks the local model asset: int8 GloVe word vectors with their frequency ranks (format version 1).

import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";

/** The decoded asset; typed arrays are views on the given bytes. */
export interface LocalModelAsset {
  readonly version: number;
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
const HEADER_BYTES = 32;
export const LOCAL_MODEL_FORMAT = 1;

function fail(message: string, details: Record<string, unknown> = {}): never {
  throw new ToolsiftError("INVALID_MODEL_ASSET", `Local model asset: ${message}`, details);
}

/** Decodes and verifies (magic, version, sizes, checksum) a local model asset. */
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
  if (version !== LOCAL_MODEL_FORMAT) {
    fail(`format version ${version}; this toolsift reads version ${LOCAL_MODEL_FORMAT}.`, { version });
  }
  const count = view.getUint32(8, true);
  const dims = view.getUint32(12, true);
  const flags = view.getUint32(16, true);
  const vocabBytes = view.getUint32(20, true);
  const checksum = view.getUint32(24, true);
  const lastRank = view.getUint32(28, true);
  const commonBytes = flags & 1 ? dims * 4 : 0;
  const expected = HEADER_BYTES + commonBytes + count * 4 + count * dims + vocabBytes;
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
  let offset = base + HEADER_BYTES;
  const common = commonBytes > 0 ? new Float32Array(buffer, offset, dims) : undefined;
  offset += commonBytes;
  const scales = new Float32Array(buffer, offset, count);
  offset += count * 4;
  // Words are stored in source frequency order, so a position stands for a rank.
  const ranks = Float32Array.from({ length: count }, (_, i) => 1 + (i * Math.max(lastRank, count)) / count);
  const rows = new Int8Array(buffer, offset, count * dims);
  offset += count * dims;
  const words = new TextDecoder().decode(new Uint8Array(buffer, offset, vocabBytes)).split("\n");
  if (words.length !== count) fail(`the vocabulary holds ${words.length} words for ${count} rows.`);
  return { version, dims, words, ranks, scales, rows, common, byteLength: bytes.byteLength };
}
