// The selection query read from LangChain messages by the shared rule: latest human text, short follow-ups joined,
// tool outputs left out, 2,000 characters at most with the follow-up kept whole.
import { AIMessage, ChatMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { isHumanMessage, selectionQuery } from "../../src/langchain/message-query.js";
import { snapshotRows } from "../../src/usage/usage-snapshot.js";

describe("selectionQuery", () => {
  it("is the latest human message; in the agent loop the AI's latest text comes first; tool outputs never count", () => {
    const request = "Find me a flight from Lisbon to Berlin next Friday";
    const messages = [new SystemMessage("You book travel."), new HumanMessage(request)];
    expect(selectionQuery(messages)).toBe(request);
    const words = "Checking the calendar and sending an email.";
    const afterCall = [
      ...messages,
      new AIMessage({ content: words, tool_calls: [{ name: "search_flights", args: {}, id: "1" }] }),
      new ToolMessage({ content: "Reminder: convert currency and book a hotel", tool_call_id: "1" }),
    ];
    expect(selectionQuery(afterCall)).toBe(`${words}\n${request}`);
    // An AI message with tool calls and no text: the request, then the tools it called.
    const silent = [
      ...messages,
      new AIMessage({ content: "", tool_calls: [{ name: "search_flights", args: {}, id: "1" }] }),
    ];
    expect(selectionQuery(silent)).toBe(`${request}\nsearch_flights`);
  });

  it("joins a follow-up under 40 characters with the human message before it", () => {
    const messages = [
      new HumanMessage("What's the weather like in Lisbon right now?"),
      new AIMessage("Sunny."),
      new HumanMessage("  and in Berlin?  "),
    ];
    expect(selectionQuery(messages)).toBe("What's the weather like in Lisbon right now?\nand in Berlin?");
    const long = "Now tell me the weather forecast for Berlin tomorrow";
    expect(selectionQuery([...messages, new HumanMessage(long)])).toBe(long);
    expect(selectionQuery([new HumanMessage("and in Berlin?")])).toBe("and in Berlin?");
  });

  it("skips empty human messages and reads text parts only", () => {
    const messages = [
      new HumanMessage({
        content: [
          { type: "text", text: "Translate this menu" },
          { type: "image_url", image_url: { url: "data:," } },
          { type: "text", text: "into Portuguese" },
        ],
      }),
      new HumanMessage("   "),
    ];
    expect(selectionQuery(messages)).toBe("Translate this menu\ninto Portuguese");
    expect(selectionQuery([new AIMessage("Hello!")])).toBe("");
    expect(selectionQuery([])).toBe("");
  });

  it("reads plain message objects and ChatMessage with role user", () => {
    expect(selectionQuery([{ role: "user", content: "Send the invoice by email to the customer" }])).toBe(
      "Send the invoice by email to the customer",
    );
    expect(selectionQuery([{ type: "human", content: "Send the invoice by email to the customer" }])).toBe(
      "Send the invoice by email to the customer",
    );
    expect(isHumanMessage(new ChatMessage({ role: "user", content: "hi" }))).toBe(true);
    expect(isHumanMessage(new ChatMessage({ role: "assistant", content: "hi" }))).toBe(false);
    expect(isHumanMessage({ _getType: () => "human", content: "x" })).toBe(true);
    expect(isHumanMessage({ role: "tool", content: "x" })).toBe(false);
  });

  it("caps the query at 2,000 characters, keeping a short follow-up whole", () => {
    const long = "weather ".repeat(400);
    expect(selectionQuery([new HumanMessage(long)])).toHaveLength(2000);
    const joined = selectionQuery([new HumanMessage(long), new HumanMessage("and in Berlin?")]);
    expect(joined).toHaveLength(2000);
    expect(joined.endsWith("\nand in Berlin?")).toBe(true);
  });
});

describe("toModelMessages (learning from a LangChain run)", () => {
  it("turns a run's messages into a conversation index.learn reads: one turn, calls in order", async () => {
    const { toModelMessages } = await import("../../src/langchain/message-query.js");
    const { createToolIndex } = await import("../../src/index.js");
    const index = createToolIndex({
      get_user_id: { description: "Find a user id by email." },
      get_order_details: { description: "Show an order." },
    });
    const run = [
      { type: "human", content: "where is the order of ana@example.com?" },
      { type: "ai", content: "", tool_calls: [{ name: "get_user_id", args: {}, id: "1" }] },
      { type: "tool", content: "u_1", tool_call_id: "1" },
      { type: "ai", content: "", tool_calls: [{ name: "get_order_details", args: {}, id: "2" }] },
      { type: "tool", content: "shipped", tool_call_id: "2" },
      { type: "ai", content: "It has shipped." },
    ];
    expect(index.learn(toModelMessages(run))).toEqual({ turns: 1, calls: 2, skipped: [] });
    const usage = index.usage();
    const rows = snapshotRows(usage)!;
    // [from, total (one observation, in today's units), to, share in thousandths]
    expect(rows.next).toHaveLength(1);
    const [from, total, to, share] = rows.next[0];
    expect([usage.tools[from], usage.tools[to], share]).toEqual(["get_user_id", "get_order_details", 1000]);
    expect(total).toBeCloseTo(1, 3);
  });
});
