// The search_tools of inConversation and deferredTools answer as a step of an agent loop: after the ranked tools, the
// finder of what they need by id ("thumbs up the last msg in #design": the channel list with the reaction tool).
import { jsonSchema, tool } from "ai";
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";

const needs = (...ids: string[]) =>
  jsonSchema({
    type: "object",
    properties: Object.fromEntries(ids.map((id) => [id, { type: "string" }])),
    required: ids,
  });
/** The Slack MCP server's tools as it publishes them (bench/everyday/catalogs/mcp-slack.json). */
const tools = {
  slack_list_channels: tool({
    description: "List public or pre-defined channels in the workspace with pagination",
    inputSchema: needs(),
  }),
  slack_post_message: tool({
    description: "Post a new message to a Slack channel",
    inputSchema: needs("channel_id", "text"),
  }),
  slack_reply_to_thread: tool({
    description: "Reply to a specific message thread in Slack",
    inputSchema: needs("channel_id", "thread_ts", "text"),
  }),
  slack_add_reaction: tool({
    description: "Add a reaction emoji to a message",
    inputSchema: needs("channel_id", "timestamp", "reaction"),
  }),
  slack_get_channel_history: tool({
    description: "Get recent messages from a channel",
    inputSchema: needs("channel_id"),
  }),
  slack_get_thread_replies: tool({
    description: "Get all replies in a message thread",
    inputSchema: needs("channel_id", "thread_ts"),
  }),
  slack_get_users: tool({ description: "Get a list of all users in the workspace", inputSchema: needs() }),
  slack_get_user_profile: tool({
    description: "Get detailed profile information for a user",
    inputSchema: needs("user_id"),
  }),
};
const query = "thumbs up the last msg in #design";

/** The names a delivery's search_tools answers `query` with. */
async function searched(searchTool: unknown): Promise<string[]> {
  const execute = (searchTool as { execute: (input: { query: string }, options: object) => Promise<unknown> }).execute;
  const answer = (await execute({ query }, { toolCallId: "s1", messages: [] })) as { tools: { name: string }[] };
  return answer.tools.map((found) => found.name);
}

describe("search_tools in an agent loop", () => {
  const index = createToolIndex(tools);

  it("carries the finder of what the found tools need: inConversation", async () => {
    const names = await searched(index.inConversation(tools).tools.search_tools);
    expect(names).toContain("slack_add_reaction");
    expect(names).toContain("slack_list_channels");
  });

  it("carries the finder of what the found tools need: deferredTools", async () => {
    const names = await searched(index.deferredTools(tools, { provider: "anthropic" }).tools.search_tools);
    expect(names).toContain("slack_add_reaction");
    expect(names).toContain("slack_list_channels");
  });
});
