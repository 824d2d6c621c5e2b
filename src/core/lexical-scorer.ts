// Runs BM25F scoring and top-k for one index inside its own wasm instance; the shell keeps typed views on the slabs.

import type { WasmArena } from "../wasm/arena.js";
import type { PostingsIndex } from "./bm25f.js";
import type { QueryTerm } from "./query.js";

/** The slabs of one index in wasm memory: postings at the bottom, then the per-query score row and top-k output. */
export class LexicalScorer {
  private readonly docIdsPointer: number;
  private readonly tfsPointer: number;
  private readonly scoresPointer: number;
  private readonly outIdsPointer: number;
  private readonly outScoresPointer: number;
  private generation = -1;
  private scoresView!: Float32Array;
  private outIdsView!: Uint32Array;
  private outScoresView!: Float32Array;

  constructor(
    private readonly arena: WasmArena,
    private readonly postings: PostingsIndex,
    private readonly k1: number,
  ) {
    const docs = Math.max(postings.docCount, 1);
    const count = postings.docIds.length;
    // Allocate everything first: growing memory detaches views taken earlier.
    this.docIdsPointer = arena.alloc(count * 4);
    this.tfsPointer = arena.alloc(count * 4);
    this.scoresPointer = arena.alloc(docs * 4);
    this.outIdsPointer = arena.alloc(docs * 4);
    this.outScoresPointer = arena.alloc(docs * 4);
    arena.u32(this.docIdsPointer, count).set(postings.docIds);
    arena.f32(this.tfsPointer, count).set(postings.tfs);
  }

  private refreshViews(): void {
    if (this.generation === this.arena.generation) return;
    const docs = Math.max(this.postings.docCount, 1);
    this.scoresView = this.arena.f32(this.scoresPointer, docs);
    this.outIdsView = this.arena.u32(this.outIdsPointer, docs);
    this.outScoresView = this.arena.f32(this.outScoresPointer, docs);
    this.generation = this.arena.generation;
  }

  /** The score row of the last `score` call (one float per document), valid until the next call. */
  get scores(): Float32Array {
    this.refreshViews();
    return this.scoresView;
  }

  /** Scores every document for the given terms; returns the score row. */
  score(terms: readonly QueryTerm[]): Float32Array {
    this.refreshViews();
    this.scoresView.fill(0);
    const core = this.arena.core;
    const { offsets, idf } = this.postings;
    for (const term of terms) {
      const start = offsets[term.termId];
      const end = offsets[term.termId + 1];
      if (end > start) core.bm25Accumulate(this.docIdsPointer, this.tfsPointer, start, end, term.weight * idf[term.termId], this.k1, this.scoresPointer);
    }
    return this.scoresView;
  }

  /**
   * The best `k` documents with a score above `minScore`, best first, ties in catalog order.
   * Returns views on wasm memory, valid until the next call.
   */
  top(k: number, minScore: number): { ids: Uint32Array; scores: Float32Array } {
    this.refreshViews();
    const limit = Math.min(k, this.postings.docCount);
    const count = this.arena.core.topK(this.scoresPointer, this.postings.docCount, limit, minScore, this.outIdsPointer, this.outScoresPointer);
    return { ids: this.outIdsView.subarray(0, count), scores: this.outScoresView.subarray(0, count) };
  }
}
