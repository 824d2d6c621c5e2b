// Serving the gateway: MCP over stdio, or Streamable HTTP on 127.0.0.1 (one MCP session per client).

import { randomUUID } from "node:crypto";
import { createServer, type Server as HttpServer } from "node:http";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { errorMessage } from "../../support/error-message.js";
import { DEFAULT_SESSION_TIMEOUT, HttpSessions } from "./http-sessions.js";
import type { Gateway } from "./start-gateway.js";

/**
 * Serves one session over this process's stdin/stdout until the client is gone: its stdin ends, or reading it or
 * writing to stdout fails (EPIPE: the client exited or closed its end). The session is then closed, which aborts the
 * requests in flight (their upstream calls are cancelled) so that nothing more is written to the client. Resolves
 * with why the client is gone.
 */
export async function serveStdio(gateway: Gateway): Promise<string> {
  const transport = new StdioServerTransport();
  const gone = new Promise<string>((resolve) => {
    process.stdin.once("end", () => resolve("the client closed stdin"));
    process.stdin.once("close", () => resolve("the client closed stdin"));
    // The SDK's transport writes answers to stdout without listening for its errors, and stops listening to stdin's
    // when closed: an answer that comes after the client exited would be an uncaught `write EPIPE`, a crash that
    // leaves the upstream servers running. Both listeners stay (`on`): a later write fails the same way.
    process.stdin.on("error", (error) => resolve(`reading from the client failed (${errorMessage(error)})`));
    process.stdout.on("error", (error) => resolve(`writing to the client failed (${errorMessage(error)})`));
  });
  const server = gateway.session();
  await server.connect(transport);
  const why = await gone;
  await server.close();
  return why;
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
