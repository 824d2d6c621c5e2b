// The selection middleware under wrapLanguageModel, the search meta-tool, and toolsift ranking inside AI SDK 7's toolSearch.
import { generateText, isStepCount, toolSearch, wrapLanguageModel } from "ai";
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";
import { agentTools } from "./agent-tools.js";
import { scriptedModel } from "./mock-model.js";

const index = createToolIndex(agentTools);

describe("middleware", () => {
  it("sends the model only the selected tools on every step, reading the query from the V4 prompt", async () => {
    const { model, offered } = scriptedModel([{ toolCalls: [{ toolName: "hotel_booking", input: { city: "Rome", nights: 3 } }] }, { text: "Booked." }]);
    const wrapped = wrapLanguageModel({ model, middleware: index.middleware({ maxTools: 2 }) });
    const result = await generateText({ model: wrapped, tools: agentTools, stopWhen: isStepCount(3), prompt: "Book a hotel room in Rome for three nights" });
    expect(result.text).toBe("Booked.");
    expect(offered[0]).toContain("hotel_booking");
    expect(offered[0].length).toBeLessThanOrEqual(2);
    expect(offered[1].length).toBeLessThanOrEqual(2);
  });

  it("leaves provider-defined tools and tools the index does not know alone", async () => {
    const middleware = index.middleware({ maxTools: 1 });
    const params = {
      prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: "weather forecast in Oslo" }] }],
      tools: [
        { type: "function" as const, name: "weather_forecast", inputSchema: {} },
        { type: "function" as const, name: "send_email", inputSchema: {} },
        { type: "function" as const, name: "search_tools", inputSchema: {} },
        { type: "provider" as const, id: "openai.web_search", name: "web_search", args: {} },
      ],
    };
    const out = await middleware.transformParams({ params, type: "generate" });
    expect(out.tools.map((tool) => tool.name)).toEqual(["weather_forecast", "search_tools", "web_search"]);
  });
});

describe("searchTool", () => {
  it("lets the model find a tool outside its selection, which is active on the next step", async () => {
    const { model, offered } = scriptedModel([
      { toolCalls: [{ toolName: "search_tools", input: { query: "upload a file to a bucket" } }] },
      { toolCalls: [{ toolName: "s3_upload_file", input: { bucket: "b", key: "k" } }] },
      { text: "Uploaded." },
    ]);
    const result = await generateText({
      model,
      tools: { ...agentTools, search_tools: index.searchTool() },
      prepareStep: index.prepareStep({ maxTools: 2, alwaysActive: ["search_tools"] }),
      stopWhen: isStepCount(4),
      prompt: "Please archive the quarterly report",
    });
    expect(result.text).toBe("Uploaded.");
    expect(offered[0]).toContain("search_tools");
    expect(offered[0]).not.toContain("s3_upload_file");
    expect(offered[1]).toContain("s3_upload_file");
    const searchResult = result.steps[0].toolResults[0];
    expect(searchResult.output).toMatchObject({ tools: expect.arrayContaining([expect.objectContaining({ name: "s3_upload_file" })]) });
  });
});

describe("toolSearchFunction with AI SDK 7 toolSearch", () => {
  it("ranks deferred tools with toolsift", async () => {
    const deferred = Object.fromEntries(Object.entries(agentTools).map(([name, definition]) => [name, { ...definition, deferLoading: true }]));
    const search = index.toolSearchFunction();
    expect((await search({ query: "book a hotel", tools: Object.keys(agentTools).map((name) => ({ name })) }))[0]).toBe("hotel_booking");
    expect(await search({ query: "book a hotel", tools: [{ name: "weather_forecast" }] })).not.toContain("hotel_booking");
    const { model, offered } = scriptedModel([
      { toolCalls: [{ toolName: "tool_search", input: { query: "book a hotel room" } }] },
      { toolCalls: [{ toolName: "hotel_booking", input: { city: "Rome", nights: 2 } }] },
      { text: "Done." },
    ]);
    const result = await generateText({ model, tools: { ...deferred, tool_search: toolSearch({ search }) }, stopWhen: isStepCount(4), prompt: "Book me a hotel room in Rome" });
    expect(result.text).toBe("Done.");
    expect(offered[0]).not.toContain("hotel_booking");
    expect(offered[1]).toContain("hotel_booking");
  });
});
