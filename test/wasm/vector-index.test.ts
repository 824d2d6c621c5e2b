// VectorIndex on the wasm core: int8 rows scored against the i16 query land within quantisation error of float32.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VectorIndex } from "../../src/semantic/vector-index.js";
import { WasmArena } from "../../src/wasm/arena.js";
import { instantiateCore, loadWasm } from "../../src/wasm/load-wasm.js";
import { cosine } from "../reference/kernels.js";

/** Deterministic vectors with mixed signs and magnitudes. */
function vector(seed: number, dims: number): Float32Array {
  return Float32Array.from(
    { length: dims },
    (_, index) => Math.sin(seed * 12.9898 + index * 78.233) * (1 + (index % 3)),
  );
}

async function build(rows: number, dims: number, quantization: "float32" | "int8"): Promise<VectorIndex> {
  const index = new VectorIndex(new WasmArena(instantiateCore(await loadWasm())), rows, dims, quantization);
  for (let row = 0; row < rows; row++) expect(index.setRow(row, vector(row + 1, dims))).toBe(true);
  return index;
}

describe("VectorIndex", () => {
  // 37 and 100 dims leave a partial 16-byte block, so the query's zero padding takes part.
  for (const dims of [16, 37, 100]) {
    it(`scores int8 rows within quantisation error of the cosine at ${dims} dimensions`, async () => {
      const rows = 7;
      const float = await build(rows, dims, "float32");
      const int8 = await build(rows, dims, "int8");
      expect(int8.stride % 16).toBe(0);
      for (let seed = 100; seed < 105; seed++) {
        const query = vector(seed, dims);
        const exact = Array.from(float.score(query));
        const scores = Array.from(int8.score(query));
        for (let row = 0; row < rows; row++) {
          const expected = cosine(vector(row + 1, dims), query);
          expect(exact[row]).toBeCloseTo(expected, 5);
          // Each row value is off by at most half a step (max|x| / 254); the unit query bounds the total.
          expect(Math.abs(scores[row] - expected)).toBeLessThan(0.02);
        }
      }
    });
  }

  it("ranks like float32 and returns zeros for a zero query", async () => {
    const rows = 40;
    const dims = 50;
    const float = await build(rows, dims, "float32");
    const int8 = await build(rows, dims, "int8");
    const query = vector(3, dims); // row 2's own vector
    float.score(query);
    int8.score(query);
    expect(Array.from(int8.top(1, -Infinity).ids)).toEqual([2]);
    expect(Array.from(int8.top(1, -Infinity).ids)).toEqual(Array.from(float.top(1, -Infinity).ids));
    expect(Array.from(int8.score(new Float32Array(dims)))).toEqual(new Array(rows).fill(0));
  });

  it("scores random int8 rows within the rows' and the query's quantisation error of a plain JS cosine", async () => {
    const f32 = fc.float({ min: -4, max: 4, noNaN: true, noDefaultInfinity: true });
    const input = fc
      .record({ rows: fc.integer({ min: 0, max: 9 }), dims: fc.integer({ min: 1, max: 90 }) })
      .chain(({ rows, dims }) =>
        fc.record({
          dims: fc.constant(dims),
          // Some rows all zero: setRow refuses them and they must score 0.
          rows: fc.array(fc.oneof(fc.array(f32, { minLength: dims, maxLength: dims }), fc.constant(null)), {
            minLength: rows,
            maxLength: rows,
          }),
          query: fc.array(f32, { minLength: dims, maxLength: dims }),
        }),
      );
    const arena = new WasmArena(instantiateCore(await loadWasm()));
    const unit = (values: number[]) => {
      const norm = Math.hypot(...values);
      return values.map((value) => (norm > 0 ? value / norm : 0));
    };
    const maxAbs = (values: number[]) => values.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    const absSum = (values: number[]) => values.reduce((sum, value) => sum + Math.abs(value), 0);
    fc.assert(
      fc.property(input, ({ dims, rows, query }) => {
        // Fresh arena memory is zero, as a new index relies on for the rows setRow refuses.
        arena.reset();
        const memory = new Uint8Array(arena.core.memory.buffer);
        memory.fill(0, Math.min(arena.mark(), memory.length));
        const index = new VectorIndex(arena, rows.length, dims, "int8");
        rows.forEach((row, id) => index.setRow(id, Float32Array.from(row ?? new Array<number>(dims).fill(0))));
        const scores = Array.from(index.score(Float32Array.from(query)));
        const q = unit(query);
        rows.forEach((row, id) => {
          const x = unit(row ?? new Array<number>(dims).fill(0));
          const expected = x.reduce((sum, value, dim) => sum + value * q[dim], 0);
          // Row values are off by at most half a row step (max|x| / 127), query values by half a query
          // step (max|q| / 32767); each error is weighed by the other vector's values.
          const rowHalfStep = maxAbs(x) / 254;
          const queryHalfStep = maxAbs(q) / 65_534;
          const bound = rowHalfStep * absSum(q) + queryHalfStep * absSum(x) + dims * rowHalfStep * queryHalfStep + 1e-6;
          if (!(Math.abs(scores[id] - expected) <= bound)) {
            expect.fail(`row ${id}: ${scores[id]} is more than ${bound} from ${expected}`);
          }
        });
      }),
      { numRuns: 200 },
    );
  });
});
