// prepareStep in real AI SDK 7 loops (generateText, streamText, ToolLoopAgent) driven by a scripted MockLanguageModelV4.
import { generateText, isStepCount, streamText, ToolLoopAgent } from "ai";
import { describe, expect, it } from "vitest";
import { conversationQuery } from "../../src/agent/conversation-query.js";
import { createToolIndex } from "../../src/index.js";
import { agentTools } from "./agent-tools.js";
import { scriptedModel } from "./mock-model.js";

const index = createToolIndex(agentTools);

describe("conversationQuery", () => {
  it("reads the latest user message, and joins a short follow-up with the one before", () => {
    expect(conversationQuery([{ role: "user", content: "What's the weather forecast for Paris this weekend?" }])).toBe("What's the weather forecast for Paris this weekend?");
    const followUp = [
      { role: "user", content: "What's the weather forecast for Paris this weekend?" },
      { role: "assistant", content: [{ type: "text", text: "Sunny." }] },
      { role: "user", content: [{ type: "text", text: "and in Berlin?" }] },
    ];
    expect(conversationQuery(followUp)).toBe("What's the weather forecast for Paris this weekend?\nand in Berlin?");
  });

  it("later in the loop: the assistant's text and the request, or the request plus the tools it called — never tool output", () => {
    const afterCall = [
      { role: "user", content: "Refund the last payment of customer 42" },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "1", toolName: "stripe_list_payments", input: {} }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "1", toolName: "stripe_list_payments", output: { type: "json", value: { secret: "TOOL OUTPUT" } } }] },
    ];
    const query = conversationQuery(afterCall);
    expect(query).toBe("Refund the last payment of customer 42\nstripe_list_payments");
    expect(query).not.toContain("TOOL OUTPUT");
    const withText = [...afterCall, { role: "assistant", content: [{ type: "text", text: "Found payment py_1; refunding it now." }] }];
    expect(conversationQuery(withText)).toBe("Found payment py_1; refunding it now.\nRefund the last payment of customer 42");
  });

  it("caps the query at 2,000 characters", () => {
    expect(conversationQuery([{ role: "user", content: "refund ".repeat(1000) }])).toHaveLength(2000);
  });
});

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
      prepareStep: index.prepareStep({ maxTools: 3 }),
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
    const prepare = index.prepareStep({ maxTools: 2, adaptive: false });
    const messages = [{ role: "user" as const, content: "Send an email and a Slack message about the GitHub issue and the Stripe payment" }];
    const miss = { toolCalls: [], toolResults: [] };
    const first = await prepare({ steps: [], messages });
    const second = await prepare({ steps: [miss], messages });
    const third = await prepare({ steps: [miss, miss], messages });
    expect(first.activeTools).toHaveLength(2);
    expect(second.activeTools).toHaveLength(2);
    expect(second.activeTools!.some((name) => first.activeTools!.includes(name))).toBe(false);
    expect(third.activeTools).toBeUndefined();
    // A ranking with no second page escalates at once.
    const narrow = [{ role: "user" as const, content: "weather forecast" }];
    expect((await prepare({ steps: [miss], messages: narrow })).activeTools).toBeUndefined();
  });

  it("adds alwaysActive tools and declared related tools", async () => {
    const prepare = index.prepareStep({ maxTools: 1, alwaysActive: ["translate_text"], relatedTools: { hotel_booking: ["flight_search"] } });
    const { activeTools } = await prepare({ steps: [], messages: [{ role: "user", content: "book a hotel room in Rome for 3 nights" }] });
    expect(activeTools).toEqual(expect.arrayContaining(["hotel_booking", "flight_search", "translate_text"]));
    expect(activeTools).toHaveLength(3);
  });

  it("ranks only among the tools rules allow", async () => {
    const rules = { allowedTools: () => ["send_email", "weather_forecast"] };
    const prepare = index.prepareStep({ maxTools: 3, rules });
    const { activeTools } = await prepare({ steps: [], messages: [{ role: "user", content: "refund the stripe payment and email the customer" }] });
    expect(activeTools).toEqual(["send_email"]);
  });
});

describe("streamText and ToolLoopAgent", () => {
  it("streamText offers the selected tools", async () => {
    const { model, offered } = scriptedModel([{ toolCalls: [{ toolName: "weather_forecast", input: { city: "Oslo" } }] }, { text: "Cold." }]);
    const result = streamText({ model, tools: agentTools, prepareStep: index.prepareStep({ maxTools: 2 }), stopWhen: isStepCount(3), prompt: "What is the weather forecast for Oslo?" });
    expect(await result.text).toBe("Cold.");
    expect(offered[0]).toContain("weather_forecast");
    expect(offered[0].length).toBeLessThanOrEqual(2);
  });

  it("ToolLoopAgent accepts prepareStep", async () => {
    const { model, offered } = scriptedModel([{ toolCalls: [{ toolName: "github_create_issue", input: { repo: "a/b", title: "bug" } }] }, { text: "Filed." }]);
    const agent = new ToolLoopAgent({ model, tools: agentTools, prepareStep: index.prepareStep({ maxTools: 2 }), stopWhen: isStepCount(3) });
    const result = await agent.generate({ prompt: "Create a GitHub issue for the login bug" });
    expect(result.text).toBe("Filed.");
    expect(offered[0]).toContain("github_create_issue");
    expect(offered[0]).not.toContain("weather_forecast");
  });
});
