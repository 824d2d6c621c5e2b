// A small realistic SaaS catalog shared by the select tests: plain `{ name, description, parameters }` tools.
import type { ToolDefinition } from "../../src/core/catalog.js";

function object(properties: Record<string, unknown>): Record<string, unknown> {
  return { type: "object", properties };
}

export const saasCatalog = [
  {
    name: "github_create_pull_request",
    description: "Open a new pull request on a GitHub repository from a head branch into a base branch.",
    parameters: object({
      repo: { type: "string", description: "owner/name" },
      head: { type: "string" },
      base: { type: "string" },
      title: { type: "string" },
    }),
  },
  {
    name: "github_list_issues",
    description: "List open issues of a GitHub repository, filtered by label or assignee.",
    parameters: object({
      repo: { type: "string" },
      label: { type: "string" },
      state: { type: "string", enum: ["open", "closed", "all"] },
    }),
  },
  {
    name: "gitlab_merge_pr",
    description: "Merge a PR on GitLab once checks pass.",
    parameters: object({ project: { type: "string" }, mergeRequestId: { type: "integer" } }),
  },
  {
    name: "slack_post_message",
    description: "Post a message to a Slack channel.",
    parameters: object({ channel: { type: "string", description: "channel id or #name" }, text: { type: "string" } }),
  },
  {
    name: "send_email",
    description: "Send an email to one or more recipients with a subject and body.",
    parameters: object({
      to: { type: "array", items: { type: "string" } },
      subject: { type: "string" },
      body: { type: "string" },
    }),
  },
  {
    name: "stripe_refund_payment",
    description: "Refund a Stripe payment, fully or partially.",
    parameters: object({
      paymentIntent: { type: "string" },
      amount: { type: "integer", description: "amount in cents" },
    }),
  },
  {
    name: "stripe_create_invoice",
    description: "Create a Stripe invoice for a customer.",
    parameters: object({
      customer: { type: "string" },
      lines: { type: "array", items: object({ price: { type: "string" }, quantity: { type: "integer" } }) },
    }),
  },
  {
    name: "deploy_service",
    description: "Deploy a container image to a Kubernetes cluster and wait for the rollout.",
    parameters: object({ image: { type: "string" }, namespace: { type: "string" }, replicas: { type: "integer" } }),
  },
  {
    name: "translate_strings",
    description: "Translate UI strings for internationalization into a target locale.",
    parameters: object({
      locale: { type: "string", description: "BCP 47 language tag" },
      keys: { type: "array", items: { type: "string" } },
    }),
  },
  {
    name: "jira_create_ticket",
    description: "Create a Jira ticket in a project with a summary and priority.",
    parameters: object({
      project: { type: "string" },
      summary: { type: "string" },
      priority: { type: "string", enum: ["low", "medium", "high"] },
    }),
  },
  {
    name: "calendar_schedule_meeting",
    description: "Schedule a meeting on Google Calendar and invite attendees.",
    parameters: object({
      start: { type: "string", format: "date-time" },
      attendees: { type: "array", items: { type: "string" } },
    }),
  },
  {
    name: "notion_search_pages",
    description: "Search Notion pages and databases by keyword.",
    parameters: object({ keyword: { type: "string" } }),
  },
  {
    name: "weather_forecast",
    description: "Get the weather forecast for a city.",
    parameters: object({ city: { type: "string" }, days: { type: "integer" } }),
  },
  {
    name: "twilio_send_sms",
    description: "Send an SMS text message to a phone number through Twilio.",
    parameters: object({ phone: { type: "string" }, message: { type: "string" } }),
  },
  {
    name: "s3_upload_file",
    description: "Upload a file to an Amazon S3 bucket.",
    parameters: object({ bucket: { type: "string" }, key: { type: "string" }, contentType: { type: "string" } }),
  },
] satisfies ToolDefinition[];
