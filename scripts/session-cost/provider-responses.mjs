// The JSON a provider answers one model decision with, in Anthropic's Messages API shape and OpenAI's Responses API
// shape, and the HTTP response carrying it: what a scripted `fetch` behind `@ai-sdk/anthropic` or `@ai-sdk/openai`
// returns. Shared by scripted-provider.mjs (bench/session-cost.mjs) and the provider tests in test/agent/.
// A decision: `{ type: "call", name, input }` (a tool call), `{ type: "text", text }` (a text answer) or, OpenAI only,
// `{ type: "search", query }` (a client-executed `tool_search_call`). `id` numbers the response and its items.

/** The model ids the responses name (they only shape the URL, body and answer; nothing leaves the process). */
export const MODEL_IDS = Object.freeze({ anthropic: "claude-sonnet-4-5", openai: "gpt-4.1" });

/** A 200 response with `value` as its JSON body. */
export const jsonResponse = (value) =>
  new Response(JSON.stringify(value), { status: 200, headers: { "content-type": "application/json" } });

/** The Anthropic Messages API answer to one decision (a `tool_use` block or a `text` block). */
export function anthropicMessage(decision, id) {
  if (decision.type !== "call" && decision.type !== "text")
    throw new Error(`anthropicMessage: decision type "${decision.type}"; expected "call" or "text"`);
  const content =
    decision.type === "call"
      ? [{ type: "tool_use", id: `toolu_${id}`, name: decision.name, input: decision.input }]
      : [{ type: "text", text: decision.text }];
  return {
    type: "message",
    id: `msg_${id}`,
    model: MODEL_IDS.anthropic,
    role: "assistant",
    content,
    stop_reason: decision.type === "call" ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 0, output_tokens: 0 },
  };
}

/** The output item of one decision in the OpenAI Responses API. */
function openaiItem(decision, id) {
  switch (decision.type) {
    case "call":
      return {
        type: "function_call",
        id: `fc_${id}`,
        call_id: `call_${id}`,
        name: decision.name,
        arguments: JSON.stringify(decision.input),
        status: "completed",
      };
    case "text":
      return {
        type: "message",
        role: "assistant",
        id: `msg_${id}`,
        status: "completed",
        content: [{ type: "output_text", text: decision.text, annotations: [] }],
      };
    case "search":
      return {
        type: "tool_search_call",
        id: `tsc_${id}`,
        execution: "client",
        call_id: `call_${id}`,
        status: "completed",
        arguments: { query: decision.query },
      };
    default:
      throw new Error(`openaiResponse: decision type "${decision.type}"; expected "call", "text" or "search"`);
  }
}

/** The OpenAI Responses API answer to one decision (one output item). */
export function openaiResponse(decision, id) {
  return {
    id: `resp_${id}`,
    object: "response",
    created_at: 0,
    model: MODEL_IDS.openai,
    status: "completed",
    output: [openaiItem(decision, id)],
    incomplete_details: null,
    usage: {
      input_tokens: 0,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 0,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 0,
    },
  };
}
