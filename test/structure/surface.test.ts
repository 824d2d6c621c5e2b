// The public surface a user has to hold (issue 29), counted by the TypeScript checker (scripts/surface.mjs): exports
// per entry and across entries, and how many top-level options each public function and method takes.
import { describe, expect, it } from "vitest";
import { measure } from "../../scripts/surface.mjs";

const surface = measure();

describe("the public surface", () => {
  it("the root entry exports at most 12 values and 35 types", () => {
    const root = surface.entries.find((entry) => entry.entry === ".")!;
    expect(root.values).toBeLessThanOrEqual(12);
    expect(root.types).toBeLessThanOrEqual(35);
  });

  it("all entries together export at most 120 distinct names", () => {
    expect(surface.names).toBeLessThanOrEqual(120);
  });

  it("createToolIndex takes at most 12 top-level options, and no method of the index more than 12", () => {
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
    expect(methods.filter((name) => own(name) > 12)).toEqual([]);
  });

  it("counts options the way a user meets them (the meter itself)", () => {
    // select's options, one by one from the SelectOptions type: the meter reads an options argument's top-level keys.
    expect(surface.options["createToolIndex().select"]).toBeGreaterThanOrEqual(5);
    expect(surface.options["core: createToolIndex().select"]).toBe(surface.options["createToolIndex().select"]);
  });
});
