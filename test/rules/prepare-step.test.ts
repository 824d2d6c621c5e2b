// A real AI SDK loop: generateText re-evaluates the tool set's rules in prepareStep; the model gets only allowed tools.
import { generateText, isStepCount, type ModelMessage } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createToolSet as aiToolSetCreateToolSet } from "ai-tool-set";
import { createToolIndex, createToolSet, type ToolRules } from "../../src/index.js";
import { orderTools, type Order } from "./order-tools.js";

type Reply = { toolCall: { toolName: string; input: Record<string, unknown> } } | { text: string };

/**
 * A mock model that answers step i with replies[i] (a tool call or text); `doGenerateCalls` records what it was
 * offered. A reply calling a tool that was not offered throws, as a real model cannot call it.
 */
function scriptedModel(replies: Reply[]): MockLanguageModelV4 {
  let step = 0;
  const usage = {
    inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 5, text: 5, reasoning: undefined },
  };
  return new MockLanguageModelV4({
    doGenerate: async ({ tools }) => {
      const reply = replies[step];
      step += 1;
      const offered = (tools ?? []).map((tool) => tool.name);
      if ("toolCall" in reply && !offered.includes(reply.toolCall.toolName)) {
        throw new Error(
          `scripted model, step ${step}: "${reply.toolCall.toolName}" was not offered (offered: ${offered.join(", ")})`,
        );
      }
      if ("text" in reply) {
        return {
          content: [{ type: "text", text: reply.text }],
          finishReason: { unified: "stop", raw: "stop" },
          usage,
          warnings: [],
        };
      }
      return {
        content: [
          {
            type: "tool-call",
            toolCallId: `call-${step}`,
            toolName: reply.toolCall.toolName,
            input: JSON.stringify(reply.toolCall.input),
          },
        ],
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage,
        warnings: [],
      };
    },
  });
}

/** The tool names the model was offered at each step. */
function offered(model: MockLanguageModelV4): string[][] {
  return model.doGenerateCalls.map((call) => (call.tools ?? []).map((tool) => tool.name));
}

/** True when a list_orders result among the model messages holds an order that is not fulfilled. */
function hasPendingOrder(messages: ModelMessage[] | undefined): boolean {
  return (messages ?? []).some(
    (message) =>
      message.role === "tool" &&
      message.content.some(
        (part) =>
          part.type === "tool-result" &&
          part.toolName === "list_orders" &&
          part.output.type === "json" &&
          (part.output.value as { orders: Order[] }).orders.some((order) => order.status !== "fulfilled"),
      ),
  );
}

// Typed over model messages, since prepareStep hands model messages to the rules.
const toolSet = createToolSet<typeof orderTools, ModelMessage, { isAuthenticated: boolean }>({ tools: orderTools })
  .deactivate(["get_weather"])
  .activateWhen("list_orders", ({ toolSetContext }) => toolSetContext?.isAuthenticated)
  .activateWhen("cancel_order", ({ messages }) => hasPendingOrder(messages))
  .deactivateWhen("search", ({ steps }) =>
    steps?.some((step) => step.toolCalls.some((call) => call.toolName === "search")),
  );

describe("createToolSet in generateText's prepareStep", () => {
  it("the scripted model refuses a tool the rules deactivated", async () => {
    const model = scriptedModel([{ toolCall: { toolName: "get_weather", input: { city: "Oslo" } } }]);
    const run = generateText({
      model,
      tools: toolSet.tools,
      prompt: "Weather?",
      prepareStep: () => ({ activeTools: toolSet.allowedTools() }),
    });
    await expect(run).rejects.toThrow(/"get_weather" was not offered \(offered: search\)/);
  });

  it("offers the model, at each step, exactly the tools the rules allow", async () => {
    const model = scriptedModel([
      { toolCall: { toolName: "search", input: { query: "boots" } } },
      { toolCall: { toolName: "list_orders", input: { customerId: "cust-123" } } },
      { toolCall: { toolName: "cancel_order", input: { orderId: "1001" } } },
      { text: "Order 1001 is cancelled." },
    ]);
    const toolSetContext = { isAuthenticated: true };
    const result = await generateText({
      model,
      tools: toolSet.tools,
      stopWhen: isStepCount(6),
      prompt: "Find boots, then cancel my pending order",
      prepareStep: ({ messages, steps }) => ({
        activeTools: toolSet.inferTools({ messages, steps, toolSetContext }).activeTools,
      }),
    });

    expect(offered(model)).toEqual([
      ["search", "list_orders"], // get_weather deactivated; cancel_order waits for a pending order
      ["list_orders"], // search was called in step 0
      ["list_orders", "cancel_order"], // list_orders returned order 1001, pending
      ["list_orders", "cancel_order"],
    ]);
    expect(result.steps.map((step) => step.toolCalls.map((call) => call.toolName))).toEqual([
      ["search"],
      ["list_orders"],
      ["cancel_order"],
      [],
    ]);
    expect(result.text).toBe("Order 1001 is cancelled.");
  });

  it("the inferTools result can be returned from prepareStep as it is", async () => {
    const model = scriptedModel([{ text: "Please sign in first." }]);
    await generateText({
      model,
      tools: toolSet.tools,
      prompt: "Cancel my order",
      prepareStep: ({ messages, steps }) =>
        toolSet.inferTools({ messages, steps, toolSetContext: { isAuthenticated: false } }),
    });
    expect(offered(model)).toEqual([["search"]]);
  });

  it("spreads into generateText for a single call, and allowedTools gives the same names", async () => {
    const model = scriptedModel([{ text: "Hello." }]);
    const input = { toolSetContext: { isAuthenticated: true } };
    await generateText({ model, ...toolSet.inferTools(input), prompt: "Hi" });
    expect(offered(model)).toEqual([toolSet.allowedTools(input)]);
    expect(offered(model)).toEqual([["search", "list_orders"]]);
  });

  it("offers no tools when the rules allow none", async () => {
    const model = scriptedModel([{ text: "No tools today." }]);
    const closed = createToolSet({ tools: orderTools, mutable: true }).deactivate([
      "search",
      "list_orders",
      "cancel_order",
      "get_weather",
    ]);
    await generateText({
      model,
      tools: closed.tools,
      prompt: "Hi",
      prepareStep: () => ({ activeTools: closed.allowedTools() }),
    });
    expect(offered(model)).toEqual([[]]);
  });
});

describe("index.prepareStep({ rules })", () => {
  const index = createToolIndex(orderTools);
  const script: Reply[] = [
    { toolCall: { toolName: "list_orders", input: { customerId: "cust-123" } } },
    { toolCall: { toolName: "cancel_order", input: { orderId: "1001" } } },
    { text: "Order 1001 is cancelled." },
  ];
  const prompt = "cancel my pending order";

  // Both packages' sets, typed over model messages (what prepareStep hands the rules); a single name deactivates.
  const toolsiftRules = createToolSet<typeof orderTools, ModelMessage>({ tools: orderTools })
    .deactivate("get_weather")
    .activateWhen("cancel_order", ({ messages }) => hasPendingOrder(messages));
  const aiToolSetRules = aiToolSetCreateToolSet<typeof orderTools, ModelMessage>({ tools: orderTools })
    .deactivate(["get_weather"])
    .activateWhen("cancel_order", ({ messages }) => hasPendingOrder(messages));

  it.each([
    ["toolsift's createToolSet (allowedTools)", toolsiftRules],
    ["ai-tool-set's createToolSet (inferTools)", aiToolSetRules],
  ])("%s: ranks and activates only what the rules allow, step by step", async (_label, rules) => {
    const model = scriptedModel(script);
    const result = await generateText({
      model,
      tools: orderTools,
      stopWhen: isStepCount(5),
      prompt,
      prepareStep: index.prepareStep({ maxTools: 2, rules }),
    });
    const steps = offered(model);
    // cancel_order waits for list_orders to return a pending order; get_weather is never offered.
    expect(steps[0]).not.toContain("cancel_order");
    expect(steps[0]).toContain("list_orders");
    expect(steps[1]).toContain("cancel_order");
    expect(steps.flat()).not.toContain("get_weather");
    expect(result.text).toBe("Order 1001 is cancelled.");
  });

  it("type-checks either package's set typed over ModelMessage, and refuses one typed over UI messages", () => {
    expectTypeOf(toolsiftRules).toExtend<ToolRules>();
    expectTypeOf(aiToolSetRules).toExtend<ToolRules>();
    expectTypeOf(
      createToolSet<typeof orderTools, ModelMessage>({ tools: orderTools, mutable: true }),
    ).toExtend<ToolRules>();
    // prepareStep passes model messages: a predicate typed over UI messages would read `parts` that are not there.
    const uiTyped = createToolSet({ tools: orderTools }).activateWhen("cancel_order", ({ messages }) =>
      messages?.some((message) => message.parts.length > 0),
    );
    // @ts-expect-error: a set typed over UI messages (the default) is not rules for prepareStep
    void (() => index.prepareStep({ rules: uiTyped }));
    const aiToolSetUiTyped = aiToolSetCreateToolSet({ tools: orderTools }).deactivate(["get_weather"]);
    // @ts-expect-error: ai-tool-set's default typing is UI messages too
    void (() => index.prepareStep({ rules: aiToolSetUiTyped }));
  });

  it("refuses rules whose inferTools gives no activeTools", async () => {
    const broken = { inferTools: () => ({}) } as unknown as ToolRules;
    await expect(index.prepareStep({ rules: broken })({ steps: [], messages: [] })).rejects.toThrow(
      'prepareStep: option "rules.inferTools().activeTools" must be an array of tool names, got undefined.',
    );
  });
});
