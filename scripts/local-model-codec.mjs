// The numeric parts of the local model builder: PCA, the common component, and the row encodings (int8, uniform
// 3/4-bit, product quantisation). Shared by scripts/build-local-model.mjs and
// bench/experiments/local-model/encodings.mjs.
import { mulberry32 as random } from "./seeded-random.mjs";

/** FNV-1a 32 of `bytes` from `from` on, as the asset decoder checks it. */
export function fnv1a(bytes, from = 0) {
  let hash = 0x811c9dc5;
  for (let i = from; i < bytes.length; i++) {
    hash ^= bytes[i];
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Symmetric eigen-decomposition (cyclic Jacobi) of an n×n matrix; returns eigenvectors sorted by eigenvalue. */
export function eigen(matrix, n) {
  const a = matrix.map((row) => Float64Array.from(row));
  const v = Array.from({ length: n }, (_, i) => Float64Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p][q] * a[p][q];
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(a[p][q]) < 1e-15) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const [akp, akq] = [a[k][p], a[k][q]];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const [apk, aqk] = [a[p][k], a[q][k]];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const [vkp, vkq] = [v[k][p], v[k][q]];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = [...Array(n).keys()].sort((x, y) => a[y][y] - a[x][x]);
  return order.map((i) => ({ value: a[i][i], vector: Float64Array.from({ length: n }, (_, k) => v[k][i]) }));
}

/** Σ weights[i] (x_i − centre)(x_i − centre)ᵀ. */
export function secondMoment(vectors, weights, n, centre) {
  const m = Array.from({ length: n }, () => new Float64Array(n));
  vectors.forEach((x, index) => {
    const w = weights[index];
    for (let i = 0; i < n; i++) {
      const xi = x[i] - (centre ? centre[i] : 0);
      for (let j = i; j < n; j++) m[i][j] += w * xi * (x[j] - (centre ? centre[j] : 0));
    }
  });
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) m[i][j] = m[j][i];
  return m;
}

/** Projects every vector onto the top `dims` principal directions of the (centred) set. */
export function pca(vectors, dims) {
  const n = vectors[0].length;
  const mean = new Float64Array(n);
  for (const x of vectors) for (let i = 0; i < n; i++) mean[i] += x[i] / vectors.length;
  const weights = vectors.map(() => 1 / vectors.length);
  const components = eigen(secondMoment(vectors, weights, n, mean), n).slice(0, dims);
  return vectors.map((x) =>
    Float64Array.from(components, ({ vector }) => vector.reduce((sum, value, i) => sum + value * (x[i] - mean[i]), 0)),
  );
}

/** Zipf estimate of a word's probability from its frequency rank among `sourceWords`, as the runtime uses. */
export const zipfProbability = (rank, sourceWords) => 1 / (rank * (Math.log(sourceWords) + 0.5772));

/** The common discourse direction: the top eigenvector of the frequency-weighted second moment. */
export function commonComponent(vectors, ranks, sourceWords) {
  const weights = ranks.map((rank) => zipfProbability(rank, sourceWords));
  return eigen(secondMoment(vectors, weights, vectors[0].length), vectors[0].length)[0].vector;
}

/** int8 with one scale per row (maxAbs / 127): format version 1's rows. */
export function quantizeInt8(vectors) {
  const dims = vectors[0].length;
  const scales = new Float32Array(vectors.length);
  const rows = new Int8Array(vectors.length * dims);
  vectors.forEach((x, row) => {
    let maxAbs = 0;
    for (const value of x) maxAbs = Math.max(maxAbs, Math.abs(value));
    const scale = maxAbs > 0 ? maxAbs / 127 : 1;
    scales[row] = scale;
    for (let d = 0; d < dims; d++) rows[row * dims + d] = Math.round(x[d] / scale);
  });
  return { scales, rows };
}

/**
 * Uniform `bits`-bit codes with one step per row, symmetric about 0: value = (code − (L − 1) / 2) × step with
 * L = 2^bits levels (half-integer levels, so no level is wasted on an exact 0). The step minimises the row's
 * squared error over clipping points from 55% to 100% of its largest magnitude. With `offset`, value =
 * low + code × step instead (one more float per row), fitted by least squares.
 */
export function quantizeUniform(vectors, bits, { offset = false } = {}) {
  const levels = 2 ** bits;
  const half = (levels - 1) / 2;
  const dims = vectors[0].length;
  const codes = new Uint8Array(vectors.length * dims);
  const steps = new Float32Array(vectors.length);
  const lows = offset ? new Float32Array(vectors.length) : undefined;
  const code = (value, low, step) => Math.min(levels - 1, Math.max(0, Math.round((value - low) / step)));
  vectors.forEach((x, row) => {
    let best = { error: Infinity, low: 0, step: 1 };
    const consider = (low, step) => {
      if (!(step > 0)) return;
      const [l, s] = [Math.fround(low), Math.fround(step)];
      let error = 0;
      for (const value of x) error += (value - (l + code(value, l, s) * s)) ** 2;
      if (error < best.error) best = { error, low: l, step: s };
    };
    let maxAbs = 0;
    for (const value of x) maxAbs = Math.max(maxAbs, Math.abs(value));
    if (offset) {
      const [min, max] = [Math.min(...x), Math.max(...x)];
      for (let clip = 0.55; clip <= 1.0001; clip += 0.025) {
        const centre = (min + max) / 2;
        const low = centre - ((max - min) / 2) * clip;
        consider(low, ((max - min) * clip) / (levels - 1));
      }
    } else {
      for (let clip = 0.55; clip <= 1.0001; clip += 0.025)
        consider(-half * ((maxAbs * clip) / half), (maxAbs * clip) / half);
    }
    steps[row] = best.step;
    if (lows) lows[row] = best.low;
    for (let d = 0; d < dims; d++) codes[row * dims + d] = code(x[d], best.low, best.step);
  });
  const reconstruct = (row, d) =>
    lows ? lows[row] + codes[row * dims + d] * steps[row] : (codes[row * dims + d] - half) * steps[row];
  return { bits, codes, steps, lows, reconstruct };
}

/** Packs 4-bit codes two to a byte, the first in the low nibble. */
export function packNibbles(codes) {
  const packed = new Uint8Array(Math.ceil(codes.length / 2));
  for (let i = 0; i < codes.length; i++) packed[i >> 1] |= (codes[i] & 15) << ((i & 1) * 4);
  return packed;
}

/** Packs `bits`-bit codes into bytes, least significant bit first. */
export function packBits(codes, bits) {
  const packed = new Uint8Array(Math.ceil((codes.length * bits) / 8));
  for (let i = 0; i < codes.length; i++)
    for (let b = 0; b < bits; b++) if ((codes[i] >> b) & 1) packed[(i * bits + b) >> 3] |= 1 << ((i * bits + b) & 7);
  return packed;
}

/** k starting centres: distinct points in a seeded random order (repeats only when fewer than k are distinct). */
function distinctStart(points, k, next) {
  const order = [...points.keys()];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const seen = new Set();
  const centres = [];
  for (const i of order) {
    const key = points[i].join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    centres.push(points[i].slice());
    if (centres.length === k) return centres;
  }
  while (centres.length < k) centres.push(points[Math.floor(next() * points.length)].slice());
  return centres;
}

/**
 * Product quantisation: the dims split into `subvectors` equal parts, each encoded by the nearest of `centroids`
 * k-means centroids (Lloyd, `iterations` rounds from distinct points in a seeded order). The codebooks are stored
 * as int8 with one scale for all of them; `reconstruct(row, d)` gives what a decoder reads back.
 */
export function productQuantize(vectors, subvectors, { centroids = 256, iterations = 12, seed = 1 } = {}) {
  const dims = vectors[0].length;
  if (dims % subvectors !== 0) throw new Error(`${dims} dims do not split into ${subvectors} subvectors`);
  const sub = dims / subvectors;
  const count = vectors.length;
  const k = Math.min(centroids, count);
  const codes = new Uint8Array(count * subvectors);
  const trained = [];
  const next = random(seed);
  for (let s = 0; s < subvectors; s++) {
    const points = vectors.map((x) => x.subarray(s * sub, (s + 1) * sub));
    const centres = distinctStart(points, k, next);
    const assignment = new Int32Array(count);
    for (let round = 0; round <= iterations; round++) {
      for (let i = 0; i < count; i++) {
        let [best, bestDistance] = [0, Infinity];
        for (let c = 0; c < k; c++) {
          let distance = 0;
          for (let d = 0; d < sub; d++) distance += (points[i][d] - centres[c][d]) ** 2;
          if (distance < bestDistance) [best, bestDistance] = [c, distance];
        }
        assignment[i] = best;
      }
      if (round === iterations) break;
      const sums = Array.from({ length: k }, () => new Float64Array(sub));
      const sizes = new Int32Array(k);
      for (let i = 0; i < count; i++) {
        sizes[assignment[i]]++;
        for (let d = 0; d < sub; d++) sums[assignment[i]][d] += points[i][d];
      }
      for (let c = 0; c < k; c++) {
        // An empty cluster restarts at a random point.
        if (sizes[c] === 0) centres[c] = points[Math.floor(next() * count)].slice();
        else for (let d = 0; d < sub; d++) centres[c][d] = sums[c][d] / sizes[c];
      }
    }
    trained.push(centres);
    for (let i = 0; i < count; i++) codes[i * subvectors + s] = assignment[i];
  }
  // One scale for the whole codebook, so a decoded row is exactly int8 × scale (what the wasm kernel pools).
  let maxAbs = 0;
  for (const centres of trained)
    for (const centre of centres) for (const v of centre) maxAbs = Math.max(maxAbs, Math.abs(v));
  const scale = Math.fround(maxAbs > 0 ? maxAbs / 127 : 1);
  const codebook = new Int8Array(subvectors * k * sub);
  trained.forEach((centres, s) =>
    centres.forEach((centre, c) => {
      for (let d = 0; d < sub; d++) codebook[(s * k + c) * sub + d] = Math.round(centre[d] / scale);
    }),
  );
  const reconstruct = (row, d) => {
    const s = Math.floor(d / sub);
    return codebook[(s * k + codes[row * subvectors + s]) * sub + (d % sub)] * scale;
  };
  return { subvectors, centroids: k, codes, codebook, scale, reconstruct };
}
