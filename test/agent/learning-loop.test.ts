// Learning in a real AI SDK 7 loop: conversations learnt from generateText's own result make a later task, whose
// tools the user never names, succeed where the untrained index fails (the scripted model refuses unoffered tools).
import { generateText, isStepCount, jsonSchema, tool, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";
import { scriptedModel, ToolNotOfferedError, type ScriptStep } from "./mock-model.js";

const input = jsonSchema<Record<string, unknown>>({ type: "object", properties: {} });
const tools = {
  get_user_id: tool({
    description: "Find the id of a user from their email address.",
    inputSchema: input,
    execute: async () => "u_1",
  }),
  get_order_details: tool({
    description: "Show the status of an order.",
    inputSchema: input,
    execute: async () => "shipped",
  }),
  send_email: tool({ description: "Send an email to a recipient.", inputSchema: input, execute: async () => "sent" }),
  weather_forecast: tool({
    description: "Weather forecast for a city.",
    inputSchema: input,
    execute: async () => "sun",
  }),
};
const script: ScriptStep[] = [
  { toolCalls: [{ toolName: "get_user_id" }] },
  { toolCalls: [{ toolName: "get_order_details" }] },
  { text: "It has shipped." },
];

async function run(
  index: ReturnType<typeof createToolIndex<typeof tools>>,
  request: string,
  onNoMatch: "all" | "none",
) {
  const messages: ModelMessage[] = [{ role: "user", content: request }];
  const { model, offered } = scriptedModel(script);
  const result = await generateText({
    model,
    tools,
    messages,
    // a small catalog is offered whole by default; this test is about selection
    prepareStep: index.prepareStep({ maxTools: 2, onNoMatch, smallCatalog: false }),
    stopWhen: isStepCount(5),
  });
  return { result, offered, messages };
}

describe("index.learn from generateText results", () => {
  it("a task the user never names: fails untrained (nothing offered), succeeds after learning two runs", async () => {
    const untrained = createToolIndex(tools);
    await expect(run(untrained, "where is my parcel?", "none")).rejects.toBeInstanceOf(ToolNotOfferedError);

    const index = createToolIndex(tools);
    for (const request of ["where is my parcel?", "any news on my parcel"]) {
      // Training runs offer every tool when nothing matches, so the model can act; what it did is learnt.
      const { result, messages } = await run(index, request, "all");
      expect(index.learn([...messages, ...result.responseMessages])).toEqual({ turns: 1, calls: 2, skipped: [] });
    }
    const { result, offered } = await run(index, "where is my parcel?", "none");
    expect(result.text).toBe("It has shipped.");
    expect(offered[0]).toEqual(expect.arrayContaining(["get_user_id"]));
    expect(offered[0]).not.toContain("weather_forecast");
    expect(offered[1]).toEqual(expect.arrayContaining(["get_order_details"]));
  });
});
