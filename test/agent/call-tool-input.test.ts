// call_tool of inConversation checks an input against the tool's own schema whatever its kind (zod, the AI SDK's
// jsonSchema() without a validate, an MCP tool's ToolSet), refusing with a message that names the field, in a real
// AI SDK 7 loop.
import { generateText, isStepCount, jsonSchema, tool, type JSONSchema7, type ToolSet } from "ai";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createToolIndex } from "../../src/index.js";
import type { ToolCallRefusedEvent } from "../../src/events.js";
import { mcpToolSet } from "../../src/mcp/tool-set.js";
import type { McpCatalog } from "../../src/mcp/mcp-catalog.js";
import { deliveryModel, type DeliveryStep } from "./delivery-model.js";

const ran = vi.fn((name: string, input: unknown) => ({ ok: true, name, input }));

const noteSchema: JSONSchema7 = { type: "object", properties: { content: { type: "string" } }, required: ["content"] };
const eventSchema: JSONSchema7 = {
  type: "object",
  properties: {
    event: {
      type: "object",
      properties: { when: { type: "string" }, guests: { type: "array", items: { type: "string" } } },
      required: ["when"],
    },
  },
  required: ["event"],
};

/** What an MCP tool is in an AI SDK ToolSet (toolsift/mcp's `mcpToolSet`): its server's JSON Schema, no validate. */
function mcpTools(): ToolSet {
  const catalog = {
    tools: () => [{ name: "notes__append", description: "Append a line to the notes file.", inputSchema: noteSchema }],
    callTool: async (name: string, input: unknown) => ran(name, input),
  };
  return mcpToolSet(catalog as unknown as McpCatalog);
}

const tools = {
  write_note: tool({
    description: "Write a note.",
    inputSchema: jsonSchema<{ content: string }>(noteSchema),
    execute: async (input) => ran("write_note", input),
  }),
  create_event: tool({
    description: "Create a calendar event.",
    inputSchema: jsonSchema(eventSchema),
    execute: async (input) => ran("create_event", input),
  }),
  weather_forecast: tool({
    description: "Get the weather forecast for a city.",
    inputSchema: z.object({ city: z.string() }),
    execute: async (input) => ran("weather_forecast", input),
  }),
  ...mcpTools(),
};

/** Runs the calls of `script` through call_tool after a turn that delivers every tool; the errors and refusals. */
async function run(script: DeliveryStep[]) {
  ran.mockClear();
  const events: ToolCallRefusedEvent[] = [];
  const delivery = createToolIndex(tools).inConversation(tools, {
    delivery: { midTurn: false },
    onEvent: (event) => void (event.type === "tool-call-refused" && events.push(event)),
  });
  const result = await generateText({
    model: deliveryModel(script).model,
    messages: [{ role: "user", content: `select:${Object.keys(tools).join(",")}` }],
    ...delivery,
    stopWhen: isStepCount(script.length + 1),
  });
  const errors = result.steps.flatMap((step) =>
    step.content.flatMap((part) => (part.type === "tool-error" ? [String(part.error)] : [])),
  );
  return { errors, events };
}

describe("call_tool checks an input against the tool's own schema", () => {
  it("refuses a wrong type and a missing field for a jsonSchema() tool without validate, naming the field", async () => {
    const { errors, events } = await run([
      { call: "write_note", input: { content: 42 } },
      { call: "write_note", input: {} },
    ]);
    expect(ran).not.toHaveBeenCalled();
    expect(errors).toEqual([
      expect.stringContaining(
        'call_tool: the input for "write_note" does not match its inputSchema: /content must be string, not number',
      ),
      expect.stringContaining(
        'call_tool: the input for "write_note" does not match its inputSchema: /content is required',
      ),
    ]);
    expect(events.map((event) => [event.tool, event.reason])).toEqual([
      ["write_note", "invalid-input"],
      ["write_note", "invalid-input"],
    ]);
  });

  it("names a nested field, wrong or missing", async () => {
    const { errors } = await run([
      { call: "create_event", input: { event: { when: "noon", guests: ["ada", 3] } } },
      { call: "create_event", input: { event: { guests: [] } } },
    ]);
    expect(ran).not.toHaveBeenCalled();
    expect(errors).toEqual([
      expect.stringContaining("inputSchema: /event/guests/1 must be string, not number"),
      expect.stringContaining("inputSchema: /event/when is required"),
    ]);
  });

  it("refuses a bad input to a zod tool and to an MCP tool's ToolSet entry", async () => {
    const { errors } = await run([
      { call: "weather_forecast", input: { city: 7 } },
      { call: "notes__append", input: { content: ["x"] } },
    ]);
    expect(ran).not.toHaveBeenCalled();
    expect(errors).toEqual([
      expect.stringMatching(
        /the input for "weather_forecast" does not match its inputSchema: \/city: .*expected string/,
      ),
      expect.stringContaining('the input for "notes__append" does not match its inputSchema: /content must be string'),
    ]);
  });

  it("runs each tool with an input that fits", async () => {
    const { errors } = await run([
      { call: "write_note", input: { content: "buy milk" } },
      { call: "create_event", input: { event: { when: "noon", guests: ["ada"] } } },
      { call: "weather_forecast", input: { city: "Paris" } },
      { call: "notes__append", input: { content: "x" } },
    ]);
    expect(errors).toEqual([]);
    expect(ran.mock.calls).toEqual([
      ["write_note", { content: "buy milk" }],
      ["create_event", { event: { when: "noon", guests: ["ada"] } }],
      ["weather_forecast", { city: "Paris" }],
      ["notes__append", { content: "x" }],
    ]);
  });
});
