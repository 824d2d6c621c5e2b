// The one search answer's spec (test/search/search-answer-spec.ts) through the gateway's search_tools, over the six
// real servers with the local model, read back as an MCP client reads it (structuredContent, checked by the SDK
// client against the tool's outputSchema, and the same JSON as text).

import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODEL_SEARCH } from "../../src/options.js";
import type { SearchAnswer } from "../../src/search/search-answer.js";
import type { Gateway } from "../../src/mcp/gateway/start-gateway.js";
import { searchAnswerSpec } from "../search/search-answer-spec.js";
import { gatewayInProcess, resultText } from "./gateway-helpers.js";
import { realServers, temporaryDirectory } from "./servers.js";

let gateway: Gateway;
let client: Client;

beforeAll(async () => {
  ({ gateway, client } = await gatewayInProcess(realServers(temporaryDirectory())));
  await client.listTools(); // the SDK client checks structuredContent against the outputSchema it listed
});

afterAll(async () => {
  await client?.close();
  await gateway?.close();
});

searchAnswerSpec("the gateway's search_tools", () => ({
  queries: { matched: "create a directory", guesses: "what is the capital of France" },
  selection: async (query, limit) =>
    (await gateway.catalog.index.selectWithScores(query, { ...MODEL_SEARCH, maxTools: limit })).results,
  search: async (query, limit) => {
    const result = (await client.callTool({ name: "search_tools", arguments: { query, limit } })) as CallToolResult;
    expect(JSON.parse(resultText(result))).toEqual(result.structuredContent);
    return result.structuredContent as unknown as SearchAnswer;
  },
}));

describe("the gateway's relevance with the local model", () => {
  it("does not rate a file tool fully relevant to a request it does not answer", async () => {
    // The local model puts "delete the file old.txt" near every file tool (cosine 0.72 to read_text_file): a shared
    // topic word, not a match. Relevance 1 is for the same text, not for that.
    const result = (await client.callTool({
      name: "search_tools",
      arguments: { query: "delete the file old.txt", limit: 10 },
    })) as CallToolResult;
    const answer = result.structuredContent as unknown as SearchAnswer;
    const readers = answer.tools.filter((tool) => /^filesystem__read_(text_)?file$/.test(tool.name));
    expect(readers.length).toBeGreaterThan(0);
    for (const tool of readers) expect(tool.relevance).toBeLessThan(0.8);
  });
});
