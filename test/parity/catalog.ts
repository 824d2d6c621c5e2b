// The catalog both libraries index in the parity suite: an AI SDK ToolSet (description + jsonSchema inputSchema).
import { jsonSchema, type ToolSet } from "ai";

function input(properties: Record<string, { type: "string" | "number" }>) {
  return jsonSchema({ type: "object", properties });
}

export const catalog = {
  github_create_pull_request: {
    description: "Open a pull request on a GitHub repository from a head branch into a base branch.",
    inputSchema: input({ repo: { type: "string" }, head: { type: "string" }, base: { type: "string" } }),
  },
  github_list_branches: {
    description: "List the branches of a GitHub repository.",
    inputSchema: input({ repo: { type: "string" } }),
  },
  github_list_issues: {
    description: "List open issues of a GitHub repository, filtered by label.",
    inputSchema: input({ repo: { type: "string" }, label: { type: "string" } }),
  },
  slack_post_message: {
    description: "Post a message to a Slack channel.",
    inputSchema: input({ channel: { type: "string" }, text: { type: "string" } }),
  },
  slack_list_channels: {
    description: "List the channels of the Slack workspace.",
    inputSchema: input({ workspace: { type: "string" } }),
  },
  send_email: {
    description: "Send an email to recipients with a subject and body.",
    inputSchema: input({ to: { type: "string" }, subject: { type: "string" }, body: { type: "string" } }),
  },
  calendar_create_event: {
    description: "Create a calendar event with a title, start time and attendees.",
    inputSchema: input({ title: { type: "string" }, start: { type: "string" }, attendees: { type: "string" } }),
  },
  weather_forecast: {
    description: "Get the weather forecast for a city for the next days.",
    inputSchema: input({ city: { type: "string" }, days: { type: "number" } }),
  },
  stripe_create_refund: {
    description: "Refund a payment charge in Stripe.",
    inputSchema: input({ chargeId: { type: "string" }, amount: { type: "number" } }),
  },
  stripe_list_invoices: {
    description: "List invoices of a Stripe customer.",
    inputSchema: input({ customerId: { type: "string" } }),
  },
  jira_create_issue: {
    description: "Create a Jira issue (bug or task) in a project.",
    inputSchema: input({ project: { type: "string" }, summary: { type: "string" } }),
  },
  deploy_to_production: {
    description: "Deploy the current build of a service to the production environment.",
    inputSchema: input({ service: { type: "string" }, version: { type: "string" } }),
  },
  s3_upload_file: {
    description: "Upload a file to an S3 bucket.",
    inputSchema: input({ bucket: { type: "string" }, path: { type: "string" } }),
  },
  translate_text: {
    description: "Translate text into another language.",
    inputSchema: input({ text: { type: "string" }, language: { type: "string" } }),
  },
} satisfies ToolSet;

export type ToolName = keyof typeof catalog;

export const catalogNames = Object.keys(catalog) as ToolName[];
