// Tool vectors in one row-major slab in wasm memory (float32, or int8 with a per-row scale), scored by wasm kernels.

import type { WasmArena } from "../wasm/arena.js";

/** How vectors are stored: float32 (exact) or int8 with a per-row scale (4x smaller). */
export type Quantization = "float32" | "int8";

/**
 * One slab of unit-length rows. Rows are normalised once when set, so a dot product with a unit
 * query is the cosine similarity. int8 rows are padded to a 16-byte stride so the kernel needs no
 * tail; against them the query is quantised once per call to i16 (padded to the same stride), so the
 * kernel sums integer products. An i16 query's step is 1/258 of an int8 one's, so its error is far
 * below the rows' own: top 5 as with a float32 query (an int8 query lost 0.8 points of agreement).
 */
export class VectorIndex {
  readonly stride: number;
  private readonly slab: number;
  private readonly scales: number;
  private readonly query: number;
  private readonly out: number;
  private readonly outIds: number;
  private readonly outScores: number;

  constructor(
    private readonly arena: WasmArena,
    readonly rows: number,
    readonly dims: number,
    readonly quantization: Quantization,
  ) {
    const count = Math.max(rows, 1);
    this.stride = quantization === "int8" ? Math.ceil(dims / 16) * 16 : dims;
    const rowBytes = quantization === "int8" ? this.stride : dims * 4;
    // Allocate everything first: growing memory detaches views taken earlier.
    this.slab = arena.alloc(count * rowBytes);
    this.scales = arena.alloc(count * 4);
    this.query = arena.alloc(this.stride * 4);
    this.out = arena.alloc(count * 4);
    this.outIds = arena.alloc(count * 4);
    this.outScores = arena.alloc(count * 4);
  }

  /**
   * Stores `vector` as row `row`, normalised (and quantised). Returns false for a zero or non-finite
   * vector (the row stays zero).
   */
  setRow(row: number, vector: Float32Array): boolean {
    const norm = vectorNorm(vector);
    if (!(norm > 0) || !Number.isFinite(norm)) return false;
    if (this.quantization === "float32") {
      const target = this.arena.f32(this.slab + row * this.dims * 4, this.dims);
      for (let d = 0; d < this.dims; d++) target[d] = vector[d] / norm;
    } else {
      const target = this.arena.i8(this.slab + row * this.stride, this.stride);
      this.arena.f32(this.scales + row * 4, 1)[0] = quantize(vector, norm, target, INT8_LEVELS);
    }
    return true;
  }

  /** Copies row `from` of another index with the same layout into row `row` (no requantisation). */
  copyRow(row: number, other: VectorIndex, from: number): void {
    if (other.dims !== this.dims || other.quantization !== this.quantization) {
      throw new Error("copyRow: layouts differ");
    }
    const bytes = this.quantization === "int8" ? this.stride : this.dims * 4;
    const source = new Uint8Array(other.arena.core.memory.buffer, other.slab + from * bytes, bytes);
    new Uint8Array(this.arena.core.memory.buffer, this.slab + row * bytes, bytes).set(source);
    this.arena.f32(this.scales + row * 4, 1)[0] = other.arena.f32(other.scales + from * 4, 1)[0];
  }

  /** Cosine similarity of every row with `query` (any length-`dims` vector); a view valid until the next call. */
  score(query: Float32Array): Float32Array {
    const norm = vectorNorm(query);
    const usable = norm > 0 && Number.isFinite(norm);
    const core = this.arena.core;
    if (this.quantization === "float32") {
      const target = this.arena.f32(this.query, this.dims);
      for (let d = 0; d < this.dims; d++) target[d] = norm > 0 ? query[d] / norm : 0;
      core.dotBatch(this.slab, this.rows, this.dims, this.query, this.out);
    } else {
      // The unit query as `stride` i16 values (zero-padded) and one scale, quantised once per call.
      const target = this.arena.i16(this.query, this.stride);
      const queryScale = usable ? quantize(query, norm, target, INT16_LEVELS) : 0;
      if (!usable) target.fill(0);
      core.dotBatchI8I16(this.slab, this.scales, this.rows, this.stride, this.query, queryScale, this.out);
    }
    return this.arena.f32(this.out, this.rows);
  }

  /** The best `k` rows of the last `score` call with a score above `minScore`, best first, ties by row. */
  top(k: number, minScore: number): { ids: Uint32Array; scores: Float32Array } {
    const count = this.arena.core.topK(
      this.out,
      this.rows,
      Math.min(k, this.rows),
      minScore,
      this.outIds,
      this.outScores,
    );
    return { ids: this.arena.u32(this.outIds, count), scores: this.arena.f32(this.outScores, count) };
  }

  /** Bytes of wasm memory the slab and its per-query rows take. */
  get byteLength(): number {
    const rowBytes = this.quantization === "int8" ? this.stride + 4 : this.dims * 4;
    return this.rows * (rowBytes + 12) + this.stride * 4;
  }
}

function vectorNorm(vector: ArrayLike<number>): number {
  let sum = 0;
  for (let d = 0; d < vector.length; d++) sum += vector[d] * vector[d];
  return Math.sqrt(sum);
}

/** Largest magnitude of an int8 row value and of an i16 query value (symmetric: -128 and -32768 unused). */
const INT8_LEVELS = 127;
const INT16_LEVELS = 32_767;

/**
 * Symmetric quantisation of `vector / norm` into `target` (zero-filled beyond the vector) with one
 * step, max |x| / levels; returns the step (1 for a zero vector).
 */
function quantize(vector: ArrayLike<number>, norm: number, target: Int8Array | Int16Array, levels: number): number {
  let maxAbs = 0;
  for (let d = 0; d < vector.length; d++) maxAbs = Math.max(maxAbs, Math.abs(vector[d] / norm));
  const step = maxAbs > 0 ? maxAbs / levels : 1;
  target.fill(0);
  for (let d = 0; d < vector.length; d++) target[d] = Math.round(vector[d] / norm / step);
  return step;
}
