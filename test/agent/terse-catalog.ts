// A catalog of 25 terse tools of nine products, written as developers write them (product tags, few words): the
// agent-loop tests' shared catalog.

export interface TerseTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: object;
}

export const terseCatalog: readonly TerseTool[] = Object.entries({
  slack: ["post_message: Post a message to a channel", "list_channels: List channels", "get_user: Get a user"],
  gcal: ["create_event: Create calendar event", "list_events: List events", "delete_event: Delete event"],
  jira: ["create_issue: Create Jira issue", "get_issue: get issue by key", "transition: Change issue status"],
  gh: ["list_prs: List PRs for a repo", "merge_pr: Merge a pull request", "get_file: Read a file"],
  zd: ["get_ticket: get ticket", "reply: public reply on ticket", "create_ticket: new ticket"],
  hs: ["create_contact: create contact", "list_deals: list deals", "add_note: Log note on a deal"],
  stripe: ["refund: Refund a charge", "get_invoice: Get an invoice", "list_subs: List subscriptions"],
  gdrive: ["search: Search files", "share: Share a file", "move: Move a file"],
  notion: ["search: Search pages"],
}).flatMap(([product, tools]) =>
  tools.map((entry) => {
    const [action, description] = entry.split(": ");
    const parameters = { type: "object", properties: { name: { type: "string" }, text: { type: "string" } } };
    return { name: `${product}_${action}`, description, parameters };
  }),
);
