// Mastra's stored messages in the AI SDK's message shape: one assistant message per step (split at `step-start`).
import { describe, expect, it } from "vitest";
import { fromMastraMessages } from "../../src/mastra/mastra-messages.js";

const invocation = (toolName: string, toolCallId: string) => ({
  type: "tool-invocation",
  toolInvocation: { state: "result", toolCallId, toolName, args: { city: "Paris" }, result: "sunny" },
});

describe("fromMastraMessages", () => {
  it("splits an assistant message at step-start into the AI SDK's step messages, results in tool messages", () => {
    const messages = fromMastraMessages([
      { role: "user", content: { parts: [{ type: "text", text: "Weather in Paris, then book a hotel" }] } },
      {
        role: "assistant",
        content: {
          parts: [
            invocation("get_weather", "c1"),
            { type: "step-start" },
            { type: "text", text: "Booking now." },
            invocation("book_hotel", "c2"),
            { type: "step-start" },
            { type: "text", text: "Done." },
          ],
        },
      },
      { role: "system", content: "be brief" },
    ]);
    expect(messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
      "system",
    ]);
    expect(messages[1].content).toEqual([
      { type: "tool-call", toolName: "get_weather", toolCallId: "c1", input: { city: "Paris" } },
    ]);
    expect(messages[3].content).toEqual([
      { type: "text", text: "Booking now." },
      { type: "tool-call", toolName: "book_hotel", toolCallId: "c2", input: { city: "Paris" } },
    ]);
    expect(messages[5].content).toEqual([{ type: "text", text: "Done." }]);
    expect(JSON.stringify(messages)).not.toContain("be brief");
  });
});
