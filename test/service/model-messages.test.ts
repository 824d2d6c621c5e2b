// The service's message schema (select's and learn's `messages`) held to the AI SDK's own `modelMessageSchema`.

import { modelMessageSchema as aiModelMessageSchema, type ModelMessage } from "ai";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelMessageSchema, modelMessagesSchema } from "../../src/worker/http/model-messages.js";

/** Every role and part type of AI SDK 7's ModelMessage, as the AI SDK types them (tsc checks this list). */
const VALID: ModelMessage[] = [
  {
    role: "system",
    content: "You are brief.",
    providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } },
  },
  { role: "user", content: "refund the last charge" },
  {
    role: "user",
    content: [
      { type: "text", text: "this one" },
      { type: "image", image: "https://example.test/a.png" },
      { type: "file", data: "aGVsbG8=", mediaType: "text/plain", filename: "a.txt" },
    ],
  },
  { role: "assistant", content: "Done." },
  {
    role: "assistant",
    content: [
      { type: "reasoning", text: "the user wants a refund" },
      { type: "text", text: "Refunding." },
      { type: "tool-call", toolCallId: "c1", toolName: "stripe_create_refund", input: { charge: "ch_1" } },
      {
        type: "tool-result",
        toolCallId: "c0",
        toolName: "web_search",
        output: { type: "json", value: { hits: 3 } },
      },
      { type: "tool-approval-request", approvalId: "a1", toolCallId: "c1" },
      { type: "custom", kind: "anthropic.compaction" },
      { type: "reasoning-file", data: "aGVsbG8=", mediaType: "image/png" },
      { type: "file", data: "aGVsbG8=", mediaType: "image/png" },
    ],
  },
  {
    role: "tool",
    content: [
      { type: "tool-approval-response", approvalId: "a1", approved: true },
      {
        type: "tool-result",
        toolCallId: "c2",
        toolName: "web_search",
        output: { type: "error-text", value: "timeout" },
      },
    ],
  },
];

/** The requests issue 22 found learn counting, refused by the AI SDK's schema too. */
const INVALID: unknown[] = [
  { role: "user", content: 42 },
  { role: "user", content: { text: "hi" } },
  { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", input: {} }] },
  { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: 7, input: {} }] },
  { role: "robot", content: "beep" },
  { content: "no role" },
  { role: "system", content: [{ type: "text", text: "parts are not system content" }] },
  { role: "tool", content: "a string is not tool content" },
  { role: "user", content: [{ type: "tool-call", toolCallId: "c1", toolName: "x", input: {} }] },
];

const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe("the service's message schema", () => {
  it("accepts every role and part type of the AI SDK's ModelMessage, as the AI SDK does", () => {
    for (const message of VALID) {
      expect(accepts(aiModelMessageSchema, message), JSON.stringify(message)).toBe(true);
      expect(accepts(modelMessageSchema, message), JSON.stringify(message)).toBe(true);
    }
    expect(accepts(modelMessagesSchema, VALID)).toBe(true);
  });

  it("refuses what issue 22 found learn counting, as the AI SDK's own schema does; an empty conversation too", () => {
    for (const message of INVALID) {
      expect(accepts(aiModelMessageSchema, message), JSON.stringify(message)).toBe(false);
      expect(accepts(modelMessageSchema, message), JSON.stringify(message)).toBe(false);
    }
    expect(accepts(modelMessagesSchema, [])).toBe(false);
    expect(
      accepts(
        modelMessagesSchema,
        Array.from({ length: 1_001 }, () => VALID[1]),
      ),
    ).toBe(false);
  });

  it("never refuses a message the AI SDK accepts (random messages near the valid shapes)", () => {
    const textValue = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null), fc.constant(undefined));
    const partType = fc.constantFrom("text", "image", "file", "reasoning", "tool-call", "tool-result", "custom");
    const part = fc.record(
      {
        type: fc.oneof(partType, fc.constantFrom("tool-approval-request", "tool-approval-response", "other")),
        text: textValue,
        image: fc.constantFrom("https://example.test/a.png", "aGVsbG8="),
        data: fc.constantFrom("aGVsbG8=", 5),
        mediaType: fc.oneof(fc.constant("image/png"), fc.integer()),
        toolCallId: textValue,
        toolName: textValue,
        input: fc.jsonValue({ maxDepth: 1 }),
        output: fc.oneof(
          fc.record({ type: fc.constant("text"), value: fc.string({ maxLength: 5 }) }),
          fc.record({ type: fc.constant("json"), value: fc.jsonValue({ maxDepth: 1 }) }),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        kind: textValue,
        approvalId: textValue,
        approved: fc.oneof(fc.boolean(), fc.constant("yes")),
        providerOptions: fc.constant({ anthropic: { cacheControl: { type: "ephemeral" } } }),
      },
      { requiredKeys: ["type"] },
    );
    const message = fc.record(
      {
        role: fc.constantFrom("system", "user", "assistant", "tool", "robot"),
        content: fc.oneof(fc.string({ maxLength: 8 }), fc.array(part, { maxLength: 3 }), fc.integer()),
      },
      { requiredKeys: ["role"] },
    );
    let aiAccepted = 0;
    let aiRefused = 0;
    fc.assert(
      fc.property(message, (value) => {
        if (!accepts(aiModelMessageSchema, value)) return void aiRefused++;
        aiAccepted++;
        expect(accepts(modelMessageSchema, value), JSON.stringify(value)).toBe(true);
      }),
      { numRuns: 3_000 },
    );
    // Both sides of the property were reached.
    expect(aiAccepted).toBeGreaterThan(300);
    expect(aiRefused).toBeGreaterThan(300);
  });
});
