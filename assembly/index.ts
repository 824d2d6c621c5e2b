// toolsift's WebAssembly scoring core: BM25 accumulation, batched f32 and int8-by-i16 dot products,
// rescoring of int8 candidates with 4-bit residuals, top-k selection and int8 row pooling over linear memory.

// Every pointer is a byte offset into this module's own memory. The TypeScript shell
// (src/wasm/arena.ts) owns allocation, so nothing in here allocates, traps on bounds
// or calls back into JS: the boundary stays numbers and pointers only.

/** First free byte after static data, rounded up to 16. */
export function heapBase(): usize {
  // 16-byte alignment lets the shell hand v128 kernels row starts that need no realignment.
  return (__heap_base + 15) & ~(<usize>15);
}

/**
 * Adds one query term's BM25 contribution for the postings in [start, end).
 * `docIds` is u32[], `tfs` is f32[] (BM25F field-weighted, length-normalised
 * term frequencies), `scores` is f32[] indexed by document id.
 */
export function bm25Accumulate(
  docIds: usize,
  tfs: usize,
  start: u32,
  end: u32,
  weight: f32,
  k1: f32,
  scores: usize,
): void {
  // `weight` already folds in idf and the query-term boost, so the per-posting work
  // is one saturation curve; hoisting weight * (k1 + 1) saves a multiply per posting.
  const scale = weight * (k1 + 1);
  for (let index = start; index < end; index++) {
    const offset = <usize>index << 2;
    const doc = load<u32>(docIds + offset);
    const tf = load<f32>(tfs + offset);
    const slot = scores + (<usize>doc << 2);
    store<f32>(slot, load<f32>(slot) + (scale * tf) / (tf + k1));
  }
}

/** out[r] = dot(slab[r * dims .. (r + 1) * dims), query) for a row-major f32 slab. */
export function dotBatch(slab: usize, rows: u32, dims: u32, query: usize, out: usize): void {
  const rowBytes = <usize>dims << 2;
  const vectorBytes = rowBytes & ~(<usize>15);
  const blockBytes = rowBytes & ~(<usize>63);
  let row = slab;
  for (let r: u32 = 0; r < rows; r++) {
    // Four independent accumulators: a single one serialises every f32x4.add behind the
    // previous one's latency; four keep the adder busy. Large slabs are memory-bound, so
    // more accumulators, longer blocks or rows sharing query loads gain nothing, and
    // relaxed_madd is not worth results that vary by CPU. Figures and the variants:
    // bench/experiments/kernels/NOTES.md (`npx node bench/experiments/kernels/kernels.mjs`).
    let acc0 = f32x4.splat(0);
    let acc1 = f32x4.splat(0);
    let acc2 = f32x4.splat(0);
    let acc3 = f32x4.splat(0);
    let offset: usize = 0;
    for (; offset < blockBytes; offset += 64) {
      const a = row + offset;
      const b = query + offset;
      acc0 = f32x4.add(acc0, f32x4.mul(v128.load(a), v128.load(b)));
      acc1 = f32x4.add(acc1, f32x4.mul(v128.load(a, 16), v128.load(b, 16)));
      acc2 = f32x4.add(acc2, f32x4.mul(v128.load(a, 32), v128.load(b, 32)));
      acc3 = f32x4.add(acc3, f32x4.mul(v128.load(a, 48), v128.load(b, 48)));
    }
    // Up to three leftover vectors when dims is a multiple of 4 but not of 16.
    for (; offset < vectorBytes; offset += 16) {
      acc0 = f32x4.add(acc0, f32x4.mul(v128.load(row + offset), v128.load(query + offset)));
    }
    const acc = f32x4.add(f32x4.add(acc0, acc1), f32x4.add(acc2, acc3));
    let sum =
      f32x4.extract_lane(acc, 0) +
      f32x4.extract_lane(acc, 1) +
      (f32x4.extract_lane(acc, 2) + f32x4.extract_lane(acc, 3));
    // Scalar tail: rows are packed without padding, so dims need not be a multiple of 4.
    for (; offset < rowBytes; offset += 4) {
      sum += load<f32>(row + offset) * load<f32>(query + offset);
    }
    store<f32>(out + (<usize>r << 2), sum);
    row += rowBytes;
  }
}

// i32 lanes hold at most 2^31 / (128 * 32768) = 512 products of an int8 and an i16; a chunk of
// 4096 row bytes gives each of the four accumulators' lanes 256, so no extreme row or query overflows.
const CHUNK_BYTES: usize = 4096;

/**
 * out[r] = scales[r] * queryScale * dot(int8 row r, query) for an int8 slab whose row r starts at
 * slab + r * stride and an i16 query of `stride` values (`query` is i16[]). `stride` (bytes per row)
 * is a multiple of 16 and rows and query are zero-padded up to it, so no row needs a scalar tail.
 * `scales` and `out` are f32[]. Products are summed exactly in i32 lanes (per 4096-byte chunk, then
 * in f32), so the only rounding is the f32 conversion and the two scale multiplies per row.
 */
export function dotBatchI8I16(
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
  // Integer products, not f32: widening i8 to i16 is one instruction per eight values and
  // i32x4.dot_i16x8_s (pmaddwd) multiplies and pairs eight of them, where the f32 path needed
  // eighteen vector operations per 16 bytes and was compute-bound at the same speed as the f32
  // scan over four times the bytes (bench/experiments/kernels/NOTES.md).
  for (let r: u32 = 0; r < rows; r++) {
    let total = f32x4.splat(0);
    for (let chunk: usize = 0; chunk < rowBytes; chunk += CHUNK_BYTES) {
      const chunkEnd = min(chunk + CHUNK_BYTES, rowBytes);
      // Four accumulators, so each pmaddwd's latency hides behind the other three.
      let acc0 = i32x4.splat(0);
      let acc1 = i32x4.splat(0);
      let acc2 = i32x4.splat(0);
      let acc3 = i32x4.splat(0);
      let offset = chunk;
      for (; offset + 32 <= chunkEnd; offset += 32) {
        const low = v128.load(row + offset);
        const high = v128.load(row + offset, 16);
        const q = query + (offset << 1);
        acc0 = i32x4.add(acc0, i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_s(low), v128.load(q)));
        acc1 = i32x4.add(acc1, i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_s(low), v128.load(q, 16)));
        acc2 = i32x4.add(acc2, i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_s(high), v128.load(q, 32)));
        acc3 = i32x4.add(acc3, i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_s(high), v128.load(q, 48)));
      }
      // A stride that is an odd multiple of 16 leaves one 16-byte block.
      if (offset < chunkEnd) {
        const bytes = v128.load(row + offset);
        const q = query + (offset << 1);
        acc0 = i32x4.add(acc0, i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_s(bytes), v128.load(q)));
        acc1 = i32x4.add(acc1, i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_s(bytes), v128.load(q, 16)));
      }
      // Converted one by one: the sum of two full accumulators could pass 2^31.
      const sum01 = f32x4.add(f32x4.convert_i32x4_s(acc0), f32x4.convert_i32x4_s(acc1));
      const sum23 = f32x4.add(f32x4.convert_i32x4_s(acc2), f32x4.convert_i32x4_s(acc3));
      total = f32x4.add(total, f32x4.add(sum01, sum23));
    }
    const sum =
      f32x4.extract_lane(total, 0) +
      f32x4.extract_lane(total, 1) +
      (f32x4.extract_lane(total, 2) + f32x4.extract_lane(total, 3));
    const slot = <usize>r << 2;
    store<f32>(out + slot, load<f32>(scales + slot) * queryScale * sum);
    row += rowBytes;
  }
}

/**
 * Rescores rows ids[0..count) of an int8 slab (as dotBatchI8I16 reads it) with their 4-bit residuals
 * (stride / 2 bytes a row, value 2i in the low nibble of byte i, 2i + 1 in the high one): value d is
 * scale * (32 * row[d] + 2 * nibble - 15) / 32, so a row is exact to 1/32 of its int8 step. Writes
 * out[id] = scales[id] * queryScale * dot / 32. Values fit i16 (|32 * 127 + 15| = 4,079), so each 16
 * go through two i32x4.dot_i16x8_s (a lane at most 4 * 4,079 * 32,768 < 2^31) into i64 lanes.
 */
export function rescoreI8I4(
  slab: usize,
  residuals: usize,
  scales: usize,
  ids: usize,
  count: u32,
  stride: u32,
  query: usize,
  queryScale: f32,
  out: usize,
): void {
  const fifteen = i16x8.splat(15);
  const lowNibble = i8x16.splat(15);
  for (let i: u32 = 0; i < count; i++) {
    const id = <usize>load<u32>(ids + (<usize>i << 2));
    const row = slab + id * <usize>stride;
    const residual = residuals + id * <usize>(stride >> 1);
    let acc0 = i64x2.splat(0);
    let acc1 = i64x2.splat(0);
    for (let d: usize = 0; d < <usize>stride; d += 16) {
      const codes = v128.load(row + d);
      const packed = v128.load64_zero(residual + (d >> 1));
      // Nibbles back in value order: byte j's low nibble is value 2j, its high one 2j + 1.
      const nibbles = i8x16.shuffle(
        v128.and(packed, lowNibble),
        i8x16.shr_u(packed, 4),
        0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23,
      );
      const low = i16x8.sub(
        i16x8.add(i16x8.shl(i16x8.extend_low_i8x16_s(codes), 5), i16x8.shl(i16x8.extend_low_i8x16_u(nibbles), 1)),
        fifteen,
      );
      const high = i16x8.sub(
        i16x8.add(i16x8.shl(i16x8.extend_high_i8x16_s(codes), 5), i16x8.shl(i16x8.extend_high_i8x16_u(nibbles), 1)),
        fifteen,
      );
      const q = query + (d << 1);
      const sum = i32x4.add(i32x4.dot_i16x8_s(low, v128.load(q)), i32x4.dot_i16x8_s(high, v128.load(q, 16)));
      acc0 = i64x2.add(acc0, i64x2.extend_low_i32x4_s(sum));
      acc1 = i64x2.add(acc1, i64x2.extend_high_i32x4_s(sum));
    }
    const total = i64x2.add(acc0, acc1);
    const dot = <f64>(i64x2.extract_lane(total, 0) + i64x2.extract_lane(total, 1));
    store<f32>(out + (id << 2), <f32>(<f64>load<f32>(scales + (id << 2)) * <f64>queryScale * (dot / 32)));
  }
}

// Heap order for topK: the root is the entry that would be dropped first. Equal scores
// fall back to the id so the result never depends on scan order or heap shape.
// @ts-ignore: decorator
@inline
function isWorse(scoreA: f32, idA: u32, scoreB: f32, idB: u32): bool {
  return scoreA < scoreB || (scoreA == scoreB && idA > idB);
}

function siftDown(ids: usize, scores: usize, size: u32, from: u32, id: u32, score: f32): void {
  // Moves a hole down instead of swapping, so each level costs one store per array.
  let hole = from;
  while (true) {
    let child = hole * 2 + 1;
    if (child >= size) break;
    let childId = load<u32>(ids + (<usize>child << 2));
    let childScore = load<f32>(scores + (<usize>child << 2));
    const right = child + 1;
    if (right < size) {
      const rightId = load<u32>(ids + (<usize>right << 2));
      const rightScore = load<f32>(scores + (<usize>right << 2));
      if (isWorse(rightScore, rightId, childScore, childId)) {
        child = right;
        childId = rightId;
        childScore = rightScore;
      }
    }
    if (!isWorse(childScore, childId, score, id)) break;
    store<u32>(ids + (<usize>hole << 2), childId);
    store<f32>(scores + (<usize>hole << 2), childScore);
    hole = child;
  }
  store<u32>(ids + (<usize>hole << 2), id);
  store<f32>(scores + (<usize>hole << 2), score);
}

function siftUp(ids: usize, scores: usize, from: u32, id: u32, score: f32): void {
  let hole = from;
  while (hole > 0) {
    const parent = (hole - 1) >> 1;
    const parentId = load<u32>(ids + (<usize>parent << 2));
    const parentScore = load<f32>(scores + (<usize>parent << 2));
    if (!isWorse(score, id, parentScore, parentId)) break;
    store<u32>(ids + (<usize>hole << 2), parentId);
    store<f32>(scores + (<usize>hole << 2), parentScore);
    hole = parent;
  }
  store<u32>(ids + (<usize>hole << 2), id);
  store<f32>(scores + (<usize>hole << 2), score);
}

/**
 * Writes the best `k` of scores[0..n) with score > minScore into outIds (u32[]) and
 * outScores (f32[]), best first, equal scores by lower index. Returns the count written.
 */
export function topK(
  scores: usize,
  n: u32,
  k: u32,
  minScore: f32,
  outIds: usize,
  outScores: usize,
): u32 {
  if (k == 0) return 0;
  // The output arrays double as the heap, so selection needs no scratch memory.
  let size: u32 = 0;
  let threshold = minScore;
  for (let index: u32 = 0; index < n; index++) {
    const score = load<f32>(scores + (<usize>index << 2));
    // Once the heap is full, threshold is the root's score and this single compare
    // rejects nearly every document. A tie with the root loses because every id already
    // kept is lower than `index`. Written as !(>) so NaN is never kept.
    if (!(score > threshold)) continue;
    if (size < k) {
      siftUp(outIds, outScores, size, index, score);
      size++;
      if (size == k) threshold = load<f32>(outScores);
    } else {
      siftDown(outIds, outScores, size, 0, index, score);
      threshold = load<f32>(outScores);
    }
  }
  // Heapsort in place: popping the worst entry to the end leaves the array best-first.
  for (let end = size; end > 1; ) {
    end--;
    const lastId = load<u32>(outIds + (<usize>end << 2));
    const lastScore = load<f32>(outScores + (<usize>end << 2));
    store<u32>(outIds + (<usize>end << 2), load<u32>(outIds));
    store<f32>(outScores + (<usize>end << 2), load<f32>(outScores));
    siftDown(outIds, outScores, end, 0, lastId, lastScore);
  }
  return size;
}

/**
 * out[d] = Σ_i weights[i] * scales[ids[i]] * slab[ids[i] * stride + d] for d < dims: a weighted sum
 * of int8 rows (the local word-embedding model pools a text's word vectors with it).
 */
export function poolRowsI8(
  slab: usize,
  scales: usize,
  stride: u32,
  ids: usize,
  weights: usize,
  count: u32,
  dims: u32,
  out: usize,
): void {
  for (let d: u32 = 0; d < dims; d++) store<f32>(out + (<usize>d << 2), 0);
  for (let i: u32 = 0; i < count; i++) {
    const id = load<u32>(ids + (<usize>i << 2));
    // The row's scale folds into its weight, so the inner loop is one multiply-add per dimension.
    const factor = load<f32>(weights + (<usize>i << 2)) * load<f32>(scales + (<usize>id << 2));
    const row = slab + <usize>id * <usize>stride;
    const factors = f32x4.splat(factor);
    let d: u32 = 0;
    // Four int8 values per step, widened to f32 lanes.
    for (; d + 4 <= dims; d += 4) {
      const bytes = i32x4.splat(load<i32>(row + d));
      const widened = i32x4.extend_low_i16x8_s(i16x8.extend_low_i8x16_s(bytes));
      const slot = out + (<usize>d << 2);
      v128.store(slot, f32x4.add(v128.load(slot), f32x4.mul(f32x4.convert_i32x4_s(widened), factors)));
    }
    for (; d < dims; d++) {
      const slot = out + (<usize>d << 2);
      store<f32>(slot, load<f32>(slot) + factor * <f32>load<i8>(row + d));
    }
  }
}
