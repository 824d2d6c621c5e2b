// call_tool checks a dispatched input as the AI SDK checks a tool call: the verdicts of its `safeValidateTypes`.
import { lazySchema, safeValidateTypes } from "@ai-sdk/provider-utils";
import { jsonSchema, zodSchema } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkToolInput } from "../../src/agent/delivery/tool-definitions.js";

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
const schemas = {
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
  "jsonSchema() without validate": jsonSchema({ type: "object", properties: { n: { type: "number" } } }),
  "standard schema": standard,
  "lazySchema()": lazySchema(() => zodSchema(shape)),
};
const inputs = [{ city: "Rome" }, { city: "Rome", nights: 0 }, { city: 3 }, { n: 2 }, { n: "2" }, "text", 5];

describe("checkToolInput", () => {
  for (const [kind, schema] of Object.entries(schemas)) {
    it(`gives the AI SDK's verdict and value for ${kind}`, async () => {
      for (const input of inputs) {
        const sdk = await safeValidateTypes({ value: input, schema: schema as never });
        const ours = await checkToolInput(schema, input);
        expect(ours.success, JSON.stringify(input)).toBe(sdk.success);
        if (sdk.success && ours.success) expect(ours.value).toEqual(sdk.value);
      }
    });
  }

  it("names the path and problem of each issue", async () => {
    const result = await checkToolInput(shape, { city: 3 });
    expect(result).toEqual({ success: false, message: expect.stringMatching(/^city: .*expected string/i) });
    expect(await checkToolInput(standard, 1)).toEqual({ success: false, message: "text: expected a string" });
  });

  it("accepts anything without a schema, as the SDK's empty object schema does", async () => {
    expect(await checkToolInput(undefined, { any: 1 })).toEqual({ success: true, value: { any: 1 } });
  });
});
