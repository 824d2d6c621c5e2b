// Query expansion by word vectors: catalog words nearest to a query word the catalog lacks, scored in wasm.

import type { WasmArena } from "../wasm/arena.js";
import type { PostingsIndex } from "./bm25f.js";

/** Anything that gives unit word vectors (the local embedding model does). */
export interface WordVectorSource {
  wordVectors(words: readonly string[]): Promise<(Float32Array | undefined)[]>;
}

/** A catalog term close to a query word. */
export interface Neighbour {
  readonly termId: number;
  readonly similarity: number;
}

/** Expansion settings. */
export interface NeighbourSettings {
  /** Least cosine similarity for a catalog word to count. */
  readonly threshold: number;
  /** Most catalog terms one query word adds. */
  readonly maxTerms: number;
}

/**
 * The catalog's words that the word-vector model knows, as unit rows of one f32 slab in wasm memory.
 * Built once per index; a query word is one dot-product pass and a top-k.
 */
export class CatalogNeighbours {
  private constructor(
    private readonly arena: WasmArena,
    private readonly termIds: Uint32Array,
    private readonly dims: number,
    private readonly slab: number,
    private readonly query: number,
    private readonly out: number,
    private readonly outIds: number,
    private readonly outScores: number,
    private readonly settings: NeighbourSettings,
  ) {}

  static async build(
    postings: PostingsIndex,
    source: WordVectorSource,
    arena: WasmArena,
    settings: NeighbourSettings,
  ): Promise<CatalogNeighbours> {
    const surfaces = [...postings.surfaces.keys()].filter((surface) => /^\p{L}{2,}$/u.test(surface));
    const vectors = await source.wordVectors(surfaces);
    const rows: number[] = [];
    vectors.forEach((vector, position) => {
      if (vector !== undefined) rows.push(position);
    });
    const dims = rows.length > 0 ? vectors[rows[0]]!.length : 1;
    const count = Math.max(rows.length, 1);
    const slab = arena.alloc(count * dims * 4);
    const query = arena.alloc(dims * 4);
    const out = arena.alloc(count * 4);
    const outIds = arena.alloc(count * 4);
    const outScores = arena.alloc(count * 4);
    const matrix = arena.f32(slab, rows.length * dims);
    const termIds = new Uint32Array(rows.length);
    rows.forEach((position, row) => {
      matrix.set(vectors[position]!, row * dims);
      termIds[row] = postings.surfaces.get(surfaces[position])!;
    });
    return new CatalogNeighbours(arena, termIds, dims, slab, query, out, outIds, outScores, settings);
  }

  /** How many catalog words have vectors. */
  get size(): number {
    return this.termIds.length;
  }

  /** Catalog terms whose words are nearest to `vector` (cosine ≥ threshold), best first, one entry per term. */
  neighbours(vector: Float32Array): Neighbour[] {
    if (this.termIds.length === 0 || vector.length !== this.dims) return [];
    const core = this.arena.core;
    this.arena.f32(this.query, this.dims).set(vector);
    core.dotBatch(this.slab, this.termIds.length, this.dims, this.query, this.out);
    // A few extra candidates: several surfaces ("refund", "refunds") can share one term.
    const count = core.topK(
      this.out,
      this.termIds.length,
      this.settings.maxTerms * 3,
      this.settings.threshold,
      this.outIds,
      this.outScores,
    );
    const ids = this.arena.u32(this.outIds, count);
    const scores = this.arena.f32(this.outScores, count);
    const found: Neighbour[] = [];
    for (let i = 0; i < count && found.length < this.settings.maxTerms; i++) {
      const termId = this.termIds[ids[i]];
      if (!found.some((entry) => entry.termId === termId)) found.push({ termId, similarity: scores[i] });
    }
    return found;
  }
}
