// Fusion of keyword and semantic rankings: weighted, reciprocal rank, adaptive.
import { describe, expect, it } from "vitest";
import { fuse, type ResolvedFusion } from "../../src/semantic/fusion.js";

const weighted: ResolvedFusion = { method: "weighted", keyword: 0.3, semantic: 0.7, k: 60, adaptive: false };

describe("fuse", () => {
  it("weights max-normalised scores, so each list's best counts its full weight", () => {
    const hits = fuse({ ids: [0, 1], scores: [10, 5] }, { ids: [1, 2], scores: [0.8, 0.4] }, weighted, 1);
    const byDoc = new Map(hits.map((hit) => [hit.doc, hit]));
    expect(byDoc.get(0)!.score).toBeCloseTo(0.3, 6);
    expect(byDoc.get(1)!.score).toBeCloseTo(0.15 + 0.7, 6);
    expect(byDoc.get(2)!.score).toBeCloseTo(0.35, 6);
    expect(hits.map((hit) => hit.doc)).toEqual([1, 2, 0]);
    expect(byDoc.get(1)!.keyword + byDoc.get(1)!.semantic).toBeCloseTo(byDoc.get(1)!.score, 9);
  });

  it("counts negative similarities as zero", () => {
    const hits = fuse({ ids: [], scores: [] }, { ids: [3, 4], scores: [0.5, -0.2] }, weighted, 1);
    expect(hits.find((hit) => hit.doc === 4)!.score).toBe(0);
  });

  it("reciprocal rank fusion sums weight / (k + rank)", () => {
    const rrf: ResolvedFusion = { ...weighted, method: "rrf", k: 10 };
    const hits = fuse({ ids: [5, 6], scores: [9, 1] }, { ids: [6, 5], scores: [0.9, 0.1] }, rrf, 1);
    const byDoc = new Map(hits.map((hit) => [hit.doc, hit.score]));
    expect(byDoc.get(5)).toBeCloseTo(0.3 / 11 + 0.7 / 12, 9);
    expect(byDoc.get(6)).toBeCloseTo(0.3 / 12 + 0.7 / 11, 9);
  });

  it("adaptive fusion scales the keyword weight by keyword coverage", () => {
    const adaptive: ResolvedFusion = { ...weighted, adaptive: true };
    const full = fuse({ ids: [0], scores: [1] }, { ids: [1], scores: [1] }, adaptive, 1);
    const half = fuse({ ids: [0], scores: [1] }, { ids: [1], scores: [1] }, adaptive, 0.5);
    expect(full.find((hit) => hit.doc === 0)!.score).toBeCloseTo(0.3, 9);
    expect(half.find((hit) => hit.doc === 0)!.score).toBeCloseTo(0.15, 9);
    expect(half.find((hit) => hit.doc === 1)!.score).toBeCloseTo(0.7 + 0.15, 9);
    expect(full.find((hit) => hit.doc === 1)!.score).toBeCloseTo(0.7, 9);
  });

  it("keeps catalog order on ties", () => {
    const hits = fuse({ ids: [7, 3], scores: [1, 1] }, { ids: [], scores: [] }, weighted, 1);
    expect(hits.map((hit) => hit.doc)).toEqual([3, 7]);
  });
});
