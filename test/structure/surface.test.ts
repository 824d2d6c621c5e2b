// The public surface a user has to hold (issue 29), counted by the TypeScript checker (scripts/surface.mjs): exports
// per entry and across entries, and how many top-level options each public function and method takes.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { measure } from "../../scripts/surface.mjs";

const surface = measure();

/** docs/runtimes.md's "Entries" table: per entry (`toolsift/core`), the names its row writes in backticks. */
function documentedEntries(): Map<string, string[]> {
  const page = readFileSync(new URL("../../docs/runtimes.md", import.meta.url), "utf8");
  const section = page.slice(page.indexOf("\n## Entries\n"), page.indexOf("\n## ", page.indexOf("\n## Entries\n") + 1));
  const rows = new Map<string, string[]>();
  for (const line of section.split("\n")) {
    const row = /^\| `([^`]+)` \| (.*) \|$/.exec(line);
    if (row !== null)
      rows.set(
        row[1],
        [...row[2].matchAll(/`([A-Za-z_]\w*)`/g)].map((match) => match[1]),
      );
  }
  return rows;
}

describe("the public surface", () => {
  it("the root entry exports at most 12 values and 35 types", () => {
    const root = surface.entries.find((entry) => entry.entry === ".")!;
    expect(root.values).toBeLessThanOrEqual(12);
    expect(root.types).toBeLessThanOrEqual(35);
  });

  // Issue 38: 20 entries and 135 names (116 distinct) were more than a user can hold.
  it("has at most 12 entries and 90 names across them (an entry's repeat of another's counted again)", () => {
    expect(surface.entries.length).toBeLessThanOrEqual(12);
    expect(surface.total).toBeLessThanOrEqual(90);
    expect(surface.names).toBeLessThanOrEqual(surface.total);
  });

  it("documents every entry and every name it exports in docs/runtimes.md's Entries table", () => {
    const documented = documentedEntries();
    const entryName = (entry: string) => (entry === "." ? "toolsift" : `toolsift/${entry.slice(2)}`);
    expect([...documented.keys()].sort()).toEqual(surface.entries.map((entry) => entryName(entry.entry)).sort());
    for (const entry of surface.entries) {
      const written = new Set(documented.get(entryName(entry.entry)));
      expect({ entry: entry.entry, undocumented: entry.names.filter((name) => !written.has(name)) }).toEqual({
        entry: entry.entry,
        undocumented: [],
      });
    }
  });

  it("createToolIndex takes at most 12 top-level options, and no method of the index more than 13", () => {
    // Beyond them, the names code written for toolpick brings, which keep toolpick's meaning: createToolIndex's
    // embeddingCache and enrichDescriptions, select's and the adapters' threshold and relatedTools.
    const toolpickNames: Readonly<Record<string, number>> = {
      createToolIndex: 2,
      "createToolIndex().prepareStep": 2,
      "createToolIndex().middleware": 2,
      "createToolIndex().inConversation": 2,
      "createToolIndex().select": 2,
      "createToolIndex().selectWithScores": 2,
      "createToolIndex().explain": 2,
    };
    const own = (name: string) => surface.options[name] - (toolpickNames[name] ?? 0);
    expect(own("createToolIndex")).toBeLessThanOrEqual(12);
    const methods = Object.keys(surface.options).filter((name) => name.startsWith("createToolIndex()."));
    expect(methods.length).toBeGreaterThanOrEqual(8);
    // prepareStep has the most: the select options, steps, rules, stableTools, onEvent and the offer policy's three
    // (onNoMatch, maxOfferAll, smallCatalog).
    expect(methods.filter((name) => own(name) > 13)).toEqual([]);
  });

  it("counts options the way a user meets them (the meter itself)", () => {
    // select's options, one by one from the SelectOptions type: the meter reads an options argument's top-level keys.
    expect(surface.options["createToolIndex().select"]).toBeGreaterThanOrEqual(5);
    expect(surface.options["core: createToolIndex().select"]).toBe(surface.options["createToolIndex().select"]);
  });
});
