// The HTTP gateway's sessions: requests that never initialise leave nothing behind, and sessions are bounded (the one
// idle longest is closed past MAX_HTTP_SESSIONS, and each once idle past --session-timeout); a closed session's id gets
// HTTP 404. The gateway runs in process over a real upstream server (built, for its flag and config field).
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import type { Server as HttpServer } from "node:http";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { describe, expect, it, onTestFinished } from "vitest";
import { parseGatewayConfig } from "../../src/mcp/gateway/config.js";
import { MAX_HTTP_SESSIONS } from "../../src/mcp/gateway/http-sessions.js";
import { serveHttp } from "../../src/mcp/gateway/serve.js";
import { startGateway, type Gateway } from "../../src/mcp/gateway/start-gateway.js";
import { assertBuilt, GATEWAY_BIN, LIFECYCLE_SERVER, PATIENTLY } from "./gateway-helpers.js";
import { temporaryDirectory } from "./servers.js";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** The HTTP gateway over the lifecycle server, listing each search's tools (so each session is announced to). */
async function httpGateway(sessionTimeout?: number): Promise<{
  gateway: Gateway;
  http: HttpServer;
  url: string;
  sessions: WeakRef<Server>[];
  log: string[];
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
  const log: string[] = [];
  const http = await serveHttp(gateway, 0, (line) => log.push(line), { sessionTimeout });
  const address = http.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return { gateway, http, url: `http://127.0.0.1:${port}/mcp`, sessions, log };
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
    // 404, as the MCP specification asks of a session the server ended: the client is to initialise a new one.
    const closed = await list(second!);
    expect(closed.status).toBe(404);
    expect(await closed.json()).toMatchObject({ error: { code: -32001, message: /^Session not found/ } });
    expect((await list(first!)).status).toBe(200);
    expect((await list(rest.at(-1)!)).status).toBe(200);
    expect(served.log).toEqual([`closed an HTTP session idle longest, to keep at most ${MAX_HTTP_SESSIONS}`]);
  } finally {
    await close(served);
  }
});

/** A session initialised over `url`: its id. */
async function openSession(url: string): Promise<string> {
  const response = await post(url, initialize);
  expect(response.status).toBe(200);
  await response.text();
  return response.headers.get("mcp-session-id")!;
}

/** The gateway-side server of the `index`-th session made (held weakly), and whether its transport is still open. */
const isOpen = (sessions: WeakRef<Server>[], index: number) => sessions[index]?.deref()?.transport !== undefined;

describe("--session-timeout", () => {
  it("closes a session idle past the timeout: its server is let go, its id gets 404", async () => {
    const served = await httpGateway(50);
    try {
      const id = await openSession(served.url);
      expect(served.sessions).toHaveLength(1);
      // Waiting on the session's own end (no request is sent: one would be a use of it).
      await expect.poll(() => isOpen(served.sessions, 0), PATIENTLY).toBe(false);
      expect(served.log).toEqual(["closed an HTTP session idle for 50 ms"]);
      const response = await post(served.url, { jsonrpc: "2.0", id: 2, method: "tools/list" }, id);
      expect(response.status).toBe(404);
      await response.text();
    } finally {
      await close(served);
    }
  });

  it("keeps a session while a stream of it is open, and closes it once the stream ends and the timeout passes", async () => {
    // A second, not 50 ms: the stream must open within the timeout of the session's first request, and on a loaded
    // machine (the suite runs two files at once, beside tsc) 50 ms between two local requests was seen to pass.
    const served = await httpGateway(1_000);
    try {
      const listening = await openSession(served.url);
      const stream = new AbortController();
      const get = await fetch(served.url, {
        headers: {
          accept: "text/event-stream",
          "mcp-session-id": listening,
          "mcp-protocol-version": "2025-06-18",
        },
        signal: stream.signal,
      });
      expect(get.status).toBe(200);
      const idle = await openSession(served.url);
      // The idle session's end is the event that shows the timeout has passed, the listening one's stream open.
      await expect.poll(() => isOpen(served.sessions, 1), PATIENTLY).toBe(false);
      expect(isOpen(served.sessions, 0)).toBe(true);
      const used = await post(served.url, { jsonrpc: "2.0", id: 2, method: "tools/list" }, listening);
      expect(used.status).toBe(200);
      await used.text();
      expect((await post(served.url, { jsonrpc: "2.0", id: 3, method: "tools/list" }, idle)).status).toBe(404);
      stream.abort();
      await expect.poll(() => isOpen(served.sessions, 0), PATIENTLY).toBe(false);
      expect(served.log).toEqual([
        "closed an HTTP session idle for 1000 ms",
        "closed an HTTP session idle for 1000 ms",
      ]);
    } finally {
      await close(served);
    }
  });

  it("with 0, closes no session however long it is idle", async () => {
    const never = await httpGateway(0);
    const timed = await httpGateway(50);
    try {
      await openSession(never.url);
      await openSession(timed.url);
      // The other gateway's session ending shows that its timeout has passed for this one's too.
      await expect.poll(() => isOpen(timed.sessions, 0), PATIENTLY).toBe(false);
      expect(isOpen(never.sessions, 0)).toBe(true);
      expect(never.log).toEqual([]);
    } finally {
      await close(never);
      await close(timed);
    }
  });
});

describe("the built gateway's --session-timeout and toolsift.sessionTimeout", () => {
  /** The built gateway over the lifecycle server with `own` as the config's toolsift section: its process and log. */
  function started(own: Record<string, unknown>, ...flags: string[]) {
    assertBuilt();
    const config = join(temporaryDirectory(), "mcp.json");
    const lifecycle = { command: process.execPath, args: [LIFECYCLE_SERVER] };
    writeFileSync(config, JSON.stringify({ mcpServers: { lifecycle }, toolsift: own }));
    const child = spawn(process.execPath, [GATEWAY_BIN, "mcp", "-c", config, "--no-learn", "--no-local", ...flags], {
      stdio: ["pipe", "ignore", "pipe"],
    });
    onTestFinished(() => void (child.exitCode === null && child.signalCode === null && child.kill("SIGKILL")));
    const state = { log: "", exited: new Promise<number | null>((resolve) => child.once("exit", resolve)) };
    child.stderr.on("data", (chunk: Buffer) => void (state.log += chunk.toString()));
    return Object.assign(state, { child });
  }

  /** `started` with `--http 0`, once it listens: its URL too. */
  async function served(own: Record<string, unknown>, ...flags: string[]) {
    const state = started(own, "--http", "0", ...flags);
    await expect.poll(() => state.log, PATIENTLY).toMatch(/serving MCP at/);
    const url = /serving MCP at (\S+)/.exec(state.log)![1]!;
    return Object.assign(state, { url });
  }

  it("says that toolsift.sessionTimeout is unused when it serves stdio, and not with --http", async () => {
    const unused = "toolsift.sessionTimeout 600000 is unused: it applies to --http only, not to stdio";
    const http = await served({ sessionTimeout: 600_000 });
    expect(http.log).not.toContain("is unused");
    const stdio = started({ sessionTimeout: 600_000 });
    await expect.poll(() => stdio.log, PATIENTLY).toMatch(/tools from 1 of 1 servers/);
    stdio.child.stdin.end();
    expect(await stdio.exited).toBe(0);
    expect(stdio.log.split("\n").filter((line) => line.includes("is unused"))).toEqual([`[toolsift mcp] ${unused}`]);
  });

  it.each([
    ["the config's field", { sessionTimeout: 50 }, []],
    ["the flag over the config's field", { sessionTimeout: 0 }, ["--session-timeout", "50"]],
  ])("closes an idle session after %s", async (_, own, flags) => {
    const gateway = await served(own, ...flags);
    const id = await openSession(gateway.url);
    await expect.poll(() => gateway.log, PATIENTLY).toMatch(/closed an HTTP session idle for 50 ms/);
    expect((await post(gateway.url, { jsonrpc: "2.0", id: 2, method: "tools/list" }, id)).status).toBe(404);
  });
});
