// The input check inside workerd, whose own Function constructor refuses code from strings (so Ajv, which compiles
// schemas with it, cannot run deployed): JSON Schema is interpreted, for a plain schema and an AI SDK jsonSchema().
import { jsonSchema } from "ai";
import { describe, expect, it } from "vitest";
import { checkToolInput } from "../../src/check-tool-input.js";

const noteSchema = { type: "object", properties: { content: { type: "string" } }, required: ["content"] } as const;

describe("the input check in workerd", () => {
  it("refuses the bad inputs and accepts a good one where code generation is refused", async () => {
    // workerd's own Function constructor (the test pool patches only globalThis.Function, for its module runner).
    const NativeFunction = (() => undefined).constructor as FunctionConstructor;
    expect(() => new NativeFunction("return 1")).toThrow(/Code generation from strings disallowed/);
    for (const schema of [noteSchema, jsonSchema(structuredClone(noteSchema) as never)]) {
      expect(await checkToolInput("write_note", schema, { content: 42 })).toEqual({
        success: false,
        message: 'the input for "write_note" does not match its inputSchema: /content must be string, not number',
      });
      expect(await checkToolInput("write_note", schema, {})).toEqual({
        success: false,
        message: 'the input for "write_note" does not match its inputSchema: /content is required',
      });
      expect(await checkToolInput("write_note", schema, { content: "hi" })).toEqual({
        success: true,
        value: { content: "hi" },
      });
    }
  });
});
