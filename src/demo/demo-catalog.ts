// A small SaaS tool catalog in MCP `tools/list` shape, bundled for `toolsift demo`, the Worker's demo seed
// (TOOLSIFT_SEED_DEMO, `npm start`) and the playground's example catalogs; no network.

import type { ToolDefinition } from "../core/catalog.js";

const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: "object",
  properties,
  required,
});
const text = (description: string) => ({ type: "string", description });
const integer = (description?: string) =>
  description === undefined ? { type: "integer" } : { type: "integer", description };
const choice = (...values: string[]) => ({ type: "string", enum: values });

export const DEMO_TOOLS: ToolDefinition[] = [
  {
    name: "github_create_pull_request",
    description: "Open a pull request from a branch into the base branch of a GitHub repository.",
    inputSchema: object(
      {
        repo: text("owner/name"),
        head: text("Branch with the changes"),
        base: text("Branch to merge into"),
        title: text("PR title"),
      },
      ["repo", "head"],
    ),
  },
  {
    name: "github_list_issues",
    description: "List open issues of a GitHub repository, filtered by label or assignee.",
    inputSchema: object(
      {
        repo: text("owner/name"),
        label: text("Label to filter by"),
        state: choice("open", "closed", "all"),
      },
      ["repo"],
    ),
  },
  {
    name: "github_merge_pr",
    description: "Merge an approved PR once its checks pass.",
    inputSchema: object({
      repo: text("owner/name"),
      number: integer("PR number"),
      method: choice("merge", "squash", "rebase"),
    }),
  },
  {
    name: "jira_create_ticket",
    description: "Create a Jira ticket (bug, story or task) in a project backlog.",
    inputSchema: object({
      project: text("Project key"),
      summary: text("One-line summary"),
      type: choice("bug", "story", "task"),
    }),
  },
  {
    name: "linear_update_issue",
    description: "Change the status, priority or assignee of a Linear issue.",
    inputSchema: object({
      id: text("Issue id"),
      status: text("New workflow state"),
      priority: integer("0 (none) to 4 (low)"),
    }),
  },
  {
    name: "slack_post_message",
    description: "Post a message to a Slack channel or thread.",
    inputSchema: object({
      channel: text("Channel name or id"),
      text: text("Message text (markdown)"),
      thread_ts: text("Reply inside this thread"),
    }),
  },
  {
    name: "slack_search_messages",
    description: "Search Slack message history across channels.",
    inputSchema: object({ query: text("Search words"), from: text("Only messages from this user") }),
  },
  {
    name: "gmail_send_email",
    description: "Send an email from the connected Gmail account.",
    inputSchema: object({
      to: text("Recipient address"),
      subject: text("Subject line"),
      body: text("Plain-text body"),
      attachments: { type: "array", items: text("File id") },
    }),
  },
  {
    name: "gmail_search_inbox",
    description: "Find emails in the inbox by sender, subject or date.",
    inputSchema: object({ query: text("Gmail search syntax, e.g. from:alice newer_than:7d") }),
  },
  {
    name: "calendar_create_event",
    description: "Schedule a meeting on Google Calendar and invite attendees.",
    inputSchema: object({
      title: text("Event title"),
      start: text("Start time, ISO 8601"),
      attendees: { type: "array", items: text("Email address") },
    }),
  },
  {
    name: "zoom_create_meeting",
    description: "Create a Zoom video call link.",
    inputSchema: object({ topic: text("Meeting topic"), duration: integer("Minutes") }),
  },
  {
    name: "stripe_create_refund",
    description: "Refund a Stripe charge or payment intent, fully or partly.",
    inputSchema: object({
      payment_intent: text("Payment intent id"),
      amount: integer("Amount in cents; omit for a full refund"),
      reason: choice("duplicate", "fraudulent", "requested_by_customer"),
    }),
  },
  {
    name: "stripe_create_invoice",
    description: "Draft and send a Stripe invoice to a customer.",
    inputSchema: object({
      customer: text("Customer id"),
      items: { type: "array", items: object({ description: text("Line item"), amount: integer() }) },
    }),
  },
  {
    name: "stripe_list_subscriptions",
    description: "List a customer's active subscriptions and their billing plans.",
    inputSchema: object({ customer: text("Customer id") }),
  },
  {
    name: "vercel_deploy",
    description: "Deploy the current branch to Vercel, as a preview or to production.",
    inputSchema: object({ project: text("Project name"), target: choice("preview", "production") }),
  },
  {
    name: "k8s_scale_deployment",
    description: "Scale a Kubernetes deployment to a number of replicas.",
    inputSchema: object({
      namespace: text("Namespace"),
      deployment: text("Deployment name"),
      replicas: integer(),
    }),
  },
  {
    name: "k8s_get_pod_logs",
    description: "Fetch recent logs of a pod in a Kubernetes cluster.",
    inputSchema: object({
      namespace: text("Namespace"),
      pod: text("Pod name"),
      tail: integer("Lines from the end"),
    }),
  },
  {
    name: "s3_upload_file",
    description: "Upload a file to an Amazon S3 bucket.",
    inputSchema: object({ bucket: text("Bucket name"), key: text("Object key"), content_type: text("MIME type") }),
  },
  {
    name: "drive_share_document",
    description: "Share a Google Drive document with people and set their access role.",
    inputSchema: object({
      file_id: text("Document id"),
      email: text("Who to share with"),
      role: choice("reader", "commenter", "writer"),
    }),
  },
  {
    name: "notion_create_page",
    description: "Create a Notion page in a workspace database.",
    inputSchema: object({ database: text("Database id"), title: text("Page title"), content: text("Markdown body") }),
  },
  {
    name: "translate_strings",
    description: "Machine-translate UI strings for internationalization into target locales.",
    inputSchema: object({
      strings: { type: "array", items: { type: "string" } },
      locales: { type: "array", items: text("BCP 47 locale such as de-DE") },
    }),
  },
  {
    name: "sentry_list_errors",
    description: "List unresolved Sentry errors for a project, newest first.",
    inputSchema: object({ project: text("Sentry project slug") }),
  },
  {
    name: "datadog_query_metrics",
    description: "Query Datadog time-series metrics such as CPU or latency.",
    inputSchema: object({ query: text("Metric query, e.g. avg:system.cpu.user{*}"), from: text("Start time") }),
  },
  {
    name: "weather_forecast",
    description: "Get the weather forecast for a city for the next days.",
    inputSchema: object({ city: text("City name"), days: integer("1 to 10") }),
  },
];

/** Queries `toolsift demo` runs, including a typo, a numeronym and an initialism. */
export const DEMO_QUERIES: string[] = [
  "refund the customer's duplicate charge",
  "open a pull request for my feature branch",
  "sned an emial to the team about the outage",
  "how many pods are running in k8s, scale them to 5",
  "merge the PR",
  "ship the branch to production",
  "what's the weather in Lisbon tomorrow",
];
