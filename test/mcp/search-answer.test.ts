// search_tools' fusion of several phrasings and its limit, on hand-made selections: ties, weak phrasings, and learnt
// tools that another phrasing ranks.
import { describe, expect, it } from "vitest";
import { DEFAULT_MIN_RELEVANCE } from "../../src/options.js";
import { fusePhrasings } from "../../src/mcp/gateway/search-answer.js";
import { withinLimit } from "../../src/search/search-answer.js";
import type { ScoredTool, SelectionReason } from "../../src/tool-index/types.js";

/** A selection's entry: `name` at `relevance`, ranked unless `reason` says otherwise. */
function result(name: string, relevance: number, reason: SelectionReason = "ranked"): ScoredTool {
  return {
    name,
    score: relevance,
    relevance,
    match: [],
    keywordScore: 0,
    matchedTerms: [],
    expansions: [],
    reason,
  };
}

/** `count` ranked fillers named `<prefix>0…`, each met by one phrasing only. */
const fillers = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => result(`${prefix}${index}`, 0.5));

const names = (results: readonly ScoredTool[]) => results.map((entry) => entry.name);

describe("fusePhrasings", () => {
  it("gives a tie to the higher relevance when two tools hold the same places in another order", () => {
    // x at places 0, 1, 6 and y at 6, 0, 1: summed in phrasing order, x's score is one ulp above y's.
    const first = [result("x", 0.8), ...fillers("a", 5), result("y", 0.9)];
    const second = [result("y", 0.9), result("x", 0.8), ...fillers("b", 5)];
    const third = [
      result("c0", 0.5),
      result("y", 0.9),
      ...fillers("c", 4).slice(1),
      result("d", 0.5),
      result("x", 0.8),
    ];
    expect([first, second, third].map((selection) => names(selection).indexOf("x"))).toEqual([0, 1, 6]);
    expect([first, second, third].map((selection) => names(selection).indexOf("y"))).toEqual([6, 0, 1]);
    expect(names(fusePhrasings([first, second, third])).slice(0, 2)).toEqual(["y", "x"]);
  });

  it("keeps a phrasing that matched nothing from taking places from one that matched", () => {
    const strong = DEFAULT_MIN_RELEVANCE + 0.1;
    const matched = [result("open", 1), result("search", strong), result("read", strong)];
    const unmatched = [result("image", 0.02), result("sum", 0.01), result("echo", 0.01)];
    const fused = fusePhrasings([matched, unmatched]);
    expect(names(fused)).toEqual(["open", "search", "read", "image", "sum", "echo"]);
  });

  it("keeps every learnt tool once, learned-query over learned-companion", () => {
    const first = [result("a", 1), result("learnt", 0.3, "learned-companion")];
    const second = [result("b", 1), result("learnt", 0.3, "learned-query")];
    const fused = fusePhrasings([first, second]);
    expect(fused.filter((entry) => entry.name === "learnt")).toEqual([
      expect.objectContaining({ reason: "learned-query" }),
    ]);
  });
});

describe("withinLimit after fusion", () => {
  it("keeps a learnt tool's place when another phrasing ranks it below the places kept", () => {
    const first = [...fillers("a", 4), result("learnt", 0.3, "learned-query")];
    const second = [...fillers("b", 4), result("learnt", 0.4)];
    const kept = withinLimit(fusePhrasings([first, second]), 5);
    expect(kept).toHaveLength(5);
    expect(kept[4]).toMatchObject({ name: "learnt", reason: "learned-query" });
    expect(names(kept).filter((name) => name === "learnt")).toHaveLength(1);
  });

  it("leaves a learnt tool where the ranking puts it when that is among the places kept", () => {
    const first = [...fillers("a", 4), result("learnt", 0.3, "learned-query")];
    const second = [result("learnt", 1), ...fillers("b", 4)];
    const kept = withinLimit(fusePhrasings([first, second]), 5);
    expect(kept).toHaveLength(5);
    expect(kept[0]).toMatchObject({ name: "learnt", reason: "ranked" });
    expect(names(kept).filter((name) => name === "learnt")).toHaveLength(1);
  });
});
