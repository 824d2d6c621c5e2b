// The usage graph's documented guarantees: bounded link lists, half-life decay, lossless snapshots, and selections
// that are exactly today's while nothing has been learnt.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createToolIndex, type UsageSnapshot } from "../../src/index.js";
import { UsageGraph, type LearnedTurn } from "../../src/usage/usage-graph.js";
import { addSnapshot, snapshotRows, toSnapshot } from "../../src/usage/usage-snapshot.js";
import { conversation } from "./conversations.js";
import { mulberry32 as seeded } from "../../scripts/seeded-random.mjs";

/**
 * The bounds docs/agent-loop.md states ("Bounds": the 8 strongest "next" and "together" links per tool, 4 tools per
 * query term, 16,384 terms; counts decay with a half-life of 5,000 conversations): the oracle here, not the module's
 * defaults.
 */
const documented = { maxLinks: 8, maxTermTools: 4, maxTerms: 16_384, halfLife: 5_000 };

/** `count` conversations of 1–4 turns, each of 1–5 calls among `tools` tools and 1–6 of 5,000 query terms. */
function randomConversations(count: number, tools: number, seed: number): LearnedTurn[][] {
  const random = seeded(seed);
  const pick = (bound: number) => Math.floor(random() * bound);
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + pick(4) }, () => ({
      terms: Array.from({ length: 1 + pick(6) }, () => pick(5_000)),
      calls: Array.from({ length: 1 + pick(5) }, () => `tool_${pick(tools)}`),
    })),
  );
}

/** Links per row of a snapshot's link lists (`[key, total, to, weight, ...]`). */
const linkCounts = (rows: readonly (readonly number[])[]) => rows.map((row) => (row.length - 2) / 2);

/** The weight of `from → to` in the snapshot's `next` lists. */
function nextWeight(snapshot: UsageSnapshot, from: string, to: string): number | undefined {
  const row = snapshotRows(snapshot)!.next.find((candidate) => snapshot.tools[candidate[0]] === from);
  if (row === undefined) return undefined;
  // A link is written as thousandths of its list's total (row[1]).
  for (let i = 2; i + 1 < row.length; i += 2) if (snapshot.tools[row[i]] === to) return (row[i + 1] / 1000) * row[1];
  return undefined;
}

describe("UsageGraph bounds", () => {
  // In memory a list may hold up to 1.5 × its cap between prunings (amortised); a snapshot is cut to the caps.
  it("keeps at most 8 links per tool and 4 tools per term", () => {
    const graph = new UsageGraph();
    const { maxLinks, maxTermTools, maxTerms } = documented;
    let checked = 0;
    randomConversations(3_000, 60, 11).forEach((turns, position) => {
      graph.learnConversation(turns);
      if (position % 250 !== 249) return;
      const snapshot = toSnapshot(graph);
      const rows = snapshotRows(snapshot)!;
      expect(Math.max(...linkCounts(rows.next), ...linkCounts(rows.together))).toBeLessThanOrEqual(maxLinks);
      expect(Math.max(...linkCounts(rows.terms))).toBeLessThanOrEqual(maxTermTools);
      expect(snapshot.terms.length).toBeLessThanOrEqual(maxTerms);
      checked++;
    });
    // 60 tools called at random: every tool meets far more than maxLinks others, so the caps are what bounds them.
    const snapshot = toSnapshot(graph);
    expect(linkCounts(snapshotRows(snapshot)!.next).filter((count) => count === maxLinks).length).toBe(60);
    expect(checked).toBe(12);
  });

  it("keeps at most 16,384 query terms", () => {
    const graph = new UsageGraph();
    // 20,000 distinct terms, 10 per conversation, each leading to one of 3 tools.
    for (let first = 0; first < 20_000; first += 10) {
      const terms = Array.from({ length: 10 }, (_, offset) => first + offset);
      graph.learnConversation([{ terms, calls: [`tool_${first % 3}`] }]);
    }
    expect(toSnapshot(graph).terms.length).toBe(documented.maxTerms);
  });

  it("keeps the strongest links: a tool's most frequent successors survive a flood of one-off ones", () => {
    const graph = new UsageGraph();
    for (let n = 0; n < 500; n++) {
      graph.learnConversation([{ terms: [], calls: ["search", n % 2 === 0 ? "open" : "read"] }]);
      graph.learnConversation([{ terms: [], calls: ["search", `rare_${n}`] }]);
    }
    const snapshot = toSnapshot(graph);
    // 250 observations each, decayed by 0–1,000 conversations of a 5,000 half-life: between 218 and 250.
    for (const kept of ["open", "read"]) expect(nextWeight(snapshot, "search", kept)).toBeGreaterThan(218);
    expect(nextWeight(snapshot, "search", "rare_0")).toBeUndefined();
  });
});

describe("UsageGraph decay", () => {
  it("weighs a link learnt 5,000 conversations ago at half a new one (within 1%)", () => {
    const graph = new UsageGraph();
    graph.learnConversation([{ terms: [], calls: ["old_first", "old_second"] }]);
    for (let n = 1; n < documented.halfLife; n++) graph.learnConversation([]);
    graph.learnConversation([{ terms: [], calls: ["new_first", "new_second"] }]);
    const snapshot = toSnapshot(graph);
    const ratio = nextWeight(snapshot, "old_first", "old_second")! / nextWeight(snapshot, "new_first", "new_second")!;
    expect(Math.abs(ratio - 0.5)).toBeLessThan(0.005);
    // In today's units, a link learnt in the last conversation weighs about one observation.
    expect(nextWeight(snapshot, "new_first", "new_second")).toBeCloseTo(1, 3);
  });
});

describe("usage snapshots", () => {
  const roundTrip = (graph: UsageGraph) => {
    const snapshot = toSnapshot(graph);
    const copy = new UsageGraph();
    addSnapshot(copy, JSON.parse(JSON.stringify(snapshot)), "test");
    return { snapshot, again: toSnapshot(copy) };
  };

  it("round-trip: toSnapshot → addSnapshot into an empty graph → toSnapshot is equal (lists within their caps)", () => {
    const graph = new UsageGraph();
    // 4 tools: no tool or term can have more than 4 others, within maxLinks and maxTermTools.
    for (const turns of randomConversations(2_000, 4, 7)) graph.learnConversation(turns);
    const { snapshot, again } = roundTrip(graph);
    expect(snapshot.next.length).toBe(4);
    expect(snapshot.terms.length).toBeGreaterThan(1_000);
    expect(again).toEqual(snapshot);
  });

  // In memory a list may hold up to 1.5 × its cap; a snapshot is cut to the caps, so reading it back keeps every link.
  it("round-trip: toSnapshot → addSnapshot → toSnapshot is equal (lists at their caps)", () => {
    const graph = new UsageGraph();
    for (const turns of randomConversations(2_000, 40, 7)) graph.learnConversation(turns);
    const { snapshot, again } = roundTrip(graph);
    const linkLengths = (value: UsageSnapshot) => snapshotRows(value)!.next.map((row) => row.length);
    expect(linkLengths(again)).toEqual(linkLengths(snapshot));
  });
});

describe("with nothing learnt, selections are exactly today's (the committed paraphrase set)", () => {
  // Committed with the repo (test/fixtures/paraphrase/), so the test runs in any checkout.
  const read = (file: string) =>
    JSON.parse(readFileSync(new URL(`../fixtures/paraphrase/${file}`, import.meta.url), "utf8"));
  const tools = (read("catalog.json") as { name: string; description: string }[]).map(({ name, description }) => ({
    name,
    description,
  }));
  const queries = (read("queries.json") as { query: string }[]).map(({ query }) => query);

  it(`${queries.length} queries: fresh index = index given an empty snapshot and call-free conversations`, async () => {
    const fresh = createToolIndex(tools);
    const empty = createToolIndex(tools, { learning: { usage: createToolIndex(tools).usage() } });
    const report = empty.learn(
      conversation([
        { user: "hello there", calls: [] },
        { user: "thanks", calls: [] },
      ]),
    );
    expect(report).toEqual({ turns: 0, calls: 0, skipped: [] });
    let differing = 0;
    for (const query of queries) {
      const today = await fresh.selectWithScores(query);
      for (const [index, options] of [
        [fresh, { messages: [] }],
        [empty, {}],
        [empty, { messages: [] }],
      ] as const) {
        const result = await index.selectWithScores(query, options);
        if (JSON.stringify(result) !== JSON.stringify(today)) differing++;
      }
    }
    expect(differing).toBe(0);
  });
});
