// The example agent's tools: a small SaaS ToolSet (the `execute` bodies are stubs — call your APIs there).
import { tool } from "ai";
import { z } from "zod";

const done = (action: string) => async (input: unknown) => ({ ok: true, action, input });

export const tools = {
  stripe_list_charges: tool({
    description: "List the recent charges of a Stripe customer, newest first.",
    inputSchema: z.object({ customer: z.string().describe("Customer id, cus_…") }),
    execute: async ({ customer }) => ({
      customer,
      charges: [
        { id: "ch_1", amount: 4900 },
        { id: "ch_2", amount: 4900 },
      ],
    }),
  }),
  stripe_create_refund: tool({
    description: "Refund a Stripe charge or payment intent, fully or partly.",
    inputSchema: z.object({
      charge: z.string().describe("Charge id, ch_…"),
      amount: z.number().int().optional().describe("Cents; omit for a full refund"),
    }),
    execute: done("refunded"),
  }),
  stripe_create_invoice: tool({
    description: "Draft and send a Stripe invoice to a customer.",
    inputSchema: z.object({
      customer: z.string(),
      items: z.array(z.object({ description: z.string(), amount: z.number().int() })),
    }),
    execute: done("invoice sent"),
  }),
  github_create_pull_request: tool({
    description: "Open a pull request from a branch into the base branch of a GitHub repository.",
    inputSchema: z.object({
      repo: z.string().describe("owner/name"),
      head: z.string().describe("Branch with the changes"),
    }),
    execute: done("pull request opened"),
  }),
  github_list_issues: tool({
    description: "List open issues of a GitHub repository, filtered by label.",
    inputSchema: z.object({ repo: z.string(), label: z.string().optional() }),
    execute: done("listed"),
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
    execute: done("sent"),
  }),
  calendar_create_event: tool({
    description: "Schedule a meeting on Google Calendar and invite attendees.",
    inputSchema: z.object({
      title: z.string(),
      start: z.string().describe("ISO 8601"),
      attendees: z.array(z.string()),
    }),
    execute: done("scheduled"),
  }),
  vercel_deploy: tool({
    description: "Deploy the current branch to Vercel, as a preview or to production.",
    inputSchema: z.object({ project: z.string(), target: z.enum(["preview", "production"]) }),
    execute: done("deployed"),
  }),
  k8s_scale_deployment: tool({
    description: "Scale a Kubernetes deployment to a number of replicas.",
    inputSchema: z.object({ namespace: z.string(), deployment: z.string(), replicas: z.number().int() }),
    execute: done("scaled"),
  }),
  s3_upload_file: tool({
    description: "Upload a file to an Amazon S3 bucket.",
    inputSchema: z.object({ bucket: z.string(), key: z.string() }),
    execute: done("uploaded"),
  }),
  notion_create_page: tool({
    description: "Create a Notion page in a workspace database.",
    inputSchema: z.object({ database: z.string(), title: z.string() }),
    execute: done("page created"),
  }),
  weather_forecast: tool({
    description: "Get the weather forecast for a city for the next days.",
    inputSchema: z.object({ city: z.string(), days: z.number().int().min(1).max(10).optional() }),
    execute: async ({ city }) => ({ city, forecast: "sunny, 24°C" }),
  }),
  translate_text: tool({
    description: "Translate text into another language.",
    inputSchema: z.object({ text: z.string(), language: z.string().describe("BCP 47, e.g. de-DE") }),
    execute: done("translated"),
  }),
};
