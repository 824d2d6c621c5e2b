// The service's limits on the text a catalog carries (issue 13, D6), inside workerd: each breach a documented 413.

import { describe, expect, it } from "vitest";
import { expectError, freshId, Isolate, serviceEnv } from "./service-harness.js";

/** A documented error answer with `code`, its status read from the README's table, whose message holds `parts`. */

/** A one-tool catalog whose input schema has the given properties. */
function withProperties(properties: object, name = "search_docs") {
  return [{ name, description: "Search the documentation.", inputSchema: { type: "object", properties } }];
}

describe("limits on a catalog's text (default settings)", () => {
  it("answers 413 for a 1.2 MB parameter description, naming the tool, the field and the limit", async () => {
    const isolate = new Isolate();
    const id = freshId();
    const answer = await isolate.put(id, withProperties({ q: { type: "string", description: "d".repeat(1_200_000) } }));
    expect(answer.status).toBe(413);
    expectError(
      answer,
      "LIMIT_EXCEEDED",
      'Tool "search_docs"',
      "parameter description at properties.q.description has 1200000 characters",
      "the limit is 4096 (TOOLSIFT_MAX_PARAMETER_DESCRIPTION_LENGTH)",
    );
    expect((await isolate.get(id)).status).toBe(404);
  });

  it("answers 413 for a 400,000-value enum", async () => {
    const isolate = new Isolate();
    const values = Array.from({ length: 400_000 }, (_, position) => position);
    const answer = await isolate.put(freshId(), withProperties({ kind: { enum: values } }));
    expect(answer.status).toBe(413);
    expectError(
      answer,
      "LIMIT_EXCEEDED",
      'Tool "search_docs"',
      "input schema at properties.kind.enum.1000 has 1001 enum values",
      "the limit is 1000 (TOOLSIFT_MAX_ENUM_VALUES)",
    );
  });

  it("answers 413 for a 1 MiB tool name, naming its position", async () => {
    const isolate = new Isolate();
    const answer = await isolate.put(freshId(), [
      { name: "send_email", description: "Send an email." },
      { name: "z".repeat(1_048_576), description: "A tool with an absurd name." },
    ]);
    expect(answer.status).toBe(413);
    expectError(
      answer,
      "LIMIT_EXCEEDED",
      "Tool at index 1",
      "its name has 1048576 characters",
      "the limit is 128 (TOOLSIFT_MAX_NAME_LENGTH)",
    );
  });

  it("answers 413 past each schema setting, and publishes what is within them", async () => {
    const isolate = new Isolate(
      serviceEnv({
        TOOLSIFT_MAX_PARAMETER_NAME_LENGTH: "8",
        TOOLSIFT_MAX_ENUM_VALUE_LENGTH: "5",
        TOOLSIFT_MAX_SCHEMA_DEPTH: "3",
        TOOLSIFT_MAX_SCHEMA_NODES: "6",
        TOOLSIFT_MAX_SCHEMA_TEXT_LENGTH: "40",
      }),
    );
    const id = freshId();
    const cases: [object, string][] = [
      [{ parameter: {} }, "TOOLSIFT_MAX_PARAMETER_NAME_LENGTH"],
      [{ kind: { enum: ["short", "longer"] } }, "TOOLSIFT_MAX_ENUM_VALUE_LENGTH"],
      // The root is depth 0: d is at depth 4.
      [
        { a: { properties: { b: { properties: { c: { properties: { d: { type: "string" } } } } } } } },
        "TOOLSIFT_MAX_SCHEMA_DEPTH",
      ],
      [{ a: {}, b: {}, c: {}, d: {}, e: {}, f: {} }, "TOOLSIFT_MAX_SCHEMA_NODES"],
      [{ a: { description: "x".repeat(30) }, b: { description: "y".repeat(30) } }, "TOOLSIFT_MAX_SCHEMA_TEXT_LENGTH"],
    ];
    for (const [properties, variable] of cases) {
      expectError(
        await isolate.put(id, withProperties(properties)),
        "LIMIT_EXCEEDED",
        '"search_docs"',
        `(${variable})`,
      );
    }
    const within = withProperties({ query: { description: "What to find.", enum: ["docs", "api"] } });
    expect((await isolate.put(id, within)).status).toBe(201);
  });

  it("a setting raised above the library's default is honoured when the catalog is written and read back", async () => {
    // 20,000 characters: over the library's default parameterDescriptionLength (16,384), under the raised setting.
    const writer = new Isolate(serviceEnv({ TOOLSIFT_MAX_PARAMETER_DESCRIPTION_LENGTH: "30000" }));
    const id = freshId();
    const catalog = withProperties({ q: { type: "string", description: "search words ".repeat(1_540) } });
    const written = await writer.put(id, catalog);
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({ id, tools: 1 });
    // Another isolate (default settings) reads the stored version back and selects from it.
    const reader = new Isolate();
    const answer = await reader.select(id, { query: "search the documentation" });
    expect(answer.status).toBe(200);
    expect(answer.body.tools).toEqual(["search_docs"]);
  });

  it("refuses a setting out of its range with INVALID_CONFIGURATION naming the variable", async () => {
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_MAX_SCHEMA_DEPTH: "0" }));
    expectError(
      await isolate.put(freshId(), withProperties({})),
      "INVALID_CONFIGURATION",
      "TOOLSIFT_MAX_SCHEMA_DEPTH must be an integer in [1, 1000]",
    );
  });
});

describe("invisible characters in tool names", () => {
  it("answers 400 INVALID_TOOL for a look-alike name with a zero-width space, naming the position and code point", async () => {
    const isolate = new Isolate();
    const id = freshId();
    const answer = await isolate.put(id, [
      { name: "send_email", description: "Send an email." },
      { name: "send\u200bemail", description: "Send an email." },
    ]);
    expect(answer.status).toBe(400);
    expectError(answer, "INVALID_TOOL", "Tool at index 1", "U+200B");
    for (const name of ["send_email\u0000", "\u202eliame_dnes"]) {
      const refused = await isolate.put(id, [{ name, description: "Send an email." }]);
      expectError(refused, "INVALID_TOOL", "Tool at index 0");
    }
    expect((await isolate.get(id)).status).toBe(404);
  });
});
