// search_tools' answer over the six real servers: each tool's relevance, the note when nothing matched the request's
// words well, and the caller's limit kept when learnt tools join the ranked ones.
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MIN_RELEVANCE, MAX_QUERY_LENGTH } from "../../src/options.js";
import { MEANING_ONLY_NOTE, NO_MATCH_NOTE, NO_TOOLS_NOTE, WEAK_MATCH_NOTE } from "../../src/search/search-answer.js";
import type { Gateway } from "../../src/mcp/gateway/start-gateway.js";
import { gatewayInProcess, resultText, searchAnswer } from "./gateway-helpers.js";
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
    expect(answer.note).toBe(WEAK_MATCH_NOTE);
    expect(answer.tools.length).toBeGreaterThan(0);
    for (const tool of answer.tools) expect(tool.relevance).toBeLessThan(DEFAULT_MIN_RELEVANCE);
  });
});

describe("search_tools says when its results were found by meaning alone (issue 30, defect 5)", () => {
  // The filesystem server alone: none of its tools holds "add", "two" or "numbers" (the everything server's get-sum
  // would answer by its words), yet the local model places the request near search_files (relevance about 0.41):
  // without a model the answer would be empty.
  let filesystem: Awaited<ReturnType<typeof gatewayInProcess>>;
  beforeAll(async () => {
    filesystem = await gatewayInProcess({ filesystem: realServers(directory).filesystem });
  });
  afterAll(async () => {
    await filesystem?.client.close();
    await filesystem?.gateway.close();
  });

  it("notes that its tools were found by meaning alone when none holds the request's words", async () => {
    const answer = await searchAnswer(filesystem.client, "add two numbers");
    expect(answer.tools.length).toBeGreaterThan(0);
    expect(answer.tools[0].relevance).toBeGreaterThanOrEqual(DEFAULT_MIN_RELEVANCE);
    expect(answer.note).toBe(MEANING_ONLY_NOTE);
  });

  it("gives no note when the request's words are in the tool, whatever the model adds", async () => {
    const answer = await searchAnswer(filesystem.client, "delete the file old.txt");
    expect(answer.note).toBeUndefined();
  });
});

describe("search_tools and learnt tools share the caller's limit", () => {
  const request = "remember that Dave likes chess";
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

  it.each([1, 4])(
    "returns the %i ranked tools the caller asked for, no learnt one (a place in 5 is)",
    async (limit) => {
      const { tools } = await searchAnswer(client, "remember that Erin likes golf", limit);
      expect(tools).toHaveLength(limit);
      for (const tool of tools) expect(tool.reason).toBeUndefined();
    },
  );

  it.each([5, 9, 20])("returns at most %i tools, the learnt one in the last places", async (limit) => {
    const { tools, note } = await searchAnswer(client, "remember that Erin likes golf", limit);
    expect(tools.length).toBeLessThanOrEqual(limit);
    const learnt = tools.filter((tool) => tool.reason !== undefined);
    expect(learnt).toEqual([expect.objectContaining({ name: learntTool, reason: "learned-query" })]);
    expect(tools.indexOf(learnt[0])).toBe(tools.length - 1);
    expect(tools.slice(0, -1).map((tool) => tool.name)).not.toContain(learntTool);
    // What was learnt for these words is evidence: the answer is not called a guess.
    expect(note).toBeUndefined();
  });

  it("gives the learnt tool its place when the ranked ones would fill the limit", async () => {
    const { tools } = await searchAnswer(client, "remember that Erin likes golf", 5);
    expect(tools).toHaveLength(5);
    expect(tools[4]).toMatchObject({ name: learntTool, reason: "learned-query" });
  });
});

describe("search_tools with other phrasings (queries)", () => {
  it("fuses the model's other words with the request's", async () => {
    // Alone, "make … folder" reaches create_directory only by everyday readings (make → create, folder → directory).
    const request = "make a folder called invoices";
    const alone = await searchAnswer(client, request);
    const aloneRelevance = alone.tools.find((tool) => tool.name === "filesystem__create_directory")?.relevance ?? 0;
    expect(aloneRelevance).toBeLessThan(0.5);
    const result = await client.callTool({
      name: "search_tools",
      arguments: { query: request, queries: ["create a new directory named invoices"] },
    });
    const fused = JSON.parse(resultText(result)) as { note?: string; tools: { name: string; relevance: number }[] };
    expect(fused.tools).toHaveLength(5);
    expect(fused.tools[0].name).toBe("filesystem__create_directory");
    expect(fused.tools[0].relevance).toBeGreaterThan(0.5);
    expect(fused.tools[0].relevance).toBeGreaterThan(aloneRelevance);
    expect(fused.note).toBeUndefined();
  });

  it("keeps a phrasing that matched nothing from pushing aside the tools another matched", async () => {
    const request = "open nodes in the knowledge graph";
    const alone = await searchAnswer(client, request);
    const matched = alone.tools.filter((tool) => tool.relevance >= DEFAULT_MIN_RELEVANCE).map((tool) => tool.name);
    expect(matched.length).toBeGreaterThan(0);
    const offTopic = await searchAnswer(client, "what is the capital of France");
    expect(offTopic.note).toBe(WEAK_MATCH_NOTE);
    const result = await client.callTool({
      name: "search_tools",
      arguments: { query: request, queries: ["what is the capital of France"] },
    });
    const fused = JSON.parse(resultText(result)) as { tools: { name: string; relevance: number }[] };
    // What the request matched comes first, before any tool the other phrasing merely guessed.
    expect(new Set(fused.tools.slice(0, matched.length).map((tool) => tool.name))).toEqual(new Set(matched));
    const weakest = Math.min(...fused.tools.slice(0, matched.length).map((tool) => tool.relevance));
    expect(weakest).toBeGreaterThanOrEqual(DEFAULT_MIN_RELEVANCE);
  });

  it.each([
    ["a folder", 'the string "a folder"'],
    [["directory", ""], 'queries[1] = the string ""'],
    [["directory", 7], "queries[1] = 7"],
    [["a", "b", "c", "d", "e"], "5 elements"],
  ])("refuses queries %j with an error naming the argument and the element at fault", async (queries, got) => {
    await expect(
      client.callTool({ name: "search_tools", arguments: { query: "make a folder", queries } }),
    ).rejects.toMatchObject({
      // One prefix: the client adds it to the message the gateway sends (was "MCP error -32602: MCP error -32602: …").
      message: `MCP error -32602: search_tools: argument "queries" must be an array of at most 4 non-empty strings, got ${got}`,
    });
  });
});

describe("search_tools' limit", () => {
  it.each([
    [0, "0"],
    [21, "21"],
    [2.5, "2.5"],
    ["3", 'the string "3"'],
  ])(
    "refuses limit %j with an error naming the argument and the value (it used to take the default, quietly)",
    async (limit, got) => {
      await expect(
        client.callTool({ name: "search_tools", arguments: { query: "make a folder", limit } }),
      ).rejects.toMatchObject({
        message: `MCP error -32602: search_tools: argument "limit" must be an integer in [1, 20], got ${got}`,
      });
    },
  );

  it("refuses a misspelt argument, naming the one it takes, on search_tools and call_tool", async () => {
    await expect(
      client.callTool({ name: "search_tools", arguments: { query: "make a folder", limt: 3 } }),
    ).rejects.toMatchObject({
      message:
        'MCP error -32602: search_tools: unknown argument "limt"; did you mean "limit"? (it takes "query", "limit", "queries")',
    });
    await expect(
      client.callTool({ name: "call_tool", arguments: { name: "memory__read_graph", argument: {} } }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('unknown argument "argument"; did you mean "arguments"?'),
    });
  });

  it("describes its default as --max sets it", async () => {
    const servers = realServers(temporaryDirectory());
    const other = await gatewayInProcess({ memory: servers.memory }, { embedding: { kind: "none" }, maxResults: 8 });
    try {
      const { tools } = await other.client.listTools();
      const search = tools.find((tool) => tool.name === "search_tools")!;
      expect(search.inputSchema.properties?.limit).toMatchObject({ description: "Most tools to return (default 8)" });
    } finally {
      await other.client.close();
      await other.gateway.close();
    }
  });
});

describe("search_tools by keywords alone (--embedding none)", () => {
  it("returns only the tools that hold a word of the request, fewer than the limit on a large catalog (docs/mcp.md)", async () => {
    const keywords = await gatewayInProcess(realServers(temporaryDirectory()), { embedding: { kind: "none" } });
    try {
      expect(keywords.gateway.catalog.tools().length).toBeGreaterThan(60);
      // One tool of 72 mentions printing an environment variable: the rest have no score to rank them by.
      const answer = await searchAnswer(keywords.client, "print an environment variable", 20);
      expect(answer.tools.map((tool) => tool.name)).toEqual(["everything__get-env"]);
      expect(answer.note).toBeUndefined();
    } finally {
      await keywords.client.close();
      await keywords.gateway.close();
    }
  });
});

describe("search_tools with no tool to return", () => {
  it("says no tool matched, not that no server offers one, when servers have tools", async () => {
    const servers = realServers(temporaryDirectory());
    const small = await gatewayInProcess(
      { memory: servers.memory, filesystem: servers.filesystem },
      { embedding: { kind: "none" } },
    );
    try {
      const answer = await searchAnswer(small.client, "capital of France");
      expect(answer).toEqual({ note: NO_MATCH_NOTE, tools: [] });
    } finally {
      await small.client.close();
      await small.gateway.close();
    }
  });

  it("says nothing was found rather than calling an empty list guesses", async () => {
    const empty = await gatewayInProcess({});
    try {
      const answer = await searchAnswer(empty.client, "create a directory");
      expect(answer).toEqual({ note: NO_TOOLS_NOTE, tools: [] });
    } finally {
      await empty.client.close();
      await empty.gateway.close();
    }
  });
});

describe("search_tools learns what it ranked", () => {
  it("learns a long phrasing cut where ranking cuts it, not the words past the cut", async () => {
    const tool = "memory__read_graph";
    // "gzip" only past the first MAX_QUERY_LENGTH characters: ranking never reads it, so learning must not either.
    const long = "please ".repeat(Math.ceil(MAX_QUERY_LENGTH / 7)) + "gzip";
    expect(long.indexOf("gzip")).toBeGreaterThanOrEqual(MAX_QUERY_LENGTH);
    for (let i = 0; i < 2; i++) {
      await client.callTool({ name: "search_tools", arguments: { query: long, queries: ["show the whole graph"] } });
      const called = await client.callTool({ name: "call_tool", arguments: { name: tool, arguments: {} } });
      expect(called.isError).toBeFalsy();
    }
    // What was read is learnt: the other phrasing's words now bring the tool.
    const read = await searchAnswer(client, "show the whole graph", 20);
    expect(read.tools).toContainEqual(expect.objectContaining({ name: tool }));
    const past = await searchAnswer(client, "gzip", 20);
    expect(past.tools.filter((found) => found.reason === "learned-query")).toEqual([]);
  });
});
