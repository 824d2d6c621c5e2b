// toolsiftMiddleware's allowedTools in real createAgent loops: it bounds the ranking, alwaysActive, related tools and
// "every tool" (no match, a failed selection) as it bounds prepareStep and the AI SDK middleware.
import type { ToolsiftMiddlewareEvent } from "../../src/langchain/events.js";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import type { ClientTool, ServerTool } from "@langchain/core/tools";
import { createAgent, createMiddleware } from "langchain";
import { describe, expect, it } from "vitest";
import { toolsiftMiddleware } from "../../src/langchain/index.js";
import { calculateTip, catalog, recordBoundTools, scriptedChatModel, unreadableTool } from "./fixtures.js";

const ask = (text: string) => ({ messages: [new HumanMessage(text)] });

/** An agent over the fixture catalog (plus `extra` tools) whose model answers in text; records the tools bound. */
function agentWith(options: Parameters<typeof toolsiftMiddleware>[0], extra: (ClientTool | ServerTool)[] = []) {
  const tools = catalog();
  const model = fakeModel().respond(new AIMessage("Done.")).respond(new AIMessage("Done again."));
  const recorder = recordBoundTools(model);
  const events: ToolsiftMiddlewareEvent[] = [];
  const middleware = toolsiftMiddleware({ tools, ...options, onEvent: (event) => events.push(event) });
  const agent = createAgent({ model, tools: [...tools, ...extra], middleware: [middleware] });
  return { agent, recorder, events, tools };
}

describe("toolsiftMiddleware with allowedTools", () => {
  it("ranks only allowed tools: the best match outside them is never bound, and a model cannot call it", async () => {
    const tools = catalog();
    const script = scriptedChatModel([{ call: "send_email", args: { to: "team", subject: "Q3", body: "..." } }]);
    const middleware = toolsiftMiddleware({ tools, maxTools: 2, allowedTools: ["get_weather", "translate_text"] });
    const agent = createAgent({ model: script.model, tools, middleware: [middleware] });
    await expect(agent.invoke(ask("Send an email to the team about the quarterly numbers"))).rejects.toThrow(
      /"send_email", which was not bound/,
    );
    expect(script.names()).toHaveLength(1);
    for (const name of script.names()[0]) expect(["get_weather", "translate_text"]).toContain(name);
    // The control: without allowedTools the same request binds send_email first.
    const { agent: open, recorder } = agentWith({ maxTools: 2 });
    await open.invoke(ask("Send an email to the team about the quarterly numbers"));
    expect(recorder.names()[0][0]).toBe("send_email");
  });

  it("binds no alwaysActive or related tool outside allowedTools (the allowed related tool comes)", async () => {
    const { agent, recorder } = agentWith({
      maxTools: 1,
      allowedTools: ["book_hotel", "search_flights", "get_weather"],
      alwaysActive: ["get_weather", "translate_text"],
      relatedTools: { book_hotel: ["search_flights", "convert_currency"] },
    });
    await agent.invoke(ask("Book a hotel room in Porto for three nights"));
    expect(recorder.names()[0].sort()).toEqual(["book_hotel", "get_weather", "search_flights"]);
  });

  it('"every tool" is every allowed tool (provider tools pass through), counted against maxOfferAll', async () => {
    const webSearch: ServerTool = { type: "web_search_preview" };
    // Two allowed catalog tools and a name no tool has: 2 ≤ maxOfferAll 2, so every allowed tool is bound.
    const allowedTools = ["send_email", "get_weather", "no_such_tool"];
    const { agent, recorder, events, tools } = agentWith(
      { allowedTools, onNoMatch: "all", maxOfferAll: 2, tools: [...catalog(), webSearch] },
      [webSearch],
    );
    await agent.invoke(ask("Hello there!"));
    const byName = (name: string) => tools.find((entry) => entry.name === name);
    expect(recorder.bound[0]).toEqual([byName("get_weather"), byName("send_email"), webSearch]);
    expect(events.filter((event) => event.type === "no-match")).toEqual([
      expect.objectContaining({ reason: "small-talk", offered: "all", message: expect.stringContaining("(2)") }),
    ]);
    // One allowed catalog tool more than maxOfferAll: only the provider tool.
    const guarded = agentWith({ allowedTools, onNoMatch: "all", maxOfferAll: 1, tools: [...catalog(), webSearch] }, [
      webSearch,
    ]);
    await guarded.agent.invoke(ask("Hello there!"));
    expect(guarded.recorder.bound[0]).toEqual([webSearch]);
    expect(guarded.events.find((event) => event.type === "no-match")).toMatchObject({
      guard: { maxOfferAll: 1, tools: 2 },
    });
  });

  it("a failed selection (onError fallback) offers every allowed tool, and says so", async () => {
    const allowedTools = ["convert_currency", "get_stock_price"];
    // A tool the agent has but whose description cannot be read: indexing it fails.
    const { agent, recorder, events } = agentWith({ allowedTools }, [unreadableTool()]);
    await agent.invoke(ask("What's the weather like in Lisbon right now?"));
    expect(recorder.names()[0]).toEqual(allowedTools);
    expect(events.find((event) => event.type === "selection-failed")).toMatchObject({
      fallback: "all",
      message:
        "selecting tools failed (description store unavailable); this call is offered every tool it may have (2)",
    });
  });

  it("accepts names of tools the agent gets later, as prepareStep does, and selects them when they come", async () => {
    const tools = catalog();
    // Another middleware hands the model calculate_tip, and runs it.
    const lateTools = createMiddleware({
      name: "LateTools",
      wrapModelCall: (request, handler) => handler({ ...request, tools: [...request.tools, calculateTip] }),
      wrapToolCall: async (request, handler) => {
        if (request.toolCall.name !== "calculate_tip") return handler(request);
        return new ToolMessage({ content: "Tip: $9.00", tool_call_id: request.toolCall.id ?? "" });
      },
    });
    const script = scriptedChatModel([{ call: "calculate_tip", args: { bill_amount: 45 } }, "Tip is $9."]);
    const middleware = toolsiftMiddleware({ tools, maxTools: 3, allowedTools: ["calculate_tip", "get_weather"] });
    const agent = createAgent({ model: script.model, tools, middleware: [lateTools, middleware] });
    await agent.invoke(ask("Calculate the tip for a restaurant bill of 45 dollars"));
    expect(script.names()[0][0]).toBe("calculate_tip");
    for (const names of script.names())
      for (const name of names) expect(["calculate_tip", "get_weather"]).toContain(name);
  });

  it("validates allowedTools at creation, naming the option and the value", () => {
    expect(() => toolsiftMiddleware({ allowedTools: "get_weather" as never })).toThrow(
      expect.objectContaining({
        code: "INVALID_OPTION",
        message: expect.stringMatching(/toolsiftMiddleware: option "allowedTools" must be an array of tool names/),
      }),
    );
    expect(() => toolsiftMiddleware({ allowedTools: ["get_weather", 7] as never })).toThrow(
      /toolsiftMiddleware: option "allowedTools\[1\]" must be a tool name \(string\), got 7/,
    );
    expect(() => toolsiftMiddleware({ allowedTool: ["get_weather"] } as never)).toThrow(
      /unknown option "allowedTool"; did you mean "allowedTools"/,
    );
  });
});
