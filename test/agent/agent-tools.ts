// An AI SDK ToolSet for the agent-loop tests: real `tool()`s with zod schemas and executors.
import { tool } from "ai";
import { z } from "zod";

const done = (name: string) => async () => ({ ok: true, tool: name });

export const agentTools = {
  weather_forecast: tool({
    description: "Get the weather forecast for a city.",
    inputSchema: z.object({ city: z.string().describe("City name") }),
    execute: done("weather_forecast"),
  }),
  send_email: tool({
    description: "Send an email to a recipient.",
    inputSchema: z.object({ to: z.string(), body: z.string() }),
    execute: done("send_email"),
  }),
  slack_post_message: tool({
    description: "Post a message to a Slack channel.",
    inputSchema: z.object({ channel: z.string(), text: z.string() }),
    execute: done("slack_post_message"),
  }),
  stripe_refund_payment: tool({
    description: "Refund a Stripe payment.",
    inputSchema: z.object({ payment: z.string() }),
    execute: done("stripe_refund_payment"),
  }),
  stripe_list_payments: tool({
    description: "List recent Stripe payments of a customer.",
    inputSchema: z.object({ customer: z.string() }),
    execute: done("stripe_list_payments"),
  }),
  github_create_issue: tool({
    description: "Create an issue in a GitHub repository.",
    inputSchema: z.object({ repo: z.string(), title: z.string() }),
    execute: done("github_create_issue"),
  }),
  github_list_issues: tool({
    description: "List open issues of a GitHub repository.",
    inputSchema: z.object({ repo: z.string() }),
    execute: done("github_list_issues"),
  }),
  calendar_create_event: tool({
    description: "Create a calendar event with attendees.",
    inputSchema: z.object({ title: z.string(), start: z.string() }),
    execute: done("calendar_create_event"),
  }),
  s3_upload_file: tool({
    description: "Upload a file to an S3 bucket.",
    inputSchema: z.object({ bucket: z.string(), key: z.string() }),
    execute: done("s3_upload_file"),
  }),
  translate_text: tool({
    description: "Translate text into another language.",
    inputSchema: z.object({ text: z.string(), language: z.string() }),
    execute: done("translate_text"),
  }),
  hotel_booking: tool({
    description: "Book a hotel room in a city for some nights.",
    inputSchema: z.object({ city: z.string(), nights: z.number() }),
    execute: done("hotel_booking"),
  }),
  flight_search: tool({
    description: "Search flights between two airports.",
    inputSchema: z.object({ from: z.string(), to: z.string() }),
    execute: done("flight_search"),
  }),
};
