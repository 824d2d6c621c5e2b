// A 30-tool SaaS catalog as an AI SDK ToolSet: real `tool()`s with zod schemas and executors that
// return canned data (nothing here touches a real service).
import { tool } from "ai";
import { z } from "zod";

function saas<SHAPE extends z.ZodRawShape>(description: string, shape: SHAPE, result: unknown) {
  return tool({ description, inputSchema: z.object(shape), execute: async () => result });
}

export const tools = {
  github_create_issue: saas(
    "Open a new issue in a GitHub repository.",
    { repo: z.string().describe("Repository in owner/name form."), title: z.string(), body: z.string().optional() },
    { number: 1377 },
  ),
  github_create_pull_request: saas(
    "Open a pull request that proposes merging one branch into another.",
    { repo: z.string(), head: z.string().describe("Branch with the changes."), base: z.string(), title: z.string() },
    { number: 1378 },
  ),
  github_merge_pull_request: saas(
    "Merge an open pull request into its base branch.",
    { repo: z.string(), number: z.number().int() },
    { merged: true },
  ),
  github_rerun_workflow: saas(
    "Re-run a failed GitHub Actions workflow run.",
    { repo: z.string(), run_id: z.number().int() },
    { status: "queued" },
  ),
  jira_create_issue: saas(
    "Create a Jira issue (bug, task or story) in a project.",
    { project: z.string(), summary: z.string(), type: z.enum(["bug", "task", "story"]) },
    { key: "OPS-812" },
  ),
  jira_transition_issue: saas(
    "Move a Jira issue to a different status, such as In Progress or Done.",
    { key: z.string(), status: z.string() },
    { ok: true },
  ),
  slack_send_message: saas(
    "Post a message to a Slack channel.",
    { channel: z.string().describe("Channel name or ID."), text: z.string() },
    { ok: true, ts: "1748943301.0002" },
  ),
  slack_create_channel: saas(
    "Create a new Slack channel.",
    { name: z.string(), private: z.boolean().optional() },
    { id: "C07Q2" },
  ),
  teams_send_chat_message: saas(
    "Send a direct chat message to a person in Microsoft Teams.",
    { to: z.string(), text: z.string() },
    { ok: true },
  ),
  gmail_send_email: saas(
    "Send an email from the user's Gmail account.",
    { to: z.string().describe("Recipient address."), subject: z.string(), body: z.string() },
    { id: "msg_18c2" },
  ),
  gmail_search_emails: saas(
    "Search the mailbox for emails that match a Gmail query.",
    { query: z.string() },
    { messages: [] },
  ),
  google_calendar_create_event: saas(
    "Create an event on Google Calendar with a time and attendees.",
    {
      summary: z.string(),
      start: z.string().describe("ISO 8601"),
      end: z.string(),
      attendees: z.array(z.string()).optional(),
    },
    { id: "evt_3k2j" },
  ),
  google_calendar_find_free_time: saas(
    "Find slots when all the given attendees are available.",
    { attendees: z.array(z.string()), duration_minutes: z.number().int() },
    { slots: [{ start: "2025-06-04T14:00:00Z" }] },
  ),
  zoom_create_meeting: saas(
    "Create a Zoom meeting and return its join link.",
    { topic: z.string(), start_time: z.string().optional() },
    { join_url: "https://zoom.us/j/8812345678" },
  ),
  stripe_list_charges: saas(
    "List recent charges, optionally filtered by customer.",
    { customer: z.string().optional(), limit: z.number().int().optional() },
    {
      charges: [
        { id: "ch_1", amount: 4900, currency: "usd", description: "Order 1042", created: "2025-06-02T10:14:03Z" },
        { id: "ch_2", amount: 4900, currency: "usd", description: "Order 1042", created: "2025-06-02T10:14:09Z" },
      ],
    },
  ),
  stripe_create_refund: saas(
    "Refund a charge, fully or partially.",
    {
      charge: z.string().describe("ID of the charge to refund."),
      amount: z.number().int().optional().describe("Amount in cents; the whole charge when omitted."),
    },
    { id: "re_9f1", status: "succeeded" },
  ),
  stripe_create_invoice: saas(
    "Create an invoice for a customer.",
    { customer: z.string(), amount: z.number().int(), description: z.string() },
    { id: "in_77" },
  ),
  stripe_cancel_subscription: saas(
    "Cancel a customer's subscription immediately or at the end of the billing period.",
    { subscription: z.string(), at_period_end: z.boolean().optional() },
    { status: "canceled" },
  ),
  vercel_deploy: saas(
    "Deploy a project to production or a preview environment on Vercel.",
    { project: z.string(), target: z.enum(["production", "preview"]) },
    { id: "dpl_9a" },
  ),
  vercel_rollback_deployment: saas(
    "Roll back a Vercel project to a previous deployment.",
    { project: z.string(), deployment_id: z.string().optional() },
    { restored: "dpl_7c1a" },
  ),
  datadog_query_metrics: saas(
    "Query time series metrics from Datadog.",
    { query: z.string(), from: z.string(), to: z.string() },
    { series: [] },
  ),
  pagerduty_trigger_incident: saas(
    "Trigger a PagerDuty incident and page whoever is on duty for a service.",
    { service_id: z.string(), title: z.string() },
    { incident_id: "Q2X7LM" },
  ),
  sentry_list_issues: saas(
    "List unresolved error issues in a Sentry project.",
    { project: z.string() },
    { issues: [] },
  ),
  notion_create_page: saas(
    "Create a new page in a Notion workspace.",
    { parent_id: z.string(), title: z.string(), content: z.string().optional() },
    { url: "https://notion.so/acme/91ad" },
  ),
  google_drive_share_file: saas(
    "Share a Google Drive file or folder with people and set their access.",
    { file_id: z.string(), emails: z.array(z.string()), role: z.enum(["reader", "writer"]) },
    { ok: true },
  ),
  aws_s3_put_object: saas(
    "Upload an object to an Amazon S3 bucket.",
    {
      bucket: z.string(),
      key: z.string().describe("Object key (path) in the bucket."),
      storage_class: z.enum(["STANDARD", "GLACIER", "DEEP_ARCHIVE"]).optional(),
    },
    { etag: '"9b2cf535f27731c974343645a3985328"' },
  ),
  hubspot_create_contact: saas(
    "Add a contact to HubSpot CRM.",
    { email: z.string(), name: z.string() },
    { id: "hs_51" },
  ),
  zendesk_create_ticket: saas(
    "Create a support ticket in Zendesk.",
    { subject: z.string(), description: z.string(), requester_email: z.string() },
    { id: 90211 },
  ),
  zendesk_reply_to_ticket: saas(
    "Add a public reply or an internal note to a Zendesk ticket.",
    { ticket_id: z.number().int(), body: z.string(), public: z.boolean() },
    { ok: true },
  ),
  weather_forecast: saas(
    "Get the weather forecast for a city for the next days.",
    { city: z.string(), days: z.number().int().optional() },
    { forecast: [{ day: "Sat", high: 24, low: 16, sky: "sunny" }] },
  ),
};

export type ToolName = keyof typeof tools;
