// Compact definitions (src/agent/delivery/definition-text.ts): every description and constraint of a schema survives,
// the shape is written as types, and a shared description opening is stated once per delivery.
import { describe, expect, it } from "vitest";
import { compactDefinition, compactDefinitions, sharedOpening } from "../../src/agent/delivery/definition-text.js";

const search = {
  name: "search_web",
  description: "Search the web.",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", description: "What to search for." },
      limit: { type: "integer", minimum: 1, maximum: 50, default: 10 },
      region: { type: "string", enum: ["us-en", "de-de"], description: "Where." },
      tags: { type: "array", items: { type: "string", description: "One tag." } },
      filter: {
        type: "object",
        properties: { since: { type: "string", format: "date" }, safe: { type: "boolean" } },
        required: ["since"],
      },
      when: { anyOf: [{ type: "string" }, { type: "null" }] },
    },
    required: ["query"],
    additionalProperties: false,
  },
};

describe("compactDefinition", () => {
  it("writes the shape as a signature and every description and constraint as a note", () => {
    expect(compactDefinition(search).split("\n")).toEqual([
      'search_web({ query: string, limit?: integer, region?: "us-en" | "de-de", tags?: string[], ' +
        "filter?: { since: string, safe?: boolean }, when?: string | null }): Search the web.",
      "  query: What to search for.",
      '  limit: {"minimum":1,"maximum":50,"default":10}',
      "  region: Where.",
      "  tags[]: One tag.",
      '  filter.since: {"format":"date"}',
    ]);
  });

  it("keeps a root schema that is not an object with properties as JSON, and writes no parameters as ()", () => {
    const list = { type: "array", items: { type: "number" } };
    expect(compactDefinition({ name: "sum", description: "Add numbers.", inputSchema: list })).toBe(
      'sum(input: {"type":"array","items":{"type":"number"}}): Add numbers.',
    );
    const none = { name: "now", description: " The time. ", inputSchema: { type: "object", properties: {} } };
    expect(compactDefinition(none)).toBe("now(): The time.");
  });

  it("keeps root keywords other than the shape as an input note", () => {
    const schema = { type: "object", properties: { a: { type: "string" } }, minProperties: 1 };
    expect(compactDefinition({ name: "f", description: "F.", inputSchema: schema }).split("\n")).toEqual([
      "f({ a?: string }): F.",
      '  input: {"minProperties":1}',
    ]);
  });
});

describe("sharedOpening / compactDefinitions", () => {
  const preamble = "This tool belongs to the Acme file system, a simple file store. Tool description: ";
  const tool = (name: string, rest: string) => ({
    name,
    description: preamble + rest,
    inputSchema: { type: "object", properties: {} },
  });

  it("finds the longest shared opening that ends a sentence or a label, if it is long enough", () => {
    expect(sharedOpening([preamble + "List files.", preamble + "Make a folder."])).toBe(preamble.trimEnd());
    expect(sharedOpening(["Send an email. To anyone.", "Send an email. Fast."])).toBe(""); // too short to be worth it
    expect(sharedOpening([preamble + "List files."])).toBe("");
  });

  it("states a shared opening once, over the tools that share it; other tools keep their whole description", () => {
    const lines = compactDefinitions([
      tool("ls", "List files."),
      { name: "mail", description: "Send an email.", inputSchema: { type: "object", properties: {} } },
      tool("mkdir", "Make a folder."),
    ]);
    expect(lines).toEqual([
      `## ${preamble.trimEnd()}`,
      "ls(): List files.",
      "mkdir(): Make a folder.",
      "mail(): Send an email.",
    ]);
  });
});
