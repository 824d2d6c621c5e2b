// Reads and checks the local model asset: GloVe word vectors with their frequency ranks, stored as int8 rows
// (format version 1) or product-quantised (version 2, decoded here to int8 rows).

import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";

/**
 * The decoded asset. In a version-1 asset the typed arrays are views on the given bytes; a version-2 asset's rows
 * are decoded from its codes into new arrays.
 */
export interface LocalModelAsset {
  readonly version: number;
  /** How the rows are stored: `"int8"` (version 1) or `"product-quantised"` (version 2). */
  readonly encoding: "int8" | "product-quantised";
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
/** Version 2's header: version 1's, then subvectors u32, centroids u32, codebook scale f32. */
const HEADER_BYTES_V2 = 44;
/** The newest asset format this toolsift reads (it reads every format from 1 on). */
export const LOCAL_MODEL_FORMAT = 2;

function fail(message: string, details: Record<string, unknown> = {}): never {
  throw new ToolsiftError("INVALID_MODEL_ASSET", `Local model asset: ${message}`, details);
}

/** Rows and scales of a version-2 asset: each word's codes pick int8 codebook entries, one per subvector. */
function decodeProductQuantised(
  codebook: Int8Array,
  codes: Uint8Array,
  layout: { count: number; dims: number; subvectors: number; centroids: number; scale: number },
): { rows: Int8Array; scales: Float32Array } {
  const { count, dims, subvectors, centroids, scale } = layout;
  const sub = dims / subvectors;
  const rows = new Int8Array(count * dims);
  let at = 0;
  for (let word = 0; word < count; word++) {
    for (let s = 0; s < subvectors; s++) {
      const code = codes[word * subvectors + s];
      if (code >= centroids) {
        fail(`word ${word}'s code ${code} for subvector ${s} is outside its ${centroids} centroids.`, { word, code });
      }
      // An element loop: a subarray per part would allocate a view per word and subvector.
      const from = (s * centroids + code) * sub;
      for (let d = 0; d < sub; d++) rows[at++] = codebook[from + d];
    }
  }
  // One codebook scale: every decoded row is exactly int8 × scale, which the pooling kernel reads as is.
  return { rows, scales: new Float32Array(count).fill(scale) };
}

/** Version 2's codebook shape, checked against the header's dims. */
function productLayout(view: DataView, dims: number): { subvectors: number; centroids: number; scale: number } {
  const subvectors = view.getUint32(32, true);
  const centroids = view.getUint32(36, true);
  const scale = view.getFloat32(40, true);
  if (subvectors === 0 || dims % subvectors !== 0) {
    fail(`${subvectors} subvectors do not split ${dims} dimensions evenly.`, { subvectors, dims });
  }
  if (centroids === 0 || centroids > 256) fail(`${centroids} centroids per subvector; a code byte holds 1 to 256.`);
  if (!(scale > 0) || !Number.isFinite(scale)) fail(`codebook scale ${scale} is not a positive finite number.`);
  return { subvectors, centroids, scale };
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
  const product = version === 2 ? productLayout(view, dims) : undefined;
  const commonBytes = flags & 1 ? dims * 4 : 0;
  const rowBytes = product ? product.centroids * dims + count * product.subvectors : count * 4 + count * dims;
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
  let scales: Float32Array;
  let rows: Int8Array;
  if (product) {
    const codebook = new Int8Array(buffer, offset, product.centroids * dims);
    offset += codebook.length;
    const codes = new Uint8Array(buffer, offset, count * product.subvectors);
    offset += codes.length;
    ({ rows, scales } = decodeProductQuantised(codebook, codes, { count, dims, ...product }));
  } else {
    scales = new Float32Array(buffer, offset, count);
    offset += count * 4;
    rows = new Int8Array(buffer, offset, count * dims);
    offset += count * dims;
  }
  // Words are stored in source frequency order, so a position stands for a rank.
  const ranks = Float32Array.from({ length: count }, (_, i) => 1 + (i * Math.max(lastRank, count)) / count);
  const words = new TextDecoder().decode(new Uint8Array(buffer, offset, vocabBytes)).split("\n");
  if (words.length !== count) fail(`the vocabulary holds ${words.length} words for ${count} rows.`);
  const encoding = product ? "product-quantised" : "int8";
  return { version, encoding, dims, words, ranks, scales, rows, common, byteLength: bytes.byteLength };
}
