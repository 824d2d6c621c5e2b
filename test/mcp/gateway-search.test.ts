// search_tools' answer over the six real servers: each tool's relevance, the note when nothing matched the request's
// words well, and the caller's limit kept when learnt tools join the ranked ones.
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MIN_RELEVANCE } from "../../src/options.js";
import { WEAK_RESULTS_NOTE } from "../../src/mcp/gateway/search-answer.js";
import type { Gateway } from "../../src/mcp/gateway/start-gateway.js";
import { gatewayInProcess, searchAnswer } from "./gateway-helpers.js";
import { realServers, temporaryDirectory } from "./servers.js";

const directory = temporaryDirectory();
let gateway: Gateway;
let client: Client;

beforeAll(async () => {
  ({ gateway, client } = await gatewayInProcess(realServers(directory), { usageFile: join(directory, "usage.json") }));
});

afterAll(async () => {
  await client?.close();
  await gateway?.close();
});

describe("search_tools says when its results are guesses", () => {
  it("gives no note when a tool holds the request's words, and each tool's relevance", async () => {
    const answer = await searchAnswer(client, "create a directory");
    expect(answer.note).toBeUndefined();
    expect(answer.tools[0]).toMatchObject({ name: "filesystem__create_directory", relevance: 1 });
    for (const tool of answer.tools) {
      expect(tool.relevance).toBeGreaterThanOrEqual(0);
      expect(tool.relevance).toBeLessThanOrEqual(1);
      expect(tool.reason).toBeUndefined();
    }
  });

  it("marks an off-topic request's tools as the nearest guesses, and still returns them", async () => {
    const answer = await searchAnswer(client, "what is the capital of France");
    expect(answer.note).toBe(WEAK_RESULTS_NOTE);
    expect(answer.tools.length).toBeGreaterThan(0);
    for (const tool of answer.tools) expect(tool.relevance).toBeLessThan(DEFAULT_MIN_RELEVANCE);
  });
});

describe("search_tools and learnt tools share the caller's limit", () => {
  const request = "jot down that Dave likes chess";
  const learntTool = "memory__add_observations";

  beforeAll(async () => {
    // Before learning, the tool is not among the 5 ranked ones for these words; two forwarded calls teach it.
    const before = await searchAnswer(client, request, 5);
    expect(before.tools.map((tool) => tool.name)).not.toContain(learntTool);
    for (let i = 0; i < 2; i++) {
      await searchAnswer(client, request);
      const called = await client.callTool({
        name: "call_tool",
        arguments: { name: learntTool, arguments: { observations: [] } },
      });
      expect(called.isError).toBeFalsy();
    }
  });

  it.each([1, 2, 5, 20])("returns at most %i tools, the learnt one after the first ranked", async (limit) => {
    const { tools, note } = await searchAnswer(client, "jot down that Erin likes golf", limit);
    expect(tools.length).toBeLessThanOrEqual(limit);
    expect(tools[0].reason).toBeUndefined(); // the ranker's first keeps its place
    if (limit === 1) {
      expect(tools).toHaveLength(1);
      return;
    }
    expect(tools[1]).toMatchObject({ name: learntTool, reason: "learned-query" });
    expect(tools.filter((tool) => tool.name === learntTool)).toHaveLength(1);
    // What was learnt for these words is evidence: the answer is not called a guess.
    expect(note).toBeUndefined();
  });

  it("fills the limit with ranked tools after the learnt one", async () => {
    const { tools } = await searchAnswer(client, "jot down that Erin likes golf", 5);
    expect(tools).toHaveLength(5);
    expect(tools.filter((tool) => tool.reason === undefined)).toHaveLength(4);
  });
});
