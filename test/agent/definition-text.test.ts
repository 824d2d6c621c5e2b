// Compact definitions (src/agent/delivery/definition-text.ts): every description and constraint of a schema survives,
// the shape is written as types, and a shared description opening is stated once per conversation.
import { describe, expect, it } from "vitest";
import {
  compactDefinition,
  compactDefinitions,
  familyOpenings,
  headingReference,
  sharedOpening,
  statedHeadings,
} from "../../src/agent/delivery/definition-text.js";

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
  it("writes one line per parameter, its type and what the schema says of it; notes for what lies inside", () => {
    expect(compactDefinition(search).split("\n")).toEqual([
      "search_web: Search the web.",
      "  query: string — What to search for.",
      '  limit?: integer — {"minimum":1,"maximum":50,"default":10}',
      '  region?: "us-en" | "de-de" — Where.',
      "  tags?: string[]",
      "  tags[]: One tag.",
      "  filter?: { since: string, safe?: boolean }",
      '  filter.since: {"format":"date"}',
      "  when?: string | null",
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
      "f: F.",
      '  input: {"minProperties":1}',
      "  a?: string",
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

  const mailPreamble = "This tool belongs to the Acme mail system, a simple mail store. Tool description: ";
  const mail = (name: string, rest: string) => ({
    name,
    description: mailPreamble + rest,
    inputSchema: { type: "object", properties: {} },
  });
  const catalog = [
    tool("ls", "List files."),
    tool("mkdir", "Make a folder."),
    mail("send", "Send."),
    mail("read", "Read."),
  ];

  it("takes each tool's opening from its family in the catalog, so a lone tool gets its heading too", () => {
    const openings = familyOpenings(catalog);
    expect(openings.get("ls")).toBe(preamble.trimEnd());
    expect(openings.get("send")).toBe(mailPreamble.trimEnd());
    expect(compactDefinitions([tool("ls", "List files.")], { openings, stated: new Set() })).toEqual([
      `## ${preamble.trimEnd()}`,
      "ls(): List files.",
    ]);
  });

  it("refers to an opening an earlier delivery stated, by its first words no other opening starts with", () => {
    const openings = familyOpenings(catalog);
    const first = compactDefinitions([tool("ls", "List files.")], { openings, stated: new Set() });
    const stated = statedHeadings([first.join("\n")]);
    expect([...stated]).toEqual([preamble.trimEnd()]);
    expect(headingReference(preamble.trimEnd(), openings.values())).toBe("This tool belongs to the Acme file…");
    // At least five words, even where fewer would tell the openings apart.
    expect(headingReference(preamble.trimEnd(), [preamble.trimEnd()])).toBe("This tool belongs to the…");
    expect(compactDefinitions([tool("mkdir", "Make a folder."), mail("send", "Send.")], { openings, stated })).toEqual([
      "## This tool belongs to the Acme file…",
      "mkdir(): Make a folder.",
      `## ${mailPreamble.trimEnd()}`,
      "send(): Send.",
    ]);
    // A reference is not a statement: a later delivery refers to the opening stated in full, not to the reference.
    expect(statedHeadings(["## This tool belongs to the Acme file…\nmkdir(): Make a folder."])).toEqual(new Set());
  });
});
