// The behaviour every implementation of the scoring kernels must show; run against the wasm core and the TypeScript reference.
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
  topK(scores: Float32Array, k: number, minScore: number): { ids: number[]; scores: number[] };
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
