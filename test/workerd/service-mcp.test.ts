// POST /v1/catalogs/:id/mcp inside workerd: MCP's Streamable HTTP (stateless, JSON answers) over a stored catalog —
// initialize, tools/list, tools/call of search_tools — its JSON-RPC errors, and the catalog routes' auth.

import { beforeAll, describe, expect, it } from "vitest";
import type { SearchAnswer } from "../../src/search/search-answer.js";
import { searchAnswerSpec } from "../search/search-answer-spec.js";
import {
  BILLING,
  MESSAGING,
  READ_TOKEN,
  closedEnv,
  expectError,
  freshId,
  Isolate,
  learnEnv,
  serviceEnv,
  tokenFor,
  type Answer,
  type RequestOptions,
} from "./service-harness.js";

const CATALOG = [...BILLING, ...MESSAGING];

/** One JSON-RPC message POSTed to the MCP endpoint of `id`, as an MCP client sends it. */
function rpc(isolate: Isolate, id: string, message: unknown, options: RequestOptions = {}): Promise<Answer> {
  return isolate.request("POST", `/v1/catalogs/${id}/mcp`, {
    body: message,
    ...options,
    headers: { Accept: "application/json, text/event-stream", ...options.headers },
  });
}

const initialize = (protocolVersion: unknown) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion, capabilities: {}, clientInfo: { name: "test", version: "0" } },
});

const search = (args: unknown, id: number | string = 3) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "search_tools", arguments: args },
});

async function published(isolate: Isolate): Promise<string> {
  const id = freshId("mcp");
  expect((await isolate.put(id, CATALOG)).status).toBe(201);
  return id;
}

describe("the MCP endpoint: initialize, tools/list, tools/call", () => {
  const isolate = new Isolate(learnEnv());

  it("initialize answers the client's protocol revision (or the newest), the tools capability and no session", async () => {
    const id = await published(isolate);
    for (const [asked, answered] of [
      ["2025-06-18", "2025-06-18"],
      ["2025-03-26", "2025-03-26"],
      ["2025-11-25", "2025-11-25"],
      ["1999-01-01", "2025-11-25"],
    ]) {
      const answer = await rpc(isolate, id, initialize(asked));
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(answer.headers.get("Mcp-Session-Id")).toBeNull();
      expect(answer.body).toMatchObject({
        jsonrpc: "2.0",
        id: 1,
        result: {
          protocolVersion: answered,
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: "toolsift", version: expect.any(String) },
          instructions: expect.stringContaining(`"${id}" holds 7 tools`),
        },
      });
    }
    // The client's notification that follows: 202, no body.
    const initialized = await rpc(isolate, id, { jsonrpc: "2.0", method: "notifications/initialized" });
    expect([initialized.status, initialized.text]).toEqual([202, ""]);
    expect((await rpc(isolate, id, { jsonrpc: "2.0", id: "p", method: "ping" })).body).toEqual({
      jsonrpc: "2.0",
      id: "p",
      result: {},
    });
  });

  it("tools/list has search_tools with its input and output schemas; tools/call ranks as select does", async () => {
    const id = await published(isolate);
    const listed = await rpc(isolate, id, { jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(listed.body.result.tools).toHaveLength(1);
    const [tool] = listed.body.result.tools;
    expect(tool).toMatchObject({ name: "search_tools", annotations: { readOnlyHint: true } });
    expect(tool.inputSchema).toMatchObject({ type: "object", required: ["query"] });
    expect(Object.keys(tool.inputSchema.properties)).toEqual(["query", "maxResults"]);
    expect(tool.outputSchema).toMatchObject({ type: "object", required: ["tools", "catalog"] });
    // The order is the ranking's; relevance is shown beside it and may not follow it (a 0.35 before a 0.38): the
    // description and the schema say so, so a model does not read the order as sorted by relevance.
    expect(tool.description).toMatch(/relevance \(0-1: .*ranking's order, which it need not follow\)/);
    expect(tool.outputSchema.properties.tools.items.properties.relevance.description).toMatch(/ranking's order/);

    for (const [query, maxResults] of [
      ["refund a payment to the customer", 2],
      ["post in the team channel", 3],
      ["set up a video meeting", undefined],
    ] as const) {
      const called = await rpc(isolate, id, search({ query, ...(maxResults === undefined ? {} : { maxResults }) }));
      expect(called.status, called.text).toBe(200);
      const { structuredContent, content, isError } = called.body.result;
      expect(isError).toBeUndefined();
      expect(JSON.parse(content[0].text)).toEqual(structuredContent);
      // The oracle for the ranking: the select route, for the same query, count, no adaptive cut and no relevance
      // decision (search_tools answers with its best guesses, each with its relevance).
      const selected = await isolate.select(id, { query, maxTools: maxResults ?? 5, adaptive: false, minRelevance: 0 });
      const names = structuredContent.tools.map((found: { name: string }) => found.name);
      expect(names).toEqual(selected.body.tools);
      expect(structuredContent.catalog).toEqual(selected.body.catalog);
      // Each tool as it was uploaded: description and input schema (the oracle: the catalog sent).
      for (const found of structuredContent.tools) {
        const uploaded = CATALOG.find((entry) => entry.name === found.name)!;
        expect(found).toMatchObject({ description: uploaded.description, inputSchema: uploaded.inputSchema });
        expect(found.relevance).toBeGreaterThanOrEqual(0);
        expect(found.relevance).toBeLessThanOrEqual(1);
      }
    }
    const refund = await rpc(isolate, id, search({ query: "refund a payment to the customer", maxResults: 1 }));
    expect(refund.body.result.structuredContent.tools.map((found: { name: string }) => found.name)).toEqual([
      "stripe_create_refund",
    ]);
  });

  it("what was learnt for the catalog reaches the search as it reaches select", async () => {
    const id = await published(isolate);
    const query = "refund the customer's payment";
    const call = (toolCallId: string, toolName: string) => [
      { role: "assistant", content: [{ type: "tool-call", toolCallId, toolName, input: {} }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId, toolName, output: { type: "text", value: "ok" } }] },
    ];
    const messages = [
      { role: "user", content: query },
      ...call("c1", "stripe_create_refund"),
      ...call("c2", "gmail_send_email"),
    ];
    for (let n = 0; n < 3; n++) expect((await isolate.learn(id, { messages })).status).toBe(200);
    // The search first: it installs the learnt usage itself (select has not run since the learning).
    const found = (await rpc(isolate, id, search({ query, maxResults: 5 }))).body.result.structuredContent.tools;
    const selected = await isolate.select(id, { query, maxTools: 1, adaptive: false });
    expect(selected.body.tools).toEqual(["stripe_create_refund", "gmail_send_email"]);
    expect(found.length).toBeLessThanOrEqual(5);
    expect(found[0].name).toBe("stripe_create_refund");
    expect(found.map((tool: { name: string }) => tool.name)).toContain("gmail_send_email");
    // Never more than the limit asked for (select adds the learnt tool beyond maxTools; the search answer does not).
    const one = (await rpc(isolate, id, search({ query, maxResults: 1 }))).body.result.structuredContent.tools;
    expect(one.map((tool: { name: string }) => tool.name)).toEqual(["stripe_create_refund"]);
  });

  it("arguments that do not fit are a tool error naming the field; an unknown tool or method a JSON-RPC error", async () => {
    const id = await published(isolate);
    for (const [args, part] of [
      [{}, 'the input for "search_tools" does not match its inputSchema: /query is required'],
      [{ query: 5 }, "/query must be string, not number"],
      [{ query: "" }, "/query: String is too short (0 < 1)"],
      [{ query: "  " }, "non-empty"],
      [{ query: "x".repeat(2_001) }, "2001 characters"],
      [{ query: "refund", maxResults: 0 }, "/maxResults: 0 is less than 1"],
      [{ query: "refund", maxResults: 21 }, "/maxResults: 21 is greater than 20"],
      [{ query: "refund", maxResults: 2.5 }, "/maxResults must be integer, not number"],
      [{ query: "refund", max_results: 3 }, "/max_results is not allowed"],
      ["refund", "the input must be object, not string"],
    ] as const) {
      const answer = await rpc(isolate, id, search(args));
      expect(answer.body.result, JSON.stringify(args)).toMatchObject({ isError: true });
      expect(answer.body.result.content[0].text).toContain(part);
    }
    const unknownTool = await rpc(isolate, id, {
      jsonrpc: "2.0",
      id: 4,
      method: "tools/call",
      params: { name: "stripe_create_refund", arguments: {} },
    });
    expect(unknownTool.status).toBe(200);
    expect(unknownTool.body).toEqual({
      jsonrpc: "2.0",
      id: 4,
      error: { code: -32602, message: expect.stringContaining('Unknown tool "stripe_create_refund"') },
    });
    for (const method of ["resources/list", "prompts/list", "completion/complete", "tools/search"]) {
      const answer = await rpc(isolate, id, { jsonrpc: "2.0", id: 5, method });
      expect(answer.body.error.code, method).toBe(-32601);
      expect(answer.body.error.message).toContain(`"${method}" is not supported`);
      expect(answer.body.error.message).toContain("initialize, ping, tools/list, tools/call");
    }
  });

  it("a catalog that is not published: a JSON-RPC error with the service's code in data", async () => {
    const missing = freshId("mcp-none");
    for (const message of [initialize("2025-06-18"), search({ query: "refund" })]) {
      const answer = await rpc(isolate, missing, message);
      expect(answer.status).toBe(200);
      expect(answer.body.error).toEqual({
        code: -32002,
        message: expect.stringContaining(`No catalog is published under id "${missing}"`),
        data: { code: "CATALOG_NOT_FOUND", status: 404 },
      });
    }
  });

  it("a body that is not one JSON-RPC message: 400 with a JSON-RPC error; not JSON at all: the service's 400", async () => {
    const id = await published(isolate);
    for (const [body, part] of [
      [[initialize("2025-06-18")], "Batches are not supported"],
      [{ id: 1, method: "ping" }, "JSON-RPC 2.0"],
      [{ jsonrpc: "2.0", id: 1, method: 7 }, '"method" must be a string'],
      [{ jsonrpc: "2.0", id: null, method: "ping" }, '"id" must be a string or an integer'],
      [{ jsonrpc: "2.0", id: 1, method: "ping", params: [1] }, '"params" of ping must be an object'],
    ] as const) {
      const answer = await rpc(isolate, id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({
        jsonrpc: "2.0",
        id: null,
        error: { message: expect.stringContaining(part) },
      });
    }
    expectError(await rpc(isolate, id, undefined, { raw: "{not json" }), "INVALID_JSON");
    expectError(await rpc(isolate, id, undefined, { raw: "{}", contentType: "text/plain" }), "UNSUPPORTED_MEDIA_TYPE");
    // A response from the client (this server sends no requests): accepted and ignored.
    expect((await rpc(isolate, id, { jsonrpc: "2.0", id: 9, result: {} })).status).toBe(202);
  });
});

describe("the MCP endpoint's transport rules", () => {
  it("GET and DELETE are 405 with Allow: POST (no SSE stream, no session to end)", async () => {
    const isolate = new Isolate(learnEnv());
    const id = await published(isolate);
    for (const method of ["GET", "DELETE", "PUT"]) {
      const answer = await isolate.request(method, `/v1/catalogs/${id}/mcp`, {
        headers: { Accept: "text/event-stream" },
      });
      expectError(answer, "METHOD_NOT_ALLOWED");
      expect(answer.headers.get("Allow")).toBe("POST");
    }
  });

  it("an Origin TOOLSIFT_CORS_ORIGINS does not allow is 403 (DNS rebinding); an allowed one is answered", async () => {
    const open = new Isolate(learnEnv());
    const id = await published(open);
    expectError(
      await rpc(open, id, initialize("2025-06-18"), { token: null, headers: { Origin: "https://evil.example" } }),
      "FORBIDDEN",
      "TOOLSIFT_CORS_ORIGINS",
    );
    const allowing = new Isolate(learnEnv({ TOOLSIFT_CORS_ORIGINS: "https://app.example" }));
    const allowed = await rpc(allowing, id, initialize("2025-06-18"), { headers: { Origin: "https://app.example" } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example");
    expectError(
      await rpc(allowing, id, initialize("2025-06-18"), { headers: { Origin: "https://evil.example" } }),
      "FORBIDDEN",
    );
  });

  it("an unsupported MCP-Protocol-Version is 400; an Accept without JSON is 406; both as JSON-RPC errors", async () => {
    const isolate = new Isolate(learnEnv());
    const id = await published(isolate);
    const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
    const old = await rpc(isolate, id, ping, { headers: { "MCP-Protocol-Version": "2024-01-01" } });
    expect(old.status).toBe(400);
    expect(old.body.error.message).toContain('MCP-Protocol-Version "2024-01-01" is not supported');
    const html = await rpc(isolate, id, ping, { headers: { Accept: "text/html" } });
    expect(html.status).toBe(406);
    expect(html.body.error.message).toContain("application/json");
    expect((await rpc(isolate, id, ping, { headers: { "MCP-Protocol-Version": "2025-06-18" } })).status).toBe(200);
  });
});

describe("the MCP endpoint's auth: the read routes' rules, tenant tokens as bearer", () => {
  it("reads closed: no token 401, a bad token 401 invalid_token, another tenant's token 403, its own tenant 200", async () => {
    const isolate = new Isolate(closedEnv());
    const id = await published(isolate);
    const own = await tokenFor(isolate, [id], "read");
    const other = await tokenFor(isolate, [freshId("other")], "write");
    const message = initialize("2025-06-18");
    expectError(await rpc(isolate, id, message, { token: null }), "UNAUTHORIZED");
    const altered = await rpc(isolate, id, message, { token: `${own.token}A` });
    expectError(altered, "UNAUTHORIZED");
    expect(altered.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
    expectError(await rpc(isolate, id, search({ query: "refund" }), { token: other.token }), "FORBIDDEN", id);
    expect((await rpc(isolate, id, message, { token: own.token })).status).toBe(200);
    expect((await rpc(isolate, id, search({ query: "refund" }), { token: READ_TOKEN })).status).toBe(200);
  });

  it("reads open: no token is needed, but a tenant token sent is checked", async () => {
    const isolate = new Isolate(serviceEnv());
    const id = await published(isolate);
    expect((await rpc(isolate, id, search({ query: "refund" }), { token: null })).status).toBe(200);
    const other = await tokenFor(isolate, [freshId("other")], "read");
    expectError(await rpc(isolate, id, search({ query: "refund" }), { token: other.token }), "FORBIDDEN");
    expectError(
      await rpc(isolate, id, search({ query: "refund" }), { token: `TSK_${other.token.slice(4)}` }),
      "UNAUTHORIZED",
    );
  });
});

describe("the MCP endpoint's search answer", () => {
  const isolate = new Isolate(learnEnv());
  let id: string;
  beforeAll(async () => {
    id = await published(isolate);
  });
  searchAnswerSpec("the service's search_tools", () => ({
    queries: {
      matched: "refund a payment to the customer",
      // With the service's embedding model every tool has some similarity: no request finds nothing at all.
      guesses: "summarise the plot of hamlet in three short lines for a child",
    },
    // The oracle: the select route, for the same query and count, no adaptive cut and no relevance floor (it reports
    // no relevance: the spec then checks the names and their order).
    selection: async (query, limit) => {
      const selected = await isolate.select(id, { query, maxTools: limit, adaptive: false, minRelevance: 0 });
      return (selected.body.results as { name: string; reason?: string; pinned?: string }[]).map((result) => ({
        ...result,
        reason: result.reason ?? (result.pinned === undefined ? "ranked" : result.pinned),
        relevance: Number.NaN,
      }));
    },
    search: async (query, limit) => {
      const { result } = (await rpc(isolate, id, search({ query, maxResults: limit }))).body;
      expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
      const { catalog, ...answer } = result.structuredContent;
      expect(catalog.id).toBe(id);
      return answer as SearchAnswer;
    },
  }));
});
