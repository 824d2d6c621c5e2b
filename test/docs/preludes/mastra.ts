// Prelude of docs/mastra.md's snippet: `model`, a scripted AI SDK model that answers in text (no key, no network), and
// `tools`, Mastra tools including the `get_weather` tool the snippet asks about.
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV4 } from "ai/test";
import { z } from "zod";

// Mastra types models against its own copy of the AI SDK's types; the mock fits them at run time.
export const model = new MockLanguageModelV4({
  doGenerate: async () => ({
    content: [{ type: "text", text: "Sunny." }],
    finishReason: { unified: "stop", raw: "stop" },
    usage: {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    },
    warnings: [],
  }),
}) as never;

export const tools = {
  get_weather: createTool({
    id: "get_weather",
    description: "Get the weather forecast for a city",
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => `Sunny in ${city}`,
  }),
  send_email: createTool({
    id: "send_email",
    description: "Send an email message",
    inputSchema: z.object({ to: z.string(), body: z.string() }),
    execute: async ({ to }) => `Sent to ${to}`,
  }),
};
