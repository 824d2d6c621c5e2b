// index.inConversation(): the fixed tools block, deliveries in the conversation, call_tool's checks, in real AI SDK 7
// loops driven by a model that calls only tools whose definitions it was sent.
import { readFileSync } from "node:fs";
import { generateText, isStepCount, jsonSchema, tool, ToolLoopAgent, type ModelMessage } from "ai";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createToolIndex, withDispatchedCalls } from "../../src/index.js";
import type { ToolCallRefusedEvent } from "../../src/events.js";
import type { NoMatchEvent } from "../../src/agent/offer-policy.js";
import { createInConversation } from "../../src/agent/delivery/in-conversation.js";
import { definedIn, deliveryModel, MISS_TEXT, userSideTexts } from "./delivery-model.js";

/** The tool names of a message's `tool-call` parts. */
const toolCallNames = (message: ModelMessage): string[] =>
  Array.isArray(message.content)
    ? message.content.flatMap((part) => (part.type === "tool-call" ? [part.toolName] : []))
    : [];

function appTools() {
  const ran = vi.fn((name: string, input: unknown) => ({ ok: true, name, input }));
  const make = (description: string, shape: z.ZodRawShape, name: string) =>
    tool({ description, inputSchema: z.object(shape), execute: async (input) => ran(name, input) });
  const tools = {
    weather_forecast: make("Get the weather forecast for a city.", { city: z.string() }, "weather_forecast"),
    send_email: make("Send an email to a recipient.", { to: z.string(), body: z.string() }, "send_email"),
    stripe_list_payments: make(
      "List recent Stripe payments of a customer.",
      { customer: z.string() },
      "stripe_list_payments",
    ),
    stripe_refund_payment: make("Refund a Stripe payment.", { payment: z.string() }, "stripe_refund_payment"),
    hotel_booking: make(
      "Book a hotel room in a city for some nights.",
      { city: z.string(), nights: z.number() },
      "hotel_booking",
    ),
    translate_text: make(
      "Translate text into another language.",
      { text: z.string(), language: z.string() },
      "translate_text",
    ),
  };
  return { tools, ran };
}

const delivered = (messages: readonly ModelMessage[]) =>
  messages.flatMap(
    (message) => (message.providerOptions?.toolsift as { delivered?: string[] } | undefined)?.delivered ?? [],
  );

describe("index.inConversation: options", () => {
  const { tools } = appTools();
  const index = createToolIndex(tools);

  it("returns a fixed tools block: the alwaysActive tools, then call_tool and search_tools (names configurable)", () => {
    expect(Object.keys(index.inConversation(tools).tools)).toEqual(["call_tool", "search_tools"]);
    const named = index.inConversation(tools, {
      alwaysActive: ["translate_text"],
      metaTools: { dispatcherName: "run_tool", searchToolName: "find_tools" },
    });
    expect(Object.keys(named.tools)).toEqual(["translate_text", "run_tool", "find_tools"]);
    expect(named.tools.translate_text).toBe(tools.translate_text);
  });

  it("refuses unknown options with the nearest name, and bad values naming the option", () => {
    expect(() => index.inConversation(tools, { maxTool: 3 } as never)).toThrow(
      /unknown option "maxTool"; did you mean "maxTools"/,
    );
    expect(() => index.inConversation(tools, { delivery: { midTurn: "yes" } } as never)).toThrow(
      /option "delivery.midTurn" must be a boolean/,
    );
    expect(() => index.inConversation(tools, { delivery: { memoSize: 0 } })).toThrow(
      /option "delivery.memoSize" must be an integer ≥ 1/,
    );
    expect(() => index.inConversation(tools, { metaTools: { dispatcherName: "send_email" } })).toThrow(
      /option "metaTools.dispatcherName" must be a name no tool of the ToolSet has/,
    );
    // A misspelt option, or a group's key given at the top level, gets "did you mean".
    expect(() => index.inConversation(tools, { midTurn: false } as never)).toThrow(
      /unknown option "midTurn"; did you mean "delivery.midTurn"\?/,
    );
    expect(() => index.inConversation(tools, { dispatcherName: "run_tool" } as never)).toThrow(
      /unknown option "dispatcherName"; did you mean "metaTools.dispatcherName"\?/,
    );
    expect(() => index.inConversation(tools, { metaTools: { maxResult: 3 } } as never)).toThrow(
      /unknown option "metaTools.maxResult"; did you mean "metaTools.maxResults"\?/,
    );

    expect(() => index.inConversation(tools, { alwaysActive: ["nope"] })).toThrow(/option "alwaysActive"/);
    // Tools the index does not know could never be delivered: refused, named, unless sent in full.
    const extra = { ...tools, reticulate_splines: tools.weather_forecast };
    expect(() => index.inConversation(extra)).toThrow(
      /inConversation: tools has "reticulate_splines", which the index does not know/,
    );
    expect(() => index.inConversation(extra, { alwaysActive: ["reticulate_splines"] })).not.toThrow();
    expect(() => index.inConversation(tools, { maxTools: 0 })).toThrow(/maxTools/);
    expect(() => index.inConversation(null as never)).toThrow(/option "tools" must be an AI SDK ToolSet/);
    expect(() => index.inConversation(tools, { delivery: { minNewTools: 6 } })).toThrow(
      /option "delivery.minNewTools" must be an integer in \[0, 5\], got 6/,
    );
    expect(() => index.inConversation(tools, { maxTools: 2, delivery: { minNewTools: -1 } })).toThrow(
      /"delivery.minNewTools".*\[0, 2\]/,
    );
    expect(() => index.inConversation(tools, { delivery: { format: "xml" } } as never)).toThrow(
      /option "delivery.format" must be one of "compact", "json"/,
    );
  });

  it("writes definitions as JSON lines with delivery.format: json, and says so in call_tool's description", async () => {
    const delivery = index.inConversation(tools, { maxTools: 3, delivery: { format: "json" } });
    const user: ModelMessage = { role: "user", content: "Refund the last Stripe payment of customer 42" };
    const [, definitions] = (await delivery.prepareStep({ messages: [user] })).messages;
    const lines = (definitions.content[0] as { text: string }).text.split("\n");
    expect(lines[0]).toBe("Tools to call with call_tool:");
    expect(Object.keys(JSON.parse(lines[1]))).toEqual(["name", "description", "inputSchema"]);
    const refund = JSON.parse(lines.find((line) => line.includes('"stripe_refund_payment"'))!);
    expect(refund.inputSchema).toMatchObject({ properties: { payment: { type: "string" } }, required: ["payment"] });
    expect(refund.inputSchema).not.toHaveProperty("$schema");
    expect(delivery.tools.call_tool.description).toMatch(/a JSON line/);
    expect(index.inConversation(tools).tools.call_tool.description).toMatch(
      /`name: description` then ` {2}param\?: type — note` lines/,
    );
  });
});

describe("index.inConversation: minNewTools", () => {
  // A selector ranking by a fixed order, within allowedTools (as the index does), so what is new is known.
  const { tools } = appTools();
  const order = ["stripe_list_payments", "stripe_refund_payment", "send_email", "weather_forecast"];
  const selector = {
    toolNames: Object.keys(tools),
    async selectWithScores(_query: string, options?: { maxTools?: number; allowedTools?: readonly string[] }) {
      const names = order.filter((name) => options?.allowedTools?.includes(name) ?? true);
      return {
        results: names.slice(0, options?.maxTools).map((name) => ({ name, score: 1, relevance: 1, reason: "ranked" })),
      };
    },
  };
  const turns: ModelMessage[] = [
    { role: "user", content: "Refund the last Stripe payment" },
    { role: "assistant", content: "Done." },
    { role: "user", content: "And the one before" },
  ];
  const perPoint = async (minNewTools: number) => {
    const delivery = createInConversation(selector, tools, {
      maxTools: 2,
      smallCatalog: false,
      delivery: { minNewTools, midTurn: false },
    });
    const { messages } = await delivery.prepareStep({ messages: turns });
    return messages.map((message) => delivered([message])).filter((names) => names.length > 0);
  };

  it("adds the best-ranked new tools when a turn's top tools were all delivered before", async () => {
    // Turn 2 ranks the same two tools first: without minNewTools it delivers nothing new.
    expect(await perPoint(0)).toEqual([["stripe_list_payments", "stripe_refund_payment"]]);
    expect(await perPoint(1)).toEqual([["stripe_list_payments", "stripe_refund_payment"], ["send_email"]]);
    expect(await perPoint(2)).toEqual([
      ["stripe_list_payments", "stripe_refund_payment"],
      ["send_email", "weather_forecast"],
    ]);
  });
});

describe("index.inConversation: a turn that asks for nothing", () => {
  // The public multi-turn catalog (153 tools): "thanks!" after a task turn is joined with the task by the query
  // rule, whose tools were delivered already; minNewTools then topped the turn up with three unrelated ones.
  const bfcl = JSON.parse(
    readFileSync(new URL("../fixtures/bfcl-multiturn/catalog-and-turns.json", import.meta.url), "utf8"),
  ) as { tools: { name: string; description: string }[] };
  const tools = Object.fromEntries(
    bfcl.tools.map((entry) => [
      entry.name,
      tool({ description: entry.description, inputSchema: jsonSchema({ type: "object" }) }),
    ]),
  );
  const index = createToolIndex(tools);
  const task = "Move 'final_report.pdf' within document directory to 'temp' directory in document.";

  for (const thanks of ["thanks!", "Thank you so much", "ok great"]) {
    it(`delivers nothing for "${thanks}", whatever minNewTools says, and reports no-match`, async () => {
      const events: NoMatchEvent[] = [];
      const delivery = index.inConversation(tools, {
        delivery: { minNewTools: 3 },
        onEvent: (event) => {
          if (event.type === "no-match") events.push(event);
        },
      });
      const turns: ModelMessage[] = [
        { role: "user", content: task },
        { role: "assistant", content: "I moved it." },
        { role: "user", content: thanks },
      ];
      const { messages } = await delivery.prepareStep({ messages: turns });
      const points = messages.map((message) => delivered([message])).filter((names) => names.length > 0);
      expect(points).toHaveLength(1);
      expect(points[0]).toContain("mv");
      expect(messages.at(-1)).toEqual(turns[2]);
      expect(events).toEqual([expect.objectContaining({ reason: "small-talk", offered: "none" })]);
    });
  }

  // The one chat-only rule every delivery reads a turn with (query-rule.ts `isSmallTalkTurn`), as prepareStep does.
  /** A turn through inConversation and through prepareStep: what each delivered or offered, and its no-match events. */
  async function bothDeliveries(turns: ModelMessage[]) {
    const events = { inConversation: [] as NoMatchEvent[], prepareStep: [] as NoMatchEvent[] };
    const listen = (into: NoMatchEvent[]) => (event: { type: string }) => {
      if (event.type === "no-match") into.push(event as NoMatchEvent);
    };
    const delivery = index.inConversation(tools, { onEvent: listen(events.inConversation) });
    const { messages } = await delivery.prepareStep({ messages: turns });
    const prepareStep = index.prepareStep({ stableTools: false, onEvent: listen(events.prepareStep) });
    const { activeTools } = (await prepareStep({ messages: turns, steps: [] } as never)) as { activeTools?: string[] };
    const points = messages.map((message) => delivered([message])).filter((names) => names.length > 0);
    return { messages, points, activeTools, events };
  }

  it('"yes please" to the assistant\'s question carries the task on, as in prepareStep: no small talk', async () => {
    const turns: ModelMessage[] = [
      { role: "user", content: "Find the file named 'notes.txt' in the current directory." },
      { role: "assistant", content: "I found notes.txt. Should I show the last 10 lines of it?" },
      { role: "user", content: "yes please" },
    ];
    const { messages, points, activeTools, events } = await bothDeliveries(turns);
    // Read with the task before it (the query rule), as a short follow-up is: the turn is delivered for.
    expect(points).toHaveLength(2);
    expect(messages.at(-2)).toEqual(turns[2]);
    expect(activeTools).toContain("find");
    expect(events).toEqual({ inConversation: [], prepareStep: [] });
  });

  it('"found it, thanks!" is reported as small talk, as prepareStep reports it', async () => {
    const turns: ModelMessage[] = [
      { role: "user", content: task },
      { role: "assistant", content: "I moved it." },
      { role: "user", content: "found it, thanks!" },
    ];
    const { messages, events } = await bothDeliveries(turns);
    expect(messages.at(-1)).toEqual(turns[2]);
    const smallTalk = [expect.objectContaining({ reason: "small-talk", offered: "none" })];
    expect(events).toEqual({ inConversation: smallTalk, prepareStep: smallTalk });
  });

  it("a remark that reads no task gets no tool and delivers nothing, as prepareStep reads it", async () => {
    const turns: ModelMessage[] = [
      { role: "user", content: task },
      { role: "assistant", content: "I moved it." },
      { role: "user", content: "lol we always forget that one" },
    ];
    const delivery = index.inConversation(tools);
    const result = await delivery.prepareStep({ messages: turns });
    // Neither the dispatcher nor the search tool: the definitions delivered before are not callable this turn.
    expect(result.activeTools).toEqual([]);
    const { messages, points, activeTools, events } = await bothDeliveries(turns);
    expect(points).toHaveLength(1);
    expect(messages.at(-1)).toEqual(turns[2]);
    expect(activeTools).toEqual([]);
    const smallTalk = [expect.objectContaining({ reason: "small-talk", offered: "none" })];
    expect(events).toEqual({ inConversation: smallTalk, prepareStep: smallTalk });
    // A remark the catalog has words for is a request: the dispatcher stays.
    const words = await delivery.prepareStep({
      messages: [...turns.slice(0, 2), { role: "user", content: "lol the pdf is so big, compress it" }],
    });
    expect(words.activeTools).toBeUndefined();
  });

  it("a short follow-up that asks for something still gets new tools", async () => {
    const delivery = index.inConversation(tools, { delivery: { minNewTools: 3 } });
    const turns: ModelMessage[] = [
      { role: "user", content: task },
      { role: "assistant", content: "I moved it." },
      { role: "user", content: "now sort it by line" },
    ];
    const { messages } = await delivery.prepareStep({ messages: turns });
    const points = messages.map((message) => delivered([message])).filter((names) => names.length > 0);
    expect(points).toHaveLength(2);
    expect(points[1]).toContain("sort");
  });
});

describe("index.inConversation in generateText", () => {
  it("delivers the turn's tools right after the user message; call_tool checks the input and runs the real tool", async () => {
    const { tools, ran } = appTools();
    const delivery = createToolIndex(tools).inConversation(tools, { maxTools: 3 });
    const { model, misses, prompts } = deliveryModel([
      { call: "stripe_list_payments", input: { customer: "42" } },
      { call: "stripe_refund_payment", input: { payment: "py_1" } },
      { text: "Refunded." },
    ]);
    const result = await generateText({
      model,
      messages: [{ role: "user", content: "Refund the last Stripe payment of customer 42" }],
      ...delivery,
      stopWhen: isStepCount(5),
    });
    expect(result.text).toBe("Refunded.");
    expect(misses).toEqual([]);
    expect(ran.mock.calls).toEqual([
      ["stripe_list_payments", { customer: "42" }],
      ["stripe_refund_payment", { payment: "py_1" }],
    ]);
    // The first request: the user message, then one delivery message (the instruction line, one compact definition a
    // tool: its name and description, then a line per parameter).
    const [user, definitions] = prompts[0];
    expect(user).toEqual({
      role: "user",
      content: [{ type: "text", text: "Refund the last Stripe payment of customer 42" }],
    });
    const lines = (definitions.content[0] as { text: string }).text.split("\n");
    expect(lines[0]).toBe("Tools to call with call_tool:");
    expect(lines).toContain("stripe_list_payments: List recent Stripe payments of a customer.");
    expect(lines).toContain("stripe_refund_payment: Refund a Stripe payment.");
    // Every later request of the call starts with the one before it.
    for (let i = 1; i < prompts.length; i++) expect(prompts[i].slice(0, prompts[i - 1].length)).toEqual(prompts[i - 1]);
    // What the app stores has no delivery in it: the SDK's response messages only.
    expect(delivered(result.responseMessages as ModelMessage[])).toEqual([]);
  });

  it("spreads into a ToolLoopAgent the same way", async () => {
    const { tools, ran } = appTools();
    const { model, misses } = deliveryModel([
      { call: "weather_forecast", input: { city: "Paris" } },
      { text: "Sunny." },
    ]);
    const agent = new ToolLoopAgent({ model, ...createToolIndex(tools).inConversation(tools) });
    const result = await agent.generate({ messages: [{ role: "user", content: "Weather forecast for Paris?" }] });
    expect(result.text).toBe("Sunny.");
    expect(misses).toEqual([]);
    expect(ran.mock.calls).toEqual([["weather_forecast", { city: "Paris" }]]);
  });

  it("refuses a tool whose definition was never delivered, an unknown name and an invalid input (the tool never runs)", async () => {
    const { tools, ran } = appTools();
    const events: ToolCallRefusedEvent[] = [];
    const delivery = createToolIndex(tools).inConversation(tools, {
      smallCatalog: false,
      maxTools: 2,
      delivery: { midTurn: false },
      onEvent: (event) => void (event.type === "tool-call-refused" && events.push(event)),
    });
    const { model, prompts } = deliveryModel([
      { call: "hotel_booking", input: { city: "Rome", nights: 2 }, anyway: true },
      { call: "no_such_tool", input: {}, anyway: true },
      { call: "weather_forecast", input: { city: 7 } },
      { text: "Sorry." },
    ]);
    const result = await generateText({
      model,
      messages: [{ role: "user", content: "What is the weather forecast for Paris?" }],
      ...delivery,
      stopWhen: isStepCount(6),
    });
    expect(ran).not.toHaveBeenCalled();
    expect(events.map((event) => [event.tool, event.reason])).toEqual([
      ["hotel_booking", "not-delivered"],
      ["no_such_tool", "unknown-tool"],
      ["weather_forecast", "invalid-input"],
    ]);
    const errors = result.steps.flatMap((step) => step.content.filter((part) => part.type === "tool-error"));
    expect(errors.map((part) => String((part as { error: unknown }).error))).toEqual([
      expect.stringMatching(/"hotel_booking" was not given in this conversation.*Call search_tools/),
      expect.stringMatching(/no tool named "no_such_tool"/),
      expect.stringMatching(/input for "weather_forecast" does not match its inputSchema: \/city: .*expected string/i),
    ]);
    // What the model reads is the message itself, not "ToolsiftError: call_tool: …" (the SDK sends error.toString()).
    const sent = prompts
      .at(-1)!
      .flatMap((message) =>
        message.role === "tool"
          ? message.content.flatMap((part) => (part.type === "tool-result" ? [part.output] : []))
          : [],
      );
    expect(sent).toHaveLength(3);
    for (const output of sent) {
      expect(output).toMatchObject({ type: "error-text", value: expect.stringMatching(/^call_tool: /) });
    }
  });

  it("a tool refused as not delivered comes with the next step, as the refusal says; the refused call is no usage", async () => {
    const { tools, ran } = appTools();
    const index = createToolIndex(tools);
    const events: ToolCallRefusedEvent[] = [];
    const delivery = index.inConversation(tools, {
      smallCatalog: false,
      maxTools: 1,
      onEvent: (event) => void (event.type === "tool-call-refused" && events.push(event)),
    });
    const { model, misses, prompts } = deliveryModel([
      { call: "hotel_booking", input: { city: "Paris", nights: 2 }, anyway: true },
      // Called again only if the request now defines it (the scripted model misses otherwise).
      { call: "hotel_booking", input: { city: "Paris", nights: 2 } },
      { text: "Booked." },
    ]);
    const messages: ModelMessage[] = [{ role: "user", content: "What is the weather forecast for Paris?" }];
    const result = await generateText({ model, messages, ...delivery, stopWhen: isStepCount(4) });
    expect(events.map((event) => event.message)).toEqual([
      expect.stringMatching(/^call_tool: the definition of "hotel_booking" was not given .* given after this result/),
    ]);
    expect(misses).toEqual([]);
    expect(ran.mock.calls).toEqual([["hotel_booking", { city: "Paris", nights: 2 }]]);
    expect(definedIn(userSideTexts(prompts[0]), "hotel_booking")).toBe(false);
    expect(definedIn(userSideTexts(prompts[1]), "hotel_booking")).toBe(true);
    // Learning counts the call that ran, not the refused one.
    const conversation = [...messages, ...(result.responseMessages as ModelMessage[])];
    expect(withDispatchedCalls(conversation).flatMap(toolCallNames)).toEqual(["hotel_booking"]);
    expect(index.learn(withDispatchedCalls(conversation))).toMatchObject({ calls: 1, skipped: [] });
  });

  it("without midTurn the refusal sends the model to search_tools, and the next request has no definition", async () => {
    const { tools } = appTools();
    const delivery = createToolIndex(tools).inConversation(tools, {
      maxTools: 1,
      smallCatalog: false,
      delivery: { midTurn: false },
    });
    const { model, misses, prompts } = deliveryModel([
      { call: "hotel_booking", input: { city: "Paris", nights: 2 }, anyway: true },
      { call: "hotel_booking", input: { city: "Paris", nights: 2 } },
    ]);
    const messages: ModelMessage[] = [{ role: "user", content: "What is the weather forecast for Paris?" }];
    const result = await generateText({ model, messages, ...delivery, stopWhen: isStepCount(3) });
    const errors = result.steps.flatMap((step) => step.content.filter((part) => part.type === "tool-error"));
    expect(String((errors[0] as { error: unknown }).error)).toMatch(/Call search_tools to get its definition/);
    expect(definedIn(userSideTexts(prompts[1]), "hotel_booking")).toBe(false);
    expect(misses).toEqual(["hotel_booking"]);
    const conversation = [...messages, ...(result.responseMessages as ModelMessage[])];
    expect(withDispatchedCalls(conversation).flatMap(toolCallNames)).toEqual([]);
  });

  it("makes what search_tools found callable: its result carries the full definitions", async () => {
    const { tools, ran } = appTools();
    const delivery = createToolIndex(tools).inConversation(tools, {
      maxTools: 1,
      smallCatalog: false,
      delivery: { midTurn: false },
    });
    const { model, misses, prompts } = deliveryModel([
      { call: "hotel_booking", input: { city: "Rome", nights: 2 } },
      { search: "book a hotel room" },
      { call: "hotel_booking", input: { city: "Rome", nights: 2 } },
      { text: "Booked." },
    ]);
    // The turn's delivery is the weather tool only: asked for the hotel tool, the model misses.
    const prompt: ModelMessage[] = [{ role: "user", content: "What is the weather forecast in Rome?" }];
    const first = await generateText({ model, messages: prompt, ...delivery });
    expect(first.text).toBe(MISS_TEXT);
    expect(misses).toEqual(["hotel_booking"]);
    expect(JSON.stringify(prompts[0])).not.toContain("hotel_booking");
    // The same request again: this time the model searches, and the definition it gets makes the tool callable.
    const second = await generateText({ model, messages: prompt, ...delivery, stopWhen: isStepCount(5) });
    expect(second.text).toBe("Booked.");
    const found = second.steps[0].toolResults[0].output as { tools: { name: string; inputSchema: unknown }[] };
    expect(found.tools[0]).toMatchObject({ name: "hotel_booking", inputSchema: { required: ["city", "nights"] } });
    expect(ran.mock.calls).toEqual([["hotel_booking", { city: "Rome", nights: 2 }]]);
  });
});

describe("index.inConversation: deliveries re-derived from the messages", () => {
  const turn1: ModelMessage[] = [{ role: "user", content: "Refund the last Stripe payment of customer 42" }];

  it("re-inserts earlier deliveries in the next turn from the memo: learning in between changes nothing", async () => {
    const { tools } = appTools();
    const index = createToolIndex(tools);
    const select = vi.spyOn(index, "selectWithScores");
    const delivery = index.inConversation(tools, { maxTools: 2, delivery: { minNewTools: 0 } });
    const sent: ModelMessage[][] = [];
    const prepareStep: typeof delivery.prepareStep = async (step) => {
      const result = await delivery.prepareStep(step);
      sent.push(result.messages);
      return result;
    };
    const { model } = deliveryModel([{ call: "stripe_list_payments", input: { customer: "42" } }, { text: "Done." }]);
    const first = await generateText({ model, messages: turn1, ...delivery, prepareStep, stopWhen: isStepCount(3) });
    const lastOfTurn1 = sent.at(-1)!;
    expect(delivered(lastOfTurn1)).toContain("stripe_list_payments");
    const selections = select.mock.calls.length;
    // Learning that this request leads to send_email would change a fresh selection of turn 1.
    for (let i = 0; i < 3; i++) {
      index.learn([
        ...turn1,
        { role: "assistant", content: [{ type: "tool-call", toolCallId: "1", toolName: "send_email", input: {} }] },
      ]);
    }
    const fresh = index.inConversation(tools, { maxTools: 2, delivery: { minNewTools: 0 } });
    expect(delivered((await fresh.prepareStep({ messages: turn1 })).messages)).not.toEqual(delivered(sent[0]));
    // The app stores its prompt and the response messages, here read back from a database.
    const stored = JSON.parse(JSON.stringify([...turn1, ...first.responseMessages])) as ModelMessage[];
    const { messages } = await prepareStep({
      messages: [...stored, { role: "user", content: "Now email them the receipt" }],
    });
    expect(messages.slice(0, lastOfTurn1.length)).toEqual(lastOfTurn1);
    expect(messages.length).toBeGreaterThan(lastOfTurn1.length + 1);
    // Only the new turn was selected for (and the fresh delivery's one point); the rest came from the memo.
    expect(select.mock.calls.length - selections).toBe(2);
  });

  it("a forgotten point (memoSize) is chosen again from the index as it is then", async () => {
    const { tools } = appTools();
    const index = createToolIndex(tools);
    const select = vi.spyOn(index, "selectWithScores");
    const delivery = index.inConversation(tools, { delivery: { memoSize: 1, midTurn: false, minNewTools: 0 } });
    const turn2 = [
      ...turn1,
      { role: "assistant" as const, content: "Done." },
      { role: "user" as const, content: "Book a hotel in Rome" },
    ];
    await delivery.prepareStep({ messages: turn1 });
    await delivery.prepareStep({ messages: turn2 });
    // Two points, one remembered: each derivation chooses both again (a default memo would choose none).
    const before = select.mock.calls.length;
    await delivery.prepareStep({ messages: turn2 });
    expect(select.mock.calls.length - before).toBe(2);
  });

  it("withDispatchedCalls writes call_tool calls as calls of the tools they name, for index.learn", () => {
    const { tools } = appTools();
    const index = createToolIndex(tools);
    const messages: ModelMessage[] = [
      ...turn1,
      {
        role: "assistant",
        content: [
          {
            type: "tool-call",
            toolCallId: "a",
            toolName: "call_tool",
            input: { name: "stripe_list_payments", input: { customer: "42" } },
          },
        ],
      },
      {
        role: "tool",
        content: [{ type: "tool-result", toolCallId: "a", toolName: "call_tool", output: { type: "json", value: {} } }],
      },
    ];
    const unwrapped = withDispatchedCalls(messages);
    expect(unwrapped[1].content).toEqual([
      { type: "tool-call", toolCallId: "a", toolName: "stripe_list_payments", input: { customer: "42" } },
    ]);
    expect((unwrapped[2].content as { toolName: string }[])[0].toolName).toBe("stripe_list_payments");
    expect(unwrapped[0]).toBe(messages[0]);
    expect(index.learn(unwrapped)).toMatchObject({ calls: 1, skipped: [] });
    expect(index.learn(messages)).toMatchObject({ calls: 0, skipped: ["call_tool"] });
  });

  it("after a step's results (midTurn) appends what the calls so far lead to, read as calls of the real tools", async () => {
    const { tools } = appTools();
    const seen: string[][] = [];
    // A selector whose answer depends on the calls it is shown: after stripe_list_payments, the refund.
    const selector = {
      toolNames: Object.keys(tools),
      async selectWithScores(_query: string, options?: { messages?: readonly { content: unknown }[] }) {
        const calls = (options?.messages ?? []).flatMap((message) =>
          Array.isArray(message.content)
            ? message.content.map((part: { toolName?: string }) => part.toolName ?? "")
            : [],
        );
        seen.push(calls.filter(Boolean));
        const names = calls.includes("stripe_list_payments")
          ? ["stripe_list_payments", "stripe_refund_payment"]
          : ["stripe_list_payments"];
        return { results: names.map((name) => ({ name, score: 1, relevance: 1, reason: "ranked" })) };
      },
    };
    const delivery = createInConversation(selector, tools, { smallCatalog: false });
    const user: ModelMessage = { role: "user", content: "Refund the last Stripe payment of customer 42" };
    const call: ModelMessage[] = [
      {
        role: "assistant",
        content: [
          {
            type: "tool-call",
            toolCallId: "a",
            toolName: "call_tool",
            input: { name: "stripe_list_payments", input: {} },
          },
        ],
      },
      {
        role: "tool",
        content: [{ type: "tool-result", toolCallId: "a", toolName: "call_tool", output: { type: "json", value: [] } }],
      },
    ];
    const step1 = (await delivery.prepareStep({ messages: [user] })).messages;
    const step2 = (await delivery.prepareStep({ messages: [...step1, ...call] })).messages;
    step1.forEach((message, position) => expect(step2[position]).toBe(message));
    expect(step2.slice(0, step1.length)).toEqual(step1);
    expect(step2.map((message) => message.role)).toEqual(["user", "user", "assistant", "tool", "user"]);
    expect(delivered(step2)).toEqual(["stripe_list_payments", "stripe_refund_payment"]);
    expect(seen.at(-1)).toContain("stripe_list_payments");
    expect(seen.at(-1)).not.toContain("call_tool");
    // Turn-start points only: nothing after the step.
    const turnsOnly = createInConversation(selector, tools, { smallCatalog: false, delivery: { midTurn: false } });
    const first = (await turnsOnly.prepareStep({ messages: [user] })).messages;
    expect((await turnsOnly.prepareStep({ messages: [...first, ...call] })).messages).toHaveLength(4);
  });
});
