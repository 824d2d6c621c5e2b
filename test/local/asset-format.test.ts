// The local model asset's formats from the builder to the embedder, on a small synthetic word-vector source.
import { describe, expect, it } from "vitest";
import { encodeVersion1, encodeVersion2, prepareVectors, selectWords } from "../../scripts/build-local-model.mjs";
import { parseLocalModelAsset } from "../../src/local/asset.js";
import { localEmbeddingModel } from "../../src/local/index.js";

// 11 dims: rows of 44 (4-bit) or 33 (3-bit) bits share bytes, so the packing is tested across row boundaries; 39
// words make 429 values, so the last one (4-bit) or five (3-bit) are read past the decoder's unrolled loops.
const DIMS = 11;
/** The bundled asset's code width. */
const BITS = 4;
const syllables = ["ka", "lo", "mi", "nu", "pe", "ro", "su", "ti"];
// 39 made-up words, and words the builder must skip: a stop word, a single letter, a number, capitals, a hyphen.
const made = syllables.flatMap((a) => syllables.map((b) => a + b)).slice(0, 39);
const sourceWords = ["the", ...made.slice(0, 5), "x", "42", "Kalo", "ka-lo", ...made.slice(5)];
// Every value lies on its row's `bits`-bit grid (code − (L − 1) / 2) × step, and each row uses the lowest and the
// highest code, so the least-squares step is the grid's and the round trip is exact.
const vectorOf = (index: number, bits: number) => {
  const levels = 2 ** bits;
  const step = 0.05 * (1 + (index % 7));
  return Array.from({ length: DIMS }, (_, d) => {
    const code = d === 0 ? 0 : d === 1 ? levels - 1 : (index * 5 + d * 3) % levels;
    return (code - (levels - 1) / 2) * step;
  });
};
const sourceOf = (bits: number) => ({
  dimensions: DIMS,
  words: sourceWords,
  vectors: Object.fromEntries(sourceWords.map((word, index) => [word, vectorOf(index, bits)])),
});

function build(version: 1 | 2, bits = BITS) {
  const chosen = selectWords(sourceOf(bits), 100, new Set(["the"]));
  const { vectors, common } = prepareVectors(chosen, { dims: DIMS, common: true, sourceWords: sourceWords.length });
  const input = { words: chosen.map((c) => c.word), lastRank: chosen.at(-1)!.rank, vectors, common };
  const bytes = version === 1 ? encodeVersion1(input) : encodeVersion2({ ...input, bits });
  return { chosen, common: common!, bytes: new Uint8Array(bytes) };
}

/** FNV-1a 32 of the bytes from 32 on, as the format describes the checksum at offset 24. */
function rechecksum(bytes: Uint8Array): Uint8Array {
  let hash = 0x811c9dc5;
  for (let i = 32; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193) >>> 0;
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(24, hash, true);
  return bytes;
}

/** Equal up to float32 rounding of the stored step (a relative 1e-6). */
const expectFloat32Equal = (received: number, expected: number) =>
  expect(Math.abs(received - expected)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(expected)));

const stepsAt = 36 + DIMS * 4;
const codesAt = stepsAt + made.length * 4;

describe("asset format version 2 (4-bit codes, one step per row)", () => {
  it("round-trips the builder's words, ranks, common component and vectors", () => {
    const { chosen, common, bytes } = build(2);
    expect(chosen.map((c) => c.word)).toEqual(made);
    const asset = parseLocalModelAsset(bytes);
    expect(asset).toMatchObject({ version: 2, bits: BITS, dims: DIMS, byteLength: bytes.length });
    expect(asset.words).toEqual(made);
    expect(asset.ranks[0]).toBe(1);
    expect(Array.from(asset.common!)).toEqual(Array.from(Float32Array.from(common)));
    // 36-byte header, common f32[11], steps f32[39], 39 × 11 values of 4 bits, the vocabulary.
    const vocabBytes = new TextEncoder().encode(made.join("\n")).length;
    expect(bytes.length).toBe(
      36 + DIMS * 4 + made.length * 4 + Math.ceil((made.length * DIMS * BITS) / 8) + vocabBytes,
    );
    chosen.forEach(({ vector }, row) => {
      for (let d = 0; d < DIMS; d++) {
        expectFloat32Equal(asset.rows[row * DIMS + d] * asset.scales[row], vector[d]);
      }
    });
  });

  it.each([2, 3, 5, 7])("round-trips %i-bit codes exactly (other widths than the bundled asset's)", (bits) => {
    const { chosen, bytes } = build(2, bits);
    const asset = parseLocalModelAsset(bytes);
    expect(asset).toMatchObject({ version: 2, bits, dims: DIMS });
    chosen.forEach(({ vector }, row) => {
      for (let d = 0; d < DIMS; d++) {
        expectFloat32Equal(asset.rows[row * DIMS + d] * asset.scales[row], vector[d]);
      }
    });
  });

  it("fails the checksum when one byte of the steps, the codes or the vocabulary changes", () => {
    const { bytes } = build(2);
    for (const at of [stepsAt + 5, codesAt + 7, bytes.length - 2]) {
      const damaged = bytes.slice();
      damaged[at] ^= 0x01;
      expect(() => parseLocalModelAsset(damaged)).toThrowError(
        expect.objectContaining({ code: "INVALID_MODEL_ASSET", message: expect.stringContaining("checksum mismatch") }),
      );
    }
    expect(() => parseLocalModelAsset(bytes.slice(0, -1))).toThrow(/the header describes/);
  });

  it("rejects a code width it does not read and a format version from the future", () => {
    const { bytes } = build(2);
    const wide = bytes.slice();
    new DataView(wide.buffer).setUint32(32, 9, true);
    expect(() => parseLocalModelAsset(rechecksum(wide))).toThrow(
      "Local model asset: 9-bit codes; version 2 stores 2- to 7-bit codes.",
    );
    const future = bytes.slice();
    new DataView(future.buffer).setUint32(4, 3, true);
    expect(() => parseLocalModelAsset(future)).toThrow(
      "Local model asset: format version 3; this toolsift reads versions 1 to 2.",
    );
  });

  it("the embedder pools what an independent reading of the format gives", async () => {
    const { bytes } = build(2);
    // The reference reads the bytes by the layout in scripts/build-local-model.mjs, bit by bit, in float64.
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    const [count, dims, lastRank, bits] = [8, 12, 28, 32].map((at) => view.getUint32(at, true));
    const common = Array.from({ length: dims }, (_, d) => view.getFloat32(36 + d * 4, true));
    const codes = 36 + dims * 4 + count * 4;
    const bit = (position: number) => (bytes[codes + (position >> 3)] >> (position & 7)) & 1;
    const vectorOfWord = (id: number) => {
      const step = view.getFloat32(36 + dims * 4 + id * 4, true);
      return Array.from({ length: dims }, (_, d) => {
        let code = 0;
        for (let b = 0; b < bits; b++) code += bit((id * dims + d) * bits + b) << b;
        return (code - ((1 << bits) - 1) / 2) * step;
      });
    };
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
    expect(asset).toMatchObject({ version: 1, bits: 8, dims: DIMS });
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
