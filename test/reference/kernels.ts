// Plain TypeScript versions of the wasm kernels in assembly/index.ts; tests compare the two.

/** scores[docIds[i]] += weight * tf * (k1 + 1) / (tf + k1) for i in [start, end). */
export function bm25Accumulate(
  docIds: Uint32Array,
  tfs: Float32Array,
  start: number,
  end: number,
  weight: number,
  k1: number,
  scores: Float32Array,
): void {
  for (let index = start; index < end; index++) {
    const tf = tfs[index];
    scores[docIds[index]] += (weight * tf * (k1 + 1)) / (tf + k1);
  }
}

/** One dot product per row of a row-major slab, summed in index order. */
export function dotBatch(slab: Float32Array, rows: number, dims: number, query: Float32Array): Float32Array {
  const out = new Float32Array(rows);
  for (let row = 0; row < rows; row++) {
    let sum = 0;
    for (let dim = 0; dim < dims; dim++) sum += slab[row * dims + dim] * query[dim];
    out[row] = sum;
  }
  return out;
}

/**
 * scales[r] * queryScale * dot(int8 row r, i16 query) over the whole stride (row r starts at
 * r * stride; padding takes part, so it must be zero), summed in doubles (exact for integers below
 * 2^53) and rounded to f32 once at the end.
 */
export function dotBatchI8I16(
  slab: Int8Array,
  scales: Float32Array,
  rows: number,
  stride: number,
  query: Int16Array,
  queryScale: number,
): Float32Array {
  const out = new Float32Array(rows);
  for (let row = 0; row < rows; row++) {
    let sum = 0;
    for (let index = 0; index < stride; index++) sum += slab[row * stride + index] * query[index];
    out[row] = scales[row] * Math.fround(queryScale) * sum;
  }
  return out;
}

/**
 * Rows ids[i] of an int8 slab rescored with their 4-bit residuals (stride / 2 bytes a row, value 2j in the low
 * nibble of byte j): value d is 32 * slab[d] + 2 * nibble - 15 in 1/32 steps. out (length `rows`, NaN where no id
 * was given) gets scales[id] * queryScale * dot / 32, summed in doubles.
 */
export function rescoreI8I4(
  slab: Int8Array,
  residuals: Uint8Array,
  scales: Float32Array,
  ids: Uint32Array,
  stride: number,
  query: Int16Array,
  queryScale: number,
  rows: number,
): Float32Array {
  const out = new Float32Array(rows).fill(Number.NaN);
  for (const id of ids) {
    let sum = 0;
    for (let index = 0; index < stride; index++) {
      const byte = residuals[(id * stride + index) >> 1];
      const nibble = index % 2 === 0 ? byte & 15 : byte >> 4;
      sum += (32 * slab[id * stride + index] + 2 * nibble - 15) * query[index];
    }
    out[id] = scales[id] * Math.fround(queryScale) * (sum / 32);
  }
  return out;
}

/** Weighted sum of int8 rows: out[d] = Σ weights[i] · scales[ids[i]] · slab[ids[i]·stride + d]. */
export function poolRowsI8(
  slab: Int8Array,
  scales: Float32Array,
  stride: number,
  ids: Uint32Array,
  weights: Float32Array,
  dims: number,
): Float32Array {
  const out = new Float32Array(dims);
  for (let i = 0; i < ids.length; i++) {
    const factor = Math.fround(weights[i] * scales[ids[i]]);
    for (let d = 0; d < dims; d++) out[d] += factor * slab[ids[i] * stride + d];
  }
  return out;
}

/**
 * Filters by score > minScore (NaN never passes), sorts everything, keeps k: the obvious,
 * slow version. minScore is rounded to f32 first, as the wasm kernel receives it.
 */
export function topK(scores: Float32Array, k: number, minScore: number): { ids: number[]; scores: number[] } {
  const threshold = Math.fround(minScore);
  const kept: number[] = [];
  for (let index = 0; index < scores.length; index++) if (scores[index] > threshold) kept.push(index);
  kept.sort((a, b) => (scores[a] > scores[b] ? -1 : scores[a] < scores[b] ? 1 : a - b));
  const ids = kept.slice(0, k);
  return { ids, scores: ids.map((id) => scores[id]) };
}

/** Cosine similarity of two vectors (plain loops: an oracle for the wasm dot products over normalised rows). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    dot += a[index] * b[index];
    normA += a[index] * a[index];
    normB += b[index] * b[index];
  }
  return dot / Math.sqrt(normA * normB);
}
