// The selection middleware under wrapLanguageModel, the search meta-tool, and toolsift ranking in AI SDK toolSearch.
import { generateText, isStepCount, toolSearch, wrapLanguageModel } from "ai";
import { describe, expect, it } from "vitest";
import type { NoMatchEvent } from "../../src/agent/offer-policy.js";
import type { SearchToolOutput } from "../../src/agent/search-tool.js";
import { createToolIndex } from "../../src/index.js";
import { failingEmbeddingModel } from "../../src/testing/index.js";
import { conversation } from "../usage/conversations.js";
import { agentTools } from "./agent-tools.js";
import { scriptedModel, ToolNotOfferedError } from "./mock-model.js";

const index = createToolIndex(agentTools);

describe("middleware", () => {
  it("sends the model only the selected tools on every step, reading the query from the V4 prompt", async () => {
    const { model, offered } = scriptedModel([
      { toolCalls: [{ toolName: "hotel_booking", input: { city: "Rome", nights: 3 } }] },
      { text: "Booked." },
    ]);
    // a small catalog is offered whole by default; this test is about selection
    const middleware = index.middleware({ maxTools: 2, onNoMatch: "all", smallCatalog: false });
    const wrapped = wrapLanguageModel({ model, middleware });
    const result = await generateText({
      model: wrapped,
      tools: agentTools,
      stopWhen: isStepCount(3),
      prompt: "Book a hotel room in Rome for three nights",
    });
    expect(result.text).toBe("Booked.");
    expect(offered[0]).toContain("hotel_booking");
    expect(offered[0].length).toBeLessThanOrEqual(2);
    expect(offered[1].length).toBeLessThanOrEqual(2);
  });

  it("takes no conversation options, in its type as at run time (it reads the conversation from the prompt)", () => {
    // @ts-expect-error: previousTools is not a middleware option (tsc fails here if the type accepts it)
    expect(() => index.middleware({ previousTools: ["send_email"] })).toThrow(
      expect.objectContaining({ code: "UNKNOWN_OPTION", message: expect.stringContaining('"previousTools"') }),
    );
    // @ts-expect-error: messages is not a middleware option either
    expect(() => index.middleware({ messages: [] })).toThrow(expect.objectContaining({ code: "UNKNOWN_OPTION" }));
  });

  it("leaves provider-defined tools and tools the index does not know alone", async () => {
    // a small catalog is offered whole by default; this test is about selection
    const middleware = index.middleware({ maxTools: 1, smallCatalog: false });
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

describe("middleware when nothing matches (onNoMatch)", () => {
  const params = {
    prompt: [
      {
        role: "user" as const,
        content: [{ type: "text" as const, text: "Hello there, what is the capital of Peru?" }],
      },
    ],
    tools: [
      { type: "function" as const, name: "weather_forecast", inputSchema: {} },
      { type: "function" as const, name: "translate_text", inputSchema: {} },
      { type: "function" as const, name: "search_tools", inputSchema: {} },
      { type: "provider" as const, id: "openai.web_search", name: "web_search", args: {} },
    ],
  };

  it("keeps no catalog tool by default when nothing is relevant, and reports no-match with its reason", async () => {
    const events: NoMatchEvent[] = [];
    // a small catalog is offered whole by default; this test is about the no-match policy
    const out = await index
      .middleware({ smallCatalog: false, onEvent: (event) => events.push(event) })
      .transformParams({ params, type: "generate" });
    expect(out.tools.map((tool) => tool.name)).toEqual(["search_tools", "web_search"]);
    expect(events).toEqual([
      expect.objectContaining({
        type: "no-match",
        query: "Hello there, what is the capital of Peru?",
        reason: "nothing-relevant",
        offered: "none",
      }),
    ]);
  });

  it("keeps every tool by default when the prompt has no user text yet (no-user-text)", async () => {
    const events: NoMatchEvent[] = [];
    const system = { ...params, prompt: [{ role: "system" as const, content: "You are a helpful assistant." }] };
    const out = await index
      .middleware({ onEvent: (event) => events.push(event) })
      .transformParams({ params: system, type: "generate" });
    expect(out.tools).toHaveLength(4);
    expect(events).toEqual([expect.objectContaining({ query: "", reason: "no-user-text", offered: "all" })]);
  });

  it('"all" keeps every tool, up to maxOfferAll function tools', async () => {
    const events: NoMatchEvent[] = [];
    // a small catalog is offered whole by default; this test is about selection
    const all = index.middleware({ onNoMatch: "all", smallCatalog: false, onEvent: (event) => events.push(event) });
    expect((await all.transformParams({ params, type: "generate" })).tools).toHaveLength(4);
    // Only catalog tools count against maxOfferAll (search_tools is none), as in every adapter.
    const guarded = index.middleware({
      onNoMatch: "all",
      maxOfferAll: 1,
      smallCatalog: false,
      onEvent: (event) => events.push(event),
    });
    const out = await guarded.transformParams({ params, type: "generate" });
    expect(out.tools.map((tool) => tool.name)).toEqual(["search_tools", "web_search"]);
    expect(events[1]).toMatchObject({ offered: "none", guard: { maxOfferAll: 1, tools: 2 } });
  });

  it('"none" keeps only pinned, unknown and provider tools', async () => {
    // a small catalog is offered whole by default; this test is about selection
    const middleware = index.middleware({ onNoMatch: "none", alwaysActive: ["translate_text"], smallCatalog: false });
    const out = await middleware.transformParams({ params, type: "generate" });
    expect(out.tools.map((tool) => tool.name)).toEqual(["translate_text", "search_tools", "web_search"]);
  });

  it('in a loop: the model gets the tool it needs with onNoMatch "all" or a small catalog, not with onNoMatch "none"', async () => {
    const prompt = "Is it going to rain?";
    expect(await index.select(prompt)).toEqual([]);
    const { model, offered } = scriptedModel([
      { toolCalls: [{ toolName: "weather_forecast", input: { city: "Oslo" } }] },
      { text: "Yes." },
    ]);
    const wrapped = wrapLanguageModel({ model, middleware: index.middleware({ maxTools: 2, onNoMatch: "all" }) });
    const result = await generateText({ model: wrapped, tools: agentTools, stopWhen: isStepCount(3), prompt });
    expect(result.text).toBe("Yes.");
    expect(offered[0]).toHaveLength(Object.keys(agentTools).length);
    // By default a catalog of 20 tools or fewer is offered whole to a request that asks for something.
    const small = scriptedModel([
      { toolCalls: [{ toolName: "weather_forecast", input: { city: "Oslo" } }] },
      { text: "Yes." },
    ]);
    const whole = wrapLanguageModel({ model: small.model, middleware: index.middleware() });
    expect((await generateText({ model: whole, tools: agentTools, stopWhen: isStepCount(3), prompt })).text).toBe(
      "Yes.",
    );
    const strict = scriptedModel([{ toolCalls: [{ toolName: "weather_forecast", input: { city: "Oslo" } }] }]);
    // A small catalog is offered whole whatever onNoMatch says; without it, "none" offers no catalog tool.
    const none = wrapLanguageModel({
      model: strict.model,
      middleware: index.middleware({ onNoMatch: "none", smallCatalog: false }),
    });
    await expect(
      generateText({ model: none, tools: agentTools, stopWhen: isStepCount(3), prompt }),
    ).rejects.toBeInstanceOf(ToolNotOfferedError);
  });

  it("validates its options when made", () => {
    expect(() => index.middleware({ maxTool: 2 } as never)).toThrow(
      /middleware: unknown option "maxTool"; did you mean "maxTools"/,
    );
    expect(() => index.middleware({ onNoMatch: "any" as never })).toThrow(
      /middleware: option "onNoMatch" must be one of "all", "none", "guess"/,
    );
    expect(() => index.middleware({ maxTools: 0 })).toThrow(/middleware: option "maxTools"/);
    expect(() => index.middleware({ maxOfferAll: -1 })).toThrow(
      /middleware: option "maxOfferAll" must be an integer ≥ 0 or Infinity, got -1/,
    );
  });
});

describe("searchTool", () => {
  it("validates its options when made", () => {
    expect(() => index.searchTool({ maxResults: 0 })).toThrow(
      /searchTool: option "maxResults" must be an integer ≥ 1, got 0/,
    );
    expect(() => index.searchTool({ description: "" })).toThrow(
      /searchTool: option "description" must be a non-empty string/,
    );
    expect(() => index.searchTool({ maxResult: 3 } as never)).toThrow(
      /unknown option "maxResult"; did you mean "maxResults"/,
    );
    expect(() => index.toolSearchFunction({ maxResults: 2.5 })).toThrow(
      /toolSearchFunction: option "maxResults" must be an integer ≥ 1/,
    );
    expect(() => index.toolSearchFunction({ limit: 3 } as never)).toThrow(/toolSearchFunction: unknown option "limit"/);
  });

  it("returns at most maxResults ranked tools, with their descriptions", async () => {
    const search = index.searchTool({ maxResults: 2 });
    const output = await search.execute!(
      { query: "stripe payment" },
      { toolCallId: "1", messages: [], context: undefined },
    );
    const { tools } = output as SearchToolOutput;
    // Only two tools mention Stripe payments; each comes back with its own description.
    expect(tools.map((tool) => tool.name).sort()).toEqual(["stripe_list_payments", "stripe_refund_payment"]);
    for (const tool of tools)
      expect(tool.description).toBe(agentTools[tool.name as keyof typeof agentTools].description);
  });

  it("lets the model find a tool outside its selection, which is active on the next step", async () => {
    const { model, offered } = scriptedModel([
      { toolCalls: [{ toolName: "search_tools", input: { query: "upload a file to a bucket" } }] },
      { toolCalls: [{ toolName: "s3_upload_file", input: { bucket: "b", key: "k" } }] },
      { text: "Uploaded." },
    ]);
    const result = await generateText({
      model,
      tools: { ...agentTools, search_tools: index.searchTool() },
      // With a search meta-tool, onNoMatch "none": a request that matches nothing gets the search tool, not every tool.
      // a small catalog is offered whole by default; this test is about selection
      prepareStep: index.prepareStep({
        maxTools: 2,
        alwaysActive: ["search_tools"],
        onNoMatch: "none",
        smallCatalog: false,
      }),
      stopWhen: isStepCount(4),
      prompt: "Please archive the quarterly report",
    });
    expect(result.text).toBe("Uploaded.");
    expect(offered[0]).toContain("search_tools");
    expect(offered[0]).not.toContain("s3_upload_file");
    expect(offered[1]).toContain("s3_upload_file");
    const searchResult = result.steps[0].toolResults[0];
    expect(searchResult.output).toMatchObject({
      tools: expect.arrayContaining([expect.objectContaining({ name: "s3_upload_file" })]),
    });
  });

  it("hands the model a failed search's message, without the error class's name", async () => {
    const failing = createToolIndex(agentTools, {
      embeddingModel: failingEmbeddingModel({ error: new Error("the key was refused") }),
      embedding: { maxRetries: 0 },
      onError: "throw",
    });
    const { model } = scriptedModel([
      { toolCalls: [{ toolName: "search_tools", input: { query: "upload a file to a bucket" } }] },
      { text: "Sorry." },
    ]);
    await generateText({
      model,
      tools: { search_tools: failing.searchTool() },
      stopWhen: isStepCount(3),
      prompt: "Please archive the quarterly report",
    });
    // What the SDK sent the model as the tool's result (it sends error.toString(): was "ToolsiftError: …").
    const results = model.doGenerateCalls[1].prompt.flatMap((message) =>
      message.role === "tool" ? message.content.filter((part) => part.type === "tool-result") : [],
    );
    expect(results.map((part) => part.output)).toEqual([
      { type: "error-text", value: expect.stringMatching(/^[^:]*embedding[^:]*:.*the key was refused/i) },
    ]);
    expect(JSON.stringify(results)).not.toContain("ToolsiftError");
  });
});

describe("toolSearchFunction with AI SDK 7 toolSearch", () => {
  it("ranks deferred tools with toolsift", async () => {
    const deferred = Object.fromEntries(
      Object.entries(agentTools).map(([name, definition]) => [name, { ...definition, deferLoading: true }]),
    );
    const search = index.toolSearchFunction();
    expect((await search({ query: "book a hotel", tools: Object.keys(agentTools).map((name) => ({ name })) }))[0]).toBe(
      "hotel_booking",
    );
    expect(await search({ query: "book a hotel", tools: [{ name: "weather_forecast" }] })).not.toContain(
      "hotel_booking",
    );
    const { model, offered } = scriptedModel([
      { toolCalls: [{ toolName: "tool_search", input: { query: "book a hotel room" } }] },
      { toolCalls: [{ toolName: "hotel_booking", input: { city: "Rome", nights: 2 } }] },
      { text: "Done." },
    ]);
    const result = await generateText({
      model,
      tools: { ...deferred, tool_search: toolSearch({ search }) },
      stopWhen: isStepCount(4),
      prompt: "Book me a hotel room in Rome",
    });
    expect(result.text).toBe("Done.");
    expect(offered[0]).not.toContain("hotel_booking");
    expect(offered[1]).toContain("hotel_booking");
  });

  it("returns at most maxResults names, leaving out related and learnt companions", async () => {
    const tools = {
      create_pull_request: { description: "Open a pull request on GitHub" },
      list_branches: { description: "List the branches of a repository" },
      get_repo: { description: "Get a repository" },
      send_email: { description: "Send an email" },
    };
    const offeredTools = Object.keys(tools).map((name) => ({ name }));
    const related = createToolIndex(tools, { relatedTools: { create_pull_request: ["list_branches", "get_repo"] } });
    expect(
      await related.toolSearchFunction({ maxResults: 1 })({ query: "open a pull request", tools: offeredTools }),
    ).toEqual(["create_pull_request"]);
    const learnt = createToolIndex(tools);
    for (let turn = 0; turn < 4; turn++)
      learnt.learn(conversation([{ user: "open a pull request", calls: ["create_pull_request", "send_email"] }]));
    // The learnt companion is kept by select (so the test shows it is there to leave out) but not by the search.
    expect(await learnt.select("open a pull request", { maxTools: 1 })).toContain("send_email");
    expect(
      await learnt.toolSearchFunction({ maxResults: 1 })({ query: "open a pull request", tools: offeredTools }),
    ).toEqual(["create_pull_request"]);
  });
});
