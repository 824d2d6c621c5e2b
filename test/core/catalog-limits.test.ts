// Bounds on every text a catalog carries (issue 13, D6) and names with invisible characters, through createToolIndex.

import { describe, expect, it } from "vitest";
import { createToolIndex, ToolsiftError } from "../../src/index.js";

/** A one-tool MCP catalog whose input schema is `schema`. */
function withSchema(schema: object, name = "search_docs") {
  return [{ name, description: "Search the documentation.", inputSchema: schema }];
}

/** The error `run` throws or rejects with. */
async function failure(run: () => unknown): Promise<ToolsiftError> {
  try {
    await run();
  } catch (error) {
    expect(ToolsiftError.isInstance(error), String(error)).toBe(true);
    return error as ToolsiftError;
  }
  throw new Error("expected a ToolsiftError, nothing was thrown");
}

/** Builds the index (schemas are read for the index, on warmUp or the first select). */
const build = (catalog: unknown, options: object = {}) => createToolIndex(catalog as never, options).warmUp();

describe("limits on a catalog's text (defaults)", () => {
  it("refuses a 1.2 MB parameter description, naming the tool, the field, where and the limit", async () => {
    const error = await failure(() =>
      build(withSchema({ type: "object", properties: { q: { type: "string", description: "d".repeat(1_200_000) } } })),
    );
    expect(error.code).toBe("LIMIT_EXCEEDED");
    expect(error.message).toContain('Tool "search_docs"');
    expect(error.message).toContain("parameter description at properties.q.description has 1200000 characters");
    expect(error.message).toContain(
      'the limit is 16384 (createToolIndex option "catalog.limits.parameterDescriptionLength")',
    );
    expect(error.details).toMatchObject({ limit: "parameterDescriptionLength", max: 16_384, actual: 1_200_000 });
  });

  it("refuses a 400,000-value enum", async () => {
    const values = Array.from({ length: 400_000 }, (_, position) => `v${position}`);
    const error = await failure(() =>
      build(withSchema({ type: "object", properties: { kind: { type: "string", enum: values } } })),
    );
    expect(error.code).toBe("LIMIT_EXCEEDED");
    expect(error.message).toMatch(
      /Tool "search_docs": its input schema at properties\.kind\.enum\.10000 has 10001 enum values; the limit is 10000/,
    );
  });

  it("refuses a long enum value, a long parameter name, a deep schema, many subschemas and too much text", async () => {
    const cases: [object, string][] = [
      [{ properties: { kind: { enum: ["x".repeat(1_025)] } } }, "enumValueLength"],
      [{ properties: { ["p".repeat(257)]: { type: "string" } } }, "parameterNameLength"],
      [
        Array.from({ length: 40 }).reduce<object>((inner) => ({ properties: { a: inner } }), { type: "string" }),
        "schemaDepth",
      ],
      [{ properties: Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`p${i}`, true])) }, "schemaNodes"],
      [
        {
          properties: Object.fromEntries(
            Array.from({ length: 100 }, (_, i) => [`p${i}`, { description: "d".repeat(16_000) }]),
          ),
        },
        "schemaTextLength",
      ],
    ];
    for (const [schema, limit] of cases) {
      const error = await failure(() => build(withSchema(schema)));
      expect([error.code, error.details.limit, error.message]).toEqual([
        "LIMIT_EXCEEDED",
        limit,
        expect.stringContaining(`(createToolIndex option "catalog.limits.${limit}")`),
      ]);
    }
  });

  it("refuses a 1 MiB tool name when the catalog is read, naming its position", async () => {
    const error = await failure(() =>
      createToolIndex([{ name: "send_email", description: "Send." }, { name: "z".repeat(1_048_576) }]),
    );
    expect(error.code).toBe("LIMIT_EXCEEDED");
    const expected = /^Tool at index 1 \("z{100}…"\): its name has 1048576 characters; the limit is 256 /;
    expect(error.message).toMatch(expected);
    const toolSet = await failure(() => createToolIndex({ ["y".repeat(257)]: { description: "A tool." } }));
    expect(toolSet.details).toMatchObject({ limit: "nameLength", actual: 257 });
  });

  it("accepts what the defaults allow, and more when a limit is raised", async () => {
    const schema = { type: "object", properties: { q: { description: "d".repeat(20_000) } } };
    await build(withSchema({ type: "object", properties: { q: { description: "d".repeat(16_384) } } }));
    await build(withSchema(schema), { catalog: { limits: { parameterDescriptionLength: 20_000 } } });
    const tighter = { catalog: { limits: { parameterDescriptionLength: 19_999 } } };
    await expect(build(withSchema(schema), tighter)).rejects.toThrow(/the limit is 19999/);
    const index = createToolIndex([{ name: "z".repeat(1_000), description: "An odd one." }], {
      catalog: { limits: { nameLength: 1_000 } },
    });
    // minRelevance 0: in a one-tool catalog "odd" weighs little next to "tool", a word it lacks (this test is about
    // the name's length, not relevance).
    expect(await index.select("an odd tool", { minRelevance: 0 })).toEqual(["z".repeat(1_000)]);
  });

  it("checks the limits option with the option kit", () => {
    expect(() => createToolIndex([], { catalog: { limits: { nameLength: 0 } } })).toThrow(
      'createToolIndex: option "catalog.limits.nameLength" must be an integer in [1, 16777216], got 0.',
    );
    expect(() => createToolIndex([], { catalog: { limits: { enumValue: 3 } as never } })).toThrow(
      /unknown option "catalog.limits.enumValue"; did you mean "catalog.limits.enumValues"/,
    );
    expect(() => createToolIndex([], { catalog: { limits: 5 as never } })).toThrow(
      /option "catalog.limits" must be an object/,
    );
  });
});

describe("invisible characters in tool names", () => {
  const invisible: [string, number][] = [
    ["send\u200bemail", 0x200b], // zero-width space
    ["send_email\u0000", 0x0], // NUL
    ["\u202esend_email", 0x202e], // right-to-left override
    ["send\u2060email", 0x2060], // word joiner
    ["send\ufeffemail", 0xfeff], // BOM
    ["send\u00ademail", 0xad], // soft hyphen
    ["send\u2028email", 0x2028], // line separator
    ["send\ufe0femail", 0xfe0f], // variation selector
    ["send\u3164email", 0x3164], // Hangul filler
  ];

  it("refuses each with INVALID_TOOL naming the tool's position and the code point", async () => {
    for (const [name, point] of invisible) {
      const error = await failure(() =>
        createToolIndex([
          { name: "send_email", description: "Send an email." },
          { name, description: "Send an email." },
        ]),
      );
      const code = `U+${point.toString(16).toUpperCase().padStart(4, "0")}`;
      expect([error.code, error.message]).toEqual([
        "INVALID_TOOL",
        expect.stringMatching(new RegExp(`^Tool at index 1 \\(.*\\): its name holds ${code.replace("+", "\\+")} `)),
      ]);
      expect(error.details).toMatchObject({ index: 1, field: "name", codePoint: code });
    }
  });

  it("refuses them in every catalog shape, and keeps ordinary Unicode names", async () => {
    const name = "send\u200b_email";
    for (const catalog of [
      { [name]: { description: "Send." } },
      [{ type: "function", function: { name, description: "Send." } }],
      { tools: [{ name, description: "Send.", inputSchema: { type: "object" } }] },
    ]) {
      expect((await failure(() => createToolIndex(catalog as never))).code).toBe("INVALID_TOOL");
    }
    const index = createToolIndex([
      { name: "envoyer_café", description: "Envoyer un courriel." },
      { name: "日本語_検索" },
    ]);
    expect(await index.select("courriel")).toEqual(["envoyer_café"]);
  });
});
