// A framework adapter's model call (LangChain, the OpenAI Agents SDK) is selected over its conversation in the neutral
// shape as the adapter converted it: the index is handed that conversation, never AI SDK messages made up from it,
// and the call is offered what AI SDK prepareStep offers for the same conversation, with or without the stable set.
import { describe, expect, it, vi } from "vitest";
import type { ModelMessage } from "ai";
import { frameworkCallSelection } from "../../src/agent/call-selection.js";
import { CONVERSATION, type ConversationMessage } from "../../src/conversation/query-rule.js";
import { createToolIndex } from "../../src/index.js";
import { agentTools } from "./agent-tools.js";

/** A payment looked up, then a new request: the earlier call is the conversation's memory. */
const conversation: ConversationMessage[] = [
  { role: "user", text: "Show the last Stripe payments of customer 42", toolCalls: [] },
  { role: "assistant", text: "", toolCalls: ["stripe_list_payments"] },
  { role: "other", text: "", toolCalls: [] },
  { role: "assistant", text: "The last one is 40 EUR.", toolCalls: [] },
  { role: "user", text: "Email Bob the amount", toolCalls: [] },
];

/** The same conversation as the AI SDK holds it. */
const messages: ModelMessage[] = [
  { role: "user", content: "Show the last Stripe payments of customer 42" },
  {
    role: "assistant",
    content: [{ type: "tool-call", toolCallId: "a", toolName: "stripe_list_payments", input: { customer: "42" } }],
  },
  {
    role: "tool",
    content: [
      {
        type: "tool-result",
        toolCallId: "a",
        toolName: "stripe_list_payments",
        output: { type: "json", value: [{ amount: 40 }] },
      },
    ],
  },
  { role: "assistant", content: "The last one is 40 EUR." },
  { role: "user", content: "Email Bob the amount" },
];

const setup = { where: "test", onError: "fallback" as const, emit: () => {}, listening: true };

describe("a framework adapter's call selection", () => {
  it.each([{ stableTools: false }, { stableTools: true }])(
    "hands the index the conversation as converted and offers what prepareStep offers (stableTools $stableTools)",
    async ({ stableTools }) => {
      const index = createToolIndex(agentTools);
      const handed: object[] = [];
      const select = index.selectWithScores.bind(index);
      vi.spyOn(index, "selectWithScores").mockImplementation((query, options) => {
        handed.push(options ?? {});
        return select(query, options);
      });
      const present = Object.keys(agentTools);
      const call = frameworkCallSelection(index, setup, { stableTools, maxTools: 3, smallCatalog: false });
      const names = await call({ conversation, present: () => present, available: () => present.length });

      expect(handed.length).toBeGreaterThan(0);
      for (const options of handed) {
        // No AI SDK messages (with made-up empty inputs) for the index to parse again: the adapter's own conversation.
        expect(options).not.toHaveProperty("messages");
        // The conversation, or (replaying an earlier step of the stable set) a prefix of it, message by message.
        const given = (options as { [CONVERSATION]?: readonly ConversationMessage[] })[CONVERSATION] ?? [];
        expect(given.length).toBeGreaterThan(0);
        given.forEach((message, position) => expect(message).toBe(conversation[position]));
      }
      // The earlier turn's call is remembered from the converted conversation.
      expect(names).toEqual(expect.arrayContaining(["send_email", "stripe_list_payments"]));

      const reference = createToolIndex(agentTools).prepareStep({ stableTools, maxTools: 3, smallCatalog: false });
      const { activeTools, toolOrder } = (await reference({ messages, steps: [] } as never)) as {
        activeTools?: string[];
        toolOrder?: string[];
      };
      expect(names).toEqual(toolOrder ?? activeTools);
    },
  );
});
