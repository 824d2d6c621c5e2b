// Serving the gateway: MCP over stdio, or Streamable HTTP on 127.0.0.1 (one MCP session per client).

import { randomUUID } from "node:crypto";
import { createServer, type Server as HttpServer } from "node:http";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { errorMessage } from "../../support/error-message.js";
import type { Gateway } from "./start-gateway.js";

/** Serves one session over this process's stdin/stdout; resolves when the client closes stdin. */
export async function serveStdio(gateway: Gateway): Promise<void> {
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
  });
  await gateway.session().connect(transport);
  await closed;
}

/**
 * The most Streamable HTTP sessions the gateway keeps: when a client initialises one more, the session idle longest
 * (no request for the longest time) is closed, so sessions that clients abandoned without a DELETE do not pile up.
 */
export const MAX_HTTP_SESSIONS = 100;

/**
 * Serves MCP over Streamable HTTP at `http://127.0.0.1:<port>/mcp` (port 0: any free one), with the SDK's DNS
 * rebinding protection (only 127.0.0.1 and localhost as Host), at most `MAX_HTTP_SESSIONS` sessions. Resolves with
 * the server once it listens.
 */
export async function serveHttp(gateway: Gateway, port: number, log: (line: string) => void): Promise<HttpServer> {
  // In order of last use (a request moves its session to the end), so the first is the one idle longest.
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const opened = (sessionId: string, transport: StreamableHTTPServerTransport): void => {
    sessions.set(sessionId, transport);
    for (const [idle, oldest] of sessions) {
      if (sessions.size <= MAX_HTTP_SESSIONS) break;
      sessions.delete(idle);
      oldest.close().catch((error: unknown) => log(`closing an idle HTTP session failed: ${errorMessage(error)}`));
    }
  };
  const http = createServer((request, response) => {
    const reply = (status: number, message: string) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
    };
    if (new URL(request.url ?? "/", "http://127.0.0.1").pathname !== "/mcp") return reply(404, "not found: use /mcp");
    const id = request.headers["mcp-session-id"];
    const transport = typeof id === "string" ? sessions.get(id) : undefined;
    if (transport === undefined) {
      if (request.method !== "POST" || id !== undefined) return reply(400, "no such session: initialize with a POST");
      const address = http.address();
      const bound = typeof address === "object" && address !== null ? address.port : port;
      const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => opened(sessionId, created),
        enableDnsRebindingProtection: true,
        allowedHosts: [`127.0.0.1:${bound}`, `localhost:${bound}`],
      });
      created.onclose = () => {
        if (created.sessionId !== undefined) sessions.delete(created.sessionId);
      };
      gateway
        .session()
        .connect(created)
        .then(() => created.handleRequest(request, response))
        .catch((error: unknown) => log(`HTTP session failed: ${errorMessage(error)}`));
      return;
    }
    sessions.delete(id as string);
    sessions.set(id as string, transport);
    transport
      .handleRequest(request, response)
      .catch((error: unknown) => log(`HTTP request failed: ${errorMessage(error)}`));
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, "127.0.0.1", resolve);
  });
  return http;
}
