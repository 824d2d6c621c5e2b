// Prelude of docs/openai-agents.md's snippets: `model`, a scripted OpenAI Agents SDK model that answers in text (no
// key, no network), `tools`, function tools including the `get_weather` tool the first snippet asks about, and
// `aiSdkTools`, AI SDK tools (zod schemas, one with an optional field) that the second snippet converts.
import { setTracingDisabled, tool, Usage, type Model } from "@openai/agents";
import { tool as aiSdkTool } from "ai";
import { z } from "zod";

setTracingDisabled(true);

export const model: Model = {
  async getResponse() {
    const content = [{ type: "output_text" as const, text: "Sunny." }];
    return { usage: new Usage(), output: [{ type: "message", role: "assistant", status: "completed", content }] };
  },
  getStreamedResponse() {
    throw new Error("the snippet runs without streaming");
  },
};

export const tools = [
  tool({
    name: "get_weather",
    description: "Get the weather forecast for a city",
    parameters: z.object({ city: z.string() }),
    execute: async ({ city }) => `Sunny in ${city}`,
  }),
  tool({
    name: "send_email",
    description: "Send an email message",
    parameters: z.object({ to: z.string(), body: z.string() }),
    execute: async ({ to }) => `Sent to ${to}`,
  }),
];

export const aiSdkTools = {
  search_drive: aiSdkTool({
    description: "Search the files in the user's drive",
    inputSchema: z.object({ query: z.string(), folder: z.string().optional() }),
    execute: async ({ query }) => `Found ${query}`,
  }),
  send_email: aiSdkTool({
    description: "Send an email message",
    inputSchema: z.object({ to: z.string(), body: z.string() }),
    execute: async ({ to }) => `Sent to ${to}`,
  }),
};
