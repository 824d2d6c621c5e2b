// The one conversation → query rule (src/conversation): the same query from AI SDK messages, V4 prompts and LangChain
// messages; short follow-ups joined; the latest turn kept whole under the 2,000-character cap.
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { conversationQuery, endsInSmallTalk } from "../../src/conversation/model-messages.js";
import { queryFromConversation } from "../../src/conversation/query-rule.js";
import { selectionQuery } from "../../src/langchain/message-query.js";

// The documented cap (docs/agent-loop.md: "capped at 2,000 characters").
const CAP = 2000;

describe("conversationQuery (AI SDK messages)", () => {
  it("reads the latest user message, and joins a short follow-up with the one before", () => {
    const question = "What's the weather forecast for Paris this weekend?";
    expect(conversationQuery([{ role: "user", content: question }])).toBe(question);
    const followUp = [
      { role: "user", content: question },
      { role: "assistant", content: [{ type: "text", text: "Sunny." }] },
      { role: "user", content: [{ type: "text", text: "and in Berlin?" }] },
    ];
    expect(conversationQuery(followUp)).toBe(`${question}\nand in Berlin?`);
  });

  it("joins only an elliptic follow-up: a short turn that names its own task, or only converses, is read alone", () => {
    const task = "and post a note in #billing on Slack";
    const after = (text: string) => [
      { role: "user", content: task },
      { role: "assistant", content: [{ type: "text", text: "Posted." }] },
      { role: "user", content: text },
    ];
    expect(conversationQuery(after("What's on my calendar tomorrow?"))).toBe("What's on my calendar tomorrow?");
    expect(conversationQuery(after("thanks!"))).toBe("thanks!");
    // Back-references and connectives lean on the turn before.
    expect(conversationQuery(after("cancel the first one"))).toBe(`${task}\ncancel the first one`);
    expect(conversationQuery(after("same for #sales"))).toBe(`${task}\nsame for #sales`);
    expect(conversationQuery(after("what about #ops?"))).toBe(`${task}\nwhat about #ops?`);
    expect(endsInSmallTalk(after("thanks!"))).toBe(true);
    // An assent to the assistant's question carries the task on.
    const asked = [
      { role: "user", content: task },
      { role: "assistant", content: [{ type: "text", text: "Should I post it now?" }] },
      { role: "user", content: "yes" },
    ];
    expect(conversationQuery(asked)).toBe(`${task}\nyes`);
    expect(endsInSmallTalk(asked)).toBe(false);
    expect(endsInSmallTalk(after("ok great, and the other one?"))).toBe(false);
  });

  it("later in the loop: the assistant's text and the request, or the request plus the tools it called", () => {
    const afterCall = [
      { role: "user", content: "Refund the last payment of customer 42" },
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "1", toolName: "stripe_list_payments", input: {} }],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "1",
            toolName: "stripe_list_payments",
            output: { type: "json", value: { secret: "TOOL OUTPUT" } },
          },
        ],
      },
    ];
    const query = conversationQuery(afterCall);
    expect(query).toBe("Refund the last payment of customer 42\nstripe_list_payments");
    expect(query).not.toContain("TOOL OUTPUT");
    const withText = [
      ...afterCall,
      { role: "assistant", content: [{ type: "text", text: "Found payment py_1; refunding it now." }] },
    ];
    expect(conversationQuery(withText)).toBe(
      "Found payment py_1; refunding it now.\nRefund the last payment of customer 42",
    );
  });

  it("is empty without user text, and ignores system prompts", () => {
    expect(conversationQuery([])).toBe("");
    expect(conversationQuery([{ role: "system", content: "You send emails." }])).toBe("");
    expect(conversationQuery([{ role: "user", content: "   " }])).toBe("");
  });

  it("caps a long message at 2,000 characters", () => {
    expect(conversationQuery([{ role: "user", content: "refund ".repeat(1000) }])).toBe(
      "refund ".repeat(1000).slice(0, CAP),
    );
  });

  it("a long message followed by a short follow-up keeps the follow-up whole and cuts the earlier message", () => {
    // 1,990 characters: the old rule cut the joined text at 2,000 and sent "…\nand in B".
    const long = "Please check the weather forecast in Paris for the whole week. ".repeat(40).slice(0, 1990);
    const messages = [
      { role: "user", content: long },
      { role: "assistant", content: "Done." },
      { role: "user", content: "and in Berlin?" },
    ];
    const query = conversationQuery(messages);
    expect(query).toBe(`${long.slice(0, CAP - "\nand in Berlin?".length)}\nand in Berlin?`);
    expect(query).toHaveLength(CAP);
  });

  it("under a smaller cap (the service's TOOLSIFT_MAX_QUERY_LENGTH) the follow-up still survives", () => {
    const messages = [
      { role: "user", content: "Please check the weather forecast in Paris for the whole week and the weekend." },
      { role: "user", content: "and in Berlin?" },
    ];
    const query = conversationQuery(messages, 40);
    expect(query).toHaveLength(40);
    expect(query.endsWith("\nand in Berlin?")).toBe(true);
    expect(query).toBe(`${messages[0].content.slice(0, 40 - "\nand in Berlin?".length)}\nand in Berlin?`);
  });

  it("keeps the latest user message whole when the assistant's words are long, cutting them instead", () => {
    const words = "I am looking at the charges now. ".repeat(100);
    const request = "Refund the duplicate charge of customer 42";
    const query = conversationQuery([
      { role: "user", content: request },
      { role: "assistant", content: [{ type: "text", text: words }] },
    ]);
    expect(query).toBe(`${words.trim().slice(0, CAP - request.length - 1)}\n${request}`);
  });

  it("reads V4 prompts (user content as parts, system content as a string)", () => {
    const prompt = [
      { role: "system", content: "You are helpful." },
      {
        role: "user",
        content: [
          { type: "text", text: "Translate this menu" },
          { type: "file", data: "x", mediaType: "image/png" },
        ],
      },
    ];
    expect(conversationQuery(prompt)).toBe("Translate this menu");
  });
});

describe("one rule for every adapter", () => {
  it("LangChain: a short turn that names its own task is not swallowed by the one before", () => {
    const turns = [
      new HumanMessage("and post a note in #billing on Slack"),
      new AIMessage("Posted."),
      new HumanMessage("What's on my calendar tomorrow?"),
    ];
    expect(selectionQuery(turns)).toBe("What's on my calendar tomorrow?");
    const elliptic = [...turns.slice(0, 2), new HumanMessage("and in #sales?")];
    expect(selectionQuery(elliptic)).toBe("and post a note in #billing on Slack\nand in #sales?");
  });

  it("LangChain messages give the same query as the same AI SDK conversation", () => {
    const request = "Refund the last payment of customer 42";
    const aiSdk = [
      { role: "system", content: "You handle payments." },
      { role: "user", content: request },
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "1", toolName: "stripe_list_payments", input: {} }],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "1",
            toolName: "stripe_list_payments",
            output: { type: "text", value: "py_1" },
          },
        ],
      },
    ];
    const langChain = [
      new SystemMessage("You handle payments."),
      new HumanMessage(request),
      new AIMessage({ content: "", tool_calls: [{ name: "stripe_list_payments", args: {}, id: "1" }] }),
      new ToolMessage({ content: "py_1", tool_call_id: "1" }),
    ];
    expect(selectionQuery(langChain)).toBe(`${request}\nstripe_list_payments`);
    expect(conversationQuery(aiSdk)).toBe(selectionQuery(langChain));
    const long = "weather ".repeat(400);
    expect(selectionQuery([new HumanMessage(long), new HumanMessage("and in Berlin?")])).toBe(
      conversationQuery([
        { role: "user", content: long },
        { role: "user", content: "and in Berlin?" },
      ]),
    );
  });

  it("the neutral rule reads roles, text and tool calls only", () => {
    const query = queryFromConversation([
      { role: "user", text: "Book a hotel room in Rome", toolCalls: [] },
      { role: "other", text: "TOOL OUTPUT", toolCalls: [] },
      { role: "assistant", text: "", toolCalls: ["hotel_search", "hotel_booking"] },
    ]);
    expect(query).toBe("Book a hotel room in Rome\nhotel_search hotel_booking");
  });
});
