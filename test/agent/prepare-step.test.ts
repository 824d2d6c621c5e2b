// prepareStep in real AI SDK 7 loops (generateText, streamText, ToolLoopAgent) driven by a scripted mock model.
import { generateText, isStepCount, streamText, ToolLoopAgent, type ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import type { PrepareStepEvent } from "../../src/agent/prepare-step.js";
import { createToolIndex } from "../../src/index.js";
import { agentTools } from "./agent-tools.js";
import { scriptedModel, ToolNotOfferedError } from "./mock-model.js";

const index = createToolIndex(agentTools);

describe("generateText with prepareStep", () => {
  it("offers the tools that match at each step, keeps the tools just used, and reads follow-ups", async () => {
    const { model, offered } = scriptedModel([
      { toolCalls: [{ toolName: "stripe_list_payments", input: { customer: "42" } }] },
      { toolCalls: [{ toolName: "stripe_refund_payment", input: { payment: "py_1" } }] },
      { text: "Refunded." },
    ]);
    const result = await generateText({
      model,
      tools: agentTools,
      // At the last step nothing but the tools just used is relevant: "none" offers those (issue 19's default for a
      // ranking where nothing is relevant), where "all" would offer every tool.
      // a small catalog is offered whole by default; this test is about selection
      prepareStep: index.prepareStep({ stableTools: false, maxTools: 3, onNoMatch: "none", smallCatalog: false }),
      stopWhen: isStepCount(5),
      prompt: "Refund the last Stripe payment of customer 42",
    });
    expect(result.text).toBe("Refunded.");
    expect(offered).toHaveLength(3);
    for (const step of offered) expect(step.length).toBeLessThan(Object.keys(agentTools).length);
    expect(offered[0]).toEqual(expect.arrayContaining(["stripe_refund_payment", "stripe_list_payments"]));
    expect(offered[0]).not.toContain("weather_forecast");
    // Step 2 and 3: the tools just called stay active.
    expect(offered[1]).toContain("stripe_list_payments");
    expect(offered[2]).toEqual(expect.arrayContaining(["stripe_refund_payment"]));
  });

  it("pages to the next ranked set after a step with no tool call, and exposes every tool after two", async () => {
    // a small catalog is offered whole by default; this test is about selection
    const prepare = index.prepareStep({ stableTools: false, maxTools: 2, adaptive: false, smallCatalog: false });
    const messages = [
      {
        role: "user" as const,
        content: "Send an email and a Slack message about the GitHub issue and the Stripe payment",
      },
    ];
    const miss = { toolCalls: [], toolResults: [] };
    const first = await prepare({ steps: [], messages });
    const second = await prepare({ steps: [miss], messages });
    const third = await prepare({ steps: [miss, miss], messages });
    expect(first.activeTools).toHaveLength(2);
    expect(second.activeTools).toHaveLength(2);
    expect(second.activeTools!.some((name) => first.activeTools!.includes(name))).toBe(false);
    expect(third.activeTools).toEqual(index.toolNames);
    // A ranking with no second page escalates at once.
    const narrow = [{ role: "user" as const, content: "weather forecast" }];
    expect((await prepare({ steps: [miss], messages: narrow })).activeTools).toEqual(index.toolNames);
  });

  it("adds alwaysActive tools and the index's related tools", async () => {
    const related = createToolIndex(agentTools, { relatedTools: { hotel_booking: ["flight_search"] } });
    // a small catalog is offered whole by default; this test is about selection
    const prepare = related.prepareStep({
      stableTools: false,
      maxTools: 1,
      alwaysActive: ["translate_text"],
      smallCatalog: false,
    });
    const { activeTools } = await prepare({
      steps: [],
      messages: [{ role: "user", content: "book a hotel room in Rome for 3 nights" }],
    });
    expect(activeTools).toEqual(expect.arrayContaining(["hotel_booking", "flight_search", "translate_text"]));
    expect(activeTools).toHaveLength(3);
  });

  it("ranks only among the tools rules allow", async () => {
    const rules = { allowedTools: () => ["send_email", "weather_forecast"] };
    // a small catalog is offered whole by default; this test is about selection
    const prepare = index.prepareStep({ stableTools: false, maxTools: 3, rules, smallCatalog: false });
    const { activeTools } = await prepare({
      steps: [],
      messages: [{ role: "user", content: "refund the stripe payment and email the customer" }],
    });
    expect(activeTools).toEqual(["send_email"]);
  });
});

describe("streamText and ToolLoopAgent", () => {
  it("streamText offers the selected tools", async () => {
    const { model, offered } = scriptedModel([
      { toolCalls: [{ toolName: "weather_forecast", input: { city: "Oslo" } }] },
      { text: "Cold." },
    ]);
    const result = streamText({
      model,
      tools: agentTools,
      // a small catalog is offered whole by default; this test is about selection
      prepareStep: index.prepareStep({ stableTools: false, maxTools: 2, smallCatalog: false }),
      stopWhen: isStepCount(3),
      prompt: "What is the weather forecast for Oslo?",
    });
    expect(await result.text).toBe("Cold.");
    expect(offered[0]).toContain("weather_forecast");
    expect(offered[0].length).toBeLessThanOrEqual(2);
  });

  it("ToolLoopAgent accepts prepareStep", async () => {
    const { model, offered } = scriptedModel([
      { toolCalls: [{ toolName: "github_create_issue", input: { repo: "a/b", title: "bug" } }] },
      { text: "Filed." },
    ]);
    const agent = new ToolLoopAgent({
      model,
      tools: agentTools,
      // a small catalog is offered whole by default; this test is about selection
      prepareStep: index.prepareStep({ stableTools: false, maxTools: 2, smallCatalog: false }),
      stopWhen: isStepCount(3),
    });
    const result = await agent.generate({ prompt: "Create a GitHub issue for the login bug" });
    expect(result.text).toBe("Filed.");
    expect(offered[0]).toContain("github_create_issue");
    expect(offered[0]).not.toContain("weather_forecast");
  });
});

describe("every tool is every catalog tool", () => {
  it("offers an empty catalog's index no tool, and a partial index none of the call's other tools", async () => {
    const tools: ToolSet = agentTools;
    const names = Object.keys(tools);
    // An index of no tools (an MCP server's catalog still empty at start-up) in a loop with tools: none is sent.
    const empty = scriptedModel([{ text: "I can't do that yet." }]);
    await generateText({
      model: empty.model,
      tools,
      prepareStep: createToolIndex({}).prepareStep(),
      prompt: "send an email to bob",
    });
    expect(empty.offered).toEqual([[]]);
    // An index of two of the call's tools: "every tool" (here `onNoMatch: "all"` for a request no tool fits) is those
    // two, within maxOfferAll; the call's other tools are not the index's to offer.
    const two = createToolIndex(Object.fromEntries(names.slice(0, 2).map((name) => [name, tools[name]])));
    const events: PrepareStepEvent[] = [];
    const partial = scriptedModel([{ text: "Four large ones." }]);
    await generateText({
      model: partial.model,
      tools,
      prepareStep: two.prepareStep({ onNoMatch: "all", smallCatalog: false, onEvent: (event) => events.push(event) }),
      prompt: "how many moons does Jupiter have?",
    });
    expect(events).toEqual([expect.objectContaining({ reason: "nothing-relevant", offered: "all" })]);
    expect(partial.offered.map((step) => [...step].sort())).toEqual([names.slice(0, 2).sort()]);
  });
});

describe("what the step function is given", () => {
  it("names the AI SDK's step input passed as options: prepareStep not called", async () => {
    const { model } = scriptedModel([{ text: "x" }]);
    const uncalled = index.prepareStep as never;
    await expect(generateText({ model, tools: agentTools, prepareStep: uncalled, prompt: "hi" })).rejects.toMatchObject(
      {
        code: "INVALID_OPTION",
        message: expect.stringContaining("`prepareStep: index.prepareStep()`"),
      },
    );
  });

  it("refuses messages and steps that are not arrays, naming the field", async () => {
    const prepare = index.prepareStep() as unknown as (step: unknown) => Promise<unknown>;
    await expect(prepare({ steps: [], messages: "hi" })).rejects.toMatchObject({
      code: "INVALID_MESSAGES",
      message: 'prepareStep: messages must be an array of AI SDK messages, got the string "hi".',
    });
    await expect(prepare({ steps: "x", messages: [] })).rejects.toMatchObject({
      code: "INVALID_MESSAGES",
      details: { field: "steps" },
    });
    await expect(prepare(undefined)).rejects.toMatchObject({ code: "INVALID_MESSAGES" });
  });
});

describe("when nothing matches (onNoMatch)", () => {
  const offTopic = [{ role: "user" as const, content: "Hello there, what is the capital of Peru?" }];

  it("offers no catalog tool by default when nothing is relevant, every tool when there is no user text", async () => {
    const events: PrepareStepEvent[] = [];
    // a small catalog is offered whole by default; this test is about the no-match policy
    const prepare = index.prepareStep({
      stableTools: false,
      maxTools: 2,
      alwaysActive: ["translate_text"],
      smallCatalog: false,
      onEvent: (event) => events.push(event),
    });
    expect(await prepare({ steps: [], messages: offTopic })).toEqual({ activeTools: ["translate_text"] });
    expect(events).toEqual([
      expect.objectContaining({
        type: "no-match",
        query: "Hello there, what is the capital of Peru?",
        reason: "nothing-relevant",
        offered: "none",
      }),
    ]);
    // No user text at all: nothing to rank yet, so every tool (the catalog is under maxOfferAll).
    expect(await prepare({ steps: [], messages: [] })).toEqual({ activeTools: index.toolNames });
    expect(events[1]).toMatchObject({ type: "no-match", query: "", reason: "no-user-text", offered: "all" });
  });

  it('onNoMatch "all" keeps every tool for both reasons (the earlier behaviour) below maxOfferAll', async () => {
    const events: PrepareStepEvent[] = [];
    // a small catalog is offered whole by default; this test is about the no-match policy
    const prepare = index.prepareStep({
      stableTools: false,
      onNoMatch: "all",
      smallCatalog: false,
      onEvent: (event) => events.push(event),
    });
    expect(await prepare({ steps: [], messages: offTopic })).toEqual({ activeTools: index.toolNames });
    expect(events).toEqual([expect.objectContaining({ reason: "nothing-relevant", offered: "all" })]);
    expect(events[0]).not.toHaveProperty("guard");
  });

  it("with rules, every tool means every tool the rules allow", async () => {
    const rules = { allowedTools: () => ["send_email", "weather_forecast"] };
    // a small catalog is offered whole by default; this test is about the no-match policy
    const { activeTools } = await index.prepareStep({
      stableTools: false,
      rules,
      onNoMatch: "all",
      smallCatalog: false,
    })({
      steps: [],
      messages: offTopic,
    });
    expect(activeTools).toEqual(["send_email", "weather_forecast"]);
  });

  it('"none" offers only the pinned tools', async () => {
    const events: PrepareStepEvent[] = [];
    // a small catalog is offered whole by default; this test is about the no-match policy
    const prepare = index.prepareStep({
      stableTools: false,
      alwaysActive: ["translate_text"],
      onNoMatch: "none",
      smallCatalog: false,
      onEvent: (event) => events.push(event),
    });
    expect(await prepare({ steps: [], messages: offTopic })).toEqual({ activeTools: ["translate_text"] });
    expect(events).toEqual([expect.objectContaining({ type: "no-match", offered: "none" })]);
  });

  it('in a loop: the model gets the tool it needs with onNoMatch "all" or a small catalog, not with onNoMatch "none"', async () => {
    // "Is it going to rain?" shares no word with any tool: the ranking is empty.
    const prompt = "Is it going to rain?";
    expect((await index.selectWithScores(prompt)).results).toHaveLength(0);
    const script = [{ toolCalls: [{ toolName: "weather_forecast", input: { city: "Oslo" } }] }, { text: "Yes." }];
    const open = scriptedModel(script);
    const result = await generateText({
      model: open.model,
      tools: agentTools,
      prepareStep: index.prepareStep({ stableTools: false, onNoMatch: "all" }),
      stopWhen: isStepCount(3),
      prompt,
    });
    expect(result.text).toBe("Yes.");
    expect(open.offered[0]).toHaveLength(Object.keys(agentTools).length);
    // By default a catalog of 20 tools or fewer is offered whole to a request that asks for something.
    const small = scriptedModel(script);
    const whole = await generateText({
      model: small.model,
      tools: agentTools,
      prepareStep: index.prepareStep({ stableTools: false }),
      stopWhen: isStepCount(3),
      prompt,
    });
    expect(whole.text).toBe("Yes.");
    const strict = scriptedModel(script);
    const run = generateText({
      model: strict.model,
      tools: agentTools,
      // A small catalog is offered whole whatever onNoMatch says; without it, "none" offers no catalog tool.
      prepareStep: index.prepareStep({ stableTools: false, onNoMatch: "none", smallCatalog: false }),
      stopWhen: isStepCount(3),
      prompt,
    });
    await expect(run).rejects.toThrow(/"weather_forecast", which was not offered \(offered: none\)/);
  });
});

describe("the scripted model", () => {
  it("fails the loop when the tool it needs is withheld", async () => {
    const { model, offered } = scriptedModel([
      { toolCalls: [{ toolName: "weather_forecast", input: { city: "Oslo" } }] },
      { text: "Cold." },
    ]);
    const rules = { allowedTools: () => ["send_email"] };
    const run = generateText({
      model,
      tools: agentTools,
      // Nothing the rules allow is relevant: "all" offers every tool they allow, and the model still lacks its tool.
      prepareStep: index.prepareStep({ stableTools: false, rules, onNoMatch: "all" }),
      stopWhen: isStepCount(3),
      prompt: "What is the weather forecast for Oslo?",
    });
    await expect(run).rejects.toBeInstanceOf(ToolNotOfferedError);
    expect(offered).toEqual([["send_email"]]);
  });
});

describe("options are validated when prepareStep is made", () => {
  it("rejects unknown options with the nearest valid name", () => {
    expect(() => index.prepareStep({ step: {} } as never)).toThrow(
      expect.objectContaining({ code: "UNKNOWN_OPTION", message: expect.stringContaining('did you mean "steps"') }),
    );
    expect(() => index.prepareStep({ steps: { windw: 3 } } as never)).toThrow(/did you mean "steps.window"/);
    expect(() => index.prepareStep({ maxTool: 3 } as never)).toThrow(/did you mean "maxTools"/);
  });

  it("accepts the largest maxTools on every later page too (the paged count is clamped)", async () => {
    // a small catalog is offered whole by default; this test is about selection
    const prepare = index.prepareStep({ stableTools: false, maxTools: 2 ** 52, maxOfferAll: 0, smallCatalog: false });
    const messages = [{ role: "user" as const, content: "weather forecast in Paris" }];
    expect((await prepare({ steps: [], messages })).activeTools).toContain("weather_forecast");
    // After one miss the next page starts past every ranked tool: nothing to offer (maxOfferAll 0), and no error.
    expect(await prepare({ steps: [{ toolCalls: [] }], messages })).toEqual({ activeTools: [] });
  });

  it.each([
    [{ steps: { window: 0 } }, /prepareStep: option "steps.window" must be an integer ≥ 1, got 0/],
    [{ steps: { window: 1.5 } }, /"steps.window"/],
    [
      { steps: { keepRecent: "yes" } },
      /prepareStep: option "steps.keepRecent" must be a boolean, got the string "yes"/,
    ],
    [{ steps: { escalate: 1 } }, /"steps.escalate" must be a boolean/],
    [{ steps: "all" }, /"steps" must be an object/],
    [{ rules: {} }, /"rules" must be an object with an allowedTools\(input\) method/],
    [{ steps: { searchToolName: "" } }, /"steps.searchToolName" must be a non-empty string/],
    // A misspelt option, or a key of `steps` given at the top level, gets "did you mean".
    [{ maxTool: 2 }, /prepareStep: unknown option "maxTool"; did you mean "maxTools"\?/],
    [{ window: 2 }, /prepareStep: unknown option "window"; did you mean "steps.window"\?/],
    [{ escalate: false }, /unknown option "escalate"; did you mean "steps.escalate"\?/],
    [{ searchToolName: "find" }, /unknown option "searchToolName"; did you mean "steps.searchToolName"\?/],
    [{ recentToolWindow: 2 }, /prepareStep: unknown option "recentToolWindow"/],
    [{ relatedTools: ["a"] }, /prepareStep: option "relatedTools" must be an object/],
    [{ maxTools: 0 }, /prepareStep: option "maxTools"/],
    [{ minRelevance: 2 }, /prepareStep: option "minRelevance"/],
    [{ threshold: 2 }, /prepareStep: option "threshold" must be a number in \[0, 1\]/],
    [
      { onNoMatch: "some" },
      /prepareStep: option "onNoMatch" must be one of "all", "none", "guess", got the string "some"/,
    ],
    [{ onEvent: "log" }, /"onEvent" must be a function/],
  ])("%o", (options, message) => {
    expect(() => index.prepareStep(options as never)).toThrow(message);
  });
});

describe("the search tool pinned by name", () => {
  it("pinning the search tool by name reports no misspelt catalog tool beside a search_files", async () => {
    const events: { type: string }[] = [];
    const files = createToolIndex(
      [
        { name: "search_files", description: "Search files by name" },
        { name: "read_file", description: "Read a file" },
      ],
      { onEvent: (event) => events.push(event) },
    );
    const step = await files.prepareStep({ alwaysActive: ["search_tools"], stableTools: false })({
      steps: [],
      messages: [{ role: "user", content: "read notes.txt" }],
    });
    expect(step.activeTools).toContain("search_tools");
    expect(events.filter((event) => event.type === "unknown-tool-names")).toEqual([]);
  });
});
