// The HTTP gateway's sessions: requests that never initialise leave nothing behind, and sessions are bounded (the one
// idle longest is closed past MAX_HTTP_SESSIONS). The gateway runs in process over a real upstream server.
import type { Server as HttpServer } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { expect, it } from "vitest";
import { parseGatewayConfig } from "../../src/mcp/gateway/config.js";
import { MAX_HTTP_SESSIONS, serveHttp } from "../../src/mcp/gateway/serve.js";
import { startGateway, type Gateway } from "../../src/mcp/gateway/start-gateway.js";
import { LIFECYCLE_SERVER, PATIENTLY } from "./gateway-helpers.js";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** The HTTP gateway over the lifecycle server, listing each search's tools (so each session is announced to). */
async function httpGateway(): Promise<{
  gateway: Gateway;
  http: HttpServer;
  url: string;
  sessions: WeakRef<Server>[];
}> {
  const config = parseGatewayConfig(
    JSON.stringify({ mcpServers: { lifecycle: { command: process.execPath, args: [LIFECYCLE_SERVER] } } }),
    "test",
  );
  const gateway = await startGateway({
    config,
    maxResults: 5,
    timeout: 60_000,
    retryMax: 1_000,
    usageFile: undefined,
    embedding: { kind: "none" },
    local: false,
    embeddingCache: undefined,
    exposeSelected: true,
    quiet: true,
    version: "0.0.0-test",
  });
  // Every session Server the gateway makes, held weakly: what else holds one is what the test asks about.
  const sessions: WeakRef<Server>[] = [];
  const session = gateway.session.bind(gateway);
  gateway.session = () => {
    const server = session();
    sessions.push(new WeakRef(server));
    return server;
  };
  const http = await serveHttp(gateway, 0, () => {});
  const address = http.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return { gateway, http, url: `http://127.0.0.1:${port}/mcp`, sessions };
}

async function post(url: string, body: unknown, session?: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(session === undefined ? {} : { "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" }),
    },
    body: JSON.stringify(body),
  });
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1.0.0" } },
};

async function close({ gateway, http }: { gateway: Gateway; http: HttpServer }) {
  http.closeAllConnections();
  http.close();
  await gateway.close();
}

it("keeps no session of a client that never initialised", async () => {
  const served = await httpGateway();
  try {
    for (let request = 0; request < 200; request++) {
      const response = await post(served.url, { jsonrpc: "2.0", id: request, method: "tools/list" });
      expect(response.status).toBe(400);
      await response.text();
    }
    expect(served.sessions).toHaveLength(200);
    const kept = () => {
      collectGarbage();
      return served.sessions.filter((session) => session.deref() !== undefined).length;
    };
    await expect.poll(kept, PATIENTLY).toBe(0);
  } finally {
    await close(served);
  }
});

it(`keeps at most ${MAX_HTTP_SESSIONS} sessions, closing the one idle longest`, async () => {
  const served = await httpGateway();
  try {
    const ids: string[] = [];
    for (let count = 0; count <= MAX_HTTP_SESSIONS; count++) {
      const response = await post(served.url, initialize);
      expect(response.status).toBe(200);
      await response.text();
      ids.push(response.headers.get("mcp-session-id")!);
      // The first session stays in use, so the second is the one idle longest when the bound is passed.
      if (count > 0) await (await post(served.url, { jsonrpc: "2.0", id: 2, method: "tools/list" }, ids[0])).text();
    }
    const [first, second, ...rest] = ids;
    const list = (session: string) => post(served.url, { jsonrpc: "2.0", id: 3, method: "tools/list" }, session);
    expect((await list(second!)).status).toBe(400);
    expect((await list(first!)).status).toBe(200);
    expect((await list(rest.at(-1)!)).status).toBe(200);
  } finally {
    await close(served);
  }
});
