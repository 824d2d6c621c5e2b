// Serving the gateway: MCP over stdio, or Streamable HTTP on 127.0.0.1 (one MCP session per client).

import { randomUUID } from "node:crypto";
import { createServer, type Server as HttpServer } from "node:http";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { errorMessage } from "../../support/error-message.js";
import { DEFAULT_SESSION_TIMEOUT, HttpSessions } from "./http-sessions.js";
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

/** How `serveHttp` keeps sessions. */
export interface HttpOptions {
  /**
   * Milliseconds a session may stay idle (no request in flight, no stream open) before it is closed; 0: never (only
   * `MAX_HTTP_SESSIONS` bounds them). Default `DEFAULT_SESSION_TIMEOUT` (30 minutes); `--session-timeout`.
   */
  readonly sessionTimeout?: number;
}

/**
 * Serves MCP over Streamable HTTP at `http://127.0.0.1:<port>/mcp` (port 0: any free one), with the SDK's DNS
 * rebinding protection (only 127.0.0.1 and localhost as Host), at most `MAX_HTTP_SESSIONS` sessions, each closed after
 * `sessionTimeout` idle. A request naming a session that is not open (closed, or never opened) gets HTTP 404, as the
 * MCP specification asks, so that the client starts a new one. Resolves with the server once it listens.
 */
export async function serveHttp(
  gateway: Gateway,
  port: number,
  log: (line: string) => void,
  options: HttpOptions = {},
): Promise<HttpServer> {
  const sessions = new HttpSessions(options.sessionTimeout ?? DEFAULT_SESSION_TIMEOUT, log);
  const http = createServer((request, response) => {
    const reply = (status: number, message: string, code = -32000) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
    };
    if (new URL(request.url ?? "/", "http://127.0.0.1").pathname !== "/mcp") return reply(404, "not found: use /mcp");
    const id = request.headers["mcp-session-id"];
    const transport = typeof id === "string" ? sessions.get(id) : undefined;
    if (transport === undefined) {
      // -32001 and the wording are the SDK's own server's for an unknown session.
      if (id !== undefined) return reply(404, "Session not found: initialize a new session with a POST", -32001);
      if (request.method !== "POST") return reply(400, "no session: initialize with a POST");
      const address = http.address();
      const bound = typeof address === "object" && address !== null ? address.port : port;
      const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => sessions.opened(sessionId, created, response),
        enableDnsRebindingProtection: true,
        allowedHosts: [`127.0.0.1:${bound}`, `localhost:${bound}`],
      });
      created.onclose = () => {
        if (created.sessionId !== undefined) sessions.forget(created.sessionId);
      };
      gateway
        .session()
        .connect(created)
        .then(() => created.handleRequest(request, response))
        .catch((error: unknown) => log(`HTTP session failed: ${errorMessage(error)}`));
      return;
    }
    sessions.use(id as string, response);
    transport
      .handleRequest(request, response)
      .catch((error: unknown) => log(`HTTP request failed: ${errorMessage(error)}`));
  });
  http.once("close", () => sessions.clear());
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, "127.0.0.1", resolve);
  });
  return http;
}
