// VectorIndex on the wasm core: int8 rows scored against the float32 query land within quantisation error of float32.
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
});
