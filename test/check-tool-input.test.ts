// The one input check: the AI SDK's verdicts (its `safeValidateTypes`) for the schemas the SDK validates, JSON Schema
// for what it leaves unchecked (a jsonSchema() without validate, a plain or MCP schema), one message naming the field.
import { lazySchema, safeValidateTypes } from "@ai-sdk/provider-utils";
import { jsonSchema, zodSchema } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkToolInput } from "../src/check-tool-input.js";

const shape = z.object({ city: z.string(), nights: z.number().int().min(1).default(1) });
/** A Standard Schema that is not zod (as valibot or arktype would be): strings only. */
const standard = {
  "~standard": {
    version: 1,
    vendor: "test",
    validate: (value: unknown) =>
      typeof value === "string"
        ? { value: value.toUpperCase() }
        : { issues: [{ message: "expected a string", path: ["text"] }] },
    jsonSchema: { input: () => ({ type: "string" }), output: () => ({ type: "string" }) },
  },
};
const sdkChecked = {
  zod: shape,
  "zodSchema()": zodSchema(shape),
  "jsonSchema() with validate": jsonSchema<{ n: number }>(
    { type: "object" },
    {
      validate: (value) =>
        typeof (value as { n?: unknown }).n === "number"
          ? { success: true, value: value as { n: number } }
          : { success: false, error: new Error("n must be a number") },
    },
  ),
  "standard schema": standard,
  "lazySchema()": lazySchema(() => zodSchema(shape)),
};
const inputs = [{ city: "Rome" }, { city: "Rome", nights: 0 }, { city: 3 }, { n: 2 }, { n: "2" }, "text", 5];
const fail = (problems: string) => ({
  success: false,
  message: `the input for "t" does not match its inputSchema: ${problems}`,
});

describe("checkToolInput", () => {
  for (const [kind, schema] of Object.entries(sdkChecked)) {
    it(`gives the AI SDK's verdict and value for ${kind}`, async () => {
      for (const input of inputs) {
        const sdk = await safeValidateTypes({ value: input, schema: schema as never });
        const ours = await checkToolInput("t", schema, input);
        expect(ours.success, JSON.stringify(input)).toBe(sdk.success);
        if (sdk.success && ours.success) expect(ours.value).toEqual(sdk.value);
      }
    });
  }

  it("checks the JSON Schema of a jsonSchema() without validate, which the AI SDK lets through", async () => {
    const schema = jsonSchema({ type: "object", properties: { content: { type: "string" } }, required: ["content"] });
    expect((await safeValidateTypes({ value: { content: 42 }, schema })).success).toBe(true);
    expect(await checkToolInput("t", schema, { content: 42 })).toEqual(fail("/content must be string, not number"));
    expect(await checkToolInput("t", schema, {})).toEqual(fail("/content is required"));
    expect(await checkToolInput("t", schema, { content: "x" })).toEqual({ success: true, value: { content: "x" } });
    const promised = jsonSchema(() => Promise.resolve({ type: "object", required: ["a"] }));
    expect(await checkToolInput("t", promised, {})).toEqual(fail("/a is required"));
  });

  it("checks plain JSON Schema by the draft its $schema names, 2020-12 without one", async () => {
    const tuple = { type: "array", items: [{ type: "string" }] };
    const draft7 = { $schema: "http://json-schema.org/draft-07/schema#", ...tuple };
    expect(await checkToolInput("t", draft7, [1])).toEqual(fail("/0 must be string, not number"));
    const draft2020 = { type: "array", prefixItems: [{ type: "string" }] };
    expect(await checkToolInput("t", draft2020, [1])).toEqual(fail("/0 must be string, not number"));
    expect(
      await checkToolInput("t", { ...draft2020, $schema: "https://json-schema.org/draft/2020-12/schema" }, ["a"]),
    ).toEqual({ success: true, value: ["a"] });
    const refs = {
      $defs: { note: { type: "object", properties: { body: { type: "string" } }, required: ["body"] } },
      type: "object",
      properties: { note: { $ref: "#/$defs/note" } },
    };
    expect(await checkToolInput("t", refs, { note: {} })).toEqual(fail("/note/body is required"));
    expect(await checkToolInput("t", false, {})).toMatchObject({ success: false });
    expect(await checkToolInput("t", true, 1)).toEqual({ success: true, value: 1 });
  });

  it("says what is wrong for each kind of keyword, naming the field", async () => {
    const schema = {
      type: "object",
      properties: {
        kind: { enum: ["a", "b"] },
        n: { type: "integer", minimum: 3 },
        either: { anyOf: [{ type: "string" }, { type: "number" }] },
        tags: { type: "array", items: { type: "string", minLength: 2 } },
        "a/b": { type: "string" },
      },
      additionalProperties: false,
    };
    const cases: [unknown, string][] = [
      [{ kind: "c" }, '/kind must be one of ["a","b"]'],
      [{ n: 2 }, "/n: 2 is less than 3"],
      [{ either: true }, "/either: does not match any subschemas"],
      [{ tags: ["ok", "x"] }, "/tags/1: String is too short (1 < 2)"],
      [{ "a/b": 1 }, "/a~1b must be string, not number"],
      [{ extra: 1, more: 2 }, "/extra is not allowed; /more is not allowed"],
      ["text", "the input must be object, not string"],
    ];
    for (const [input, problems] of cases) {
      expect(await checkToolInput("t", schema, input), JSON.stringify(input)).toEqual(fail(problems));
    }
  });

  it("names the path of each Standard Schema issue, and of a ZodError from an AI SDK validate", async () => {
    const zodProblem = "/city: Invalid input: expected string, received number";
    expect(await checkToolInput("t", shape, { city: 3 })).toEqual(fail(zodProblem));
    expect(await checkToolInput("t", zodSchema(shape), { city: 3 })).toEqual(fail(zodProblem));
    expect(await checkToolInput("t", standard, 1)).toEqual(fail("/text: expected a string"));
  });

  it("lists at most five problems and counts the rest", async () => {
    const required = ["a", "b", "c", "d", "e", "f", "g"];
    expect(await checkToolInput("t", { type: "object", required }, {})).toEqual(
      fail("/a is required; /b is required; /c is required; /d is required; /e is required (and 2 more)"),
    );
  });

  it("refuses, saying why, when the schema itself cannot check (a $ref to nowhere, a throwing validate)", async () => {
    expect(await checkToolInput("t", { $ref: "#/nowhere" }, {})).toEqual({
      success: false,
      message: expect.stringMatching(/^the input for "t" could not be checked against its inputSchema: .*#\/nowhere/),
    });
    const throwing = jsonSchema(
      { type: "object" },
      {
        validate: () => {
          throw new Error("boom");
        },
      },
    );
    expect(await checkToolInput("t", throwing, {})).toEqual({
      success: false,
      message: 'the input for "t" could not be checked against its inputSchema: boom',
    });
  });

  it("leaves the schema as it was (a frozen one included) and accepts anything without a schema", async () => {
    const schema = Object.freeze({
      type: "object",
      properties: Object.freeze({ a: Object.freeze({ type: "string" }) }),
    });
    const before = Object.getOwnPropertyNames(schema.properties.a);
    expect(await checkToolInput("t", schema, { a: 1 })).toEqual(fail("/a must be string, not number"));
    expect(Object.getOwnPropertyNames(schema.properties.a)).toEqual(before);
    expect(await checkToolInput("t", undefined, { any: 1 })).toEqual({ success: true, value: { any: 1 } });
  });
});
