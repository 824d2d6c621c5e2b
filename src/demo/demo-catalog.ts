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
const tool = (
  name: string,
  description: string,
  properties: Record<string, unknown>,
  required: string[] = [],
): ToolDefinition => ({ name, description, inputSchema: object(properties, required) });

export const DEMO_TOOLS: ToolDefinition[] = [
  tool(
    "github_create_pull_request",
    "Open a pull request from a branch into the base branch of a GitHub repository.",
    {
      repo: text("owner/name"),
      head: text("Branch with the changes"),
      base: text("Branch to merge into"),
      title: text("PR title"),
    },
    ["repo", "head"],
  ),
  tool(
    "github_list_issues",
    "List open issues of a GitHub repository, filtered by label or assignee.",
    {
      repo: text("owner/name"),
      label: text("Label to filter by"),
      state: choice("open", "closed", "all"),
    },
    ["repo"],
  ),
  tool("github_merge_pr", "Merge an approved PR once its checks pass.", {
    repo: text("owner/name"),
    number: integer("PR number"),
    method: choice("merge", "squash", "rebase"),
  }),
  tool("jira_create_ticket", "Create a Jira ticket (bug, story or task) in a project backlog.", {
    project: text("Project key"),
    summary: text("One-line summary"),
    type: choice("bug", "story", "task"),
  }),
  tool("linear_update_issue", "Change the status, priority or assignee of a Linear issue.", {
    id: text("Issue id"),
    status: text("New workflow state"),
    priority: integer("0 (none) to 4 (low)"),
  }),
  tool("slack_post_message", "Post a message to a Slack channel or thread.", {
    channel: text("Channel name or id"),
    text: text("Message text (markdown)"),
    thread_ts: text("Reply inside this thread"),
  }),
  tool("slack_search_messages", "Search Slack message history across channels.", {
    query: text("Search words"),
    from: text("Only messages from this user"),
  }),
  tool("gmail_send_email", "Send an email from the connected Gmail account.", {
    to: text("Recipient address"),
    subject: text("Subject line"),
    body: text("Plain-text body"),
    attachments: { type: "array", items: text("File id") },
  }),
  tool("gmail_search_inbox", "Find emails in the inbox by sender, subject or date.", {
    query: text("Gmail search syntax, e.g. from:alice newer_than:7d"),
  }),
  tool("calendar_create_event", "Schedule a meeting on Google Calendar and invite attendees.", {
    title: text("Event title"),
    start: text("Start time, ISO 8601"),
    attendees: { type: "array", items: text("Email address") },
  }),
  tool("zoom_create_meeting", "Create a Zoom video call link.", {
    topic: text("Meeting topic"),
    duration: integer("Minutes"),
  }),
  tool("stripe_create_refund", "Refund a Stripe charge or payment intent, fully or partly.", {
    payment_intent: text("Payment intent id"),
    amount: integer("Amount in cents; omit for a full refund"),
    reason: choice("duplicate", "fraudulent", "requested_by_customer"),
  }),
  tool("stripe_create_invoice", "Draft and send a Stripe invoice to a customer.", {
    customer: text("Customer id"),
    items: { type: "array", items: object({ description: text("Line item"), amount: integer() }) },
  }),
  tool("stripe_list_subscriptions", "List a customer's active subscriptions and their billing plans.", {
    customer: text("Customer id"),
  }),
  tool("vercel_deploy", "Deploy the current branch to Vercel, as a preview or to production.", {
    project: text("Project name"),
    target: choice("preview", "production"),
  }),
  tool("k8s_scale_deployment", "Scale a Kubernetes deployment to a number of replicas.", {
    namespace: text("Namespace"),
    deployment: text("Deployment name"),
    replicas: integer(),
  }),
  tool("k8s_get_pod_logs", "Fetch recent logs of a pod in a Kubernetes cluster.", {
    namespace: text("Namespace"),
    pod: text("Pod name"),
    tail: integer("Lines from the end"),
  }),
  tool("s3_upload_file", "Upload a file to an Amazon S3 bucket.", {
    bucket: text("Bucket name"),
    key: text("Object key"),
    content_type: text("MIME type"),
  }),
  tool("drive_share_document", "Share a Google Drive document with people and set their access role.", {
    file_id: text("Document id"),
    email: text("Who to share with"),
    role: choice("reader", "commenter", "writer"),
  }),
  tool("notion_create_page", "Create a Notion page in a workspace database.", {
    database: text("Database id"),
    title: text("Page title"),
    content: text("Markdown body"),
  }),
  tool("translate_strings", "Machine-translate UI strings for internationalization into target locales.", {
    strings: { type: "array", items: { type: "string" } },
    locales: { type: "array", items: text("BCP 47 locale such as de-DE") },
  }),
  tool("sentry_list_errors", "List unresolved Sentry errors for a project, newest first.", {
    project: text("Sentry project slug"),
  }),
  tool("datadog_query_metrics", "Query Datadog time-series metrics such as CPU or latency.", {
    query: text("Metric query, e.g. avg:system.cpu.user{*}"),
    from: text("Start time"),
  }),
  tool("weather_forecast", "Get the weather forecast for a city for the next days.", {
    city: text("City name"),
    days: integer("1 to 10"),
  }),
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
