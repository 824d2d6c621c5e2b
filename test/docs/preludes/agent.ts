// Prelude of the documentation's AI SDK snippets (README.md and most docs/ pages): what they take as given. `tools` is
// the examples' 30-tool SaaS catalog (examples/shared/tools.ts), `model` a mock language model that needs no key and no
// network, `prompt` a user request, `index` a toolsift index over `tools`, `deferLoadingTools` the same tools marked
// `deferLoading: true`.
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { generateText, type ModelMessage, type Tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { createToolIndex } from "toolsift";
import { tools } from "../../../examples/shared/tools.ts";

export { generateText, tools };

export const prompt = "Customer cus_4821 was charged twice for order 1042: refund the duplicate charge.";

export const index = createToolIndex(tools);

export const deferLoadingTools = Object.fromEntries(
  Object.entries(tools).map(([name, tool]) => [name, { ...tool, deferLoading: true }]),
) as { [NAME in keyof typeof tools]: Tool & { deferLoading: true } };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/**
 * What the mock does on each call, as a model would: after a tool result it answers in text; otherwise it calls
 * `stripe_create_refund` when it was offered (a model cannot call a tool it was not given), else answers in text.
 */
function reply(prompt: readonly { role: string }[], offered: readonly string[]) {
  const answered = prompt.at(-1)?.role === "tool";
  if (!answered && offered.includes("stripe_create_refund")) {
    return { type: "tool-call" as const, toolCallId: `call-${prompt.length}`, toolName: "stripe_create_refund" };
  }
  return { type: "text" as const, text: answered ? "Refunded the duplicate charge." : "I have no refund tool." };
}

export const model = new MockLanguageModelV4({
  doGenerate: async ({ prompt, tools: offered }) => {
    const part = reply(
      prompt,
      (offered ?? []).map((tool) => tool.name),
    );
    return {
      content: [part.type === "text" ? part : { ...part, input: JSON.stringify({ charge: "ch_2" }) }],
      finishReason: { unified: part.type === "text" ? "stop" : "tool-calls", raw: undefined },
      usage,
      warnings: [],
    };
  },
  doStream: async ({ prompt, tools: offered }) => {
    const part = reply(
      prompt,
      (offered ?? []).map((tool) => tool.name),
    );
    const chunks: LanguageModelV4StreamPart[] =
      part.type === "text"
        ? [
            { type: "text-start", id: "t" },
            { type: "text-delta", id: "t", delta: part.text },
            { type: "text-end", id: "t" },
          ]
        : [{ ...part, input: JSON.stringify({ charge: "ch_2" }) }];
    const finish = { unified: part.type === "text" ? ("stop" as const) : ("tool-calls" as const), raw: undefined };
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        controller.enqueue({ type: "stream-start", warnings: [] });
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.enqueue({ type: "finish", finishReason: finish, usage });
        controller.close();
      },
    });
    return { stream };
  },
});

/** A conversation so far: one user message. */
export const messages: ModelMessage[] = [{ role: "user", content: prompt }];
