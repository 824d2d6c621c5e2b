// Runs BM25F scoring and top-k for one index inside its own wasm instance; the shell keeps typed views on the slabs.

import type { WasmArena } from "../wasm/arena.js";
import type { PostingsIndex } from "./bm25f.js";
import type { QueryTerm } from "./query.js";

/** The slabs of one index in wasm memory: postings at the bottom, then the per-query score row and top-k output. */
export class KeywordScorer {
  private readonly docIdsPointer: number;
  private readonly tfsPointer: number;
  private readonly scoresPointer: number;
  private readonly outIdsPointer: number;
  private readonly outScoresPointer: number;
  private generation = -1;
  private readonly docCount: number;
  private readonly postingCount: number;
  private readonly offsets: Uint32Array;
  private readonly idf: Float32Array;
  private scoresView!: Float32Array;
  /** The documents `top` chose, best first, and their scores: views on wasm memory, valid until its next call. */
  topIds!: Uint32Array;
  topScores!: Float32Array;

  constructor(
    private readonly arena: WasmArena,
    postings: PostingsIndex,
    private readonly k1: number,
  ) {
    // Keep only what scoring needs: holding `postings` would keep its JS copies of the slabs alive.
    this.docCount = postings.docCount;
    this.postingCount = postings.docIds.length;
    this.offsets = postings.offsets;
    this.idf = postings.idf;
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

  /**
   * The postings as views on wasm memory. Valid for the index's life: its arena allocates
   * everything in this constructor, so the memory never grows (and never detaches them) afterwards.
   */
  postingViews(): { docIds: Uint32Array; tfs: Float32Array } {
    const count = this.postingCount;
    return { docIds: this.arena.u32(this.docIdsPointer, count), tfs: this.arena.f32(this.tfsPointer, count) };
  }

  private refreshViews(): void {
    if (this.generation === this.arena.generation) return;
    const docs = Math.max(this.docCount, 1);
    this.scoresView = this.arena.f32(this.scoresPointer, docs);
    this.topIds = this.arena.u32(this.outIdsPointer, docs);
    this.topScores = this.arena.f32(this.outScoresPointer, docs);
    this.generation = this.arena.generation;
  }

  /** Scores every document for the given terms; returns the score row. */
  score(terms: readonly QueryTerm[]): Float32Array {
    this.refreshViews();
    this.scoresView.fill(0);
    const core = this.arena.core;
    const { offsets, idf } = this;
    for (const term of terms) {
      const start = offsets[term.termId];
      const end = offsets[term.termId + 1];
      if (end > start)
        core.bm25Accumulate(
          this.docIdsPointer,
          this.tfsPointer,
          start,
          end,
          term.weight * idf[term.termId],
          this.k1,
          this.scoresPointer,
        );
    }
    return this.scoresView;
  }

  /**
   * How many of the best `k` documents score above `minScore`: they are the first in `topIds` and `topScores`, best
   * first, ties in catalog order (read in place: two subarrays per query cost more than reading them).
   */
  top(k: number, minScore: number): number {
    this.refreshViews();
    const limit = Math.min(k, this.docCount);
    return this.arena.core.topK(
      this.scoresPointer,
      this.docCount,
      limit,
      minScore,
      this.outIdsPointer,
      this.outScoresPointer,
    );
  }
}
