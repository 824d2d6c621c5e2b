// The example agent's tools: a small SaaS ToolSet (the `execute` bodies are stubs — call your APIs there).
import { tool } from "ai";
import { z } from "zod";

const done = (action: string) => async (input: unknown) => ({ ok: true, action, input });

export const tools = {
  github_create_pull_request: tool({
    description: "Open a pull request from a branch into the base branch of a GitHub repository.",
    inputSchema: z.object({
      repo: z.string().describe("owner/name"),
      head: z.string().describe("Branch with the changes"),
      base: z.string().optional(),
    }),
    execute: done("pull request opened"),
  }),
  github_merge_pr: tool({
    description: "Merge an approved PR once its checks pass.",
    inputSchema: z.object({ repo: z.string(), number: z.number().int().describe("PR number") }),
    execute: done("merged"),
  }),
  jira_create_ticket: tool({
    description: "Create a Jira ticket (bug, story or task) in a project backlog.",
    inputSchema: z.object({ project: z.string(), summary: z.string(), type: z.enum(["bug", "story", "task"]) }),
    execute: done("ticket created"),
  }),
  slack_post_message: tool({
    description: "Post a message to a Slack channel or thread.",
    inputSchema: z.object({ channel: z.string(), text: z.string().describe("Message text (markdown)") }),
    execute: done("posted"),
  }),
  gmail_send_email: tool({
    description: "Send an email from the connected Gmail account.",
    inputSchema: z.object({ to: z.string().describe("Recipient address"), subject: z.string(), body: z.string() }),
    execute: done("email sent"),
  }),
  calendar_create_event: tool({
    description: "Schedule a meeting on Google Calendar and invite attendees.",
    inputSchema: z.object({
      title: z.string(),
      start: z.string().describe("ISO 8601"),
      attendees: z.array(z.string()),
    }),
    execute: done("event created"),
  }),
  stripe_create_refund: tool({
    description: "Refund a Stripe charge or payment intent, fully or partly.",
    inputSchema: z.object({
      payment_intent: z.string(),
      amount: z.number().int().optional().describe("Cents; omit for a full refund"),
    }),
    execute: done("refunded"),
  }),
  stripe_create_invoice: tool({
    description: "Draft and send a Stripe invoice to a customer.",
    inputSchema: z.object({ customer: z.string(), amount: z.number().int() }),
    execute: done("invoice sent"),
  }),
  vercel_deploy: tool({
    description: "Deploy the current branch to Vercel, as a preview or to production.",
    inputSchema: z.object({ project: z.string(), target: z.enum(["preview", "production"]) }),
    execute: done("deployed"),
  }),
  k8s_get_pod_logs: tool({
    description: "Fetch recent logs of a pod in a Kubernetes cluster.",
    inputSchema: z.object({ namespace: z.string(), pod: z.string() }),
    execute: done("logs fetched"),
  }),
  weather_forecast: tool({
    description: "Get the weather forecast for a city for the next days.",
    inputSchema: z.object({ city: z.string(), days: z.number().int().min(1).max(10) }),
    execute: done("forecast"),
  }),
};
