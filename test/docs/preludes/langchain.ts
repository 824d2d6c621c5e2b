// Prelude of docs/langchain.md's snippet: `model`, a fake LangChain chat model (no key, no network), and `tools`,
// LangChain tools including the `search_docs` tool the snippet always includes.
import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { z } from "zod";

export const model = fakeModel().respond(new AIMessage("Done."));

export const tools = [
  tool(async ({ query }) => `Docs about ${query}`, {
    name: "search_docs",
    description: "Search the product documentation",
    schema: z.object({ query: z.string() }),
  }),
  tool(async ({ charge }) => `Refunded ${charge}`, {
    name: "stripe_create_refund",
    description: "Refund a Stripe charge",
    schema: z.object({ charge: z.string() }),
  }),
  tool(async ({ to }) => `Sent to ${to}`, {
    name: "gmail_send_email",
    description: "Send an email with Gmail",
    schema: z.object({ to: z.string(), subject: z.string(), body: z.string() }),
  }),
];
