// The input check inside @edge-runtime/vm with code generation banned, as Vercel Edge runs it: JSON Schema is
// interpreted, not compiled, so it works where Ajv (the MCP SDK's default validator) cannot compile a schema.
import { fileURLToPath } from "node:url";
import { EdgeVM } from "@edge-runtime/vm";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";

const source = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** `entry` bundled as Next.js bundles for Edge ("edge-light"), as a script leaving its exports in `globalName`. */
async function bundle(entry: string, globalName: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: "iife",
    globalName,
    platform: "browser",
    conditions: ["edge-light"],
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

const noteSchema = { type: "object", properties: { content: { type: "string" } }, required: ["content"] };

let check: string;
let ajv: string;

beforeAll(async () => {
  check = await bundle(source("src/check-tool-input.ts"), "inputCheck");
  ajv = await bundle(source("node_modules/@modelcontextprotocol/sdk/dist/esm/validation/ajv-provider.js"), "ajv");
});

function bannedVm(): EdgeVM {
  const vm = new EdgeVM({ codeGeneration: { strings: false, wasm: false } });
  expect(() => vm.evaluate("new Function('return 1')")).toThrow(/Code generation from strings disallowed/);
  return vm;
}

describe("the input check in an Edge VM that bans code generation", () => {
  it("refuses the bad inputs and accepts a good one, for plain JSON Schema and an AI SDK jsonSchema() shape", async () => {
    const vm = bannedVm();
    vm.evaluate(check);
    vm.context.noteSchema = noteSchema;
    const run = (schema: string, input: string) =>
      vm.evaluate<Promise<unknown>>(`inputCheck.checkToolInput("write_note", ${schema}, ${input})`);
    const aiSchema = `{ [Symbol.for("vercel.ai.schema")]: true, jsonSchema: noteSchema, validate: undefined }`;
    for (const schema of ["noteSchema", aiSchema]) {
      expect(await run(schema, "{ content: 42 }")).toEqual({
        success: false,
        message: 'the input for "write_note" does not match its inputSchema: /content must be string, not number',
      });
      expect(await run(schema, "{}")).toEqual({
        success: false,
        message: 'the input for "write_note" does not match its inputSchema: /content is required',
      });
      expect(await run(schema, '{ content: "hi" }')).toEqual({ success: true, value: { content: "hi" } });
    }
  });

  it("where Ajv, the MCP SDK's default validator, cannot compile the same schema", () => {
    const vm = bannedVm();
    vm.evaluate(ajv);
    vm.context.noteSchema = noteSchema;
    // Ajv logs the function it failed to compile before it throws; kept here instead of the test's output.
    const logged: unknown[] = [];
    vm.context.console = { ...console, error: (...args: unknown[]) => logged.push(args) };
    expect(() => vm.evaluate("new ajv.AjvJsonSchemaValidator().getValidator(noteSchema)")).toThrow(
      /Code generation from strings disallowed/,
    );
    expect(String(logged[0])).toContain("Error compiling schema");
  });
});
