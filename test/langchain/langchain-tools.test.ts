// LangChain tools read into { name, description, parameters } (zod 4, zod 3, JSON Schema); provider tools skipped.
import { DynamicTool, tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import type { ToolsiftEvent } from "../../src/events.js";
import { isSelectableTool, toolDefinition } from "../../src/langchain/langchain-tools.js";

const ignore = (_event: ToolsiftEvent) => {};

describe("toolDefinition", () => {
  it("converts zod 4, zod 3 and JSON Schema inputs to JSON Schema parameters", () => {
    const zod4 = tool(async () => "", {
      name: "get_weather",
      description: "Get the weather.",
      schema: z.object({ city: z.string().describe("City name") }),
    });
    const zod3 = tool(async () => "", {
      name: "get_time",
      description: "Get the time.",
      schema: z3.object({ zone: z3.string().describe("IANA zone") }),
    });
    const json = tool(async () => "", {
      name: "get_news",
      description: "Get the news.",
      schema: { type: "object", properties: { topic: { type: "string", description: "Topic" } }, required: ["topic"] },
    });
    expect(toolDefinition(zod4, ignore)).toMatchObject({
      name: "get_weather",
      description: "Get the weather.",
      parameters: { type: "object", properties: { city: { type: "string", description: "City name" } } },
    });
    expect(toolDefinition(zod3, ignore)).toMatchObject({
      name: "get_time",
      parameters: { properties: { zone: { description: "IANA zone" } } },
    });
    expect(toolDefinition(json, ignore)).toMatchObject({
      name: "get_news",
      parameters: { properties: { topic: { description: "Topic" } } },
    });
    const dynamic = new DynamicTool({ name: "echo", description: "Echo the input.", func: async (input) => input });
    expect(toolDefinition(dynamic, ignore)).toMatchObject({ name: "echo", description: "Echo the input." });
  });

  it("reports a schema that fails to convert and indexes the tool without parameters", () => {
    const events: ToolsiftEvent[] = [];
    const broken = {
      name: "broken",
      description: "Broken schema.",
      invoke: async () => "",
      schema: {
        "~standard": {
          vendor: "x",
          version: 1,
          jsonSchema: {
            input: () => {
              throw new Error("no");
            },
          },
        },
      },
    };
    expect(toolDefinition(broken, (event) => events.push(event))).toEqual({
      name: "broken",
      description: "Broken schema.",
    });
    expect(events).toEqual([expect.objectContaining({ type: "catalog-warning", tool: "broken", field: "schema" })]);
  });

  it("selects only runnables with a name; provider tools are plain objects", () => {
    expect(isSelectableTool(tool(async () => "", { name: "a", description: "a", schema: z.object({}) }))).toBe(true);
    expect(isSelectableTool({ type: "web_search_preview" })).toBe(false);
    expect(isSelectableTool({ type: "web_search_20250305", name: "web_search" })).toBe(false);
    expect(isSelectableTool(null)).toBe(false);
  });
});
