// VectorIndex on the wasm core: int8 rows scored against the i16 query land within quantisation error of float32.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolsiftError } from "../../src/errors.js";
import { VectorIndex, writeResiduals } from "../../src/semantic/vector-index.js";
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

async function build(
  rows: number,
  dims: number,
  quantization: "float32" | "int8",
  rescore = true,
): Promise<VectorIndex> {
  const index = new VectorIndex(new WasmArena(instantiateCore(await loadWasm())), rows, dims, quantization, rescore);
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

  it("makes int8 rows a multiple of 16 bytes, the whole blocks the kernels read, and refuses dims that cannot be", async () => {
    const arena = new WasmArena(instantiateCore(await loadWasm()));
    for (let dims = 1; dims <= 100; dims++) {
      const stride = new VectorIndex(arena, 1, dims, "int8").stride;
      expect(stride % 16).toBe(0);
      expect(stride - dims).toBeLessThan(16);
    }
    for (const dims of [0, 2.5, Number.NaN, -16]) {
      for (const quantization of ["int8", "float32"] as const) {
        expect(() => new VectorIndex(arena, 3, dims, quantization)).toThrow(
          expect.objectContaining({
            code: "EMBEDDING_FAILED",
            message: `VectorIndex: vectors of ${dims} dimensions cannot be stored; expected a whole number of dimensions, at least 1.`,
          }),
        );
      }
    }
  });

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

  describe("rescoring int8 candidates with 4-bit residuals", () => {
    /** Seeded Gaussian-ish vectors clustered around a few centres, so near ties at the cut are common. */
    function clustered(count: number, dims: number, seed: number): Float32Array[] {
      let state = seed;
      const random = () => {
        state = (state * 1_664_525 + 1_013_904_223) >>> 0;
        return state / 2 ** 32 - 0.5;
      };
      const centres = Array.from({ length: 4 }, () => Float32Array.from({ length: dims }, random));
      return Array.from({ length: count }, (_, index) =>
        Float32Array.from(centres[index % 4], (value) => value + 0.3 * random()),
      );
    }

    async function filled(rowsOf: Float32Array[], quantization: "float32" | "int8", rescore = true) {
      const index = await build(0, rowsOf[0].length, quantization, rescore);
      const sized = new VectorIndex(index["arena"], rowsOf.length, rowsOf[0].length, quantization, rescore);
      rowsOf.forEach((row, id) => expect(sized.setRow(id, row)).toBe(true));
      return sized;
    }

    const topFive = (index: VectorIndex, query: Float32Array) => {
      index.score(query);
      return Array.from(index.top(5, -Infinity).ids).sort((a, b) => a - b);
    };

    it("gives float32's top 5 where plain int8 rows swap near ties at the cut", async () => {
      const dims = 100;
      const rows = clustered(300, dims, 7);
      const queries = clustered(80, dims, 11);
      const exact = await filled(rows, "float32");
      const plain = await filled(rows, "int8", false);
      const rescored = await filled(rows, "int8");
      let plainMisses = 0;
      for (const query of queries) {
        const expected = topFive(exact, query);
        if (topFive(plain, query).join() !== expected.join()) plainMisses++;
        expect(topFive(rescored, query)).toEqual(expected);
      }
      // The data must be hard enough that plain int8 rows get some cuts wrong, or the test proves nothing.
      expect(plainMisses).toBeGreaterThan(0);
    });

    it("returns rescored similarities within a 1/32 row step of the cosine, in score's view too", async () => {
      const dims = 37;
      const rows = clustered(12, dims, 3);
      const index = await filled(rows, "int8");
      const query = clustered(1, dims, 5)[0];
      const view = index.score(query);
      const { ids, scores } = index.top(12, -Infinity);
      expect(ids.length).toBe(12);
      const q = Array.from(query, (value) => value / Math.hypot(...query));
      ids.forEach((id, rank) => {
        const x = Array.from(rows[id], (value) => value / Math.hypot(...rows[id]));
        const expected = cosine(x, q);
        const maxAbs = (values: number[]) => Math.max(...values.map(Math.abs));
        const absSum = (values: number[]) => values.reduce((sum, value) => sum + Math.abs(value), 0);
        // A residual leaves each value within 1/32 of its row's step; the i16 query adds its own half step.
        const bound = ((maxAbs(x) / 127) * absSum(q)) / 32 + (maxAbs(q) / 65_534) * absSum(x) + 1e-6;
        expect(Math.abs(scores[rank] - expected)).toBeLessThanOrEqual(bound);
        expect(view[id]).toBe(scores[rank]);
      });
    });

    it("encodes each value within 1/32 of its row's step (the nearest of 16 points across its int8 interval)", () => {
      let state = 5;
      const random = () => {
        state = (state * 1_664_525 + 1_013_904_223) >>> 0;
        return state / 2 ** 32 - 0.5;
      };
      for (let trial = 0; trial < 50; trial++) {
        const dims = 1 + (trial % 40);
        const vector = Float32Array.from({ length: dims }, random);
        const norm = Math.hypot(...vector);
        const step = Math.max(...Array.from(vector, (value) => Math.abs(value / norm))) / 127;
        const stride = Math.ceil(dims / 16) * 16;
        const codes = new Int8Array(stride);
        vector.forEach((value, d) => (codes[d] = Math.round(value / norm / step)));
        const nibbles = new Uint8Array(stride / 2);
        writeResiduals(vector, norm, step, codes, nibbles);
        for (let d = 0; d < dims; d++) {
          const nibble = d % 2 === 0 ? nibbles[d >> 1] & 15 : nibbles[d >> 1] >> 4;
          // The kernel's reading (kernel-spec.ts): value = (code + (2 * nibble - 15) / 32) * step.
          const decoded = (codes[d] + (2 * nibble - 15) / 32) * step;
          expect(Math.abs(decoded - vector[d] / norm)).toBeLessThanOrEqual(step / 32 + 1e-12);
        }
      }
    });

    it("returns a row the int8 step put under minScore when its rescored similarity is above it", async () => {
      const dims = 100;
      const rows = clustered(30, dims, 21);
      const query = clustered(1, dims, 23)[0];
      const plain = await filled(rows, "int8", false);
      const rescored = await filled(rows, "int8");
      const before = Array.from(plain.score(query));
      rescored.score(query);
      const after = new Map(
        Array.from(rescored.top(30, -1).ids, (id, rank) => [id, rescored.top(30, -1).scores[rank]]),
      );
      // The row the residuals raised most: a minScore between its two scores keeps it only when rescored.
      const raised = [...after.keys()].sort((a, b) => after.get(b)! - before[b] - (after.get(a)! - before[a]))[0];
      expect(after.get(raised)!).toBeGreaterThan(before[raised]);
      const minScore = (before[raised] + after.get(raised)!) / 2;
      plain.score(query);
      expect(Array.from(plain.top(30, minScore).ids)).not.toContain(raised);
      rescored.score(query);
      expect(Array.from(rescored.top(30, minScore).ids)).toContain(raised);
    });

    it("ranks select's k first when more rows are asked for (explain), as top(k) alone does", async () => {
      // Twenty rows whose second value rounds up to int8 code 3 and one whose value rounds down to it: the int8
      // scan ranks the twenty above the one, their residuals the other way round. select (k = 1) rescores only
      // the best max(2, 1 + 16) rows, which leaves the one out; explain must agree with it.
      const dims = 8;
      const row = (second: number) =>
        Float32Array.from({ length: dims }, (_, d) => (d === 0 ? 1 : d === 1 ? second : 0));
      const rows = [...Array.from({ length: 20 }, () => row(2.51 / 127)), row(3.49 / 127)];
      const index = await filled(rows, "int8");
      const query = Float32Array.from({ length: dims }, (_, d) => (d < 2 ? 1 : 0));
      index.score(query);
      const selected = Array.from(index.top(1, -Infinity).ids);
      index.score(query);
      const explained = Array.from(index.top(rows.length, -Infinity, 1).ids);
      expect(explained.slice(0, 1)).toEqual(selected);
      expect(new Set(explained).size).toBe(rows.length);
      // Rescoring every row would put row 20 first: the case is one where the depth matters.
      index.score(query);
      expect(index.top(1, -Infinity, rows.length).ids[0]).toBe(20);
      expect(selected[0]).not.toBe(20);
    });

    it("leaves rows a caller marked -2 out, also when every row is a candidate", async () => {
      const rows = clustered(3, 16, 9);
      const index = await filled(rows, "int8");
      const view = index.score(rows[1]);
      view[1] = -2;
      const { ids } = index.top(5, 0.5 - 2);
      expect(Array.from(ids)).not.toContain(1);
      expect(view[1]).toBe(-2);
    });

    it("copies residuals with copyRow, and refuses to copy between rescoring and plain rows", async () => {
      const dims = 50;
      const rows = clustered(20, dims, 13);
      const source = await filled(rows, "int8");
      const copy = new VectorIndex(source["arena"], rows.length, dims, "int8");
      rows.forEach((_, id) => copy.copyRow(id, source, id));
      const query = clustered(1, dims, 17)[0];
      source.score(query);
      const expected = source.top(20, -Infinity);
      const expectedIds = Array.from(expected.ids);
      const expectedScores = Array.from(expected.scores);
      copy.score(query);
      const actual = copy.top(20, -Infinity);
      expect(Array.from(actual.ids)).toEqual(expectedIds);
      expect(Array.from(actual.scores)).toEqual(expectedScores);
      const plain = new VectorIndex(source["arena"], 1, dims, "int8", false);
      expect(() => plain.copyRow(0, source, 0)).toThrow(/layouts differ/);
    });

    it("refuses a copy between layouts with a ToolsiftError naming both layouts", async () => {
      const source = await filled(clustered(3, 50, 13), "int8");
      const cases = [
        [new VectorIndex(source["arena"], 1, 50, "int8", false), "50 dimensions, int8 without residuals"],
        [new VectorIndex(source["arena"], 1, 64, "int8"), "64 dimensions, int8 with residuals"],
        [new VectorIndex(source["arena"], 1, 50, "float32"), "50 dimensions, float32"],
      ] as const;
      for (const [target, layout] of cases) {
        let thrown: unknown;
        try {
          target.copyRow(0, source, 2);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(ToolsiftError);
        expect(thrown).toMatchObject({
          code: "EMBEDDING_FAILED",
          message: `copyRow: the vector layouts differ: row 2 has 50 dimensions, int8 with residuals, row 0 expects ${layout}.`,
          details: {
            row: 0,
            from: 2,
            expected: { dims: target.dims, quantization: target.quantization, rescoring: target.rescoring },
            received: { dims: 50, quantization: "int8", rescoring: true },
          },
        });
      }
    });

    it("costs half a byte a value, and nothing with rescore off or float32 rows", async () => {
      const rescored = await build(10, 100, "int8");
      const plain = await build(10, 100, "int8", false);
      expect(rescored.byteLength - plain.byteLength).toBe((10 * 112) / 2);
      expect((await build(10, 100, "float32", true)).rescoring).toBe(false);
    });
  });
});
