// Runs the kernel spec against the wasm core and the TypeScript reference, then checks on random inputs that the two
// agree.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { WasmArena } from "../../src/wasm/arena.js";
import { instantiateCore, loadWasm } from "../../src/wasm/load-wasm.js";
import * as reference from "../reference/kernels.js";
import { type Kernels, packI8, padQuery, runKernelSpec, strideFor } from "./kernel-spec.js";

/**
 * Kernels backed by one core instance: each call copies its inputs into fresh arena
 * memory, runs the kernel and copies the result out. `align` lets a test place arrays
 * off the 16-byte grid the arena normally uses.
 */
function wasmKernels(arena: WasmArena, align = 16): Kernels {
  const core = arena.core;
  return {
    bm25Accumulate(docIds, tfs, start, end, weight, k1, scores) {
      arena.reset();
      const docIdsPointer = arena.alloc(docIds.byteLength, align);
      const tfsPointer = arena.alloc(tfs.byteLength, align);
      const scoresPointer = arena.alloc(scores.byteLength, align);
      // Views only after the last alloc: a grow detaches earlier ones.
      arena.u32(docIdsPointer, docIds.length).set(docIds);
      arena.f32(tfsPointer, tfs.length).set(tfs);
      arena.f32(scoresPointer, scores.length).set(scores);
      core.bm25Accumulate(docIdsPointer, tfsPointer, start, end, weight, k1, scoresPointer);
      scores.set(arena.f32(scoresPointer, scores.length));
    },
    dotBatch(slab, rows, dims, query) {
      arena.reset();
      const slabPointer = arena.alloc(rows * dims * 4, align);
      const queryPointer = arena.alloc(dims * 4, align);
      const outPointer = arena.alloc(rows * 4, align);
      arena.f32(slabPointer, rows * dims).set(slab.subarray(0, rows * dims));
      arena.f32(queryPointer, dims).set(query.subarray(0, dims));
      core.dotBatch(slabPointer, rows, dims, queryPointer, outPointer);
      return arena.f32(outPointer, rows).slice();
    },
    dotBatchI8I16(slab, scales, rows, stride, query, queryScale) {
      arena.reset();
      const slabPointer = arena.alloc(rows * stride, align);
      const scalesPointer = arena.alloc(rows * 4, align);
      const queryPointer = arena.alloc(stride * 2, align);
      const outPointer = arena.alloc(rows * 4, align);
      arena.i8(slabPointer, rows * stride).set(slab.subarray(0, rows * stride));
      arena.f32(scalesPointer, rows).set(scales.subarray(0, rows));
      arena.i16(queryPointer, stride).set(query.subarray(0, stride));
      core.dotBatchI8I16(slabPointer, scalesPointer, rows, stride, queryPointer, queryScale, outPointer);
      return arena.f32(outPointer, rows).slice();
    },
    poolRowsI8(slab, scales, stride, ids, weights, dims) {
      arena.reset();
      const slabPointer = arena.alloc(slab.byteLength, align);
      const scalesPointer = arena.alloc(scales.byteLength, align);
      const idsPointer = arena.alloc(ids.byteLength, align);
      const weightsPointer = arena.alloc(weights.byteLength, align);
      const outPointer = arena.alloc(dims * 4, align);
      arena.i8(slabPointer, slab.length).set(slab);
      arena.f32(scalesPointer, scales.length).set(scales);
      arena.u32(idsPointer, ids.length).set(ids);
      arena.f32(weightsPointer, weights.length).set(weights);
      core.poolRowsI8(slabPointer, scalesPointer, stride, idsPointer, weightsPointer, ids.length, dims, outPointer);
      return arena.f32(outPointer, dims).slice();
    },
    rescoreI8I4(slab, residuals, scales, ids, stride, query, queryScale, rows) {
      arena.reset();
      const slabPointer = arena.alloc(rows * stride, align);
      const residualsPointer = arena.alloc((rows * stride) / 2, align);
      const scalesPointer = arena.alloc(rows * 4, align);
      const idsPointer = arena.alloc(ids.byteLength, align);
      const queryPointer = arena.alloc(stride * 2, align);
      const outPointer = arena.alloc(rows * 4, align);
      arena.i8(slabPointer, rows * stride).set(slab.subarray(0, rows * stride));
      arena.u8(residualsPointer, (rows * stride) / 2).set(residuals.subarray(0, (rows * stride) / 2));
      arena.f32(scalesPointer, rows).set(scales.subarray(0, rows));
      arena.u32(idsPointer, ids.length).set(ids);
      arena.i16(queryPointer, stride).set(query.subarray(0, stride));
      arena.f32(outPointer, rows).fill(Number.NaN);
      core.rescoreI8I4(
        slabPointer,
        residualsPointer,
        scalesPointer,
        idsPointer,
        ids.length,
        stride,
        queryPointer,
        queryScale,
        outPointer,
      );
      return arena.f32(outPointer, rows).slice();
    },
    topK(scores, k, minScore) {
      arena.reset();
      const scoresPointer = arena.alloc(scores.byteLength, align);
      const idsPointer = arena.alloc(k * 4, align);
      const outScoresPointer = arena.alloc(k * 4, align);
      arena.f32(scoresPointer, scores.length).set(scores);
      const count = core.topK(scoresPointer, scores.length, k, minScore, idsPointer, outScoresPointer);
      return {
        ids: Array.from(arena.u32(idsPointer, count)),
        scores: Array.from(arena.f32(outScoresPointer, count)),
      };
    },
  };
}

async function newArena(): Promise<WasmArena> {
  return new WasmArena(instantiateCore(await loadWasm()));
}

runKernelSpec("wasm", async () => wasmKernels(await newArena()));
runKernelSpec("wasm (4-byte aligned arrays)", async () => wasmKernels(await newArena(), 4));
runKernelSpec("reference", async () => reference);

/** |actual - expected| <= 1e-5 * max(1, scale), where scale bounds the magnitudes summed. */
function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, scales: ArrayLike<number>): void {
  expect(actual.length).toBe(expected.length);
  for (let index = 0; index < expected.length; index++) {
    const tolerance = 1e-5 * Math.max(1, scales[index]);
    if (!(Math.abs(actual[index] - expected[index]) <= tolerance)) {
      expect.fail(`index ${index}: ${actual[index]} differs from ${expected[index]} by more than ${tolerance}`);
    }
  }
}

const f32 = (min: number, max: number) => fc.float({ min: Math.fround(min), max: Math.fround(max), noNaN: true });

describe("wasm core agrees with the reference on random inputs", () => {
  let wasm: Kernels;
  beforeAll(async () => {
    wasm = wasmKernels(await newArena());
  });

  it("bm25Accumulate", () => {
    const input = fc
      .record({
        documentCount: fc.integer({ min: 1, max: 40 }),
        postingCount: fc.integer({ min: 0, max: 64 }),
        weight: f32(0, 8),
        k1: f32(0.01, 3),
      })
      .chain(({ documentCount, postingCount, weight, k1 }) =>
        fc.record({
          weight: fc.constant(weight),
          k1: fc.constant(k1),
          docIds: fc.array(fc.nat(documentCount - 1), { minLength: postingCount, maxLength: postingCount }),
          tfs: fc.array(f32(0, 20), { minLength: postingCount, maxLength: postingCount }),
          initial: fc.array(f32(0, 50), { minLength: documentCount, maxLength: documentCount }),
          range: fc.tuple(fc.nat(postingCount), fc.nat(postingCount)).map(([a, b]) => (a <= b ? [a, b] : [b, a])),
        }),
      );
    fc.assert(
      fc.property(input, ({ weight, k1, docIds, tfs, initial, range }) => {
        const ids = Uint32Array.from(docIds);
        const frequencies = Float32Array.from(tfs);
        const expected = Float32Array.from(initial);
        const actual = Float32Array.from(initial);
        reference.bm25Accumulate(ids, frequencies, range[0], range[1], weight, k1, expected);
        wasm.bm25Accumulate(ids, frequencies, range[0], range[1], weight, k1, actual);
        // Weights, tfs and scores are non-negative, so the result itself bounds the rounding error.
        expectClose(actual, expected, expected);
      }),
      { numRuns: 200 },
    );
  });

  it("dotBatch", () => {
    const input = fc
      .record({ rows: fc.integer({ min: 0, max: 12 }), dims: fc.integer({ min: 0, max: 70 }) })
      .chain(({ rows, dims }) =>
        fc.record({
          rows: fc.constant(rows),
          dims: fc.constant(dims),
          slab: fc.array(f32(-1, 1), { minLength: rows * dims, maxLength: rows * dims }),
          query: fc.array(f32(-1, 1), { minLength: dims, maxLength: dims }),
        }),
      );
    fc.assert(
      fc.property(input, ({ rows, dims, slab, query }) => {
        const slabArray = Float32Array.from(slab);
        const queryArray = Float32Array.from(query);
        const expected = reference.dotBatch(slabArray, rows, dims, queryArray);
        const actual = wasm.dotBatch(slabArray, rows, dims, queryArray);
        // SIMD sums in a different order; the error is bounded relative to sum |slab * query|.
        const scales = Array.from({ length: rows }, (_, row) => {
          let sum = 0;
          for (let dim = 0; dim < dims; dim++) sum += Math.abs(slab[row * dims + dim] * query[dim]);
          return sum;
        });
        expectClose(actual, expected, scales);
      }),
      { numRuns: 200 },
    );
  });

  describe("poolRowsI8", () => {
    it("matches the reference on random rows, ids and weights", async () => {
      const wasm = wasmKernels(await newArena());
      fc.assert(
        fc.property(
          fc
            .integer({ min: 1, max: 12 })
            .chain((rows) =>
              fc.record({
                rows: fc.constant(rows),
                dims: fc.integer({ min: 0, max: 130 }),
                ids: fc.array(fc.integer({ min: 0, max: rows - 1 }), { maxLength: 20 }),
              }),
            )
            .chain(({ rows, dims, ids }) =>
              fc.record({
                rows: fc.constant(rows),
                dims: fc.constant(dims),
                ids: fc.constant(ids),
                values: fc.array(fc.integer({ min: -128, max: 127 }), {
                  minLength: rows * dims,
                  maxLength: rows * dims,
                }),
                scales: fc.array(f32(1e-4, 1), { minLength: rows, maxLength: rows }),
                weights: fc.array(f32(0, 1), { minLength: ids.length, maxLength: ids.length }),
              }),
            ),
          ({ rows, dims, ids, values, scales, weights }) => {
            const stride = dims + (dims % 3);
            const slab = packI8(values, rows, dims, stride);
            const args = [
              slab,
              Float32Array.from(scales),
              stride,
              Uint32Array.from(ids),
              Float32Array.from(weights),
              dims,
            ] as const;
            const got = wasm.poolRowsI8(...args);
            const expected = reference.poolRowsI8(...args);
            for (let d = 0; d < dims; d++) {
              let bound = 0;
              for (let i = 0; i < ids.length; i++)
                bound += Math.abs(weights[i] * scales[ids[i]] * slab[ids[i] * stride + d]);
              expect(Math.abs(got[d] - expected[d])).toBeLessThanOrEqual(1e-5 * Math.max(1, bound));
            }
          },
        ),
        { numRuns: 200 },
      );
    });
  });

  describe("dotBatchI8I16", () => {
    const input = (maxRows: number, maxDims: number) =>
      fc
        .record({
          // Row counts that are not multiples of 4, dims that are not multiples of 16, zero of either.
          rows: fc.integer({ min: 0, max: maxRows }),
          dims: fc.integer({ min: 0, max: maxDims }),
          // Sometimes a wider stride than needed: more zero padding must change nothing.
          extraStride: fc.constantFrom(0, 0, 16),
        })
        .chain(({ rows, dims, extraStride }) =>
          fc.record({
            rows: fc.constant(rows),
            dims: fc.constant(dims),
            stride: fc.constant(strideFor(dims) + extraStride),
            // Whole rows of zeros sometimes, negative values always possible.
            values: fc.oneof(
              fc.array(fc.integer({ min: -128, max: 127 }), { minLength: rows * dims, maxLength: rows * dims }),
              fc.constant(new Array<number>(rows * dims).fill(0)),
            ),
            query: fc.array(fc.integer({ min: -32_768, max: 32_767 }), { minLength: dims, maxLength: dims }),
            queryScale: f32(1e-6, 1),
            scales: fc.array(f32(1e-6, 1), { minLength: rows, maxLength: rows }),
          }),
        );

    // The kernel sums integers exactly per chunk and rounds to f32 a few times; the reference sums in
    // doubles. The error is bounded relative to the scales times sum |row * query|.
    const property = (maxRows: number, maxDims: number) =>
      fc.property(input(maxRows, maxDims), ({ rows, dims, stride, values, query, queryScale, scales }) => {
        const slab = packI8(values, rows, dims, stride);
        const queryArray = padQuery(query, dims, stride);
        const scaleArray = Float32Array.from(scales);
        const expected = reference.dotBatchI8I16(slab, scaleArray, rows, stride, queryArray, queryScale);
        const actual = wasm.dotBatchI8I16(slab, scaleArray, rows, stride, queryArray, queryScale);
        expect(actual.length).toBe(rows);
        for (let row = 0; row < rows; row++) {
          let bound = 0;
          for (let dim = 0; dim < dims; dim++) bound += Math.abs(values[row * dims + dim] * queryArray[dim]);
          const tolerance = 1e-5 * scaleArray[row] * queryScale * bound;
          if (!(Math.abs(actual[row] - expected[row]) <= tolerance)) {
            expect.fail(`row ${row}: ${actual[row]} differs from ${expected[row]} by more than ${tolerance}`);
          }
        }
      });

    it("agrees within 1e-5 relative at up to 70 dimensions", () => {
      fc.assert(property(11, 70), { numRuns: 300 });
    });

    it("agrees within 1e-5 relative at up to 4,200 dimensions (more than one 4,096-byte chunk)", () => {
      fc.assert(property(5, 4200), { numRuns: 40 });
    });
  });

  it("rescoreI8I4", () => {
    const input = fc
      .record({ rows: fc.integer({ min: 1, max: 9 }), stride: fc.integer({ min: 0, max: 70 }).map((n) => n * 16) })
      .chain(({ rows, stride }) =>
        fc.record({
          rows: fc.constant(rows),
          stride: fc.constant(stride),
          slab: fc.array(fc.integer({ min: -128, max: 127 }), { minLength: rows * stride, maxLength: rows * stride }),
          residuals: fc.array(fc.integer({ min: 0, max: 255 }), {
            minLength: (rows * stride) / 2,
            maxLength: (rows * stride) / 2,
          }),
          scales: fc.array(f32(0, 4), { minLength: rows, maxLength: rows }),
          ids: fc.array(fc.nat(rows - 1), { maxLength: 12 }),
          query: fc.array(fc.integer({ min: -32_768, max: 32_767 }), { minLength: stride, maxLength: stride }),
          queryScale: f32(0, 2),
        }),
      );
    fc.assert(
      fc.property(input, ({ rows, stride, slab, residuals, scales, ids, query, queryScale }) => {
        const args = [
          Int8Array.from(slab),
          Uint8Array.from(residuals),
          Float32Array.from(scales),
          Uint32Array.from(ids),
          stride,
          Int16Array.from(query),
          queryScale,
          rows,
        ] as const;
        // Both sum exact integers and apply the scales in the same order, so they agree to the bit.
        expect(Array.from(wasm.rescoreI8I4(...args))).toEqual(Array.from(reference.rescoreI8I4(...args)));
      }),
      { numRuns: 200 },
    );
  });

  it("topK", () => {
    // A small pool of repeated values forces ties, signed zeros, NaN and infinities.
    const score = fc.oneof(fc.constantFrom(0, -0, 1, -1, 0.5, -2.5, Number.NaN, Infinity, -Infinity), fc.float());
    const input = fc.record({
      scores: fc.array(score, { maxLength: 200 }),
      k: fc.oneof(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 250 })),
      minScore: fc.oneof(fc.constant(-Infinity), fc.constantFrom(0, -1, 0.5), fc.float()),
    });
    fc.assert(
      fc.property(input, ({ scores, k, minScore }) => {
        const scoreArray = Float32Array.from(scores);
        expect(wasm.topK(scoreArray, k, minScore)).toEqual(reference.topK(scoreArray, k, minScore));
      }),
      { numRuns: 200 },
    );
  });
});

describe("wasm dotBatchI8I16 output buffer", () => {
  it("writes exactly `rows` scores", async () => {
    const arena = await newArena();
    const rows = 6;
    const slabPointer = arena.alloc(rows * 16);
    const scalesPointer = arena.alloc(rows * 4);
    const queryPointer = arena.alloc(16 * 2);
    const outPointer = arena.alloc((rows + 2) * 4);
    arena.i8(slabPointer, rows * 16).fill(1);
    arena.f32(scalesPointer, rows).fill(0.5);
    arena.i16(queryPointer, 16).fill(2);
    arena.f32(outPointer, rows + 2).fill(-7);
    arena.core.dotBatchI8I16(slabPointer, scalesPointer, rows, 16, queryPointer, 1, outPointer);
    expect(Array.from(arena.f32(outPointer, rows + 2))).toEqual([16, 16, 16, 16, 16, 16, -7, -7]);
  });
});

describe("wasm topK output buffers", () => {
  it("writes no further than the returned count", async () => {
    const arena = await newArena();
    const scoresPointer = arena.alloc(3 * 4);
    const idsPointer = arena.alloc(8 * 4);
    const outScoresPointer = arena.alloc(8 * 4);
    arena.f32(scoresPointer, 3).set([1, Number.NaN, 2]);
    arena.u32(idsPointer, 8).fill(0xdeadbeef);
    arena.f32(outScoresPointer, 8).fill(-7);
    const count = arena.core.topK(scoresPointer, 3, 8, -Infinity, idsPointer, outScoresPointer);
    expect(count).toBe(2);
    expect(Array.from(arena.u32(idsPointer, 8))).toEqual([2, 0, ...Array(6).fill(0xdeadbeef)]);
    expect(Array.from(arena.f32(outScoresPointer, 8))).toEqual([2, 1, ...Array(6).fill(-7)]);
  });
});
