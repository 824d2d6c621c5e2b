// The one search answer's spec, run against every model-facing search (Hono's runTest style: each surface's test file
// calls `searchAnswerSpec` with a way to search it): the fields, the order the answer documents, and the notes.
// Imports nothing runtime-specific, so the node, mcp and workerd projects share it.

import { describe, expect, it } from "vitest";
import {
  NO_MATCH_NOTE,
  WEAK_MATCH_NOTE,
  type SearchAnswer,
  type SearchResult,
} from "../../src/search/search-answer.js";

export interface SearchSurface {
  /** The surface's answer to `query`, at most `limit` tools, read back from its transport. */
  search(query: string, limit: number): Promise<SearchAnswer>;
  /**
   * The selection the answer is made of (`selectWithScores` with the search's options), in its order; `relevance`
   * may be left out (`NaN`) where the surface's own oracle does not report it.
   */
  selection(query: string, limit: number): Promise<readonly SearchResult[]>;
  /** A request some tool answers well, one no tool answers (the answer is guesses), and one no tool holds a word of. */
  readonly queries: { readonly matched: string; readonly guesses: string; readonly nothing?: string };
}

const FIELDS = new Set(["name", "title", "description", "inputSchema", "relevance", "reason"]);

/** The answer's fields, as documented in `FoundTool`. */
function expectFields(answer: SearchAnswer, limit: number): void {
  expect(Object.keys(answer).every((key) => key === "tools" || key === "note")).toBe(true);
  expect(answer.tools.length).toBeLessThanOrEqual(limit);
  expect(new Set(answer.tools.map((tool) => tool.name)).size).toBe(answer.tools.length);
  for (const tool of answer.tools) {
    expect(Object.keys(tool).filter((key) => !FIELDS.has(key))).toEqual([]);
    expect(typeof tool.name).toBe("string");
    expect(typeof tool.description).toBe("string");
    expect(tool.inputSchema).toEqual(expect.any(Object));
    expect(tool.relevance).toBeGreaterThanOrEqual(0);
    expect(tool.relevance).toBeLessThanOrEqual(1);
    expect(Math.round(tool.relevance * 100)).toBeCloseTo(tool.relevance * 100, 9);
    if (tool.reason !== undefined) expect(tool.reason).not.toBe("ranked");
  }
}

/**
 * The order `SearchAnswer` documents: the ranked tools first, in the selection's order and from its top (the answer
 * skips none of the ranked tools it could show), each with the selection's relevance to 2 places; then the others.
 */
function expectOrder(answer: SearchAnswer, selection: readonly SearchResult[]): void {
  const firstOther = answer.tools.findIndex((tool) => tool.reason !== undefined);
  const ranked = firstOther === -1 ? answer.tools : answer.tools.slice(0, firstOther);
  expect(answer.tools.slice(ranked.length).every((tool) => tool.reason !== undefined)).toBe(true);
  const selected = selection.filter((result) => result.reason === "ranked" && result.pinned === undefined);
  expect(ranked.map((tool) => tool.name)).toEqual(selected.slice(0, ranked.length).map((result) => result.name));
  for (const [place, tool] of ranked.entries()) {
    const relevance = selected[place].relevance;
    if (!Number.isNaN(relevance)) expect(tool.relevance).toBe(Math.round(relevance * 100) / 100);
  }
}

export function searchAnswerSpec(surfaceName: string, surface: () => SearchSurface): void {
  describe(`the search answer of ${surfaceName}`, () => {
    it("has the documented fields, at most the limit, each relevance 0–1 to 2 places", async () => {
      const { queries } = surface();
      for (const query of [queries.matched, queries.guesses]) {
        for (const limit of [1, 3, 5]) expectFields(await surface().search(query, limit), limit);
      }
    });

    it("is in the documented order: the selection's ranked tools from its top, with its relevance, then the others", async () => {
      const { queries } = surface();
      for (const query of [queries.matched, queries.guesses]) {
        for (const limit of [2, 5]) {
          const answer = await surface().search(query, limit);
          expect(answer.tools.length).toBeGreaterThan(0);
          expectOrder(answer, await surface().selection(query, limit));
        }
      }
    });

    it("carries no note when a tool matched well, the one note when the tools are guesses, and says when none", async () => {
      const { queries } = surface();
      const matched = await surface().search(queries.matched, 5);
      expect(matched.note).toBeUndefined();
      expect(matched.tools[0].relevance).toBeGreaterThan(0.5);
      const guesses = await surface().search(queries.guesses, 5);
      expect(guesses.note).toBe(WEAK_MATCH_NOTE);
      expect(guesses.tools.length).toBeGreaterThan(0);
      if (queries.nothing !== undefined) {
        expect(await surface().search(queries.nothing, 5)).toEqual({ tools: [], note: NO_MATCH_NOTE });
      }
    });
  });
}
