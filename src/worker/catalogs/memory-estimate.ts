// What a built catalog index holds in an isolate's memory, estimated from its catalog and vectors (warm-catalogs.ts
// keeps the warm copies under TOOLSIFT_WARM_BYTES by it).

import type { Quantization } from "../../semantic/vector-index.js";

/** What the estimate is made from. */
export interface IndexFootprint {
  readonly tools: number;
  /** UTF-16 length of the catalog as JSON (names, descriptions, schemas). */
  readonly catalogCharacters: number;
  /** Vector length; 0 without vectors (keyword ranking, or embedding failed). */
  readonly dimensions: number;
  readonly quantization: Quantization;
  /** int8 rows keep 4-bit residuals (toolsift's `rescore`, default true). */
  readonly rescore?: boolean;
  /** Query vectors an index keeps (toolsift's `queryCacheSize`, 128 by default). */
  readonly queryCacheSize: number;
}

const PAGE = 65_536;

/**
 * Bytes of JS heap and wasm memory per character of catalog JSON, and per tool, for the parsed catalog and its
 * keyword index (postings in wasm, fields, names): measured 0.84 MiB for 1,000 tools (318,062 characters), 4.49
 * MiB for 5,000 (1,599,203) and about 24 MiB for 20,000 (6,423,505) in Node (`--expose-gc`, heap + external bytes
 * held after building and one select), and rounded up so the estimate stays above each.
 */
const BYTES_PER_CHARACTER = 4;
const BYTES_PER_TOOL = 200;

/**
 * Bytes of the vector slab as VectorIndex lays it out (`byteLength`): each row (float32, or int8 padded to 16
 * plus a float32 scale and, with `rescore`, its 4-bit residuals) and 12 bytes of per-query scratch, the padded
 * query, and each row's 8-byte text hash.
 */
export function vectorBytes(tools: number, dimensions: number, quantization: Quantization, rescore = true): number {
  if (dimensions === 0) return 0;
  const stride = quantization === "int8" ? Math.ceil(dimensions / 16) * 16 : dimensions;
  const residuals = rescore ? stride / 2 : 0;
  const row = quantization === "int8" ? stride + residuals + 4 : dimensions * 4;
  return tools * (row + 12 + 8) + stride * 4;
}

/**
 * An upper estimate of the bytes one built index holds: its vectors (exact), a full query-vector cache, the
 * catalog and keyword index (fitted per character and per tool), and a wasm page of slack per core instance.
 */
export function estimateIndexBytes(footprint: IndexFootprint): number {
  const { tools, dimensions } = footprint;
  const instances = dimensions > 0 ? 2 : 1;
  return (
    vectorBytes(tools, dimensions, footprint.quantization, footprint.rescore ?? true) +
    footprint.queryCacheSize * dimensions * 4 +
    footprint.catalogCharacters * BYTES_PER_CHARACTER +
    tools * BYTES_PER_TOOL +
    instances * PAGE
  );
}

/**
 * Bytes per character of a learnt-usage snapshot's JSON that a warm catalog holds for it: this isolate's parsed copy
 * (warm-usage.ts) plus the usage graph `replaceUsage` builds in the index. Measured 18.8–19.7 in Node for 1,000 and
 * 5,000 tools and 1,000–20,000 learnt conversations (253,414–483,071 characters; `--expose-gc`, heap + external bytes
 * held after installing and one select: bench/service-memory/usage.mjs), rounded up; an empty snapshot holds about
 * nothing.
 */
export const USAGE_BYTES_PER_CHARACTER = 20;

/** Estimated bytes a warm catalog holds for learnt usage whose snapshot is `characters` long as JSON. */
export function estimateUsageBytes(characters: number): number {
  return characters * USAGE_BYTES_PER_CHARACTER;
}
