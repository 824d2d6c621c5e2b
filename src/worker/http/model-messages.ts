// The one message schema of the service: select's and learn's `messages`, the AI SDK's ModelMessage shape (zod).

import { z } from "zod";

/** Most messages one select or learn request may carry. */
export const MAX_MESSAGES = 1_000;

// Each part and message as the AI SDK's own schema (`modelMessageSchema` in `ai`) has it, per role and part type,
// with the fields toolsift reads or the AI SDK requires. Extra fields (providerOptions, …) pass; the AI SDK's
// finer checks of a part's payload (file data, a tool result's output) are left to it. A test holds this schema to
// the AI SDK's: whatever it accepts is accepted here (test/worker/model-messages.test.ts).
const part = <Type extends string, Shape extends z.core.$ZodLooseShape>(type: Type, shape: Shape) =>
  z.looseObject({ type: z.literal(type), ...shape });

const text = part("text", { text: z.string() });
const image = part("image", { image: z.unknown() });
const file = part("file", { data: z.unknown(), mediaType: z.string() });
const reasoning = part("reasoning", { text: z.string() });
const reasoningFile = part("reasoning-file", { data: z.unknown(), mediaType: z.string() });
const custom = part("custom", { kind: z.string() });
const toolCall = part("tool-call", { toolCallId: z.string(), toolName: z.string(), input: z.unknown() });
const toolResult = part("tool-result", {
  toolCallId: z.string(),
  toolName: z.string(),
  output: z.looseObject({ type: z.string() }),
});
const approvalRequest = part("tool-approval-request", { approvalId: z.string(), toolCallId: z.string() });
const approvalResponse = part("tool-approval-response", { approvalId: z.string(), approved: z.boolean() });

/** Content as a string or an array of the parts a role may hold. */
function content<const Parts extends readonly [z.core.SomeType, ...z.core.SomeType[]]>(parts: Parts) {
  return z.union([z.string(), z.array(z.discriminatedUnion("type", parts as never))]);
}

/** One AI SDK `ModelMessage`: `system` (text), `user`, `assistant` (text or parts) or `tool` (results). */
export const modelMessageSchema = z.discriminatedUnion("role", [
  z.looseObject({ role: z.literal("system"), content: z.string() }),
  z.looseObject({ role: z.literal("user"), content: content([text, image, file]) }),
  z.looseObject({
    role: z.literal("assistant"),
    content: content([text, custom, file, reasoning, reasoningFile, toolCall, toolResult, approvalRequest]),
  }),
  z.looseObject({
    role: z.literal("tool"),
    content: z.array(z.discriminatedUnion("type", [toolResult, approvalResponse])),
  }),
]);

/** `messages` of select and learn: 1 to MAX_MESSAGES AI SDK `ModelMessage`s. */
export const modelMessagesSchema = z.array(modelMessageSchema).min(1).max(MAX_MESSAGES);
