// toolsift's WebAssembly scoring core: BM25 accumulation, batched f32 and int8 dot products and top-k selection over linear memory.

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
    // Four independent accumulators: a single one serialises every f32x4.add behind
    // the previous one's latency; four keep the adder busy (measured on V8: 1.4x faster
    // than one accumulator at 384 dims, 1.8x at 1536; about 7x faster than scalar).
    // At 10,000 x 1,536 (a 61 MB slab, larger than L3) the scan is memory-bound: this
    // loop takes 1.66 ms against 1.57 ms for a loop that only loads the rows. Measured
    // alternatives (Node 22, Zen 5 VM): two accumulators 1.68 ms, no unrolling 1.69 ms,
    // 128-byte blocks 1.76 ms, eight accumulators 1.90 ms, two rows per pass sharing the
    // query loads 4.3 ms; relaxed_madd 1.65 ms, not worth results that vary by CPU.
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

// Integer dot product of 16 int8 pairs, as four i32 partial sums. Widening to i16 and
// multiplying pairwise with dot_i16x8_s is exact: each lane gains at most 4 * 128 * 128
// = 2^16 per 16 dimensions, so even 65,536 dimensions stay below 2^28 per lane and 2^30
// summed.
// @ts-ignore: decorator
@inline
function dotI8x16(row: v128, queryLow: v128, queryHigh: v128): v128 {
  return i32x4.add(
    i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_s(row), queryLow),
    i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_s(row), queryHigh),
  );
}

// Sums the lanes of an i32 dot product and applies the row and query scales. The scale
// product is rounded to f32 first, then multiplied by the (f32-rounded) integer dot.
// @ts-ignore: decorator
@inline
function storeScaledDot(out: usize, scales: usize, row: u32, queryScale: f32, acc: v128): void {
  const dot =
    i32x4.extract_lane(acc, 0) + i32x4.extract_lane(acc, 1) + i32x4.extract_lane(acc, 2) + i32x4.extract_lane(acc, 3);
  const offset = <usize>row << 2;
  store<f32>(out + offset, load<f32>(scales + offset) * queryScale * <f32>dot);
}

/**
 * out[r] = scales[r] * queryScale * dot(slab row r, query) for an int8 slab whose row r
 * starts at slab + r * stride. `stride` (bytes) is a multiple of 16 and rows and query are
 * zero-padded up to it, so no row needs a scalar tail. `scales` and `out` are f32[].
 */
export function dotBatchI8(
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
  let r: u32 = 0;
  // Four rows per pass share each widened query vector, which saves two of the four
  // extends per row and vector: 0.47 ms at 10,000 x 1,536 against 0.57 ms row by row
  // (0.52 ms with two rows per pass). The slab (15 MB) fits in L3, so this is compute-bound.
  for (; r + 4 <= rows; r += 4) {
    let acc0 = i32x4.splat(0);
    let acc1 = i32x4.splat(0);
    let acc2 = i32x4.splat(0);
    let acc3 = i32x4.splat(0);
    for (let offset: usize = 0; offset < rowBytes; offset += 16) {
      const q = v128.load(query + offset);
      const queryLow = i16x8.extend_low_i8x16_s(q);
      const queryHigh = i16x8.extend_high_i8x16_s(q);
      const a = row + offset;
      acc0 = i32x4.add(acc0, dotI8x16(v128.load(a), queryLow, queryHigh));
      acc1 = i32x4.add(acc1, dotI8x16(v128.load(a + rowBytes), queryLow, queryHigh));
      acc2 = i32x4.add(acc2, dotI8x16(v128.load(a + 2 * rowBytes), queryLow, queryHigh));
      acc3 = i32x4.add(acc3, dotI8x16(v128.load(a + 3 * rowBytes), queryLow, queryHigh));
    }
    storeScaledDot(out, scales, r, queryScale, acc0);
    storeScaledDot(out, scales, r + 1, queryScale, acc1);
    storeScaledDot(out, scales, r + 2, queryScale, acc2);
    storeScaledDot(out, scales, r + 3, queryScale, acc3);
    row += rowBytes << 2;
  }
  // The last rows % 4 rows, one at a time.
  for (; r < rows; r++) {
    let acc = i32x4.splat(0);
    for (let offset: usize = 0; offset < rowBytes; offset += 16) {
      const q = v128.load(query + offset);
      acc = i32x4.add(acc, dotI8x16(v128.load(row + offset), i16x8.extend_low_i8x16_s(q), i16x8.extend_high_i8x16_s(q)));
    }
    storeScaledDot(out, scales, r, queryScale, acc);
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
