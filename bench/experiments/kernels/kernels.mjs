// The dot-product kernels of assembly/index.ts against the alternatives in variants.as (next to this file): the
// measurements behind the kernel comments (NOTES.md here has the figures and what each one decided).
//
//   npx node bench/experiments/kernels/kernels.mjs   (not run by `npm run bench`; needs no build: it runs asc itself)
//
// asc compiles assembly/index.ts and variants.as together (copied to a temporary folder, the variants as a .ts
// file) with the flags of scripts/build-wasm.mjs plus relaxed-simd, so the shipped kernels and the variants run
// in one instance over one copy of the data. It also compiles assembly/index.ts alone with exactly the flags of
// scripts/build-wasm.mjs (the shipped core.wasm: its sha256 is printed, and its kernels are timed on their own
// copy of the data as a cross-check). Every variant must agree with the shipped kernel (relative difference
// below 1e-4 of the row's |row|·|query|) before it is timed. Timing: rounds in which every kernel runs once in
// turn (so machine load drifts over all of them alike); a sample is `repeat` calls timed together; median of
// ROUNDS samples after WARMUP_ROUNDS untimed rounds. Data: mulberry32 values in [-0.5, 0.5); int8 rows
// quantised as VectorIndex does (scale = maxAbs / 127 per row, zero-padded to a 16-byte stride), and the query
// both as f32 (for the float32 kernels and the old int8-by-f32 ones) and as VectorIndex quantises it for
// dotBatchI8I16 (i16, step maxAbs / 32767). int8 kernels must agree with the shipped one within 1e-3 of
// |row|·|query| (the query's i16 step); the float32 and load-only rows in an int8 table are not compared.
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import asc from "assemblyscript/asc";
import { mulberry32 } from "../../../scripts/seeded-random.mjs";
import { median, nowMs } from "../../lib/stats.mjs";
import { markdownTable, ms, runIfMain } from "../../lib/table.mjs";

const ROUNDS = 30;
const WARMUP_ROUNDS = 3;
const SEED = 384;
const pageBytes = 65_536;

/** The flags of scripts/build-wasm.mjs, after the input file and --outFile. */
const SHIPPED_FLAGS = ["-O3", "--noAssert", "--runtime", "stub", "--enable", "simd"];

/** Float32 shapes: two that stay in cache (the accumulator comparison) and the 61 MB slab that streams from RAM. */
const FLOAT32_SHAPES = [
  { rows: 1_000, dims: 384, repeat: 40 },
  { rows: 1_000, dims: 1_536, repeat: 10 },
  { rows: 10_000, dims: 1_536, repeat: 1 },
];
/** int8 kernels at the two sizes: 15 MB of int8 rows (61 MB as float32) and 77 MB (307 MB as float32). */
const INT8_SHAPES = [
  { rows: 10_000, dims: 1_536, repeat: 1 },
  { rows: 50_000, dims: 1_536, repeat: 1 },
];

/** [label, export, kind]: kind says which slab and query a kernel reads and how it is called. */
const FLOAT32_KERNELS = [
  ["shipped `dotBatch` (four accumulators, 64-byte blocks)", "dotBatch", "f32"],
  ["scalar, one running sum", "dotScalar", "f32"],
  ["one accumulator, no unrolling", "dotOneAccumulator", "f32"],
  ["two accumulators, 32-byte blocks", "dotTwoAccumulators", "f32"],
  ["four accumulators, 128-byte blocks", "dotBlocks128", "f32"],
  ["eight accumulators, 128-byte blocks", "dotEightAccumulators", "f32"],
  ["two rows per pass sharing the query loads", "dotTwoRows", "f32"],
  ["shipped shape with `f32x4.relaxed_madd`", "dotRelaxedMadd", "f32"],
  ["loads only (no arithmetic): the bandwidth floor", "loadOnly", "f32"],
];
const INT8_KERNELS = [
  ["shipped `dotBatchI8I16` (i16 query, integer dot products, four accumulators)", "dotBatchI8I16", "i8i16"],
  ["same, two accumulators and 16-byte steps", "dotI8I16TwoAccumulators", "i8i16"],
  ["previous `dotBatchI8F32` (f32 query, shuffle widening to f32)", "dotBatchI8F32", "i8f32"],
  ["f32 query, sign-extending widening", "dotI8Extend", "i8f32"],
  ["f32 query, shuffle widening, two rows per pass", "dotI8TwoRows", "i8f32"],
  ["f32 query, shuffle widening, four rows per pass", "dotI8FourRows", "i8f32"],
  ["int8 loads only (no arithmetic): the bandwidth floor", "loadOnlyI8", "i8i16"],
  ["shipped float32 `dotBatch` over the same rows as float32", "dotBatch", "f32"],
];
/** Rows of a table that are not compared with its first kernel (other data, or no arithmetic). */
const UNCHECKED = new Set(["loadOnly", "loadOnlyI8"]);

/** Runs asc on `entries` (paths under `baseDir`) and returns the wasm bytes, without writing into the tree. */
async function compile(baseDir, entries, extraFlags = []) {
  let wasm;
  const output = [];
  const { error } = await asc.main(
    [...entries, "--outFile", "out.wasm", ...SHIPPED_FLAGS, ...extraFlags, "--baseDir", baseDir],
    {
      stdout: { write: (text) => output.push(String(text)) },
      stderr: { write: (text) => output.push(String(text)) },
      writeFile: (name, contents) => {
        if (name.endsWith(".wasm")) wasm = contents;
      },
    },
  );
  if (error || !wasm)
    throw new Error(
      `bench/experiments/kernels: asc failed on ${entries.join(", ")}: ${error?.message}\n${output.join("")}`,
    );
  return wasm;
}

/** Compiles the shipped core alone and the shipped core + variants, from copies in a temporary folder. */
export async function compileKernels() {
  const directory = mkdtempSync(join(tmpdir(), "toolsift-kernels-"));
  try {
    mkdirSync(join(directory, "assembly"));
    copyFileSync(
      fileURLToPath(new URL("../../../assembly/index.ts", import.meta.url)),
      join(directory, "assembly/index.ts"),
    );
    copyFileSync(fileURLToPath(new URL("./variants.as", import.meta.url)), join(directory, "variants.ts"));
    const shipped = await compile(directory, ["assembly/index.ts"]);
    const combined = await compile(directory, ["assembly/index.ts", "variants.ts"], ["--enable", "relaxed-simd"]);
    return { shipped, combined };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** One instance with the data laid out from heapBase: float32 slab, int8 slab, scales, query, output. */
async function instantiate(bytes, maxRows, maxDims) {
  const { instance } = await WebAssembly.instantiate(bytes, {});
  const exports = instance.exports;
  const stride = Math.ceil(maxDims / 16) * 16;
  const align = (value) => Math.ceil(value / 64) * 64;
  const layout = {};
  let top = align(exports.heapBase() >>> 0);
  for (const [name, length] of [
    ["slab", maxRows * maxDims * 4],
    ["slabI8", maxRows * stride],
    ["scales", maxRows * 4],
    ["query", stride * 4],
    ["queryI16", stride * 2],
    ["out", maxRows * 4],
  ]) {
    layout[name] = top;
    top = align(top + length);
  }
  const missing = top - exports.memory.buffer.byteLength;
  if (missing > 0) exports.memory.grow(Math.ceil(missing / pageBytes));
  return { exports, layout, queryScale: 0 };
}

/** Writes a rows × dims float32 slab, its int8 quantisation and a query (f32 and i16) into the instance's memory. */
function fill(instance, rows, dims) {
  const { exports, layout } = instance;
  const buffer = exports.memory.buffer;
  const stride = Math.ceil(dims / 16) * 16;
  const random = mulberry32(SEED + rows + dims);
  const slab = new Float32Array(buffer, layout.slab, rows * dims);
  for (let index = 0; index < slab.length; index++) slab[index] = random() - 0.5;
  const query = new Float32Array(buffer, layout.query, stride).fill(0);
  for (let dim = 0; dim < dims; dim++) query[dim] = random() - 0.5;
  let queryMax = 0;
  for (let dim = 0; dim < dims; dim++) queryMax = Math.max(queryMax, Math.abs(query[dim]));
  instance.queryScale = queryMax / 32_767;
  const queryI16 = new Int16Array(buffer, layout.queryI16, stride).fill(0);
  for (let dim = 0; dim < dims; dim++) queryI16[dim] = Math.round(query[dim] / instance.queryScale);
  const slabI8 = new Int8Array(buffer, layout.slabI8, rows * stride).fill(0);
  const scales = new Float32Array(buffer, layout.scales, rows);
  for (let row = 0; row < rows; row++) {
    let maxAbs = 0;
    for (let dim = 0; dim < dims; dim++) maxAbs = Math.max(maxAbs, Math.abs(slab[row * dims + dim]));
    scales[row] = maxAbs / 127;
    for (let dim = 0; dim < dims; dim++) {
      slabI8[row * stride + dim] = Math.max(-127, Math.min(127, Math.round(slab[row * dims + dim] / scales[row])));
    }
  }
}

/** A closure running one kernel over the instance's data, called as its `kind` says. */
function runner(instance, name, rows, dims, kind) {
  const { exports, layout } = instance;
  const kernel = exports[name];
  if (typeof kernel !== "function") throw new Error(`bench/experiments/kernels: the module exports no ${name}.`);
  const stride = Math.ceil(dims / 16) * 16;
  if (kind === "i8i16")
    return () => kernel(layout.slabI8, layout.scales, rows, stride, layout.queryI16, instance.queryScale, layout.out);
  if (kind === "i8f32") return () => kernel(layout.slabI8, layout.scales, rows, stride, layout.query, layout.out);
  return () => kernel(layout.slab, rows, dims, layout.query, layout.out);
}

/** The largest relative difference between two output rows, relative to the row's |row|·|query| bound. */
function disagreement(instance, rows, dims, reference, candidate) {
  const { exports, layout } = instance;
  reference();
  const expected = Float32Array.from(new Float32Array(exports.memory.buffer, layout.out, rows));
  candidate();
  const actual = new Float32Array(exports.memory.buffer, layout.out, rows);
  const slab = new Float32Array(exports.memory.buffer, layout.slab, rows * dims);
  const query = new Float32Array(exports.memory.buffer, layout.query, dims);
  const queryNorm = Math.hypot(...query);
  let worst = 0;
  for (let row = 0; row < rows; row++) {
    const rowNorm = Math.hypot(...slab.subarray(row * dims, (row + 1) * dims));
    worst = Math.max(worst, Math.abs(actual[row] - expected[row]) / (rowNorm * queryNorm));
  }
  return worst;
}

/** Medians of per-call milliseconds for each entry of `runs` ([label, run]), timed in interleaved rounds. */
function timeRounds(runs, repeat) {
  const samples = runs.map(() => []);
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    runs.forEach(([, run], index) => {
      const started = nowMs();
      for (let call = 0; call < repeat; call++) run();
      if (round >= WARMUP_ROUNDS) samples[index].push((nowMs() - started) / repeat);
    });
  }
  return samples.map(median);
}

/** Times every kernel of `kernels` on one shape; the first is the shipped one the ratios refer to. */
function measureShape(combined, core, kernels, { rows, dims, repeat }, int8) {
  fill(combined, rows, dims);
  fill(core, rows, dims);
  const [, referenceName, referenceKind] = kernels[0];
  const reference = runner(combined, referenceName, rows, dims, referenceKind);
  const runs = [];
  const notes = [];
  for (const [label, name, kind] of kernels) {
    const run = runner(combined, name, rows, dims, kind);
    const comparable = !UNCHECKED.has(name) && (kind === "f32") === (referenceKind === "f32");
    if (comparable) {
      // The i16 query's rounding allows int8 kernels more than float32 ones' summation order.
      const limit = referenceKind === "f32" ? 1e-4 : 1e-3;
      const difference = disagreement(combined, rows, dims, reference, run);
      if (!(difference < limit))
        throw new Error(`bench/experiments/kernels: ${name} disagrees with ${referenceName} (${difference}).`);
      if (difference > 0) notes.push(`${name}: largest relative difference ${difference.toExponential(1)}`);
    }
    runs.push([label, run]);
  }
  runs.push([
    `${referenceName} from the shipped core.wasm (its own instance and copy of the data)`,
    runner(core, referenceName, rows, dims, referenceKind),
  ]);
  const medians = timeRounds(runs, repeat);
  return { rows, dims, int8, results: runs.map(([label], index) => ({ label, medianMs: medians[index] })), notes };
}

export async function measureKernels() {
  const { shipped, combined } = await compileKernels();
  const sha256 = createHash("sha256").update(shipped).digest("hex");
  const maxRows = Math.max(...[...FLOAT32_SHAPES, ...INT8_SHAPES].map((shape) => shape.rows));
  const maxDims = Math.max(...[...FLOAT32_SHAPES, ...INT8_SHAPES].map((shape) => shape.dims));
  const combinedInstance = await instantiate(combined, maxRows, maxDims);
  const coreInstance = await instantiate(shipped, maxRows, maxDims);
  const shapes = [
    ...FLOAT32_SHAPES.map((shape) => measureShape(combinedInstance, coreInstance, FLOAT32_KERNELS, shape, false)),
    ...INT8_SHAPES.map((shape) => measureShape(combinedInstance, coreInstance, INT8_KERNELS, shape, true)),
  ];
  return { sha256, bytes: shipped.byteLength, shapes };
}

export function kernelsReport({ sha256, bytes, shapes }) {
  const parts = [`Shipped core.wasm as scripts/build-wasm.mjs builds it: ${bytes} bytes,\nsha256 ${sha256}.`];
  for (const shape of shapes) {
    const base = shape.results[0].medianMs;
    const slab = shape.int8 ? "int8 rows" : "float32";
    // int8 tables also hold the float32 scan of the same rows: the goal is a ratio to it.
    const float32 = shape.int8 ? shape.results.find((row) => row.label.includes("float32 `dotBatch`")) : undefined;
    const versus = (row) => `${(row.medianMs / float32.medianMs).toFixed(2)}x`;
    parts.push(
      `**${shape.rows.toLocaleString("en-US")} x ${shape.dims.toLocaleString("en-US")}, ${slab}**\n\n` +
        markdownTable(
          ["kernel", "median ms per call", "vs shipped", ...(float32 ? ["vs float32 dotBatch"] : [])],
          shape.results.map((row) => [
            row.label,
            ms(row.medianMs),
            `${(row.medianMs / base).toFixed(2)}x`,
            ...(float32 ? [versus(row)] : []),
          ]),
        ) +
        (shape.notes.length > 0 ? `\n\n- ${shape.notes.join("\n- ")}` : ""),
    );
  }
  return parts.join("\n\n");
}

await runIfMain(import.meta.url, async () => kernelsReport(await measureKernels()));
