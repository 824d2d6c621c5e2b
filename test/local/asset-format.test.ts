// The local model asset's formats from the builder to the embedder, on a small synthetic word-vector source.
import { describe, expect, it } from "vitest";
import { encodeVersion1, encodeVersion2, prepareVectors, selectWords } from "../../scripts/build-local-model.mjs";
import { localEmbeddingModel, parseLocalModelAsset } from "../../src/local/index.js";

const DIMS = 8;
const SUBVECTORS = 4;
const CENTROIDS = 16;
const syllables = ["ka", "lo", "mi", "nu", "pe", "ro", "su", "ti"];
// 40 made-up words, and words the builder must skip: a stop word, a single letter, a number, capitals, a hyphen.
const made = syllables.flatMap((a) => syllables.map((b) => a + b)).slice(0, 40);
const sourceWords = ["the", ...made.slice(0, 5), "x", "42", "Kalo", "ka-lo", ...made.slice(5)];
// Each 2-dimension part of a vector is one of 5 patterns, so 16 centroids per part can hold every part exactly.
const pattern = (word: number, part: number) => {
  const p = (word * 7 + part * 3) % 5;
  return [Math.sin(p + part) * (1 + part / 2), Math.cos(2 * p + part)];
};
const vectorOf = (index: number) => Array.from({ length: SUBVECTORS }, (_, part) => pattern(index, part)).flat();
const source = {
  dimensions: DIMS,
  words: sourceWords,
  vectors: Object.fromEntries(sourceWords.map((word, index) => [word, vectorOf(index)])),
};

function build(version: 1 | 2) {
  const chosen = selectWords(source, 100, new Set(["the"]));
  const { vectors, common } = prepareVectors(chosen, { dims: DIMS, common: true, sourceWords: sourceWords.length });
  const input = { words: chosen.map((c) => c.word), lastRank: chosen.at(-1)!.rank, vectors, common };
  const bytes =
    version === 1 ? encodeVersion1(input) : encodeVersion2({ ...input, subvectors: SUBVECTORS, centroids: CENTROIDS });
  return { chosen, common: common!, bytes: new Uint8Array(bytes) };
}

/** FNV-1a 32 of the bytes from 32 on, as the format describes the checksum at offset 24. */
function rechecksum(bytes: Uint8Array): Uint8Array {
  let hash = 0x811c9dc5;
  for (let i = 32; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193) >>> 0;
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(24, hash, true);
  return bytes;
}

describe("asset format version 2 (product-quantised)", () => {
  it("round-trips the builder's words, ranks, common component and vectors", () => {
    const { chosen, common, bytes } = build(2);
    expect(chosen.map((c) => c.word)).toEqual(made);
    const asset = parseLocalModelAsset(bytes);
    expect(asset).toMatchObject({ version: 2, encoding: "product-quantised", dims: DIMS, byteLength: bytes.length });
    expect(asset.words).toEqual(made);
    expect(asset.ranks[0]).toBe(1);
    expect(Array.from(asset.common!)).toEqual(Array.from(Float32Array.from(common)));
    // 44-byte header, common f32[8], codebook i8[16 centroids × 8 dims], codes u8[40 × 4], vocabulary.
    const vocabBytes = new TextEncoder().encode(made.join("\n")).length;
    expect(bytes.length).toBe(44 + 8 * 4 + CENTROIDS * DIMS + made.length * SUBVECTORS + vocabBytes);
    // Every part is a centroid, so a decoded vector is the source vector up to the codebook's int8 rounding.
    const largest = Math.max(...made.map((_, i) => Math.max(...chosen[i].vector.map(Math.abs))));
    const step = largest / 127;
    chosen.forEach(({ vector }, row) => {
      expect(asset.scales[row]).toBeCloseTo(step, 6);
      for (let d = 0; d < DIMS; d++) {
        expect(Math.abs(asset.rows[row * DIMS + d] * asset.scales[row] - vector[d])).toBeLessThanOrEqual(
          step / 2 + 1e-6,
        );
      }
    });
  });

  it("fails the checksum when one byte of the codebook, the codes or the vocabulary changes", () => {
    const { bytes } = build(2);
    const codebookAt = 44 + DIMS * 4 + 5;
    const codesAt = 44 + DIMS * 4 + CENTROIDS * DIMS + 7;
    for (const at of [codebookAt, codesAt, bytes.length - 2]) {
      const damaged = bytes.slice();
      damaged[at] ^= 0x01;
      expect(() => parseLocalModelAsset(damaged)).toThrowError(
        expect.objectContaining({ code: "INVALID_MODEL_ASSET", message: expect.stringContaining("checksum mismatch") }),
      );
    }
    expect(() => parseLocalModelAsset(bytes.slice(0, -1))).toThrow(/the header describes/);
  });

  it("rejects a code outside the codebook and a codebook that does not split the dimensions", () => {
    const { bytes } = build(2);
    const outside = bytes.slice();
    outside[44 + DIMS * 4 + CENTROIDS * DIMS + 2 * SUBVECTORS + 1] = 200;
    expect(() => parseLocalModelAsset(rechecksum(outside))).toThrow(
      "Local model asset: word 2's code 200 for subvector 1 is outside its 16 centroids.",
    );
    const uneven = bytes.slice();
    new DataView(uneven.buffer).setUint32(32, 3, true);
    expect(() => parseLocalModelAsset(rechecksum(uneven))).toThrow(
      "Local model asset: 3 subvectors do not split 8 dimensions evenly.",
    );
    const future = bytes.slice();
    new DataView(future.buffer).setUint32(4, 3, true);
    expect(() => parseLocalModelAsset(future)).toThrow(
      "Local model asset: format version 3; this toolsift reads versions 1 to 2.",
    );
  });

  it("the embedder pools what an independent reading of the format gives", async () => {
    const { bytes } = build(2);
    // The reference reads the bytes by the layout in scripts/build-local-model.mjs, in float64.
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    const [count, dims, lastRank] = [view.getUint32(8, true), view.getUint32(12, true), view.getUint32(28, true)];
    const [parts, centroids, scale] = [view.getUint32(32, true), view.getUint32(36, true), view.getFloat32(40, true)];
    const common = Array.from({ length: dims }, (_, d) => view.getFloat32(44 + d * 4, true));
    const codebookAt = 44 + dims * 4;
    const codesAt = codebookAt + centroids * dims;
    const width = dims / parts;
    const vectorOfWord = (id: number) =>
      Array.from({ length: dims }, (_, d) => {
        const part = Math.floor(d / width);
        const code = bytes[codesAt + id * parts + part];
        return view.getInt8(codebookAt + (part * centroids + code) * width + (d % width)) * scale;
      });
    const reference = (text: string) => {
      const sum = new Array<number>(dims).fill(0);
      for (const word of text.split(" ")) {
        const id = made.indexOf(word);
        if (id < 0) continue;
        // Smooth inverse frequency weight from the word's rank, p(rank) by Zipf over a 400,000-word source.
        const rank = 1 + (id * Math.max(lastRank, count)) / count;
        const weight = 1e-3 / (1e-3 + 1 / (rank * (Math.log(400_000) + 0.5772)));
        vectorOfWord(id).forEach((value, d) => (sum[d] += weight * value));
      }
      const projection = sum.reduce((total, value, d) => total + value * common[d], 0);
      const centred = sum.map((value, d) => value - projection * common[d]);
      const norm = Math.hypot(...centred);
      return centred.map((value) => value / norm);
    };
    const texts = ["kalo mipe", "tisu kalo kalo rolo", "zzqx nuka pesu", made.slice(10, 30).join(" ")];
    const model = localEmbeddingModel({ asset: bytes });
    const { embeddings } = await model.doEmbed({ values: texts });
    texts.forEach((text, i) => {
      const expected = reference(text);
      expect(embeddings[i]).toHaveLength(DIMS);
      embeddings[i].forEach((value, d) => expect(value).toBeCloseTo(expected[d], 5));
    });
    expect(model.info).toEqual({ words: made.length, dimensions: DIMS, assetBytes: bytes.length });
  });
});

describe("asset format version 1 (int8 rows) is still read", () => {
  it("decodes the builder's version-1 output and embeds with it", async () => {
    const { chosen, bytes } = build(1);
    const asset = parseLocalModelAsset(bytes);
    expect(asset).toMatchObject({ version: 1, encoding: "int8", dims: DIMS });
    expect(asset.words).toEqual(made);
    chosen.forEach(({ vector }, row) => {
      const step = Math.max(...vector.map(Math.abs)) / 127;
      for (let d = 0; d < DIMS; d++) {
        expect(Math.abs(asset.rows[row * DIMS + d] * asset.scales[row] - vector[d])).toBeLessThanOrEqual(
          step / 2 + 1e-6,
        );
      }
    });
    const model = localEmbeddingModel({ asset: bytes });
    const [vector] = (await model.doEmbed({ values: ["kalo mipe"] })).embeddings;
    expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
  });
});
