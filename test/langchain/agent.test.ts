// toolsiftMiddleware in a real createAgent loop with a scripted chat model: which tools are bound on each model call.
import type { ToolsiftMiddlewareEvent } from "../../src/langchain/events.js";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import type { ClientTool, ServerTool } from "@langchain/core/tools";
import { createAgent, createMiddleware } from "langchain";
import { describe, expect, it, vi } from "vitest";
import { toolsiftMiddleware } from "../../src/langchain/index.js";
import {
  calculateTip,
  catalog,
  recordBoundTools,
  scriptedChatModel,
  toolName,
  unreadableTool,
  WordEmbeddings,
} from "./fixtures.js";

function events() {
  const seen: ToolsiftMiddlewareEvent[] = [];
  return {
    seen,
    onEvent: (event: ToolsiftMiddlewareEvent) => seen.push(event),
    of: <T extends ToolsiftMiddlewareEvent["type"]>(type: T) =>
      seen.filter((event): event is Extract<ToolsiftMiddlewareEvent, { type: T }> => event.type === type),
  };
}

/** Runs user turns one after another on the same conversation. */
async function converse(
  agent: { invoke(input: { messages: BaseMessage[] }): Promise<{ messages: BaseMessage[] }> },
  turns: string[],
) {
  let messages: BaseMessage[] = [];
  for (const turn of turns)
    messages = (await agent.invoke({ messages: [...messages, new HumanMessage(turn)] })).messages;
  return messages;
}

describe("createAgent + toolsiftMiddleware", () => {
  it("stableTools: false keeps the tools of the run's last two model turns bound, beside maxTools ranked ones (as prepareStep)", async () => {
    const tools = catalog();
    const recorder = scriptedChatModel(["Sunny in Paris."]);
    // a small catalog is offered whole by default; this test is about selection
    const middleware = toolsiftMiddleware({ tools, maxTools: 1, stableTools: false, smallCatalog: false });
    const agent = createAgent({ model: recorder.model, tools, middleware: [middleware] });
    // The run so far: the stock price looked up; the model's latest words (the query's) are about the weather.
    await agent.invoke({
      messages: [
        new HumanMessage("What's the stock price of AAPL, and the weather in Paris?"),
        // (A model turn with text and no call here would be a miss: the next call escalates, as prepareStep does.)
        new AIMessage({
          content: "The stock price first; then the weather forecast in Paris.",
          tool_calls: [{ name: "get_stock_price", args: { symbol: "AAPL" }, id: "call_1", type: "tool_call" }],
        }),
        new ToolMessage({ content: "AAPL: 231.40", tool_call_id: "call_1", name: "get_stock_price" }),
      ],
    });
    expect([...recorder.names()[0]].sort()).toEqual(["get_stock_price", "get_weather"]);
  });

  it("binds only the selected tools on every call of a multi-turn run: follow-ups joined, tool outputs ignored", async () => {
    const tools = catalog();
    const recorder = scriptedChatModel([
      { call: "get_weather", args: { city: "Lisbon" } },
      "Sunny in Lisbon.",
      { call: "get_weather", args: { city: "Berlin" } },
      "Cloudy in Berlin.",
      "Sent.",
    ]);
    const model = recorder.model;
    const log = events();
    // Each call its own selection (the cache-keeping default is tested in stable-tools.test.ts); a small catalog is
    // offered whole by default, and this test is about selection.
    const middleware = toolsiftMiddleware({
      tools,
      maxTools: 3,
      stableTools: false,
      smallCatalog: false,
      onEvent: log.onEvent,
    });
    const agent = createAgent({ model, tools, middleware: [middleware] });

    const messages = await converse(agent, [
      "What's the weather like in Lisbon right now?",
      "and in Berlin?",
      "Please send an email to the team about the quarterly numbers",
    ]);

    const bound = recorder.names();
    expect(bound).toHaveLength(5);
    for (const names of bound) expect(names.length).toBeLessThanOrEqual(3);
    // Turn 1: the weather question, before and after the tool ran (its output names four other tools).
    expect(bound[0][0]).toBe("get_weather");
    expect(
      messages.some((message) => ToolMessage.isInstance(message) && String(message.content).includes("send an email")),
    ).toBe(true);
    // After the tool call: the request plus the tool just called (the one rule every adapter shares); the tool called
    // stays bound (pinned, as prepareStep keeps a run's recent tools), its ranked place going to another tool.
    expect(bound[1]).toContain("get_weather");
    expect(log.of("tools-selected")[1].query).toBe("What's the weather like in Lisbon right now?\nget_weather");
    // Turn 2: "and in Berlin?" alone matches nothing; joined with the previous question it finds the weather tool.
    expect(bound[2][0]).toBe("get_weather");
    expect(bound[3]).toContain("get_weather");
    expect(log.of("tools-selected")[3].query).toBe(
      "What's the weather like in Lisbon right now?\nand in Berlin?\nget_weather",
    );
    expect(log.of("tools-selected")[2].query).toBe("What's the weather like in Lisbon right now?\nand in Berlin?");
    // Turn 3: a long message stands alone.
    expect(bound[4][0]).toBe("send_email");
    expect(log.of("tools-selected")[4].query).toBe("Please send an email to the team about the quarterly numbers");
    expect(log.of("no-match")).toHaveLength(0);
  });

  it("binds the very tool objects the agent registered, and every tool when nothing matches with onNoMatch all", async () => {
    const tools = catalog();
    const model = fakeModel().respond(new AIMessage("Hi!")).respond(new AIMessage("Here."));
    const recorder = recordBoundTools(model);
    const log = events();
    const agent = createAgent({
      model,
      tools,
      middleware: [toolsiftMiddleware({ tools, maxTools: 2, onNoMatch: "all", onEvent: log.onEvent })],
    });
    await converse(agent, ["Hello there!", "Convert 100 dollars to euros"]);
    expect(recorder.bound[0]).toEqual(tools);
    expect(log.of("no-match")).toEqual([
      expect.objectContaining({ query: "Hello there!", reason: "small-talk", offered: "all" }),
    ]);
    expect(recorder.bound[1][0]).toBe(tools.find((entry) => entry.name === "convert_currency"));
  });

  it("by default offers no tool when nothing is relevant, and none above maxOfferAll (no-match with guard)", async () => {
    const tools = catalog();
    // A model that answers the greeting with a tool call cannot make it: no tool was bound.
    const script = scriptedChatModel([{ call: "convert_currency", args: { amount: 1 } }]);
    const log = events();
    const agent = createAgent({
      model: script.model,
      tools,
      middleware: [toolsiftMiddleware({ tools, maxTools: 2, onEvent: log.onEvent })],
    });
    await expect(converse(agent, ["Hello there!"])).rejects.toThrow(/"convert_currency", which was not bound/);
    expect(log.of("no-match")).toEqual([
      expect.objectContaining({ query: "Hello there!", reason: "small-talk", offered: "none" }),
    ]);
    const guardLog = events();
    const guarded = createAgent({
      model: fakeModel().respond(new AIMessage("Hi!")),
      tools,
      middleware: [toolsiftMiddleware({ tools, onNoMatch: "all", maxOfferAll: 3, onEvent: guardLog.onEvent })],
    });
    await converse(guarded, ["Hello there!"]);
    expect(guardLog.of("no-match")).toEqual([
      expect.objectContaining({ offered: "none", guard: { maxOfferAll: 3, tools: tools.length } }),
    ]);
    expect(() => toolsiftMiddleware({ tools, maxOfferAll: 1.5 })).toThrow(
      /toolsiftMiddleware: option "maxOfferAll" must be an integer ≥ 0 or Infinity, got 1.5/,
    );
  });

  it("offers alwaysActive tools on top of maxTools", async () => {
    const tools = catalog();
    const model = fakeModel().respond(new AIMessage("Done."));
    const recorder = recordBoundTools(model);
    const agent = createAgent({
      model,
      tools,
      // a small catalog is offered whole by default; this test is about selection
      middleware: [
        toolsiftMiddleware({ tools, maxTools: 2, alwaysActive: ["create_calendar_event"], smallCatalog: false }),
      ],
    });
    await converse(agent, ["Book a hotel room in Porto for three nights"]);
    // Keyword ranking offers only tools that matched: at most maxTools, then the pinned ones.
    const names = recorder.names()[0];
    expect(names[0]).toBe("book_hotel");
    expect(names.at(-1)).toBe("create_calendar_event");
    expect(names.length).toBeLessThanOrEqual(3);
  });

  it("passes provider tools through untouched on every call", async () => {
    const tools = catalog();
    const webSearch: ServerTool = { type: "web_search_preview" };
    const recorder = scriptedChatModel([{ call: "get_stock_price", args: { symbol: "AAPL" } }, "AAPL is up."]);
    const model = recorder.model;
    const agentTools: (ClientTool | ServerTool)[] = [...tools, webSearch];
    const agent = createAgent({
      model,
      tools: agentTools,
      // a small catalog is offered whole by default; this test is about selection
      middleware: [toolsiftMiddleware({ tools: agentTools, maxTools: 2, smallCatalog: false })],
    });
    await converse(agent, ["What is the latest stock price for the AAPL ticker symbol?"]);
    expect(recorder.bound).toHaveLength(2);
    for (const bound of recorder.bound) {
      expect(bound.length).toBeLessThanOrEqual(3);
      expect(bound[0]).toBe(tools.find((entry) => entry.name === "get_stock_price"));
      expect(bound.at(-1)).toBe(webSearch);
    }
  });

  it("indexes tools that appear after start-up, and selects them", async () => {
    const tools = catalog();
    let late = false;
    // Another middleware hands the model calculate_tip from the second turn on, and runs it.
    const lateTools = createMiddleware({
      name: "LateTools",
      wrapModelCall: (request, handler) =>
        handler(late ? { ...request, tools: [...request.tools, calculateTip] } : request),
      wrapToolCall: async (request, handler) => {
        if (request.toolCall.name !== "calculate_tip") return handler(request);
        return new ToolMessage({
          content: String(await calculateTip.invoke(request.toolCall.args as { bill_amount: number })),
          tool_call_id: request.toolCall.id ?? "",
        });
      },
    });
    const recorder = scriptedChatModel([
      "Flights found.",
      { call: "calculate_tip", args: { bill_amount: 45 } },
      "Tip is $9.",
    ]);
    const model = recorder.model;
    const log = events();
    const middleware = toolsiftMiddleware({ tools, maxTools: 3, stableTools: false, onEvent: log.onEvent });
    const agent = createAgent({ model, tools, middleware: [lateTools, middleware] });

    let messages = (
      await agent.invoke({ messages: [new HumanMessage("Search for flights from Lisbon to Berlin on Friday")] })
    ).messages;
    late = true;
    messages = (
      await agent.invoke({
        messages: [...messages, new HumanMessage("Calculate the tip for a restaurant bill of 45 dollars")],
      })
    ).messages;

    const bound = recorder.names();
    expect(bound[0]).not.toContain("calculate_tip");
    expect(bound[1][0]).toBe("calculate_tip");
    expect(bound[2][0]).toBe("calculate_tip");
    expect(log.of("tools-indexed")).toEqual([{ type: "tools-indexed", tools: ["calculate_tip"] }]);
    expect(middleware.index.toolNames).toContain("calculate_tip");
    expect(messages.some((message) => ToolMessage.isInstance(message) && message.content === "Tip: $9.00")).toBe(true);
  });

  it("indexes the agent's tools on the first call when none were given", async () => {
    const tools = catalog();
    const model = fakeModel().respond(new AIMessage("Translated."));
    const recorder = recordBoundTools(model);
    const log = events();
    const agent = createAgent({
      model,
      tools,
      middleware: [toolsiftMiddleware({ maxTools: 2, onEvent: log.onEvent })],
    });
    await converse(agent, ["Translate this text into German please"]);
    expect(recorder.names()[0][0]).toBe("translate_text");
    expect(log.of("tools-indexed")[0].tools).toHaveLength(10);
  });
});

describe("when nothing matches (onNoMatch)", () => {
  it('"none" binds only alwaysActive and provider tools, and reports it', async () => {
    const tools = catalog();
    const webSearch: ServerTool = { type: "web_search_preview" };
    const recorder = scriptedChatModel(["Hi!"]);
    const log = events();
    const middleware = toolsiftMiddleware({
      tools,
      alwaysActive: ["translate_text"],
      onNoMatch: "none",
      onEvent: log.onEvent,
    });
    const agentTools: (ClientTool | ServerTool)[] = [...tools, webSearch];
    const agent = createAgent({ model: recorder.model, tools: agentTools, middleware: [middleware] });
    await converse(agent, ["Hello there!"]);
    expect(recorder.bound[0]).toEqual([tools.find((entry) => entry.name === "translate_text"), webSearch]);
    expect(log.of("no-match")).toEqual([expect.objectContaining({ query: "Hello there!", offered: "none" })]);
  });

  it('"all" binds every tool, so a model that needs one it was not matched to can still call it', async () => {
    const tools = catalog();
    const recorder = scriptedChatModel([{ call: "get_weather", args: { city: "Lisbon" } }, "Sunny."]);
    const middleware = toolsiftMiddleware({ tools, onNoMatch: "all" });
    const agent = createAgent({ model: recorder.model, tools, middleware: [middleware] });
    await converse(agent, ["Is it going to rain?"]);
    expect(recorder.bound[0]).toEqual(tools);
  });
});

describe("the scripted chat model", () => {
  it("rejects the agent call when the tool it needs was not bound", async () => {
    const tools = catalog();
    const recorder = scriptedChatModel([{ call: "get_weather", args: { city: "Lisbon" } }, "Sunny."]);
    const agent = createAgent({
      model: recorder.model,
      tools,
      // a small catalog is offered whole by default; this test is about selection
      middleware: [toolsiftMiddleware({ tools, maxTools: 1, smallCatalog: false })],
    });
    await expect(converse(agent, ["Send an email to the team about the quarterly numbers"])).rejects.toThrow(
      /the script calls "get_weather", which was not bound \(bound: send_email\)/,
    );
    expect(recorder.names()).toEqual([["send_email"]]);
  });
});

describe("when selection fails", () => {
  it("fallback (the default): a failure other than embedding offers every tool and reports it", async () => {
    const tools = catalog();
    // Another middleware hands the model a tool whose description cannot be read: indexing it fails.
    const broken = unreadableTool();
    const lateTool = createMiddleware({
      name: "LateTool",
      wrapModelCall: (request, handler) => handler({ ...request, tools: [...request.tools, broken] }),
      wrapToolCall: (request, handler) => handler(request),
    });
    const model = fakeModel().respond(new AIMessage("Sunny."));
    const recorder = recordBoundTools(model);
    const log = events();
    const agent = createAgent({
      model,
      tools,
      middleware: [lateTool, toolsiftMiddleware({ tools, maxTools: 2, onEvent: log.onEvent })],
    });
    await converse(agent, ["What's the weather like in Lisbon right now?"]);
    expect(recorder.bound[0]).toEqual([...tools, broken]);
    expect(log.of("selection-failed")).toEqual([expect.objectContaining({ fallback: "all" })]);
    expect(String((log.of("selection-failed")[0].error as Error).message)).toContain("description store unavailable");
  });

  it("throw: the agent call rejects", async () => {
    const tools = catalog();
    const embeddings = new WordEmbeddings();
    embeddings.fail = true;
    const model = fakeModel().respond(new AIMessage("Sunny."));
    const log = events();
    const agent = createAgent({
      model,
      tools,
      middleware: [
        toolsiftMiddleware({
          tools,
          embeddingModel: embeddings,
          embedding: { maxRetries: 0 },
          onError: "throw",
          onEvent: log.onEvent,
        }),
      ],
    });
    await expect(
      agent.invoke({ messages: [new HumanMessage("What's the weather like in Lisbon right now?")] }),
    ).rejects.toThrow(/embedding service unavailable/);
    expect(model.callCount).toBe(0);
    expect(log.of("selection-failed")).toEqual([expect.objectContaining({ fallback: "none" })]);
  });

  it("warmUp() reports an embedding failure (keywords rank meanwhile) unless onError is throw", async () => {
    const embeddings = new WordEmbeddings();
    embeddings.fail = true;
    const log = events();
    await toolsiftMiddleware({
      tools: catalog(),
      embeddingModel: embeddings,
      embedding: { maxRetries: 0 },
      onEvent: log.onEvent,
    }).warmUp();
    expect(log.of("embedding-failed")).toEqual([expect.objectContaining({ fallback: "keyword" })]);
    expect(log.of("selection-failed")).toEqual([]);
    await expect(
      toolsiftMiddleware({
        tools: catalog(),
        embeddingModel: embeddings,
        embedding: { maxRetries: 0 },
        onError: "throw",
      }).warmUp(),
    ).rejects.toThrow(/embedding service unavailable/);
  });

  it("the index's console line tells to pass onEvent only when none was passed", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      for (const onEvent of [() => {}, undefined]) {
        const embeddings = new WordEmbeddings();
        embeddings.fail = true;
        await toolsiftMiddleware({
          tools: catalog(),
          embeddingModel: embeddings,
          embedding: { maxRetries: 0 },
          onEvent,
        }).warmUp();
      }
      expect(warn).toHaveBeenCalledTimes(2);
      expect(String(warn.mock.calls[0][0])).toMatch(/embedding-failed: .*\(onEvent receives each one\)/);
      expect(String(warn.mock.calls[0][0])).not.toContain("pass onEvent");
      expect(String(warn.mock.calls[1][0])).toContain("pass onEvent to see each one");
    } finally {
      warn.mockRestore();
    }
  });

  it("fallback (the default): embedding failures rank by keywords instead, reported as embedding-failed", async () => {
    const tools = catalog();
    const embeddings = new WordEmbeddings();
    embeddings.fail = true;
    const model = fakeModel().respond(new AIMessage("Sunny."));
    const recorder = recordBoundTools(model);
    const log = events();
    const agent = createAgent({
      model,
      tools,
      middleware: [
        // a small catalog is offered whole by default; this test is about selection
        toolsiftMiddleware({
          tools,
          maxTools: 2,
          embeddingModel: embeddings,
          embedding: { maxRetries: 0 },
          smallCatalog: false,
          onEvent: log.onEvent,
        }),
      ],
    });
    await converse(agent, ["What's the weather like in Lisbon right now?"]);
    expect(recorder.names()[0][0]).toBe("get_weather");
    expect(recorder.names()[0].length).toBeLessThanOrEqual(2);
    expect(log.of("embedding-failed").length).toBeGreaterThan(0);
    expect(log.of("selection-failed")).toHaveLength(0);
  });
});

describe("LangChain Embeddings", () => {
  it("accepts an Embeddings subclass: tools through embedDocuments, the query through embedQuery", async () => {
    const tools = catalog();
    const embeddings = new WordEmbeddings();
    const model = fakeModel().respond(new AIMessage("Pushed."));
    const recorder = recordBoundTools(model);
    const agent = createAgent({
      model,
      tools,
      middleware: [toolsiftMiddleware({ tools, maxTools: 3, embeddingModel: embeddings, strategy: "semantic" })],
    });
    await converse(agent, ["Push my local branch commits to the remote git repository"]);
    expect(recorder.names()[0][0]).toBe("git_push");
    expect(embeddings.documents).toHaveLength(1);
    expect(embeddings.documents[0]).toHaveLength(10);
    expect(embeddings.queries).toEqual(["Push my local branch commits to the remote git repository"]);
  });

  it("accepts @langchain/core's FakeEmbeddings", async () => {
    const { FakeEmbeddings } = await import("@langchain/core/utils/testing");
    const tools = catalog();
    const model = fakeModel().respond(new AIMessage("Ok."));
    const recorder = recordBoundTools(model);
    const agent = createAgent({
      model,
      tools,
      // a small catalog is offered whole by default; this test is about selection
      middleware: [
        toolsiftMiddleware({ tools, maxTools: 3, embeddingModel: new FakeEmbeddings(), smallCatalog: false }),
      ],
    });
    await converse(agent, ["Convert 100 dollars to euros"]);
    // Its vectors are all alike, so the keyword half of the combined ranking decides.
    expect(recorder.names()[0][0]).toBe("convert_currency");
    expect(recorder.names()[0]).toHaveLength(3);
  });

  it("sync() after a description changes re-embeds only that tool", async () => {
    const tools = catalog();
    const embeddings = new WordEmbeddings();
    const middleware = toolsiftMiddleware({ tools, maxTools: 3, embeddingModel: embeddings, strategy: "semantic" });
    await middleware.warmUp();
    expect(embeddings.embeddedDocuments).toBe(10);

    const email = tools.find((entry) => entry.name === "send_email")!;
    email.description = "Post a message to a Slack channel.";
    await middleware.sync();
    expect(embeddings.documents.at(-1)).toHaveLength(1);
    expect(embeddings.documents.at(-1)![0]).toContain("Slack");
    expect(embeddings.embeddedDocuments).toBe(11);
    await middleware.sync();
    expect(embeddings.embeddedDocuments).toBe(11);

    const model = fakeModel().respond(new AIMessage("Posted."));
    const recorder = recordBoundTools(model);
    const agent = createAgent({ model, tools, middleware: [middleware] });
    await converse(agent, ["Post a message to the slack channel"]);
    expect(recorder.names()[0][0]).toBe("send_email");
  });

  it("shares an embedding cache: a second middleware embeds no tool", async () => {
    const { memoryCache } = await import("../../src/storage/index.js");
    const cache = memoryCache();
    const first = new WordEmbeddings();
    await toolsiftMiddleware({ tools: catalog(), embeddingModel: first, embedding: { cache } }).warmUp();
    const second = new WordEmbeddings();
    await toolsiftMiddleware({ tools: catalog(), embeddingModel: second, embedding: { cache } }).warmUp();
    expect(first.embeddedDocuments).toBe(10);
    expect(second.embeddedDocuments).toBe(0);
  });
});

describe("options", () => {
  it("rejects alwaysActive names that are not among the tools, and bad values, at creation", () => {
    expect(() => toolsiftMiddleware({ tools: catalog(), alwaysActive: ["todo_list"] })).toThrow(
      /option "alwaysActive" names "todo_list"/,
    );
    expect(() => toolsiftMiddleware({ onError: "fallback_all" as never })).toThrow(
      /toolsiftMiddleware: option "onError" must be one of "fallback", "throw"/,
    );
    expect(() => toolsiftMiddleware({ maxTools: 0 })).toThrow(/toolsiftMiddleware: option "maxTools"/);
    expect(() => toolsiftMiddleware({ onNoMatch: "every" as never })).toThrow(
      /option "onNoMatch" must be one of "all", "none", "guess"/,
    );
    expect(() => toolsiftMiddleware({ adaptive: "no" as never })).toThrow(/option "adaptive" must be a boolean/);
    expect(() => toolsiftMiddleware({ tools: "all" as never })).toThrow(
      /option "tools" must be an array of LangChain tools/,
    );
  });

  it("cuts at the score elbow by default, as select does; adaptive: false always binds maxTools", async () => {
    const tools = catalog();
    const query = "convert 100 dollars to euros and check the stock price";
    const bound = async (adaptive?: boolean) => {
      const model = fakeModel().respond(new AIMessage("Done."));
      const recorder = recordBoundTools(model);
      // a small catalog is offered whole by default; this test is about selection
      const middleware = toolsiftMiddleware({
        tools,
        maxTools: 4,
        smallCatalog: false,
        ...(adaptive === undefined ? {} : { adaptive }),
      });
      await createAgent({ model, tools, middleware: [middleware] }).invoke({
        messages: [new HumanMessage(query)],
      });
      return recorder.names()[0];
    };
    const index = toolsiftMiddleware({ tools }).index;
    const cut = await index.select(query, { maxTools: 4 });
    const uncut = await index.select(query, { maxTools: 4, adaptive: false });
    expect(cut.length).toBeLessThan(uncut.length);
    expect(await bound()).toEqual(cut);
    expect(await bound(false)).toEqual(uncut);
  });

  it("rejects unknown options with the nearest valid name, among its own and the index's", () => {
    expect(() => toolsiftMiddleware({ maxTool: 3 } as never)).toThrow(
      expect.objectContaining({ code: "UNKNOWN_OPTION", message: expect.stringContaining('did you mean "maxTools"') }),
    );
    expect(() => toolsiftMiddleware({ alwaysActiv: ["a"] } as never)).toThrow(/did you mean "alwaysActive"/);
    expect(() => toolsiftMiddleware({ strategie: "keyword" } as never)).toThrow(/did you mean "strategy"/);
    // A group's key given at the top level is pointed at its path only when the middleware takes that path: it has
    // catalog.limits, not catalog.context.
    expect(() => toolsiftMiddleware({ limits: {} } as never)).toThrow(/did you mean "catalog.limits"/);
    expect(() => toolsiftMiddleware({ context: {} } as never)).toThrow(/unknown option "context"/);
  });

  it("names the middleware after its Python peer", () => {
    expect(toolsiftMiddleware().name).toBe("DynamicToolSelector");
    expect(toolName({ type: "web_search_preview" })).toBe("web_search_preview");
  });
});
