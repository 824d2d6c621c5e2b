// A follow-up stays with the product the conversation called last, unless it names another or that product's tools
// are not relevant to it (continuity.ts).
import { describe, expect, it } from "vitest";
import type { ModelMessage } from "ai";
import { createToolIndex } from "../../src/index.js";

const index = createToolIndex({
  sentry_resolve: { description: "Resolve an issue" },
  sentry_list_issues: { description: "List issues" },
  pd_ack_incident: { description: "Ack incident" },
  pd_resolve_incident: { description: "Resolve incident" },
  pd_list_incidents: { description: "List incidents" },
  slack_set_status: { description: "Set your status" },
});

/**
 * A conversation whose earlier turn called `tool`, then the user's `text`. (An elliptic follow-up is ranked after the
 * request before it, whose words name no action here.)
 */
const after = (tool: string, text: string): ModelMessage[] => [
  { role: "user", content: "the checkout page is down" },
  { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: tool, input: {} }] },
  {
    role: "tool",
    content: [{ type: "tool-result", toolCallId: "c1", toolName: tool, output: { type: "json", value: {} } }],
  },
  { role: "assistant", content: [{ type: "text", text: "Done." }] },
  { role: "user", content: text },
];

const ranked = async (text: string, messages?: ModelMessage[]) =>
  (await index.selectWithScores(text, messages === undefined ? {} : { messages })).results
    .filter((result) => result.reason === "ranked")
    .map((result) => result.name);

describe("the product in use", () => {
  it("ranks the last-called product's tool first for a follow-up that names no product", async () => {
    // On its own the request ranks Sentry's resolve first; after a PagerDuty call, PagerDuty's.
    expect((await ranked("now resolve it"))[0]).toBe("sentry_resolve");
    expect((await ranked("now resolve it", after("pd_ack_incident", "now resolve it")))[0]).toBe("pd_resolve_incident");
  });

  it("keeps the order when the request names a product, or the product in use has no relevant tool", async () => {
    expect((await ranked("now resolve it in sentry", after("pd_ack_incident", "now resolve it in sentry")))[0]).toBe(
      "sentry_resolve",
    );
    // After Slack, a request about an incident is PagerDuty's: Slack's tools reached no relevance to lift.
    const switched = await ranked("close the incident", after("slack_set_status", "close the incident"));
    expect(switched[0]).toBe("pd_resolve_incident");
    expect(switched).not.toContain("slack_set_status");
  });
});
