// The service as `npm start` runs it (wrangler dev --local, the built-in dev admin token), spoken to over real HTTP:
// what the runtime answers itself for methods the app never sees, and the MCP endpoint through the official MCP SDK
// client (Client + StreamableHTTPClientTransport).

import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_INFO } from "../../src/worker/mcp/mcp-route.js";
import { DEV_ADMIN_TOKEN } from "../../scripts/start-service.mjs";
import { startLocalService, type LocalService } from "./local-service.js";

let service: LocalService;
beforeAll(async () => {
  service = await startLocalService();
}, 180_000);
afterAll(() => service?.stop());

/** Sends `head` (a request line and headers) over a plain socket; resolves with everything the server answered. */
function rawRequest(head: string): Promise<string> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.write(`${head}\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
  });
}

describe("methods over HTTP (src/worker/README.md, Routes)", () => {
  it("a method the runtime knows reaches the app: 405 METHOD_NOT_ALLOWED in the documented shape", async () => {
    for (const method of ["PATCH", "TRACE", "PROPFIND", "QUERY"]) {
      const answer = await rawRequest(`${method} /health HTTP/1.1`);
      expect(answer).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer).toMatch(/\r\nAllow: GET, HEAD\r\n/i);
      expect(answer).toContain(`{"error":{"code":"METHOD_NOT_ALLOWED","message":"${method} is not allowed on /health`);
    }
  });

  it("CONNECT and an unregistered method are answered by the runtime in plain text, as documented", async () => {
    for (const target of ["/health", "127.0.0.1:80"]) {
      const answer = await rawRequest(`CONNECT ${target} HTTP/1.1`);
      expect(answer).toMatch(/^HTTP\/1\.1 500 /);
      expect(answer.split("\r\n\r\n")[1]).toBe("Internal Server Error");
    }
    const foo = await rawRequest("FOO /health HTTP/1.1");
    expect(foo).toMatch(/^HTTP\/1\.1 501 /);
    expect(foo.split("\r\n\r\n")[1]).toBe("ERROR: Unrecognized request method.");
    // The app still answers afterwards.
    expect((await fetch(`${service.url}/health`)).status).toBe(200);
  });
});

/** `fetch` to the service with the built-in admin token. */
async function asAdmin(method: string, path: string, body: unknown): Promise<any> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${DEV_ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** An official SDK client connected to catalog `id`'s MCP endpoint with `token` as its bearer token. */
async function mcpClient(id: string, token: string): Promise<Client> {
  const client = new Client({ name: "toolsift-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${service.url}/v1/catalogs/${id}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

describe("MCP through the official SDK client (@modelcontextprotocol/sdk)", () => {
  const catalog = [
    {
      name: "stripe_create_refund",
      description: "Refund a Stripe charge or payment, fully or partly.",
      inputSchema: {
        type: "object",
        properties: { charge: { type: "string", description: "Charge id" } },
        required: ["charge"],
      },
    },
    {
      name: "stripe_create_invoice",
      description: "Draft and send a Stripe invoice to a customer.",
      inputSchema: { type: "object", properties: { customer: { type: "string" } } },
    },
    {
      name: "slack_post_message",
      description: "Post a message to a Slack channel or thread.",
      inputSchema: { type: "object", properties: { channel: { type: "string" }, text: { type: "string" } } },
    },
    {
      name: "zoom_create_meeting",
      description: "Create a Zoom video call link.",
      inputSchema: { type: "object", properties: {} },
    },
  ];
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    await asAdmin("PUT", "/v1/catalogs/acme-support", catalog);
    await asAdmin("PUT", "/v1/catalogs/globex-ops", catalog.slice(2));
    tokens.acme = (await asAdmin("POST", "/v1/tokens", { catalogs: ["acme-*"], access: "read" })).token;
    tokens.globex = (await asAdmin("POST", "/v1/tokens", { catalogs: ["globex-*"], access: "write" })).token;
  });

  it("connects with a tenant token, lists search_tools and calls it: the tools with schemas and relevance", async () => {
    const client = await mcpClient("acme-support", tokens.acme);
    try {
      expect(client.getServerVersion()).toEqual(SERVER_INFO);
      expect(client.getServerCapabilities()?.tools).toBeDefined();
      expect(client.getInstructions()).toContain('"acme-support" holds 4 tools');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["search_tools"]);
      expect(tools[0].inputSchema.required).toEqual(["query"]);
      // The SDK client checks structuredContent against the tool's outputSchema: a mismatch would throw here.
      const result = await client.callTool({
        name: "search_tools",
        arguments: { query: "give the customer their money back for that charge", maxResults: 2 },
      });
      expect(result.isError).toBeFalsy();
      const found = (result.structuredContent as { tools: any[] }).tools;
      expect(found[0]).toMatchObject({ name: "stripe_create_refund", inputSchema: catalog[0].inputSchema });
      expect(found[0].relevance).toBeGreaterThan(0);
      expect(found.length).toBeLessThanOrEqual(2);
      const invalid = await client.callTool({ name: "search_tools", arguments: { query: 5 } });
      expect(invalid.isError).toBe(true);
      // An unknown tool and an unsupported method: JSON-RPC errors the SDK raises as McpError.
      await expect(client.callTool({ name: "stripe_create_refund", arguments: {} })).rejects.toMatchObject({
        code: ErrorCode.InvalidParams,
      });
      const resources = await client.listResources().catch((error: unknown) => error);
      expect(resources).toBeInstanceOf(McpError);
      expect((resources as McpError).code).toBe(ErrorCode.MethodNotFound);
      // Still usable after errors.
      expect((await client.ping()) as object).toEqual({});
    } finally {
      await client.close();
    }
  });

  it("a bad token is 401 and another tenant's token is refused (403): the client cannot connect", async () => {
    const altered = `${tokens.acme.slice(0, -1)}${tokens.acme.endsWith("A") ? "B" : "A"}`;
    for (const [token, status] of [
      [altered, 401],
      [`${tokens.acme}x`, 401],
      [tokens.globex, 403],
    ] as const) {
      const refused = await mcpClient("acme-support", token).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StreamableHTTPError);
      expect((refused as StreamableHTTPError).code).toBe(status);
    }
    // globex's own catalog works with its token.
    const client = await mcpClient("globex-ops", tokens.globex);
    await client.close();
  });

  it("GET (an SSE stream) and DELETE (ending a session) are 405", async () => {
    for (const method of ["GET", "DELETE"]) {
      const answer = await fetch(`${service.url}/v1/catalogs/acme-support/mcp`, {
        method,
        headers: { accept: "text/event-stream", authorization: `Bearer ${tokens.acme}` },
      });
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("POST");
    }
  });

  it("serverInfo.version is package.json's", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    expect(SERVER_INFO.version).toBe(pkg.version);
  });
});
