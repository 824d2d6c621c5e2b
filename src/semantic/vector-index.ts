// Tool vectors in one row-major slab in wasm memory (float32, or int8 with a per-row scale), scored by wasm kernels.

import { ToolsiftError } from "../errors.js";
import type { WasmArena } from "../wasm/arena.js";

/** How vectors are stored: float32 (exact) or int8 with a per-row scale (4x smaller; see `rescore`). */
export type Quantization = "float32" | "int8";

/**
 * One slab of unit-length rows. Rows are normalised once when set, so a dot product with a unit
 * query is the cosine similarity. int8 rows are padded to a 16-byte stride so the kernel needs no
 * tail; against them the query is quantised once per call to i16 (padded to the same stride), so the
 * kernel sums integer products. An i16 query's step is 1/258 of an int8 one's, so its error is far
 * below the rows' own: top 5 as with a float32 query (an int8 query lost 0.8 points of agreement).
 *
 * With `rescore`, each int8 row also keeps a 4-bit residual (half a byte a value: the row to 1/32 of its
 * step), and `top` rescores the int8 scan's best candidates with it before choosing: an int8 step moves a
 * score by up to ~1e-3, enough to swap near-tied tools at the cut (the top-5 set differed from float32's
 * on 2 of 106 paraphrase queries); a residual's step moves it 16 times less.
 */
export class VectorIndex {
  readonly stride: number;
  private readonly slab: number;
  private readonly scales: number;
  /** The 4-bit residuals (stride / 2 bytes a row), or 0 when rows are not rescored. */
  private readonly residuals: number;
  private readonly query: number;
  private queryScale = 0;
  private readonly out: number;
  private readonly outIds: number;
  private readonly outScores: number;

  constructor(
    private readonly arena: WasmArena,
    readonly rows: number,
    readonly dims: number,
    readonly quantization: Quantization,
    /** int8 only: keep 4-bit residuals and rescore the best candidates with them (ignored for float32). */
    readonly rescore = true,
  ) {
    const count = Math.max(rows, 1);
    if (!Number.isInteger(dims) || dims < 1) {
      throw new ToolsiftError(
        "EMBEDDING_FAILED",
        `VectorIndex: vectors of ${dims} dimensions cannot be stored; expected a whole number of dimensions, at least 1.`,
        { field: "dims", expected: "an integer ≥ 1", received: String(dims) },
      );
    }
    this.stride = quantization === "int8" ? Math.ceil(dims / 16) * 16 : dims;
    // dotBatchI8I16 and rescoreI8I4 read int8 rows (and their residuals, half as many bytes) in whole 16-byte blocks,
    // with no scalar tail; built with --noAssert, they cannot check it. This is where the slab is made: check it here.
    if (quantization === "int8" && this.stride % 16 !== 0) {
      throw new ToolsiftError(
        "EMBEDDING_FAILED",
        `VectorIndex: an int8 row stride of ${this.stride} bytes for ${dims} dimensions; the kernels need a multiple of 16.`,
        { field: "stride", expected: "a multiple of 16", received: String(this.stride) },
      );
    }
    const rowBytes = quantization === "int8" ? this.stride : dims * 4;
    // Allocate everything first: growing memory detaches views taken earlier.
    this.slab = arena.alloc(count * rowBytes);
    this.scales = arena.alloc(count * 4);
    this.residuals = this.rescoring ? arena.alloc((count * this.stride) / 2) : 0;
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
      const step = quantize(vector, norm, target, INT8_LEVELS);
      this.arena.f32(this.scales + row * 4, 1)[0] = step;
      if (this.rescoring) {
        const half = this.stride / 2;
        writeResiduals(vector, norm, step, target, this.arena.u8(this.residuals + row * half, half));
      }
    }
    return true;
  }

  /** Whether rows keep residuals and `top` rescores with them (int8 with `rescore`). */
  get rescoring(): boolean {
    return this.quantization === "int8" && this.rescore;
  }

  /**
   * Copies row `from` of another index with the same layout into row `row` (no requantisation). Throws
   * `EMBEDDING_FAILED` naming both layouts when they differ (dimensions, storage or residuals): the vectors carried
   * over from the previous catalog cannot be used, as with a model that returns vectors of another length.
   */
  copyRow(row: number, other: VectorIndex, from: number): void {
    if (other.dims !== this.dims || other.quantization !== this.quantization || other.rescoring !== this.rescoring) {
      const expected = { dims: this.dims, quantization: this.quantization, rescoring: this.rescoring };
      const received = { dims: other.dims, quantization: other.quantization, rescoring: other.rescoring };
      throw new ToolsiftError(
        "EMBEDDING_FAILED",
        `copyRow: the vector layouts differ: row ${from} has ${describeLayout(received)}, row ${row} expects ${describeLayout(expected)}.`,
        { row, from, expected, received },
      );
    }
    const bytes = this.quantization === "int8" ? this.stride : this.dims * 4;
    const source = new Uint8Array(other.arena.core.memory.buffer, other.slab + from * bytes, bytes);
    new Uint8Array(this.arena.core.memory.buffer, this.slab + row * bytes, bytes).set(source);
    this.arena.f32(this.scales + row * 4, 1)[0] = other.arena.f32(other.scales + from * 4, 1)[0];
    if (this.rescoring) {
      const half = this.stride / 2;
      this.arena.u8(this.residuals + row * half, half).set(other.arena.u8(other.residuals + from * half, half));
    }
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
      this.queryScale = queryScale;
      core.dotBatchI8I16(this.slab, this.scales, this.rows, this.stride, this.query, queryScale, this.out);
    }
    return this.arena.f32(this.out, this.rows);
  }

  /**
   * The best `k` rows of the last `score` call with a score above `minScore`, best first, ties by row.
   * When rescoring, the int8 scan's best max(2r, r + 16) rows, r = `rescoreFor` (default `k`), are rescored
   * first (whatever `minScore`, so a row the int8 step put just under it can rise above), and their rescored
   * similarities replace the int8 ones in `score`'s view; rows at or below -1.5 (a caller's mark for an excluded
   * row, under any cosine) are never rescored or returned. Past those candidates (`k` larger than them, as
   * explain asks for every row with select's `rescoreFor`) the rest follow by int8 score, so the first
   * `rescoreFor` rows are exactly what `top(rescoreFor)` returns.
   */
  top(k: number, minScore: number, rescoreFor = k): { ids: Uint32Array; scores: Float32Array } {
    const core = this.arena.core;
    if (!this.rescoring || k <= 0) {
      const count = core.topK(this.out, this.rows, Math.min(k, this.rows), minScore, this.outIds, this.outScores);
      return { ids: this.arena.u32(this.outIds, count), scores: this.arena.f32(this.outScores, count) };
    }
    const asked = Math.max(1, rescoreFor);
    const depth = Math.min(this.rows, Math.max(2 * asked, asked + RESCORE_MARGIN));
    const found = core.topK(this.out, this.rows, depth, EXCLUDED_BELOW, this.outIds, this.outScores);
    const candidates = Array.from(this.arena.u32(this.outIds, found));
    core.rescoreI8I4(
      this.slab,
      this.residuals,
      this.scales,
      this.outIds,
      found,
      this.stride,
      this.query,
      this.queryScale,
      this.out,
    );
    const similarities = this.arena.f32(this.out, this.rows);
    const ids = candidates
      .filter((id) => similarities[id] > minScore)
      .sort((a, b) => similarities[b] - similarities[a] || a - b);
    if (ids.length < k && found === depth && depth < this.rows) {
      // The rows past the candidates, by int8 score (the candidates now hold rescored scores: skip them).
      const rescored = new Set(candidates);
      const more = core.topK(
        this.out,
        this.rows,
        Math.min(this.rows, k + found),
        minScore,
        this.outIds,
        this.outScores,
      );
      for (const id of this.arena.u32(this.outIds, more)) if (!rescored.has(id) && ids.length < k) ids.push(id);
    }
    ids.length = Math.min(ids.length, k);
    const outIds = this.arena.u32(this.outIds, ids.length);
    const outScores = this.arena.f32(this.outScores, ids.length);
    ids.forEach((id, i) => {
      outIds[i] = id;
      outScores[i] = similarities[id];
    });
    return { ids: outIds, scores: outScores };
  }

  /** Bytes of wasm memory the slab and its per-query rows take. */
  get byteLength(): number {
    const rowBytes = this.quantization === "int8" ? this.stride + 4 : this.dims * 4;
    const residualBytes = this.rescoring ? this.stride / 2 : 0;
    return this.rows * (rowBytes + residualBytes + 12) + this.stride * 4;
  }
}

export function vectorNorm(vector: ArrayLike<number>): number {
  let sum = 0;
  for (let d = 0; d < vector.length; d++) sum += vector[d] * vector[d];
  return Math.sqrt(sum);
}

/** Rows rescored beyond the `k` asked for (at least k more): room for int8 errors to reorder the cut. */
const RESCORE_MARGIN = 16;

/** Rescoring skips rows scored below this: callers mark excluded rows -2, under any cosine. */
const EXCLUDED_BELOW = -1.5;

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

/**
 * The 4-bit residual of each value of `vector / norm` against its int8 code: nibble u stands for
 * (code + (2u - 15) / 32) * step, the nearest of 16 points across the code's rounding interval.
 */
export function writeResiduals(
  vector: ArrayLike<number>,
  norm: number,
  step: number,
  codes: Int8Array,
  target: Uint8Array,
): void {
  target.fill(0);
  for (let d = 0; d < codes.length; d++) {
    const error = d < vector.length ? vector[d] / norm / step - codes[d] : 0;
    const nibble = Math.min(15, Math.max(0, Math.round(16 * error + 7.5)));
    target[d >> 1] |= d & 1 ? nibble << 4 : nibble;
  }
}

/** A row layout in words: "50 dimensions, int8 with residuals". */
function describeLayout(layout: { dims: number; quantization: Quantization; rescoring: boolean }): string {
  const storage =
    layout.quantization === "int8" ? `int8 ${layout.rescoring ? "with" : "without"} residuals` : "float32";
  return `${layout.dims} dimensions, ${storage}`;
}
