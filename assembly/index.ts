// toolsift's WebAssembly scoring core: BM25 accumulation, batched f32 and int8-by-f32 dot products,
// top-k selection and int8 row pooling over linear memory.

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

// The 16 int8 values of `bytes` as four f32x4 vectors times four query vectors, summed into `acc`.
// Interleaving with zero twice (punpcklbw/punpckhbw, then punpcklwd/punpckhwd on x64) puts
// byte i in the top byte of an i32 lane, i.e. b * 2^24, and converting that to f32 is exact.
// This takes six shuffles where sign-extending to b takes nine instructions (extends plus
// shifts), and measured faster (bench/experiments/kernels/NOTES.md). The 2^24 rides along exactly through
// every product and sum (multiplying by a power of two only moves the exponent) and comes off
// in dotBatchI8F32's store, so results equal those of summing b * query.
// @ts-ignore: decorator
@inline
function dotI8F32x16(acc: v128, bytes: v128, query: usize): v128 {
  const zero = i32x4.splat(0);
  const low = i8x16.shuffle(zero, bytes, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const high = i8x16.shuffle(zero, bytes, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  const v0 = f32x4.convert_i32x4_s(i8x16.shuffle(zero, low, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23));
  const v1 = f32x4.convert_i32x4_s(
    i8x16.shuffle(zero, low, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31),
  );
  const v2 = f32x4.convert_i32x4_s(i8x16.shuffle(zero, high, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23));
  const v3 = f32x4.convert_i32x4_s(
    i8x16.shuffle(zero, high, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31),
  );
  // A tree, so the loop-carried chain is one add per 16 values, not four.
  const sum01 = f32x4.add(f32x4.mul(v0, v128.load(query)), f32x4.mul(v1, v128.load(query, 16)));
  const sum23 = f32x4.add(f32x4.mul(v2, v128.load(query, 32)), f32x4.mul(v3, v128.load(query, 48)));
  return f32x4.add(acc, f32x4.add(sum01, sum23));
}

/**
 * out[r] = scales[r] * dot(int8 row r, query) for an int8 slab whose row r starts at
 * slab + r * stride and an f32 query of `stride` values. `stride` (bytes per row) is a multiple
 * of 16 and rows and query are zero-padded up to it, so no row needs a scalar tail. `scales`
 * and `out` are f32[]. Rows are widened to f32 and summed in f32; the internal 2^24 factor
 * (see dotI8F32x16) overflows only for |query values| near 2^80, far above unit queries.
 */
export function dotBatchI8F32(slab: usize, scales: usize, rows: u32, stride: u32, query: usize, out: usize): void {
  const rowBytes = <usize>stride;
  let row = slab;
  // One row per pass: the query loads hit L1 and the loop is bound by its 18 vector operations
  // per 16 bytes, not by loads, so sharing query loads across rows gains nothing
  // (bench/experiments/kernels/NOTES.md).
  for (let r: u32 = 0; r < rows; r++) {
    let acc = f32x4.splat(0);
    for (let offset: usize = 0; offset < rowBytes; offset += 16) {
      acc = dotI8F32x16(acc, v128.load(row + offset), query + (offset << 2));
    }
    const sum =
      f32x4.extract_lane(acc, 0) +
      f32x4.extract_lane(acc, 1) +
      (f32x4.extract_lane(acc, 2) + f32x4.extract_lane(acc, 3));
    const slot = <usize>r << 2;
    // 2^-24 undoes the widening's 2^24; multiplying the scale by it is exact.
    store<f32>(out + slot, load<f32>(scales + slot) * <f32>5.9604644775390625e-8 * sum);
    row += rowBytes;
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
