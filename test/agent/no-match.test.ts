// When nothing fits: each reason of the no-match event, the maxOfferAll guard and onNoMatch, in prepareStep and its
// stable mode, in real AI SDK loops with a scripted model that refuses tools it was not offered.
import { generateText, isStepCount, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { PrepareStepEvent } from "../../src/agent/prepare-step.js";
import { createToolIndex } from "../../src/index.js";
import { agentTools } from "./agent-tools.js";
import { scriptedModel, ToolNotOfferedError } from "./mock-model.js";

const index = createToolIndex(agentTools);
const toolCount = Object.keys(agentTools).length;
const user = (content: string) => [{ role: "user" as const, content }];
const thanks = user("thanks!");

function recorded(options: Parameters<typeof index.prepareStep>[0] = {}) {
  const events: PrepareStepEvent[] = [];
  const prepare = index.prepareStep({ stableTools: false, ...options, onEvent: (event) => events.push(event) });
  return { prepare, events };
}

/** A catalog of `count` tools about invoices, none of them about greetings. */
function invoiceTools(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    name: `invoice_action_${i}`,
    description: `Invoice operation number ${i} for the billing ledger.`,
    parameters: { type: "object", properties: { id: { type: "string" } } },
  }));
}

describe("the no-match event says why, and what the call was offered", () => {
  it('"small-talk": a turn of conversation only; no catalog tool, only the pinned ones', async () => {
    const { prepare, events } = recorded({ alwaysActive: ["translate_text"] });
    expect(await prepare({ steps: [], messages: thanks })).toEqual({ activeTools: ["translate_text"] });
    expect(events).toEqual([
      {
        type: "no-match",
        query: "thanks!",
        reason: "small-talk",
        offered: "none",
        message: "the user's turn only converses; this call is offered only the tools kept anyway",
      },
    ]);
  });

  it('"nothing-relevant": a request no tool fits; a small catalog is offered whole, a larger one nothing', async () => {
    const question = user("how many moons does Jupiter have?");
    // By default (smallCatalog) a small catalog is offered whole to a request that asks for something: every tool,
    // nothing ranked first, so in catalog order.
    const whole = recorded();
    expect(await whole.prepare({ steps: [], messages: question })).toEqual({ activeTools: Object.keys(agentTools) });
    // Without smallCatalog the no-match policy decides, and says so: every tool of a catalog of 20 or fewer.
    const small = recorded({ smallCatalog: false });
    expect(await small.prepare({ steps: [], messages: question })).toEqual({ activeTools: Object.keys(agentTools) });
    expect(small.events).toEqual([
      expect.objectContaining({
        reason: "nothing-relevant",
        offered: "all",
        query: "how many moons does Jupiter have?",
      }),
    ]);
    // A small catalog is offered whole whatever onNoMatch says; without it, "none" offers no catalog tool.
    const off = recorded({ onNoMatch: "none", smallCatalog: false });
    expect(await off.prepare({ steps: [], messages: question })).toEqual({ activeTools: [] });
    expect(off.events).toEqual([expect.objectContaining({ reason: "nothing-relevant", offered: "none" })]);
    // Words of conversation and the commonest English words ask for nothing: no tool even in a small catalog.
    const chat = recorded();
    expect(await chat.prepare({ steps: [], messages: user("you're the best") })).toEqual({ activeTools: [] });
    const large = createToolIndex(invoiceTools(25)).prepareStep({ stableTools: false });
    expect(await large({ steps: [], messages: question })).toEqual({ activeTools: [] });
  });

  it('"no-user-text": nothing to rank yet; by default every tool, within maxOfferAll', async () => {
    const { prepare, events } = recorded();
    const system = [{ role: "system" as const, content: "You are a helpful assistant." }];
    // Every tool of the catalog, named: the generateText call's tools the index does not hold are not among them.
    expect(await prepare({ steps: [], messages: system })).toEqual({ activeTools: Object.keys(agentTools) });
    expect(events).toEqual([
      {
        type: "no-match",
        query: "",
        reason: "no-user-text",
        offered: "all",
        message: `the conversation has no user text to select for; this call is offered every tool (${toolCount})`,
      },
    ]);
  });

  it('"escalation": after misses the ranking has no next page and every tool is over maxOfferAll', async () => {
    // a small catalog is offered whole by default; this test is about selection
    const { prepare, events } = recorded({ maxOfferAll: 3, smallCatalog: false });
    const miss = { toolCalls: [], toolResults: [] };
    const weather = user("weather forecast");
    const first = await prepare({ steps: [], messages: weather });
    expect(first.activeTools).toContain("weather_forecast");
    // Without the guard this step is every tool (prepare-step.test.ts); with it, only what is kept anyway.
    expect(await prepare({ steps: [miss], messages: weather })).toEqual({ activeTools: [] });
    expect(events).toEqual([
      expect.objectContaining({
        reason: "escalation",
        offered: "none",
        guard: { maxOfferAll: 3, tools: toolCount },
      }),
    ]);
    // Two misses in a row go on paging (the third page of two) instead of sending every tool.
    const paging = index.prepareStep({
      stableTools: false,
      maxOfferAll: 3,
      maxTools: 2,
      adaptive: false,
      smallCatalog: false,
    });
    const broad = user("Send an email and a Slack message about the GitHub issue and the Stripe payment");
    const pages = [];
    for (const steps of [[], [miss], [miss, miss]]) pages.push((await paging({ steps, messages: broad })).activeTools!);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2]);
    expect(new Set(pages.flat()).size).toBe(6);
  });
});

describe("the maxOfferAll guard", () => {
  it("turns every tool into none above the bound, and says so", async () => {
    const { prepare, events } = recorded({ onNoMatch: "all", maxOfferAll: toolCount - 1 });
    expect(await prepare({ steps: [], messages: thanks })).toEqual({ activeTools: [] });
    expect(events[0]).toMatchObject({ offered: "none", guard: { maxOfferAll: toolCount - 1, tools: toolCount } });
    expect(events[0].type === "no-match" && events[0].message).toMatch(
      new RegExp(`every tool was asked for, but ${toolCount} tools exceed maxOfferAll \\(${toolCount - 1}\\)`),
    );
  });

  it("counts the tools the rules allow, not the catalog", async () => {
    const rules = { allowedTools: () => ["send_email", "weather_forecast"] };
    const { prepare, events } = recorded({ onNoMatch: "all", maxOfferAll: 2, rules });
    expect(await prepare({ steps: [], messages: thanks })).toEqual({ activeTools: ["send_email", "weather_forecast"] });
    expect(events[0]).not.toHaveProperty("guard");
  });

  it("counts only catalog tools among the names allowedTools and the rules give", async () => {
    // Two catalog tools and two names no tool has: within maxOfferAll 2, so every (allowed) tool is offered.
    const names = ["send_email", "weather_forecast", "no_such_tool", "search_tools"];
    for (const options of [{ allowedTools: names }, { rules: { allowedTools: () => names } }]) {
      const { prepare, events } = recorded({ onNoMatch: "all", maxOfferAll: 2, ...options });
      expect(await prepare({ steps: [], messages: thanks })).toEqual({ activeTools: names });
      expect(events).toEqual([expect.objectContaining({ reason: "small-talk", offered: "all" })]);
      expect(events[0]).not.toHaveProperty("guard");
      // Escalation after two misses counts the same way: every allowed tool, not more paging.
      const miss = { toolCalls: [], toolResults: [] };
      const weather = user("weather forecast");
      expect(await prepare({ steps: [miss, miss], messages: weather })).toEqual({ activeTools: names });
    }
    // One catalog tool more than the bound is still refused, and the guard reports the catalog tools only.
    const { prepare, events } = recorded({ onNoMatch: "all", maxOfferAll: 1, allowedTools: names });
    expect(await prepare({ steps: [], messages: thanks })).toEqual({ activeTools: [] });
    expect(events[0]).toMatchObject({ offered: "none", guard: { maxOfferAll: 1, tools: 2 } });
  });

  it("defaults to 30: a 31-tool catalog with no user text gets none, a 30-tool one every tool", async () => {
    const system = [{ role: "system" as const, content: "Be brief." }];
    for (const [count, expected] of [
      [31, { activeTools: [] }],
      [30, { activeTools: invoiceTools(30).map((tool) => tool.name) }],
    ] as const) {
      const events: PrepareStepEvent[] = [];
      const prepare = createToolIndex(invoiceTools(count)).prepareStep({
        stableTools: false,
        onEvent: (event) => events.push(event),
      });
      expect(await prepare({ steps: [], messages: system })).toEqual(expected);
      expect(events[0]).toMatchObject({ reason: "no-user-text", offered: count > 30 ? "none" : "all" });
    }
  });

  it("Infinity lifts the bound (the behaviour before it existed, with onNoMatch all)", async () => {
    const prepare = createToolIndex(invoiceTools(40)).prepareStep({
      stableTools: false,
      onNoMatch: "all",
      maxOfferAll: Infinity,
    });
    expect(await prepare({ steps: [], messages: thanks })).toEqual({
      activeTools: invoiceTools(40).map((tool) => tool.name),
    });
  });

  it.each([
    [{ maxOfferAll: -1 }, /prepareStep: option "maxOfferAll" must be an integer ≥ 0 or Infinity, got -1/],
    [{ maxOfferAll: 2.5 }, /prepareStep: option "maxOfferAll" must be an integer ≥ 0 or Infinity, got 2.5/],
    [
      { maxOfferAll: "30" },
      /prepareStep: option "maxOfferAll" must be an integer ≥ 0 or Infinity, got the string "30"/,
    ],
    [
      { onNoMatch: "nothing" },
      /prepareStep: option "onNoMatch" must be one of "all", "none", "guess", got the string "nothing"/,
    ],
    [{ maxOfferAl: 3 }, /prepareStep: unknown option "maxOfferAl"; did you mean "maxOfferAll"/],
  ])("rejects %o naming the option and the value", (options, message) => {
    expect(() => index.prepareStep(options as never)).toThrow(message);
  });
});

describe("in a loop", () => {
  it("an off-topic turn gets no catalog tool: the model answers in text, and cannot call a tool", async () => {
    const searchTools = {
      ...agentTools,
      search_tools: tool({ description: "Search tools.", inputSchema: z.object({ query: z.string() }) }),
    };
    const chat = scriptedModel([{ text: "You're welcome!" }]);
    const prepareStep = index.prepareStep({ stableTools: false, alwaysActive: ["search_tools"] });
    const result = await generateText({ model: chat.model, tools: searchTools, prepareStep, prompt: "thanks!" });
    expect(result.text).toBe("You're welcome!");
    expect(chat.offered).toEqual([["search_tools"]]);
    const eager = scriptedModel([{ toolCalls: [{ toolName: "send_email", input: { to: "a", body: "b" } }] }]);
    const run = generateText({
      model: eager.model,
      tools: agentTools,
      prepareStep,
      stopWhen: isStepCount(2),
      prompt: "ok",
    });
    await expect(run).rejects.toBeInstanceOf(ToolNotOfferedError);
  });

  it("stable mode: a thank-you gets no tool, and the set comes back whole for the next request", async () => {
    const prepare = index.prepareStep({ stableTools: true });
    const weather = user("What is the weather forecast for Oslo?");
    const first = await prepare({ steps: [], messages: weather });
    expect(first.activeTools).toContain("weather_forecast");
    const later = [
      ...weather,
      { role: "assistant" as const, content: "Sunny." },
      { role: "user" as const, content: "thanks!" },
    ];
    expect(await prepare({ steps: [], messages: later })).toEqual({ activeTools: [], toolOrder: [] });
    const next = [...later, { role: "assistant" as const, content: "You're welcome." }, ...user("and in Bergen?")];
    expect((await prepare({ steps: [], messages: next })).toolOrder).toEqual(first.toolOrder);
  });
});

describe("a remark the catalog reads no task in is chat", () => {
  // Above the size a catalog is offered whole at (20 tools), so the stable set is what a turn would inherit.
  const tools = { ...agentTools, ...Object.fromEntries(invoiceTools(12).map((t) => [t.name, t])) };
  const large = createToolIndex(tools);
  const weather = user("What is the weather forecast for Oslo?");
  const after = (content: string) => [
    ...weather,
    { role: "assistant" as const, content: "Sunny." },
    { role: "user" as const, content },
  ];

  it("stable mode: a chat-framed remark gets no tool and is reported as small talk; the set comes back next", async () => {
    const events: PrepareStepEvent[] = [];
    const prepare = large.prepareStep({ stableTools: true, onEvent: (event) => events.push(event) });
    const first = await prepare({ steps: [], messages: weather });
    expect(first.activeTools).toContain("weather_forecast");
    events.length = 0;
    const remark = after("greta is a legend lol");
    expect(await prepare({ steps: [], messages: remark })).toEqual({ activeTools: [], toolOrder: [] });
    expect(events.filter((event) => event.type === "no-match").map((event) => event.reason)).toEqual(["small-talk"]);
    // The remark's request sends none of the set: a change of the tools sent, reported with what it bills again.
    const changed = events.filter((event) => event.type === "tools-changed");
    expect(changed).toMatchObject([{ added: [], removed: first.activeTools }]);
    expect(changed[0]?.type === "tools-changed" && changed[0].estimatedTokens).toBeGreaterThan(0);
    events.length = 0;
    const next = [...remark, { role: "assistant" as const, content: "She is." }, ...user("and in Bergen?")];
    expect((await prepare({ steps: [], messages: next })).toolOrder).toEqual(first.toolOrder);
    // The set comes back as it was before the remark, whose prefix the provider still holds: no change reported.
    expect(events.filter((event) => event.type === "tools-changed")).toEqual([]);
  });

  it("a remark with words the catalog has, a plain statement and a remark with a name stay requests", async () => {
    const prepare = large.prepareStep({ stableTools: true });
    const first = await prepare({ steps: [], messages: weather });
    // The catalog reads a task: the forecast tool ranks.
    const forecast = await prepare({ steps: [], messages: after("ugh the weather forecast is always wrong lol") });
    expect(forecast.activeTools).toContain("weather_forecast");
    // A problem stated plainly may be a task: the set stays, as for any request nothing in the catalog fits.
    for (const text of [
      "the login page is blank again",
      "Greta is gonna love this lol",
      "lol Dana's laptop died",
      "haha the formatting is all broken", // something gone wrong: maybe a fix of what was just done
    ])
      expect((await prepare({ steps: [], messages: after(text) })).activeTools, text).toEqual(first.activeTools);
  });

  it("stable mode: a complaint of how things go gets no tool; a slip of what was just done keeps the set", async () => {
    const prepare = large.prepareStep({ stableTools: true });
    const first = await prepare({ steps: [], messages: weather });
    expect(await prepare({ steps: [], messages: after("lol we always forget that one") })).toEqual({
      activeTools: [],
      toolOrder: [],
    });
    expect((await prepare({ steps: [], messages: after("lol i forgot bergen") })).activeTools).toEqual(
      first.activeTools,
    );
  });

  it("stable mode: a chat fragment with no statement gets no tool; an elliptic fragment keeps the set", async () => {
    const prepare = large.prepareStep({ stableTools: true });
    const first = await prepare({ steps: [], messages: weather });
    for (const text of ["so much rain smh", "coffee number four 😅", "tx"])
      expect(await prepare({ steps: [], messages: after(text) }), text).toEqual({ activeTools: [], toolOrder: [] });
    for (const text of ["lol the other two", "yay now bergen", "cool, ping bob lol"])
      expect((await prepare({ steps: [], messages: after(text) })).activeTools, text).toEqual(first.activeTools);
  });

  it("thanks in another language is chat, on both settings; a thanks before a request is not", async () => {
    for (const stableTools of [true, false]) {
      const prepare = large.prepareStep({ stableTools });
      const first = await prepare({ steps: [], messages: weather });
      expect(first.activeTools).toContain("weather_forecast");
      for (const text of ["muchas gracias!", "danke schön", "merci beaucoup", "obrigado!", "谢谢", "спасибо большое"]) {
        const chat = await prepare({ steps: [], messages: after(text) });
        expect(chat.activeTools, `${text} (stableTools: ${stableTools})`).toEqual([]);
      }
      const request = await prepare({ steps: [], messages: after("gracias! now the forecast for Bergen") });
      expect(request.activeTools).toContain("weather_forecast");
      // Written with a capital inside a turn, such a word is a name, and in a question no thanks: a follow-up.
      for (const text of ["and what about Merci?", "same for Toda", "and toda?", "Dank?"]) {
        const named = await prepare({ steps: [], messages: after(text) });
        expect(named.activeTools, `${text} (stableTools: ${stableTools})`).toContain("weather_forecast");
      }
    }
  });

  it("chat shorthand that abbreviates a thing the catalog has is ranked as a request", async () => {
    const ledger = {
      name: "post_gl_entry",
      description: "Post a journal entry to the general ledger (GL)",
      parameters: { type: "object", properties: { amount: { type: "number" } } },
    };
    const withLedger = createToolIndex({ ...tools, [ledger.name]: ledger });
    const prepare = withLedger.prepareStep({ stableTools: true });
    await prepare({ steps: [], messages: weather });
    expect((await prepare({ steps: [], messages: after("gl") })).activeTools).toContain("post_gl_entry");
    const without = large.prepareStep({ stableTools: true });
    expect((await without({ steps: [], messages: weather })).activeTools).toContain("weather_forecast");
    expect(await without({ steps: [], messages: after("gl") })).toEqual({ activeTools: [], toolOrder: [] });
  });

  it("a short remark read with the message before it is judged on its own words; a reply to a question is none", async () => {
    const prepare = large.prepareStep({ stableTools: true });
    const first = await prepare({ steps: [], messages: weather });
    expect(await prepare({ steps: [], messages: after("lmao that one is ancient") })).toEqual({
      activeTools: [],
      toolOrder: [],
    });
    const asked = [
      ...weather,
      { role: "assistant" as const, content: "Sunny. Should I also email the forecast to Bob?" },
      { role: "user" as const, content: "omg bob is gonna be thrilled lol" },
    ];
    // It answers: the proposed action's tool comes along with the set.
    expect((await prepare({ steps: [], messages: asked })).activeTools).toEqual([
      ...(first.activeTools ?? []),
      "send_email",
    ]);
  });

  it("a small catalog that is not offered whole still gets every tool for a remark, reported as before", async () => {
    const events: PrepareStepEvent[] = [];
    const prepare = index.prepareStep({ stableTools: false, smallCatalog: false, onEvent: (e) => events.push(e) });
    const messages = [
      ...user("What is the weather forecast for Oslo?"),
      { role: "assistant" as const, content: "Sunny." },
      { role: "user" as const, content: "greta is a legend lol" },
    ];
    expect(await prepare({ steps: [], messages })).toEqual({ activeTools: index.toolNames });
    expect(events.map((event) => event.type === "no-match" && [event.reason, event.offered])).toEqual([
      ["nothing-relevant", "all"],
    ]);
  });
});

describe("a turn of conversation only inherits nothing", () => {
  it("selectWithScores with the conversation gives no tool for a thank-you, not even the conversation's memory", async () => {
    const messages = [
      { role: "user" as const, content: "What is the weather forecast for Oslo?" },
      {
        role: "assistant" as const,
        content: [
          { type: "tool-call" as const, toolCallId: "1", toolName: "weather_forecast", input: { city: "Oslo" } },
        ],
      },
      {
        role: "tool" as const,
        content: [
          {
            type: "tool-result" as const,
            toolCallId: "1",
            toolName: "weather_forecast",
            output: { type: "json" as const, value: { sky: "sun" } },
          },
        ],
      },
      { role: "assistant" as const, content: "Sunny." },
    ];
    const later = await index.selectWithScores("and in Bergen?", { messages });
    expect(later.results.map((result) => result.reason)).toContain("conversation");
    const thanks = await index.selectWithScores("thanks!", { messages });
    expect(thanks.results).toEqual([]);
  });
});
