// Alternatives to the shipped dot-product kernels (assembly/index.ts), kept to reproduce the measurements in
// bench/experiments/kernels/NOTES.md. AssemblyScript, compiled by bench/experiments/kernels/kernels.mjs with the flags of
// scripts/build-wasm.mjs (plus relaxed-simd for dotRelaxedMadd). The extension is .as, not .ts, so that tsc,
// ESLint and Prettier (which cannot read AssemblyScript builtins or function decorators) leave it alone; the
// script copies it to a temporary folder as a .ts file for asc.
//
// bench/experiments/kernels/kernels.mjs compiles this file together with assembly/index.ts into one module, so the shipped
// kernels and these variants share one memory and one copy of the data (heapBase comes from assembly/index.ts).
// Signatures match the shipped kernels: float32 variants as dotBatch(slab, rows, dims, query, out), int8
// variants as dotBatchI8F32(slab, scales, rows, stride, query, out). Unless noted, a variant assumes what the
// benchmark gives it (dims a multiple of 16 for the float32 ones, as 384 and 1,536 are).

// @ts-ignore: decorator
@inline
function horizontalSum(acc: v128): f32 {
  const first = f32x4.extract_lane(acc, 0) + f32x4.extract_lane(acc, 1);
  return first + (f32x4.extract_lane(acc, 2) + f32x4.extract_lane(acc, 3));
}

/** One running scalar sum per row: the baseline for "about 7x faster than scalar". */
export function dotScalar(slab: usize, rows: u32, dims: u32, query: usize, out: usize): void {
  const rowBytes = <usize>dims << 2;
  let row = slab;
  for (let r: u32 = 0; r < rows; r++) {
    let sum: f32 = 0;
    for (let offset: usize = 0; offset < rowBytes; offset += 4) {
      sum += load<f32>(row + offset) * load<f32>(query + offset);
    }
    store<f32>(out + (<usize>r << 2), sum);
    row += rowBytes;
  }
}

/** No unrolling: one f32x4 accumulator, one vector per step (every add waits for the previous one). */
export function dotOneAccumulator(slab: usize, rows: u32, dims: u32, query: usize, out: usize): void {
  const rowBytes = <usize>dims << 2;
  let row = slab;
  for (let r: u32 = 0; r < rows; r++) {
    let acc = f32x4.splat(0);
    for (let offset: usize = 0; offset < rowBytes; offset += 16) {
      acc = f32x4.add(acc, f32x4.mul(v128.load(row + offset), v128.load(query + offset)));
    }
    store<f32>(out + (<usize>r << 2), horizontalSum(acc));
    row += rowBytes;
  }
}

/** Two accumulators over 32-byte blocks. */
export function dotTwoAccumulators(slab: usize, rows: u32, dims: u32, query: usize, out: usize): void {
  const rowBytes = <usize>dims << 2;
  let row = slab;
  for (let r: u32 = 0; r < rows; r++) {
    let acc0 = f32x4.splat(0);
    let acc1 = f32x4.splat(0);
    for (let offset: usize = 0; offset < rowBytes; offset += 32) {
      const a = row + offset;
      const b = query + offset;
      acc0 = f32x4.add(acc0, f32x4.mul(v128.load(a), v128.load(b)));
      acc1 = f32x4.add(acc1, f32x4.mul(v128.load(a, 16), v128.load(b, 16)));
    }
    store<f32>(out + (<usize>r << 2), horizontalSum(f32x4.add(acc0, acc1)));
    row += rowBytes;
  }
}

/** The shipped shape (four accumulators) over 128-byte blocks: each accumulator takes two vectors per block. */
export function dotBlocks128(slab: usize, rows: u32, dims: u32, query: usize, out: usize): void {
  const rowBytes = <usize>dims << 2;
  const blockBytes = rowBytes & ~(<usize>127);
  let row = slab;
  for (let r: u32 = 0; r < rows; r++) {
    let acc0 = f32x4.splat(0);
    let acc1 = f32x4.splat(0);
    let acc2 = f32x4.splat(0);
    let acc3 = f32x4.splat(0);
    let offset: usize = 0;
    for (; offset < blockBytes; offset += 128) {
      const a = row + offset;
      const b = query + offset;
      acc0 = f32x4.add(acc0, f32x4.mul(v128.load(a), v128.load(b)));
      acc1 = f32x4.add(acc1, f32x4.mul(v128.load(a, 16), v128.load(b, 16)));
      acc2 = f32x4.add(acc2, f32x4.mul(v128.load(a, 32), v128.load(b, 32)));
      acc3 = f32x4.add(acc3, f32x4.mul(v128.load(a, 48), v128.load(b, 48)));
      acc0 = f32x4.add(acc0, f32x4.mul(v128.load(a, 64), v128.load(b, 64)));
      acc1 = f32x4.add(acc1, f32x4.mul(v128.load(a, 80), v128.load(b, 80)));
      acc2 = f32x4.add(acc2, f32x4.mul(v128.load(a, 96), v128.load(b, 96)));
      acc3 = f32x4.add(acc3, f32x4.mul(v128.load(a, 112), v128.load(b, 112)));
    }
    for (; offset < rowBytes; offset += 16) {
      acc0 = f32x4.add(acc0, f32x4.mul(v128.load(row + offset), v128.load(query + offset)));
    }
    store<f32>(out + (<usize>r << 2), horizontalSum(f32x4.add(f32x4.add(acc0, acc1), f32x4.add(acc2, acc3))));
    row += rowBytes;
  }
}

/** Eight accumulators over 128-byte blocks. */
export function dotEightAccumulators(slab: usize, rows: u32, dims: u32, query: usize, out: usize): void {
  const rowBytes = <usize>dims << 2;
  const blockBytes = rowBytes & ~(<usize>127);
  let row = slab;
  for (let r: u32 = 0; r < rows; r++) {
    let acc0 = f32x4.splat(0);
    let acc1 = f32x4.splat(0);
    let acc2 = f32x4.splat(0);
    let acc3 = f32x4.splat(0);
    let acc4 = f32x4.splat(0);
    let acc5 = f32x4.splat(0);
    let acc6 = f32x4.splat(0);
    let acc7 = f32x4.splat(0);
    let offset: usize = 0;
    for (; offset < blockBytes; offset += 128) {
      const a = row + offset;
      const b = query + offset;
      acc0 = f32x4.add(acc0, f32x4.mul(v128.load(a), v128.load(b)));
      acc1 = f32x4.add(acc1, f32x4.mul(v128.load(a, 16), v128.load(b, 16)));
      acc2 = f32x4.add(acc2, f32x4.mul(v128.load(a, 32), v128.load(b, 32)));
      acc3 = f32x4.add(acc3, f32x4.mul(v128.load(a, 48), v128.load(b, 48)));
      acc4 = f32x4.add(acc4, f32x4.mul(v128.load(a, 64), v128.load(b, 64)));
      acc5 = f32x4.add(acc5, f32x4.mul(v128.load(a, 80), v128.load(b, 80)));
      acc6 = f32x4.add(acc6, f32x4.mul(v128.load(a, 96), v128.load(b, 96)));
      acc7 = f32x4.add(acc7, f32x4.mul(v128.load(a, 112), v128.load(b, 112)));
    }
    for (; offset < rowBytes; offset += 16) {
      acc0 = f32x4.add(acc0, f32x4.mul(v128.load(row + offset), v128.load(query + offset)));
    }
    const low = f32x4.add(f32x4.add(acc0, acc1), f32x4.add(acc2, acc3));
    const high = f32x4.add(f32x4.add(acc4, acc5), f32x4.add(acc6, acc7));
    store<f32>(out + (<usize>r << 2), horizontalSum(f32x4.add(low, high)));
    row += rowBytes;
  }
}

/** Two rows per pass, four accumulators each, sharing every query load between the two rows. Needs an even `rows`. */
export function dotTwoRows(slab: usize, rows: u32, dims: u32, query: usize, out: usize): void {
  const rowBytes = <usize>dims << 2;
  let row = slab;
  for (let r: u32 = 0; r < rows; r += 2) {
    const next = row + rowBytes;
    let a0 = f32x4.splat(0);
    let a1 = f32x4.splat(0);
    let a2 = f32x4.splat(0);
    let a3 = f32x4.splat(0);
    let b0 = f32x4.splat(0);
    let b1 = f32x4.splat(0);
    let b2 = f32x4.splat(0);
    let b3 = f32x4.splat(0);
    for (let offset: usize = 0; offset < rowBytes; offset += 64) {
      const q = query + offset;
      const q0 = v128.load(q);
      const q1 = v128.load(q, 16);
      const q2 = v128.load(q, 32);
      const q3 = v128.load(q, 48);
      const a = row + offset;
      const b = next + offset;
      a0 = f32x4.add(a0, f32x4.mul(v128.load(a), q0));
      a1 = f32x4.add(a1, f32x4.mul(v128.load(a, 16), q1));
      a2 = f32x4.add(a2, f32x4.mul(v128.load(a, 32), q2));
      a3 = f32x4.add(a3, f32x4.mul(v128.load(a, 48), q3));
      b0 = f32x4.add(b0, f32x4.mul(v128.load(b), q0));
      b1 = f32x4.add(b1, f32x4.mul(v128.load(b, 16), q1));
      b2 = f32x4.add(b2, f32x4.mul(v128.load(b, 32), q2));
      b3 = f32x4.add(b3, f32x4.mul(v128.load(b, 48), q3));
    }
    store<f32>(out + (<usize>r << 2), horizontalSum(f32x4.add(f32x4.add(a0, a1), f32x4.add(a2, a3))));
    store<f32>(out + (<usize>(r + 1) << 2), horizontalSum(f32x4.add(f32x4.add(b0, b1), f32x4.add(b2, b3))));
    row = next + rowBytes;
  }
}

/** The shipped shape with fused multiply-adds (relaxed SIMD: results may differ by CPU in the last bit). */
export function dotRelaxedMadd(slab: usize, rows: u32, dims: u32, query: usize, out: usize): void {
  const rowBytes = <usize>dims << 2;
  let row = slab;
  for (let r: u32 = 0; r < rows; r++) {
    let acc0 = f32x4.splat(0);
    let acc1 = f32x4.splat(0);
    let acc2 = f32x4.splat(0);
    let acc3 = f32x4.splat(0);
    for (let offset: usize = 0; offset < rowBytes; offset += 64) {
      const a = row + offset;
      const b = query + offset;
      acc0 = f32x4.relaxed_madd(v128.load(a), v128.load(b), acc0);
      acc1 = f32x4.relaxed_madd(v128.load(a, 16), v128.load(b, 16), acc1);
      acc2 = f32x4.relaxed_madd(v128.load(a, 32), v128.load(b, 32), acc2);
      acc3 = f32x4.relaxed_madd(v128.load(a, 48), v128.load(b, 48), acc3);
    }
    store<f32>(out + (<usize>r << 2), horizontalSum(f32x4.add(f32x4.add(acc0, acc1), f32x4.add(acc2, acc3))));
    row += rowBytes;
  }
}

/** Only loads the rows (OR-ing them so the loads stay): the memory-bandwidth floor for a float32 scan. */
export function loadOnly(slab: usize, rows: u32, dims: u32, query: usize, out: usize): void {
  const rowBytes = <usize>dims << 2;
  let row = slab;
  for (let r: u32 = 0; r < rows; r++) {
    let acc0 = v128.load(query);
    let acc1 = acc0;
    let acc2 = acc0;
    let acc3 = acc0;
    for (let offset: usize = 0; offset < rowBytes; offset += 64) {
      const a = row + offset;
      acc0 = v128.or(acc0, v128.load(a));
      acc1 = v128.or(acc1, v128.load(a, 16));
      acc2 = v128.or(acc2, v128.load(a, 32));
      acc3 = v128.or(acc3, v128.load(a, 48));
    }
    store<f32>(out + (<usize>r << 2), f32x4.extract_lane(v128.or(v128.or(acc0, acc1), v128.or(acc2, acc3)), 0));
    row += rowBytes;
  }
}

// The shipped widening (assembly/index.ts, dotI8F32x16): six shuffles put each int8 value in the top byte of an
// i32 lane (b * 2^24, undone by 2^-24 at the store), with the query vectors passed in so that rows can share them.
// @ts-ignore: decorator
@inline
function shuffleWiden(acc: v128, bytes: v128, q0: v128, q1: v128, q2: v128, q3: v128): v128 {
  const zero = i32x4.splat(0);
  const low = i8x16.shuffle(zero, bytes, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const high = i8x16.shuffle(zero, bytes, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  const w0 = i8x16.shuffle(zero, low, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23);
  const w1 = i8x16.shuffle(zero, low, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31);
  const w2 = i8x16.shuffle(zero, high, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23);
  const w3 = i8x16.shuffle(zero, high, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31);
  const v0 = f32x4.convert_i32x4_s(w0);
  const v1 = f32x4.convert_i32x4_s(w1);
  const v2 = f32x4.convert_i32x4_s(w2);
  const v3 = f32x4.convert_i32x4_s(w3);
  const sum01 = f32x4.add(f32x4.mul(v0, q0), f32x4.mul(v1, q1));
  const sum23 = f32x4.add(f32x4.mul(v2, q2), f32x4.mul(v3, q3));
  return f32x4.add(acc, f32x4.add(sum01, sum23));
}

/** Sign-extending instead of shuffling (i8 → i16 → i32, then convert): values come out as b, not b * 2^24. */
export function dotI8Extend(slab: usize, scales: usize, rows: u32, stride: u32, query: usize, out: usize): void {
  const rowBytes = <usize>stride;
  let row = slab;
  for (let r: u32 = 0; r < rows; r++) {
    let acc = f32x4.splat(0);
    for (let offset: usize = 0; offset < rowBytes; offset += 16) {
      const bytes = v128.load(row + offset);
      const q = query + (offset << 2);
      const low = i16x8.extend_low_i8x16_s(bytes);
      const high = i16x8.extend_high_i8x16_s(bytes);
      const v0 = f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(low));
      const v1 = f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(low));
      const v2 = f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(high));
      const v3 = f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(high));
      const sum01 = f32x4.add(f32x4.mul(v0, v128.load(q)), f32x4.mul(v1, v128.load(q, 16)));
      const sum23 = f32x4.add(f32x4.mul(v2, v128.load(q, 32)), f32x4.mul(v3, v128.load(q, 48)));
      acc = f32x4.add(acc, f32x4.add(sum01, sum23));
    }
    const slot = <usize>r << 2;
    store<f32>(out + slot, load<f32>(scales + slot) * horizontalSum(acc));
    row += rowBytes;
  }
}

/** The shipped widening, two rows per pass sharing each query load. Needs an even `rows`. */
export function dotI8TwoRows(slab: usize, scales: usize, rows: u32, stride: u32, query: usize, out: usize): void {
  const rowBytes = <usize>stride;
  let row = slab;
  for (let r: u32 = 0; r < rows; r += 2) {
    let acc0 = f32x4.splat(0);
    let acc1 = f32x4.splat(0);
    for (let offset: usize = 0; offset < rowBytes; offset += 16) {
      const q = query + (offset << 2);
      const q0 = v128.load(q);
      const q1 = v128.load(q, 16);
      const q2 = v128.load(q, 32);
      const q3 = v128.load(q, 48);
      acc0 = shuffleWiden(acc0, v128.load(row + offset), q0, q1, q2, q3);
      acc1 = shuffleWiden(acc1, v128.load(row + rowBytes + offset), q0, q1, q2, q3);
    }
    const slot = <usize>r << 2;
    store<f32>(out + slot, load<f32>(scales + slot) * <f32>5.9604644775390625e-8 * horizontalSum(acc0));
    store<f32>(out + slot + 4, load<f32>(scales + slot + 4) * <f32>5.9604644775390625e-8 * horizontalSum(acc1));
    row += rowBytes << 1;
  }
}

/** The shipped widening, four rows per pass sharing each query load. Needs `rows` to be a multiple of 4. */
export function dotI8FourRows(slab: usize, scales: usize, rows: u32, stride: u32, query: usize, out: usize): void {
  const rowBytes = <usize>stride;
  let row = slab;
  for (let r: u32 = 0; r < rows; r += 4) {
    let acc0 = f32x4.splat(0);
    let acc1 = f32x4.splat(0);
    let acc2 = f32x4.splat(0);
    let acc3 = f32x4.splat(0);
    for (let offset: usize = 0; offset < rowBytes; offset += 16) {
      const q = query + (offset << 2);
      const q0 = v128.load(q);
      const q1 = v128.load(q, 16);
      const q2 = v128.load(q, 32);
      const q3 = v128.load(q, 48);
      const a = row + offset;
      acc0 = shuffleWiden(acc0, v128.load(a), q0, q1, q2, q3);
      acc1 = shuffleWiden(acc1, v128.load(a + rowBytes), q0, q1, q2, q3);
      acc2 = shuffleWiden(acc2, v128.load(a + (rowBytes << 1)), q0, q1, q2, q3);
      acc3 = shuffleWiden(acc3, v128.load(a + rowBytes * 3), q0, q1, q2, q3);
    }
    const slot = <usize>r << 2;
    const unscale = <f32>5.9604644775390625e-8;
    store<f32>(out + slot, load<f32>(scales + slot) * unscale * horizontalSum(acc0));
    store<f32>(out + slot + 4, load<f32>(scales + slot + 4) * unscale * horizontalSum(acc1));
    store<f32>(out + slot + 8, load<f32>(scales + slot + 8) * unscale * horizontalSum(acc2));
    store<f32>(out + slot + 12, load<f32>(scales + slot + 12) * unscale * horizontalSum(acc3));
    row += rowBytes << 2;
  }
}

/**
 * The int8 kernel shipped until 2026-12-01 (assembly/index.ts then): int8 rows widened by the shuffles above to
 * f32 and multiplied by an f32 query of `stride` values. Replaced by dotBatchI8I16 (integer products against an
 * i16 query); kept here to measure the two side by side.
 */
export function dotBatchI8F32(slab: usize, scales: usize, rows: u32, stride: u32, query: usize, out: usize): void {
  const rowBytes = <usize>stride;
  let row = slab;
  for (let r: u32 = 0; r < rows; r++) {
    let acc = f32x4.splat(0);
    for (let offset: usize = 0; offset < rowBytes; offset += 16) {
      const q = query + (offset << 2);
      acc = shuffleWiden(acc, v128.load(row + offset), v128.load(q), v128.load(q, 16), v128.load(q, 32), v128.load(q, 48));
    }
    const slot = <usize>r << 2;
    store<f32>(out + slot, load<f32>(scales + slot) * <f32>5.9604644775390625e-8 * horizontalSum(acc));
    row += rowBytes;
  }
}

/**
 * dotBatchI8I16's integer products with two accumulators and 16-byte steps (no 32-byte blocks) and no chunking:
 * right only while a row's lanes cannot overflow i32 (stride <= 4096 bytes), as at 1,536 dims.
 */
export function dotI8I16TwoAccumulators(
  slab: usize,
  scales: usize,
  rows: u32,
  stride: u32,
  query: usize,
  queryScale: f32,
  out: usize,
): void {
  const rowBytes = <usize>stride;
  let row = slab;
  for (let r: u32 = 0; r < rows; r++) {
    let acc0 = i32x4.splat(0);
    let acc1 = i32x4.splat(0);
    for (let offset: usize = 0; offset < rowBytes; offset += 16) {
      const bytes = v128.load(row + offset);
      const q = query + (offset << 1);
      acc0 = i32x4.add(acc0, i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_s(bytes), v128.load(q)));
      acc1 = i32x4.add(acc1, i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_s(bytes), v128.load(q, 16)));
    }
    const sum = horizontalSum(f32x4.add(f32x4.convert_i32x4_s(acc0), f32x4.convert_i32x4_s(acc1)));
    const slot = <usize>r << 2;
    store<f32>(out + slot, load<f32>(scales + slot) * queryScale * sum);
    row += rowBytes;
  }
}

/** Only loads the int8 rows (OR-ing them so the loads stay): the memory-bandwidth floor for an int8 scan. */
export function loadOnlyI8(
  slab: usize,
  scales: usize,
  rows: u32,
  stride: u32,
  query: usize,
  queryScale: f32,
  out: usize,
): void {
  const rowBytes = <usize>stride;
  let row = slab;
  for (let r: u32 = 0; r < rows; r++) {
    let acc0 = v128.load(query);
    let acc1 = acc0;
    let offset: usize = 0;
    for (; offset + 32 <= rowBytes; offset += 32) {
      acc0 = v128.or(acc0, v128.load(row + offset));
      acc1 = v128.or(acc1, v128.load(row + offset, 16));
    }
    if (offset < rowBytes) acc0 = v128.or(acc0, v128.load(row + offset));
    store<f32>(out + (<usize>r << 2), queryScale * <f32>i32x4.extract_lane(v128.or(acc0, acc1), 0));
    row += rowBytes;
  }
}
