// toolsiftProcessor in Mastra's own agent loop (Agent.generate) with a scripted model: which tools each model call is
// offered, across steps and turns, tools the agent gets per call, and what bad input gets.
import { Agent } from "@mastra/core/agent";
import { createTool } from "@mastra/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ToolsiftError } from "../../src/errors.js";
import { toolsiftProcessor } from "../../src/mastra/index.js";
import { createToolIndex } from "../../src/tool-index.js";
import { scriptedModel, type ScriptedTurn } from "./scripted-model.js";

/** Eight tools; each call is recorded in `calls`. */
function travelTools(calls: string[]) {
  const make = (id: string, description: string, inputSchema: z.ZodObject) =>
    createTool({
      id,
      description,
      inputSchema,
      execute: async (input) => {
        calls.push(`${id}(${JSON.stringify(input)})`);
        return `${id} done`;
      },
    });
  return {
    get_weather: make("get_weather", "Get the current weather forecast for a city", z.object({ city: z.string() })),
    send_email: make(
      "send_email",
      "Send an email message to a recipient",
      z.object({ to: z.string(), body: z.string() }),
    ),
    create_calendar_event: make(
      "create_calendar_event",
      "Create an event in the user's calendar",
      z.object({ title: z.string(), date: z.string() }),
    ),
    search_flights: make(
      "search_flights",
      "Search flights between two airports",
      z.object({ from: z.string(), to: z.string() }),
    ),
    convert_currency: make(
      "convert_currency",
      "Convert an amount of money from one currency to another",
      z.object({ amount: z.number(), from: z.string(), to: z.string() }),
    ),
    translate_text: make(
      "translate_text",
      "Translate text into another language",
      z.object({ text: z.string(), language: z.string() }),
    ),
    get_stock_price: make(
      "get_stock_price",
      "Get the latest stock price for a ticker symbol",
      z.object({ ticker: z.string() }),
    ),
    book_hotel: make("book_hotel", "Book a hotel room in a city", z.object({ city: z.string(), nights: z.number() })),
  };
}

function agentWith(
  turns: ScriptedTurn[],
  options: { select: boolean; maxTools?: number; alwaysActive?: string[] } = { select: true },
) {
  const calls: string[] = [];
  const scripted = scriptedModel(turns);
  const tools = travelTools(calls);
  const index = createToolIndex(tools);
  const agent = new Agent({
    id: "assistant",
    name: "assistant",
    instructions: "Help the user.",
    model: scripted.model as never,
    tools,
    ...(options.select
      ? {
          inputProcessors: [
            // a small catalog is offered whole by default; these tests are about selection
            toolsiftProcessor(index, {
              maxTools: options.maxTools ?? 5,
              alwaysActive: options.alwaysActive,
              smallCatalog: false,
            }),
          ],
        }
      : {}),
  });
  return { agent, calls, index, ...scripted };
}

describe("toolsiftProcessor (Mastra)", () => {
  it("offers each model call only the selected tools, and the selected tool runs", async () => {
    const { agent, calls, offered, refused } = agentWith([
      { call: "get_weather", input: { city: "Paris" } },
      { text: "Sunny." },
    ]);
    const result = await agent.generate("What's the weather in Paris today?");
    expect(result.text).toBe("Sunny.");
    expect(calls).toEqual(['get_weather({"city":"Paris"})']);
    expect(refused).toEqual([]);
    expect(offered).toHaveLength(2);
    for (const tools of offered) {
      expect(tools).toContain("get_weather");
      expect(tools.length).toBeLessThanOrEqual(5);
      expect(tools).not.toContain("book_hotel");
    }
  });

  it("the same agent without toolsift sends every tool on every call (the baseline)", async () => {
    const { agent, offered } = agentWith([{ call: "get_weather", input: { city: "Paris" } }, { text: "Sunny." }], {
      select: false,
    });
    await agent.generate("What's the weather in Paris today?");
    expect(offered.map((tools) => tools.length)).toEqual([8, 8]);
  });

  it("a tool the call was not offered is never called: the scripted model cannot reach it", async () => {
    const { agent, calls, refused } = agentWith([{ call: "book_hotel", input: { city: "Paris", nights: 2 } }]);
    const result = await agent.generate("What's the weather in Paris today?");
    expect(refused).toEqual(["book_hotel"]);
    expect(result.text).toBe("not offered: book_hotel");
    expect(calls).toEqual([]);
  });

  it("selects again for each step and each turn of a multi-turn conversation", async () => {
    const { agent, calls, offered, refused } = agentWith([
      { call: "convert_currency", input: { amount: 100, from: "EUR", to: "USD" } },
      { call: "book_hotel", input: { city: "Rome", nights: 2 } },
      { text: "Converted and booked." },
      { call: "send_email", input: { to: "ana@example.com", body: "Booked." } },
      { text: "Sent." },
    ]);
    const request = "Convert 100 EUR to USD, then book a hotel room in Rome for 2 nights";
    const first = await agent.generate(request);
    expect(first.text).toBe("Converted and booked.");
    const second = await agent.generate([
      { role: "user", content: request },
      { role: "assistant", content: first.text },
      { role: "user", content: "Now send an email to ana@example.com about the trip" },
    ]);
    expect(second.text).toBe("Sent.");
    expect(refused).toEqual([]);
    expect(calls.map((call) => call.slice(0, call.indexOf("(")))).toEqual([
      "convert_currency",
      "book_hotel",
      "send_email",
    ]);
    expect(offered[0]).toEqual(expect.arrayContaining(["convert_currency", "book_hotel"]));
    expect(offered[3]).toContain("send_email");
    // The default delivery keeps the set stable for the prompt cache: turn 1's tools stay first, in their order, and
    // send_email joins at the end (Mastra's own order, the tools' keys, would put it first).
    expect(offered[3].slice(0, offered[2].length)).toEqual(offered[2]);
  });

  it("indexes and selects a tool the agent is given for one call (a toolset)", async () => {
    const { agent, index, offered, refused } = agentWith([
      { call: "order_pizza", input: { size: "large" } },
      { text: "Ordered." },
    ]);
    const pizza = createTool({
      id: "order_pizza",
      description: "Order a pizza for delivery",
      inputSchema: z.object({ size: z.string() }),
      execute: async () => "ordered",
    });
    const result = await agent.generate("Order a large pizza for delivery", {
      toolsets: { food: { order_pizza: pizza } },
    });
    expect(result.text).toBe("Ordered.");
    expect(refused).toEqual([]);
    expect(index.toolNames).toContain("order_pizza");
    expect(offered[0]).toContain("order_pizza");
    expect(offered[0].length).toBeLessThanOrEqual(5);
  });

  it("refuses an alwaysActive name the index has no tool of at creation, naming the nearest, as LangChain does", async () => {
    // At creation, not at the first generate (where Mastra wraps the error in PROCESSOR_WORKFLOW_FAILED).
    expect(() => agentWith([{ text: "Hi." }], { select: true, alwaysActive: ["get_weather", "get_wether"] })).toThrow(
      /^toolsiftProcessor: option "alwaysActive" names "get_wether" \(did you mean "get_weather"\?\)/,
    );
    const tools = travelTools([]);
    expect(() => toolsiftProcessor(createToolIndex(tools), { alwaysActive: ["book_hotell"] })).toThrow(ToolsiftError);
    // An index with no tools yet (its tools come with the steps): the step's tools decide.
    const step = { messages: [], steps: [], stepNumber: 0, tools };
    const typo = toolsiftProcessor(createToolIndex([]), { alwaysActive: ["book_hotell"] });
    await expect(typo.processInputStep(step)).rejects.toThrow(/did you mean "book_hotel"/);
    // An MCP tool's name may be missing while its server is down: not refused.
    const mcpPin = toolsiftProcessor(createToolIndex(tools), { alwaysActive: ["files__read_file"] });
    await mcpPin.processInputStep(step);
  });

  it("refuses what is not an index and unknown options, naming them", () => {
    const index = createToolIndex(travelTools([]));
    expect(() => toolsiftProcessor({} as never)).toThrow(ToolsiftError);
    expect(() => toolsiftProcessor({} as never)).toThrow(/index/);
    expect(() => toolsiftProcessor(index, { maxTool: 3 } as never)).toThrow(/maxTool/);
    expect(() => toolsiftProcessor(index, { maxTools: 0 })).toThrow(/maxTools/);
    // The processor's own name, not the prepareStep it runs.
    expect(() => toolsiftProcessor(index, { maxTools: 0 })).toThrow(/^toolsiftProcessor: option "maxTools"/);
    expect(() => toolsiftProcessor(index, { maxTool: 3 } as never)).toThrow(/^toolsiftProcessor: unknown option/);
  });
});
