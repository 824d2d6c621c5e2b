// toolsiftAgent in the OpenAI Agents SDK's own run() loop, against a scripted Responses server on 127.0.0.1: which
// function tools each model call is offered, across steps and turns, and what bad input gets.
import { Agent, run, tool, user } from "@openai/agents";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ToolsiftError } from "../../src/errors.js";
import { toolsiftAgent, type ToolsiftAgentEvent } from "../../src/openai-agents/index.js";
import { loopbackModel, travelAgent } from "./fixtures.js";
import { offeredTools, startResponsesServer, type ResponsesServer, type ScriptedTurn } from "./responses-server.js";

let server: ResponsesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server that plays `turns` in order (text "done" after them). */
async function scripted(turns: ScriptedTurn[]): Promise<ResponsesServer> {
  server = await startResponsesServer((_body, position) => turns[position] ?? { text: "done" });
  return server;
}

describe("toolsiftAgent (function tools)", () => {
  it("offers each model call only the selected tools, and the selected tool runs", async () => {
    const responses = await scripted([{ call: "get_weather", arguments: { city: "Paris" } }, { text: "Sunny." }]);
    const calls: string[] = [];
    const events: ToolsiftAgentEvent[] = [];
    // a small catalog is offered whole by default; this test is about selection
    const { agent } = toolsiftAgent(travelAgent(responses.baseURL, calls), {
      smallCatalog: false,
      onEvent: (event) => events.push(event),
    });
    const result = await run(agent, "What's the weather in Paris today?");
    expect(result.finalOutput).toBe("Sunny.");
    expect(calls).toEqual(['get_weather({"city":"Paris"})']);
    expect(responses.refused).toEqual([]);
    expect(responses.bodies).toHaveLength(2);
    for (const body of responses.bodies) {
      expect(offeredTools(body)).toContain("get_weather");
      expect(offeredTools(body).length).toBeLessThanOrEqual(5);
      expect(offeredTools(body)).not.toContain("book_hotel");
    }
    // One selection per model call, reported with the query read from the run.
    const selected = events.filter((event) => event.type === "tools-selected");
    expect(selected.map((event) => event.query)).toEqual([
      "What's the weather in Paris today?",
      "What's the weather in Paris today?\nget_weather",
    ]);
  });

  it("the same agent without toolsift sends every tool on every call (the baseline)", async () => {
    const responses = await scripted([{ call: "get_weather", arguments: { city: "Paris" } }, { text: "Sunny." }]);
    await run(travelAgent(responses.baseURL, []), "What's the weather in Paris today?");
    expect(responses.bodies.map((body) => offeredTools(body).length)).toEqual([8, 8]);
  });

  it("a tool the call was not offered is never called: the scripted model cannot reach it", async () => {
    const responses = await scripted([{ call: "book_hotel", arguments: { city: "Paris", nights: 2 } }]);
    const calls: string[] = [];
    // a small catalog is offered whole by default; this test is about selection
    const { agent } = toolsiftAgent(travelAgent(responses.baseURL, calls), { smallCatalog: false });
    const result = await run(agent, "What's the weather in Paris today?");
    expect(responses.refused).toEqual(["book_hotel"]);
    expect(result.finalOutput).toBe("not offered: book_hotel");
    expect(calls).toEqual([]);
  });

  it("stableTools: false selects again for each step and each turn of a multi-turn conversation", async () => {
    const responses = await scripted([
      { call: "convert_currency", arguments: { amount: 100, from: "EUR", to: "USD" } },
      { call: "book_hotel", arguments: { city: "Rome", nights: 2 } },
      { text: "Converted and booked." },
      { call: "send_email", arguments: { to: "ana@example.com", subject: "Trip", body: "Booked." } },
      { text: "Sent." },
    ]);
    const calls: string[] = [];
    // a small catalog is offered whole by default; this test is about selection
    const { agent } = toolsiftAgent(travelAgent(responses.baseURL, calls), { stableTools: false, smallCatalog: false });
    const first = await run(agent, "Convert 100 EUR to USD, then book a hotel room in Rome for 2 nights");
    expect(first.finalOutput).toBe("Converted and booked.");
    const second = await run(agent, [...first.history, user("Now send an email to ana@example.com about the trip")]);
    expect(second.finalOutput).toBe("Sent.");
    expect(responses.refused).toEqual([]);
    expect(calls.map((call) => call.slice(0, call.indexOf("(")))).toEqual([
      "convert_currency",
      "book_hotel",
      "send_email",
    ]);
    const offered = responses.bodies.map(offeredTools);
    expect(offered[0]).toEqual(expect.arrayContaining(["convert_currency", "book_hotel"]));
    expect(offered[3]).toContain("send_email");
    expect(offered[3]).not.toEqual(offered[0]);
    for (const tools of offered) expect(tools.length).toBeLessThanOrEqual(8);
  });

  it("keeps a tool's own isEnabled: a disabled tool is never offered, selected or not", async () => {
    const responses = await scripted([{ call: "get_weather", arguments: { city: "Paris" } }]);
    const weather = tool({
      name: "get_weather",
      description: "Get the current weather forecast for a city",
      parameters: z.object({ city: z.string() }),
      isEnabled: false,
      execute: async () => "sunny",
    });
    const base = new Agent({ name: "assistant", model: loopbackModel(responses.baseURL), tools: [weather] });
    await run(toolsiftAgent(base).agent, "What's the weather in Paris today?");
    expect(offeredTools(responses.bodies[0])).toEqual([]);
    expect(responses.refused).toEqual(["get_weather"]);
  });

  it("offers alwaysActive tools on every call", async () => {
    const responses = await scripted([{ text: "Hello." }]);
    const { agent } = toolsiftAgent(travelAgent(responses.baseURL, []), { alwaysActive: ["translate_text"] });
    await run(agent, "What's the weather in Paris today?");
    expect(offeredTools(responses.bodies[0])).toEqual(expect.arrayContaining(["get_weather", "translate_text"]));
  });

  it("offers only allowedTools, also when every tool would be offered", async () => {
    const responses = await scripted([{ text: "Hello." }, { text: "Hello again." }]);
    const allowedTools = ["send_email", "translate_text"];
    const { agent } = toolsiftAgent(travelAgent(responses.baseURL, []), { allowedTools });
    await run(agent, "Send an email to Ana and translate the weather report into French");
    // No user text: the no-match policy offers every tool, which allowedTools bounds.
    await run(agent, []);
    for (const body of responses.bodies) expect(allowedTools).toEqual(expect.arrayContaining(offeredTools(body)));
    expect(offeredTools(responses.bodies[1]).sort()).toEqual(allowedTools);
  });

  it("refuses a tool name the agent has no tool for, and unknown options, naming them", () => {
    const base = travelAgent("http://127.0.0.1:9/v1", []);
    const unknownTool = () => toolsiftAgent(base, { alwaysActive: ["get_wether"] });
    expect(unknownTool).toThrow(ToolsiftError);
    expect(unknownTool).toThrow(/option "alwaysActive" names "get_wether" \(did you mean "get_weather"\?\)/);
    // Sixty tools: the nearest is named, not every tool of the agent.
    const many = Array.from({ length: 60 }, (_, position) =>
      tool({
        name: `tool_number_${position}`,
        description: `Tool ${position}`,
        parameters: z.object({}),
        execute: () => "",
      }),
    );
    const large = new Agent({ name: "large", tools: many });
    const error = (() => {
      try {
        toolsiftAgent(large, { alwaysActive: ["tool_numbr_7"] });
      } catch (thrown) {
        return thrown as ToolsiftError;
      }
    })();
    expect(error?.code).toBe("UNKNOWN_TOOL");
    expect(error?.message).toContain('did you mean "tool_number_7"?');
    expect(error?.message).not.toContain("tool_number_42");
    expect(() => toolsiftAgent(base, { maxTool: 3 } as never)).toThrow(/maxTool/);
    expect(() => toolsiftAgent(base, { maxTools: 0 })).toThrow(/maxTools/);
  });
});
