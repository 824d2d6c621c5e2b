// localEmbeddingModel: an offline AI SDK embedding model, SIF-weighted GloVe word vectors pooled in wasm.

import type { EmbeddingModelV4 } from "@ai-sdk/provider";
import { tokenize } from "../core/tokenizer.js";
import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";
import { memoizeUntilFailure } from "../support/memoize-until-failure.js";
import { booleanOption, knownOptions, numberOption } from "../support/validate-options.js";
import { WasmArena } from "../wasm/arena.js";
import { instantiateCore, loadWasm, type CoreExports } from "../wasm/load-wasm.js";
import { defaultLocalModelAsset } from "#local-model-asset";
import { parseLocalModelAsset } from "./asset.js";

/** Bytes of a local model asset, or something that yields them. */
export type LocalModelAssetSource =
  ArrayBuffer | ArrayBufferView | Response | PromiseLike<ArrayBuffer | ArrayBufferView | Response>;

/** Options of `localEmbeddingModel`. */
export interface LocalEmbeddingModelOptions {
  /**
   * The asset to use: its bytes, a `Response`, or a promise of either. Default: the one bundled with
   * toolsift (read from disk in Node, imported in Workers/Edge, fetched in browsers).
   */
  asset?: LocalModelAssetSource;
  /** Smooth inverse frequency constant a: a word weighs a / (a + p(word)). Default 1e-3; range (0, 1]. */
  sifWeight?: number;
  /** Subtract the asset's common component from every pooled vector (when it has one). Default `true`. */
  removeCommonComponent?: boolean;
}

/** The local model: an AI SDK `EmbeddingModelV4` plus word-level access for query expansion. */
export interface LocalEmbeddingModel extends EmbeddingModelV4 {
  /** Loads and checks the asset (done on first use anyway). */
  load(): Promise<void>;
  /** Whether the (loaded) model has a vector for `word`; `undefined` before it is loaded. */
  knowsWord(word: string): boolean | undefined;
  /** Unit vectors of single words, `undefined` for words outside the vocabulary. */
  wordVectors(words: readonly string[]): Promise<(Float32Array | undefined)[]>;
  /** Vector length. */
  readonly dimensions: number | undefined;
  /** Asset facts once loaded. */
  readonly info: { readonly words: number; readonly dimensions: number; readonly assetBytes: number } | undefined;
}

interface Loaded {
  /** Only what embedding needs: keeping the parsed asset would keep its bytes alive next to the copy in wasm. */
  readonly dims: number;
  readonly wordCount: number;
  readonly assetBytes: number;
  readonly common: Float32Array | undefined;
  readonly vocabulary: Map<string, number>;
  readonly weights: Float32Array;
  readonly core: CoreExports;
  readonly arena: WasmArena;
  readonly slab: number;
  readonly scales: number;
  readonly ids: number;
  readonly idWeights: number;
  readonly out: number;
  readonly capacity: number;
}

const WHERE = "localEmbeddingModel";

// Longest text pooled at once (in words); longer texts are pooled in chunks.
const MAX_WORDS_PER_CALL = 4096;

async function assetBytes(source: LocalModelAssetSource): Promise<ArrayBuffer | ArrayBufferView> {
  const value = await source;
  if (typeof Response !== "undefined" && value instanceof Response) {
    if (!value.ok) {
      throw new ToolsiftError(
        "INVALID_MODEL_ASSET",
        `Local model asset: the response failed with HTTP ${value.status}.`,
        { status: value.status },
      );
    }
    return value.arrayBuffer();
  }
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return value;
  throw new ToolsiftError(
    "INVALID_MODEL_ASSET",
    `Local model asset: expected bytes or a Response, got ${describeValue(value)}.`,
    {
      received: describeValue(value),
    },
  );
}

/**
 * An offline embedding model for tool selection: GloVe 6B 100d word vectors (public domain, PDDL),
 * cut to the 20,000 most frequent English words and stored as 4-bit codes with one step per word (format
 * version 2, decoded to int8 rows at load; version-1 assets, int8 rows, are read too). A text's vector is the
 * smooth-inverse-frequency weighted sum of its words' vectors (pooled in wasm), with the common component
 * removed, L2-normalised. It knows word similarity ("refund" ~ "money", "deploy" ~ "ship"), not word order.
 */
export function localEmbeddingModel(options: LocalEmbeddingModelOptions = {}): LocalEmbeddingModel {
  const given = knownOptions(WHERE, options, ["asset", "sifWeight", "removeCommonComponent"]);
  const sif = numberOption(WHERE, "sifWeight", given?.sifWeight, { min: 0, max: 1, exclusiveMin: true }, 1e-3);
  const removeCommon = booleanOption(WHERE, "removeCommonComponent", given?.removeCommonComponent, true);
  let loaded: Loaded | undefined;
  // Dropped once loaded: the rows now live in wasm memory, and holding the source would keep its bytes too.
  let assetSource = given?.asset as LocalModelAssetSource | undefined;

  async function load(): Promise<Loaded> {
    const asset = parseLocalModelAsset(await assetBytes(assetSource ?? defaultLocalModelAsset()));
    const vocabulary = new Map<string, number>();
    asset.words.forEach((word, id) => vocabulary.set(word, id));
    // Zipf estimate of each word's probability from its frequency rank in the source (400k words).
    const harmonic = Math.log(400_000) + 0.5772;
    const weights = Float32Array.from(asset.ranks, (rank) => sif / (sif + 1 / (rank * harmonic)));
    const core = instantiateCore(await loadWasm());
    const arena = new WasmArena(core);
    const slab = arena.alloc(asset.rows.byteLength);
    const scales = arena.alloc(asset.scales.byteLength);
    const ids = arena.alloc(MAX_WORDS_PER_CALL * 4);
    const idWeights = arena.alloc(MAX_WORDS_PER_CALL * 4);
    const out = arena.alloc(asset.dims * 4);
    arena.i8(slab, asset.rows.length).set(asset.rows);
    arena.f32(scales, asset.scales.length).set(asset.scales);
    return {
      dims: asset.dims,
      wordCount: asset.words.length,
      assetBytes: asset.byteLength,
      common: asset.common === undefined ? undefined : Float32Array.from(asset.common),
      vocabulary,
      weights,
      core,
      arena,
      slab,
      scales,
      ids,
      idWeights,
      out,
      capacity: MAX_WORDS_PER_CALL,
    };
  }

  /** The loaded model, loaded once (again after a failed load, which keeps its asset source). */
  const ready = memoizeUntilFailure(async (): Promise<Loaded> => {
    const result = await load();
    assetSource = undefined;
    return (loaded = result);
  });

  function pool(model: Loaded, ids: number[]): Float32Array {
    const { arena, dims } = model;
    const sum = new Float32Array(dims);
    for (let start = 0; start < ids.length; start += model.capacity) {
      const chunk = ids.slice(start, start + model.capacity);
      arena.u32(model.ids, chunk.length).set(chunk);
      const weights = arena.f32(model.idWeights, chunk.length);
      for (let i = 0; i < chunk.length; i++) weights[i] = model.weights[chunk[i]];
      model.core.poolRowsI8(model.slab, model.scales, dims, model.ids, model.idWeights, chunk.length, dims, model.out);
      const pooled = arena.f32(model.out, dims);
      for (let d = 0; d < dims; d++) sum[d] += pooled[d];
    }
    return sum;
  }

  function finish(model: Loaded, vector: Float32Array): number[] {
    const { common } = model;
    if (removeCommon && common !== undefined) {
      let projection = 0;
      for (let d = 0; d < vector.length; d++) projection += vector[d] * common[d];
      for (let d = 0; d < vector.length; d++) vector[d] -= projection * common[d];
    }
    let norm = 0;
    for (const value of vector) norm += value * value;
    norm = Math.sqrt(norm);
    return Array.from(vector, (value) => (norm > 0 ? value / norm : 0));
  }

  function embedText(model: Loaded, text: string): number[] {
    const ids: number[] = [];
    for (const token of tokenize(text)) {
      if (token.stop) continue;
      const id = model.vocabulary.get(token.surface);
      if (id !== undefined) ids.push(id);
    }
    return finish(model, pool(model, ids));
  }

  return {
    specificationVersion: "v4",
    provider: "toolsift",
    // v2: the 4-bit asset (format 2); its vectors differ slightly from v1's, so caches keyed by the id start afresh.
    modelId: "local-glove-100d-v2",
    maxEmbeddingsPerCall: Infinity,
    supportsParallelCalls: true,
    get dimensions() {
      return loaded?.dims;
    },
    get info() {
      return loaded === undefined
        ? undefined
        : { words: loaded.wordCount, dimensions: loaded.dims, assetBytes: loaded.assetBytes };
    },
    async load() {
      await ready();
    },
    async doEmbed({ values, abortSignal }) {
      abortSignal?.throwIfAborted();
      const model = loaded ?? (await ready());
      return { embeddings: values.map((value) => embedText(model, value)), usage: { tokens: 0 }, warnings: [] };
    },
    knowsWord(word) {
      return loaded === undefined ? undefined : loaded.vocabulary.has(word);
    },
    async wordVectors(words) {
      const model = loaded ?? (await ready());
      return words.map((word) => {
        const id = model.vocabulary.get(word);
        if (id === undefined) return undefined;
        return Float32Array.from(finish(model, pool(model, [id])));
      });
    },
  };
}

// Marks the factory, so that passing it uncalled as `embeddingModel` gets "call it: localEmbeddingModel()".
Object.defineProperty(localEmbeddingModel, Symbol.for("toolsift.localEmbeddingModel"), { value: true });
