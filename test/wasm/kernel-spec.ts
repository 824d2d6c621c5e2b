// The behaviour every implementation of the scoring kernels must show; run against the wasm core and the TypeScript
// reference.
import { beforeAll, describe, expect, it } from "vitest";

/** The kernels at typed-array level, so one spec fits the wasm core and the reference alike. */
export interface Kernels {
  /** Adds into `scores` in place. */
  bm25Accumulate(
    docIds: Uint32Array,
    tfs: Float32Array,
    start: number,
    end: number,
    weight: number,
    k1: number,
    scores: Float32Array,
  ): void;
  dotBatch(slab: Float32Array, rows: number, dims: number, query: Float32Array): Float32Array;
  /**
   * `slab` holds `rows` int8 rows of `stride` bytes each (a multiple of 16, zero-padded);
   * `query` holds `stride` i16 values (zero-padded); every score is also multiplied by `queryScale`.
   */
  dotBatchI8I16(
    slab: Int8Array,
    scales: Float32Array,
    rows: number,
    stride: number,
    query: Int16Array,
    queryScale: number,
  ): Float32Array;
  /**
   * Rescores rows `ids` of `slab` (`rows` rows of `stride` bytes) with their 4-bit residuals (`stride / 2` bytes a
   * row); returns `rows` scores, NaN for every row not in `ids`.
   */
  rescoreI8I4(
    slab: Int8Array,
    residuals: Uint8Array,
    scales: Float32Array,
    ids: Uint32Array,
    stride: number,
    query: Int16Array,
    queryScale: number,
    rows: number,
  ): Float32Array;
  topK(scores: Float32Array, k: number, minScore: number): { ids: number[]; scores: number[] };
  /** Weighted sum of the int8 rows `ids` of `slab` (rows `stride` bytes apart), `dims` values long. */
  poolRowsI8(
    slab: Int8Array,
    scales: Float32Array,
    stride: number,
    ids: Uint32Array,
    weights: Float32Array,
    dims: number,
  ): Float32Array;
}

/** The stride a kernel caller uses for int8 rows of `dims` values: rounded up to 16 bytes. */
export function strideFor(dims: number): number {
  return Math.ceil(dims / 16) * 16;
}

/** Packs int8 rows (each `dims` long) at `stride` bytes apart, zero-padding every row. */
export function packI8(values: ArrayLike<number>, rows: number, dims: number, stride: number): Int8Array {
  const slab = new Int8Array(rows * stride);
  for (let row = 0; row < rows; row++) {
    for (let dim = 0; dim < dims; dim++) slab[row * stride + dim] = values[row * dims + dim];
  }
  return slab;
}

/** The first `dims` of `values` as an i16 query of `stride` values, zero-padded. */
export function padQuery(values: ArrayLike<number>, dims: number, stride: number): Int16Array {
  const query = new Int16Array(stride);
  for (let dim = 0; dim < dims; dim++) query[dim] = values[dim];
  return query;
}

export function runKernelSpec(name: string, makeKernels: () => Promise<Kernels>): void {
  describe(`${name} kernels`, () => {
    let kernels: Kernels;
    beforeAll(async () => {
      kernels = await makeKernels();
    });

    describe("bm25Accumulate", () => {
      it("adds weight * tf * (k1 + 1) / (tf + k1) to the posting's document", () => {
        const scores = new Float32Array(4);
        kernels.bm25Accumulate(Uint32Array.of(2), Float32Array.of(3), 0, 1, 2, 1, scores);
        expect(Array.from(scores)).toEqual([0, 0, 3, 0]); // 2 * 3 * 2 / 4
      });

      it("accumulates onto existing scores and repeated document ids", () => {
        const scores = Float32Array.of(1, 5);
        kernels.bm25Accumulate(Uint32Array.of(0, 0, 1), Float32Array.of(1, 1, 1), 0, 3, 1, 1, scores);
        expect(Array.from(scores)).toEqual([3, 6]);
      });

      it("reads only postings in [start, end)", () => {
        const scores = new Float32Array(4);
        kernels.bm25Accumulate(Uint32Array.of(0, 1, 2, 3), Float32Array.of(1, 1, 1, 1), 1, 3, 1, 1, scores);
        expect(Array.from(scores)).toEqual([0, 1, 1, 0]);
      });

      it("leaves scores untouched for an empty range", () => {
        const scores = Float32Array.of(1, 2);
        kernels.bm25Accumulate(Uint32Array.of(0, 1), Float32Array.of(1, 1), 1, 1, 1, 1.2, scores);
        expect(Array.from(scores)).toEqual([1, 2]);
      });

      it("adds nothing for tf = 0 and saturates towards weight * (k1 + 1) for large tf", () => {
        const scores = new Float32Array(2);
        kernels.bm25Accumulate(Uint32Array.of(0, 1), Float32Array.of(0, 1e6), 0, 2, 1, 1.2, scores);
        expect(scores[0]).toBe(0);
        expect(scores[1]).toBeCloseTo(2.2, 4);
        expect(scores[1]).toBeLessThan(2.2);
      });
    });

    describe("dotBatch", () => {
      it("returns nothing for zero rows", () => {
        expect(Array.from(kernels.dotBatch(new Float32Array(0), 0, 8, new Float32Array(8)))).toEqual([]);
      });

      it("returns zeros for zero dimensions", () => {
        expect(Array.from(kernels.dotBatch(new Float32Array(0), 3, 0, new Float32Array(0)))).toEqual([0, 0, 0]);
      });

      // Small integers keep every sum exact, so any lane or tail mistake shows as a wrong number.
      for (const dims of [1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 20, 31, 33, 64, 67]) {
        it(`computes one dot product per row at ${dims} dimensions`, () => {
          const rows = 3;
          const slab = Float32Array.from({ length: rows * dims }, (_, index) => (index % 7) - 3);
          const query = Float32Array.from({ length: dims }, (_, index) => (index % 5) - 2);
          const expected = Array.from({ length: rows }, (_, row) => {
            let sum = 0;
            for (let dim = 0; dim < dims; dim++) sum += slab[row * dims + dim] * query[dim];
            return sum;
          });
          expect(Array.from(kernels.dotBatch(slab, rows, dims, query))).toEqual(expected);
        });
      }

      it("gives the cosine similarity for unit vectors", () => {
        const slab = Float32Array.of(1, 0, 0, 0, 0.6, 0.8);
        const result = kernels.dotBatch(slab, 3, 2, Float32Array.of(0.6, 0.8));
        expect(result[0]).toBeCloseTo(0.6, 6);
        expect(result[1]).toBe(0);
        expect(result[2]).toBeCloseTo(1, 6);
      });
    });

    describe("poolRowsI8", () => {
      it("sums the chosen rows, each times its weight and scale", () => {
        // rows: [1,2,3,4,5], [-1,-2,-3,-4,-5], [10,0,0,0,127]; stride 8
        const slab = new Int8Array(24);
        slab.set([1, 2, 3, 4, 5], 0);
        slab.set([-1, -2, -3, -4, -5], 8);
        slab.set([10, 0, 0, 0, 127], 16);
        const scales = Float32Array.of(0.5, 2, 1);
        const out = kernels.poolRowsI8(slab, scales, 8, Uint32Array.of(2, 0, 1), Float32Array.of(1, 2, 0.25), 5);
        // 1·[10,0,0,0,127] + 2·0.5·[1,2,3,4,5] + 0.25·2·[-1,-2,-3,-4,-5]
        expect(Array.from(out)).toEqual([10.5, 1, 1.5, 2, 129.5]);
      });

      it("returns zeros for no rows, and nothing for no dims", () => {
        expect(
          Array.from(
            kernels.poolRowsI8(new Int8Array(16), Float32Array.of(1), 16, new Uint32Array(0), new Float32Array(0), 3),
          ),
        ).toEqual([0, 0, 0]);
        expect(
          Array.from(
            kernels.poolRowsI8(new Int8Array(16), Float32Array.of(1), 16, Uint32Array.of(0), Float32Array.of(1), 0),
          ),
        ).toEqual([]);
      });

      it("adds a row chosen twice twice", () => {
        const slab = Int8Array.of(3, -4, 5, 7, 0, 0, 0, 0);
        const out = kernels.poolRowsI8(slab, Float32Array.of(1), 8, Uint32Array.of(0, 0), Float32Array.of(1, 1), 4);
        expect(Array.from(out)).toEqual([6, -8, 10, 14]);
      });
    });

    describe("dotBatchI8I16", () => {
      const ones = (length: number) => new Float32Array(length).fill(1);

      it("returns nothing for zero rows", () => {
        expect(
          Array.from(kernels.dotBatchI8I16(new Int8Array(0), new Float32Array(0), 0, 16, new Int16Array(16), 1)),
        ).toEqual([]);
      });

      it("returns zeros for a zero stride", () => {
        expect(Array.from(kernels.dotBatchI8I16(new Int8Array(0), ones(3), 3, 0, new Int16Array(0), 1))).toEqual([
          0, 0, 0,
        ]);
      });

      // Row counts either side of multiples of 4 and dims either side of multiples of 16 and 32 (the
      // kernel's block), so the zero padding of each row and the 16-byte remainder take part. Integer
      // sums below 2^24 are exact in f32.
      for (const [rows, dims] of [
        [1, 1],
        [3, 15],
        [4, 16],
        [5, 17],
        [7, 31],
        [8, 33],
        [9, 100],
        [6, 384],
        [2, 4_100],
      ]) {
        it(`computes one dot product per row for ${rows} rows at ${dims} dimensions`, () => {
          const stride = strideFor(dims);
          const values = Array.from({ length: rows * dims }, (_, index) => ((index * 37) % 256) - 128);
          const queryValues = Array.from({ length: dims }, (_, index) => ((index * 101) % 17) - 8);
          const slab = packI8(values, rows, dims, stride);
          const query = padQuery(queryValues, dims, stride);
          const expected = Array.from({ length: rows }, (_, row) => {
            let sum = 0;
            for (let dim = 0; dim < dims; dim++) sum += values[row * dims + dim] * queryValues[dim];
            return sum;
          });
          expect(Array.from(kernels.dotBatchI8I16(slab, ones(rows), rows, stride, query, 1))).toEqual(expected);
        });
      }

      it("multiplies each row's dot by its scale and by the query's", () => {
        const slab = packI8([1, 2, 1, 2, 1, 2], 3, 2, 16);
        const query = padQuery([3, 4], 2, 16); // every integer dot is 11
        const result = kernels.dotBatchI8I16(slab, Float32Array.of(0.5, 2, -1), 3, 16, query, 0.25);
        expect(Array.from(result)).toEqual([1.375, 5.5, -2.75]);
      });

      it("starts row r at r * stride", () => {
        // Row r holds r + 1 in its first byte; a kernel that ignored the stride would read padding.
        const slab = packI8([1, 2, 3, 4, 5], 5, 1, 32);
        const query = padQuery([2], 1, 32);
        expect(Array.from(kernels.dotBatchI8I16(slab, ones(5), 5, 32, query, 1))).toEqual([2, 4, 6, 8, 10]);
      });

      it("pairs every byte of a 32-byte block with its own query value", () => {
        // Row r is the unit vector e_r, the query holds 1..32: a lane mix-up shows as a wrong number.
        const slab = new Int8Array(32 * 32);
        for (let row = 0; row < 32; row++) slab[row * 32 + row] = row % 2 === 0 ? 1 : -1;
        const query = Int16Array.from({ length: 32 }, (_, index) => index + 1);
        const expected = Array.from({ length: 32 }, (_, row) => (row % 2 === 0 ? row + 1 : -(row + 1)));
        expect(Array.from(kernels.dotBatchI8I16(slab, ones(32), 32, 32, query, 1))).toEqual(expected);
      });

      it("does not overflow at 65,536 dimensions of extreme values", () => {
        // Every product is 2^22 and a row sums 2^16 of them: far past i32, so the kernel must not
        // keep one integer sum per row.
        const dims = 65_536;
        const slab = new Int8Array(2 * dims);
        slab.fill(-128, 0, dims);
        slab.fill(127, dims);
        const query = new Int16Array(dims).fill(-32_768);
        const result = kernels.dotBatchI8I16(slab, ones(2), 2, dims, query, 1);
        expect(result[0]).toBe(2 ** 38);
        expect(result[1]).toBe(-127 * 32_768 * dims);
      });

      it("gives the cosine similarity of unit vectors up to the quantisation steps", () => {
        // A row quantised as round(x / step) with step = max|x| / 127 and its own unit vector as the
        // query, quantised as round(x / queryStep) with queryStep = max|x| / 32767.
        const dims = 48;
        const unit = Array.from({ length: dims }, (_, index) => Math.sin(index + 1));
        const norm = Math.hypot(...unit);
        const x = unit.map((value) => value / norm);
        const maxAbs = Math.max(...x.map(Math.abs));
        const step = maxAbs / 127;
        const queryStep = maxAbs / 32_767;
        const slab = packI8(
          x.map((value) => Math.round(value / step)),
          1,
          dims,
          48,
        );
        const query = padQuery(
          x.map((value) => Math.round(value / queryStep)),
          dims,
          48,
        );
        const result = kernels.dotBatchI8I16(slab, Float32Array.of(step), 1, 48, query, queryStep);
        // Each quantised value is off by at most half its step; the other vector weighs those errors.
        const absSum = x.reduce((sum, value) => sum + Math.abs(value), 0);
        const bound = (step / 2 + queryStep / 2) * absSum * (1 + step);
        expect(Math.abs(result[0] - 1)).toBeLessThanOrEqual(bound);
      });
    });

    describe("rescoreI8I4", () => {
      const ones = (length: number) => new Float32Array(length).fill(1);

      it("reads each value as 32 * code + 2 * nibble - 15, in 1/32 steps", () => {
        // Codes 1 and -2 with nibbles 0 and 15: values 17/32 and -49/32.
        const slab = packI8([1, -2], 1, 2, 16);
        const residuals = new Uint8Array(8).fill(0x88); // padding nibbles 8: +1/32, weighed by a zero query
        residuals[0] = 0xf0;
        const query = padQuery([1, 1], 2, 16);
        const out = kernels.rescoreI8I4(slab, residuals, ones(1), Uint32Array.of(0), 16, query, 1, 1);
        expect(Array.from(out)).toEqual([(17 - 49) / 32]);
      });

      it("puts value 2j in the low nibble of byte j and 2j + 1 in the high one", () => {
        const slab = new Int8Array(16);
        const residuals = new Uint8Array(8);
        residuals[0] = 0xf0; // value 0: nibble 0 (-15/32), value 1: nibble 15 (+15/32)
        const first = kernels.rescoreI8I4(slab, residuals, ones(1), Uint32Array.of(0), 16, padQuery([1], 1, 16), 1, 1);
        const second = kernels.rescoreI8I4(
          slab,
          residuals,
          ones(1),
          Uint32Array.of(0),
          16,
          padQuery([0, 1], 2, 16),
          1,
          1,
        );
        expect([first[0], second[0]]).toEqual([-15 / 32, 15 / 32]);
      });

      it("writes only the rows asked for, each at its own offset, scaled by its scale and the query's", () => {
        // Row r holds code r + 1 in its first byte and residual nibble 8 (+1/32) everywhere.
        const rows = 5;
        const stride = 32;
        const slab = packI8([1, 2, 3, 4, 5], rows, 1, stride);
        const residuals = new Uint8Array((rows * stride) / 2).fill(0x88);
        const scales = Float32Array.of(1, 2, 4, 8, 16);
        const query = padQuery([32], 1, stride);
        const out = kernels.rescoreI8I4(slab, residuals, scales, Uint32Array.of(3, 1, 3), stride, query, 0.5, rows);
        // Row 1: (32 * 2 + 1) * 32 / 32 * 2 * 0.5 = 65; row 3: (32 * 4 + 1) * 8 * 0.5 = 516.
        expect(Array.from(out)).toEqual([Number.NaN, 65, Number.NaN, 516, Number.NaN]);
      });

      it("does not overflow at 65,536 dimensions of extreme values", () => {
        // 4,079 (code 127, nibble 15) by 32,767, 65,536 times: past i32 by far, exact in an i64 and in doubles.
        const dims = 65_536;
        const slab = new Int8Array(dims).fill(127);
        const residuals = new Uint8Array(dims / 2).fill(0xff);
        const query = new Int16Array(dims).fill(32_767);
        const out = kernels.rescoreI8I4(slab, residuals, ones(1), Uint32Array.of(0), dims, query, 1, 1);
        expect(out[0]).toBe(Math.fround((4_079 * 32_767 * dims) / 32));
      });

      it("rescores nothing for no ids", () => {
        const out = kernels.rescoreI8I4(
          new Int8Array(32),
          new Uint8Array(16),
          ones(2),
          new Uint32Array(0),
          16,
          new Int16Array(16),
          1,
          2,
        );
        expect(Array.from(out)).toEqual([Number.NaN, Number.NaN]);
      });
    });

    describe("topK", () => {
      it("returns the best k, best first", () => {
        expect(kernels.topK(Float32Array.of(0.5, 2, 1, 3), 2, -Infinity)).toEqual({ ids: [3, 1], scores: [3, 2] });
      });

      it("breaks ties by lower index, i.e. catalog order", () => {
        const scores = Float32Array.of(1, 2, 2, 1, 2);
        expect(kernels.topK(scores, 2, -Infinity).ids).toEqual([1, 2]);
        expect(kernels.topK(scores, 4, -Infinity).ids).toEqual([1, 2, 4, 0]);
        expect(kernels.topK(Float32Array.of(-0, 0), 1, -Infinity).ids).toEqual([0]);
      });

      it("keeps only scores strictly greater than minScore", () => {
        expect(kernels.topK(Float32Array.of(1, 2, 3), 3, 2)).toEqual({ ids: [2], scores: [3] });
        expect(kernels.topK(Float32Array.of(0, 0, 0), 3, 0).ids).toEqual([]);
      });

      it("compares against minScore rounded to f32", () => {
        // Math.fround(0.1) > 0.1 as doubles, but equal once minScore is an f32 too.
        expect(kernels.topK(Float32Array.of(0.1), 1, 0.1).ids).toEqual([]);
      });

      it("never selects NaN", () => {
        expect(kernels.topK(Float32Array.of(Number.NaN, 1, Number.NaN), 3, -Infinity).ids).toEqual([1]);
        expect(kernels.topK(Float32Array.of(1, 2), 2, Number.NaN).ids).toEqual([]);
      });

      it("ranks negative and infinite scores", () => {
        expect(kernels.topK(Float32Array.of(-3, -1, -2), 2, -Infinity)).toEqual({ ids: [1, 2], scores: [-1, -2] });
        expect(kernels.topK(Float32Array.of(Infinity, -Infinity, 0), 3, -Infinity).ids).toEqual([0, 2]);
      });

      it("returns nothing for k = 0 or no scores", () => {
        expect(kernels.topK(Float32Array.of(1, 2), 0, -Infinity)).toEqual({ ids: [], scores: [] });
        expect(kernels.topK(new Float32Array(0), 5, -Infinity)).toEqual({ ids: [], scores: [] });
      });

      it("returns every qualifying entry, sorted, when k exceeds n", () => {
        expect(kernels.topK(Float32Array.of(1, 3, 2), 10, 0)).toEqual({ ids: [1, 2, 0], scores: [3, 2, 1] });
      });

      it("finds the top entries of a large shuffled catalog", () => {
        const n = 5000;
        const scores = new Float32Array(n);
        // A fixed permutation of 0..n-1 (multiplier coprime to n), so the best ids are known.
        for (let index = 0; index < n; index++) scores[index] = (index * 7919) % n;
        const best = [n - 1, n - 2, n - 3, n - 4].map((value) => scores.indexOf(value));
        expect(kernels.topK(scores, 4, -Infinity)).toEqual({ ids: best, scores: [n - 1, n - 2, n - 3, n - 4] });
      });
    });
  });
}
