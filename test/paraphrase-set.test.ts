// The paraphrase benchmark set (test/fixtures/paraphrase/): big enough, well formed, and every query shares no analysed
// term with its expected tool's name or description, so keyword search alone cannot carry it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkParaphraseSet, type ParaphraseQuery, type ParaphraseTool } from "./fixtures/paraphrase/check.mjs";
import { tokenize } from "../src/core/tokenizer.js";

const load = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`./fixtures/paraphrase/${file}`, import.meta.url), "utf8")) as T;
const catalog = load<ParaphraseTool[]>("catalog.json");
const queries = load<ParaphraseQuery[]>("queries.json");

describe("paraphrase set", () => {
  it("has at least 60 queries over at least 30 tools", () => {
    expect(queries.length).toBeGreaterThanOrEqual(60);
    expect(catalog.length).toBeGreaterThanOrEqual(30);
  });

  it("breaks no rule", () => {
    expect(checkParaphraseSet(catalog, queries, tokenize)).toEqual([]);
  });

  it("gives every tool at least one query", () => {
    const expected = new Set(queries.map((query) => query.expected));
    expect(catalog.map((tool) => tool.name).filter((name) => !expected.has(name))).toEqual([]);
  });

  it("reports the rules it checks", () => {
    const tool: ParaphraseTool = {
      name: "stripe_create_refund",
      description: "Refund a charge.",
      parameters: { type: "object", properties: { charge: { description: "Charge ID." } } },
    };
    const kinds = checkParaphraseSet(
      [tool, tool],
      [
        { query: "refunds for the order", expected: "stripe_create_refund" },
        { query: "Refunds for the order!", expected: "stripe_create_refund" },
        { query: "money back please", expected: "stripe_missing_tool" },
      ],
      tokenize,
    ).map((violation) => violation.kind);
    expect(kinds).toEqual(expect.arrayContaining(["duplicate-tool", "overlap", "duplicate-query", "missing-tool"]));
  });
});
