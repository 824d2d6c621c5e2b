// Types for provider-responses.mjs (the tests import it too).

export const MODEL_IDS: Readonly<{ anthropic: string; openai: string }>;

/** A decision both APIs answer: a tool call or a text answer. */
export type MessageDecision =
  | { readonly type: "call"; readonly name: string; readonly input: unknown }
  | { readonly type: "text"; readonly text: string };

/** One model decision: a tool call, a text answer or (OpenAI only) a client-executed tool search. */
export type ProviderDecision = MessageDecision | { readonly type: "search"; readonly query: string };

/** A 200 response with `value` as its JSON body. */
export function jsonResponse(value: unknown): Response;

/** The Anthropic Messages API answer to one decision. */
export function anthropicMessage(decision: MessageDecision, id: number): Record<string, unknown>;

/** The OpenAI Responses API answer to one decision (`output` holds its one item). */
export function openaiResponse(
  decision: ProviderDecision,
  id: number,
): Record<string, unknown> & { output: { id: string; [key: string]: unknown }[] };
