// select, selectWithScores and explain are views of one selection: for random option sets over realistic catalogs,
// explain(query, tool).selected holds exactly for the tools select returns, and selectWithScores returns select's list.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolIndex, type SelectOptions } from "../../src/index.js";
type ToolDefinition = { name: string; description: string; parameters?: unknown };
import { saasCatalog } from "../api/saas-catalog.js";

const fixture = (path: string) => JSON.parse(readFileSync(new URL(`../fixtures/${path}`, import.meta.url), "utf8"));
const bfcl = fixture("bfcl-multiturn/catalog-and-turns.json") as { tools: ToolDefinition[]; queries: string[] };
const paraphraseTools = fixture("paraphrase/catalog.json") as ToolDefinition[];
const paraphraseQueries = (fixture("paraphrase/queries.json") as { query: string }[]).map((entry) => entry.query);

const catalogs: [string, readonly ToolDefinition[], readonly string[]][] = [
  ["the BFCL multi-turn catalog", bfcl.tools, bfcl.queries],
  ["the paraphrase catalog", paraphraseTools, paraphraseQueries],
  ["the SaaS catalog", saasCatalog, paraphraseQueries.slice(0, 20)],
];

/** Index options and select options, drawn over one catalog's tool names. */
function optionSets(names: readonly string[]) {
  const name = fc.constantFrom(...names);
  return fc.record({
    relatedTools: fc.option(
      fc.dictionary(name, fc.uniqueArray(name, { minLength: 1, maxLength: 3 }), { maxKeys: 40 }),
      {
        nil: undefined,
      },
    ),
    select: fc.record(
      {
        maxTools: fc.integer({ min: 1, max: 8 }),
        minRelevance: fc.constantFrom(0, 0.2, 0.35, 0.6),
        adaptive: fc.boolean(),
        alwaysActive: fc.uniqueArray(name, { maxLength: 2 }),
        allowedTools: fc.uniqueArray(name, { minLength: 1, maxLength: 30 }),
        maxCompanions: fc.integer({ min: 0, max: 3 }),
      },
      { requiredKeys: ["maxTools"] },
    ),
  });
}

/** A query: a turn as written, one naming a tool, or a `select:` line. */
function queries(turns: readonly string[], names: readonly string[]) {
  const name = fc.constantFrom(...names);
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...turns) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...turns), name).map(([turn, tool]) => `${turn} with ${tool}`) },
    { weight: 1, arbitrary: fc.uniqueArray(name, { minLength: 1, maxLength: 2 }).map((tools) => `select:${tools}`) },
  );
}

describe("select, selectWithScores and explain agree", () => {
  it.each(catalogs)("on %s, for every tool and random option sets", async (_, tools, turns) => {
    const names = tools.map((tool) => tool.name);
    let selectedSeen = 0;
    let cutSeen = 0;
    await fc.assert(
      fc.asyncProperty(optionSets(names), queries(turns, names), async ({ relatedTools, select }, query) => {
        const index = createToolIndex(tools, { relatedTools, runtime: { warnings: false } });
        const options: SelectOptions = select;
        const selected = await index.select(query, options);
        const scored = await index.selectWithScores(query, options);
        expect(scored.tools).toEqual(selected);
        // The trace covers each tool once: returned or cut, never both.
        const cut = scored.cut.map((entry) => entry.name);
        expect(cut.filter((tool) => selected.includes(tool))).toEqual([]);
        expect(new Set(cut).size).toBe(cut.length);
        for (const tool of names) {
          const explanation = await index.explain(query, tool, options);
          expect({ tool, selected: explanation.selected }).toEqual({ tool, selected: selected.includes(tool) });
          const cutEntry = scored.cut.find((entry) => entry.name === tool);
          if (cutEntry !== undefined) expect(explanation.verdict).toBe(`cut-${cutEntry.cut}`);
          if (explanation.selected) selectedSeen++;
        }
        cutSeen += cut.length;
      }),
      { numRuns: 25, seed: 29 },
    );
    // The runs exercised both sides of the decision.
    expect(selectedSeen).toBeGreaterThan(0);
    expect(cutSeen).toBeGreaterThan(0);
  });
});
