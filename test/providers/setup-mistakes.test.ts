// First-hour mistakes wiring a catalog and a model get a message that says what to do: a single tool() passed as the
// catalog, localEmbeddingModel (or another factory) passed uncalled.
import { createOpenAI } from "@ai-sdk/openai";
import { dynamicTool, jsonSchema, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createToolIndex, type ToolCatalog, type ToolIndexOptions } from "../../src/index.js";
import { localEmbeddingModel } from "../../src/local/index.js";

const weather = tool({
  description: "Get the weather for a city.",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => `sunny in ${city}`,
});

describe("a single AI SDK tool() passed as the catalog", () => {
  it.each([
    ["tool() with a zod schema and execute", weather],
    ["tool() without a description or execute", tool({ inputSchema: z.object({ city: z.string() }) })],
    [
      "tool() with a jsonSchema()",
      tool({ description: "Get the weather.", inputSchema: jsonSchema({ type: "object" }) }),
    ],
    [
      "dynamicTool()",
      dynamicTool({ description: "Run a query.", inputSchema: z.object({}), execute: async () => "done" }),
    ],
  ])("%s: INVALID_CATALOG saying to pass { name: tool(...) }", (_, single) => {
    expect(() => createToolIndex(single as unknown as ToolCatalog)).toThrow(
      expect.objectContaining({
        code: "INVALID_CATALOG",
        message: expect.stringContaining("pass an object of named tools, { name: tool(...) }"),
      }),
    );
  });

  it("still reads a ToolSet whose tools are named like tool fields", async () => {
    const index = createToolIndex({ parameters: weather, inputSchema: weather });
    expect(await index.select("weather in a city")).toEqual(["parameters", "inputSchema"]);
  });
});

describe("a model factory passed uncalled", () => {
  it('localEmbeddingModel as embeddingModel: "call it: localEmbeddingModel()"', () => {
    const options = { embeddingModel: localEmbeddingModel } as unknown as ToolIndexOptions;
    expect(() => createToolIndex({ get_weather: weather }, options)).toThrow(
      expect.objectContaining({
        code: "INVALID_OPTION",
        message: expect.stringContaining("call it: localEmbeddingModel()"),
      }),
    );
  });

  it('localEmbeddingModel as queryExpansion: "call it: localEmbeddingModel()"', () => {
    const options = { keyword: { queryExpansion: localEmbeddingModel } } as unknown as ToolIndexOptions;
    expect(() => createToolIndex({ get_weather: weather }, options)).toThrow(
      expect.objectContaining({
        code: "INVALID_OPTION",
        message: expect.stringContaining("call it: localEmbeddingModel()"),
      }),
    );
  });

  it("another factory (openai.embedding) passed uncalled: says to call it, with an example", () => {
    const openai = createOpenAI({ baseURL: "http://127.0.0.1:9/v1", apiKey: "test" });
    const options = { embeddingModel: openai.embedding } as unknown as ToolIndexOptions;
    expect(() => createToolIndex({ get_weather: weather }, options)).toThrow(
      expect.objectContaining({
        code: "INVALID_OPTION",
        message: expect.stringMatching(/got a function, not a model; call the factory.*openai\.embedding\(/),
      }),
    );
  });
});
