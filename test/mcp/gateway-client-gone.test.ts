// A client that goes away while a call is in flight: over stdio (its process killed, or its end of stdout closed) the
// built gateway ends its upstream servers and exits with code 0, without an uncaught `write EPIPE`; over HTTP (the
// request aborted) it goes on serving other clients, and with nobody left reading its log it still stops cleanly.
// The upstream is the fixtures' real SDK server, its call held open until the test releases it, so the answer comes
// after the client is gone.
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import {
  alive,
  assertBuilt,
  childrenOf,
  GATEWAY_BIN,
  LIFECYCLE_SERVER,
  PATIENTLY,
  resultText,
  writeConfig,
} from "./gateway-helpers.js";
import { temporaryDirectory } from "./servers.js";

const lifecycle = { command: process.execPath, args: [LIFECYCLE_SERVER] };

/** The built gateway in front of the lifecycle server, with `flags`; its log, and `exited` with its exit code. */
function runGateway(...flags: string[]) {
  const config = writeConfig(temporaryDirectory(), { lifecycle });
  const child = spawn(process.execPath, [GATEWAY_BIN, "mcp", "-c", config, "--no-learn", "--no-local", ...flags], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  const state = { log: "", exited: new Promise<number | null>((resolve) => child.once("exit", resolve)) };
  onTestFinished(() => void (child.exitCode === null && child.signalCode === null && child.kill("SIGKILL")));
  child.stderr.on("data", (chunk: Buffer) => void (state.log += chunk.toString()));
  // Closing our ends of the pipes below is the point: errors from them are not the test's.
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream.on("error", () => {});
  return Object.assign(state, { child });
}

/** The arguments of a lifecycle__wait_a_while call that answers once `release` exists, creating the other files. */
function heldCall(directory: string) {
  const files = {
    started: join(directory, "started"),
    until: join(directory, "release"),
    cancelled: join(directory, "cancelled"),
  };
  return { files, arguments: { name: "lifecycle__wait_a_while", arguments: { milliseconds: 0, ...files } } };
}

beforeAll(() => assertBuilt());

describe("over stdio, a client that is gone during a call", () => {
  /** The gateway, initialised by hand over its stdin (as a client would), with a held call in flight. */
  async function callInFlight() {
    const gateway = runGateway("--embedding", "none");
    const send = (message: object) => gateway.child.stdin.write(`${JSON.stringify(message)}\n`);
    const clientInfo = { name: "client-that-goes", version: "1.0.0" };
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo },
    });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    const call = heldCall(temporaryDirectory());
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "call_tool", arguments: call.arguments } });
    await expect.poll(() => existsSync(call.files.started), PATIENTLY).toBe(true);
    const [upstream] = childrenOf(gateway.child.pid!);
    expect(upstream).toBeDefined();
    onTestFinished(() => void (alive(upstream!) && process.kill(upstream!, "SIGKILL")));
    return { gateway, upstream: upstream!, files: call.files, release: () => writeFileSync(call.files.until, "") };
  }

  it("(it closed stdin) cancels the call upstream, ends the upstream and exits with code 0", async () => {
    const { gateway, upstream, files } = await callInFlight();
    gateway.child.stdin.end();
    expect(await gateway.exited).toBe(0);
    // The session closed with its client: the call in flight was cancelled, not left to answer into the void.
    expect(existsSync(files.cancelled)).toBe(true);
    expect(alive(upstream)).toBe(false);
    expect(gateway.log).toMatch(/the client closed stdin: stopping, ending the upstream servers/);
  });

  it("(its process killed: stdin, stdout and stderr closed) ends the upstream and exits with code 0", async () => {
    const { gateway, upstream, release } = await callInFlight();
    gateway.child.stdin.end();
    gateway.child.stdout.destroy();
    gateway.child.stderr.destroy();
    // The upstream answers after the client is gone: the answer must not be written to the closed pipe.
    release();
    expect(await gateway.exited).toBe(0);
    expect(alive(upstream)).toBe(false);
  });

  it("(its end of stdout closed) stops at the failed write, logs why, and exits with code 0", async () => {
    const { gateway, upstream, release } = await callInFlight();
    gateway.child.stdout.destroy();
    // The answer is the gateway's first write after the client closed its end: it fails with EPIPE.
    release();
    expect(await gateway.exited).toBe(0);
    expect(alive(upstream)).toBe(false);
    expect(gateway.log).toMatch(/writing to the client failed \(write EPIPE\): stopping, ending the upstream servers/);
    expect(gateway.log).not.toMatch(/Unhandled|\n\s+at /);
  });
});

describe("over HTTP, with the reader of its log gone", () => {
  it("(the process that started it exited) still logs its way through a stop and exits with code 0", async () => {
    const gateway = runGateway("--embedding", "none", "--http", "0");
    await expect.poll(() => gateway.log, PATIENTLY).toMatch(/serving MCP at/);
    const [upstream] = childrenOf(gateway.child.pid!);
    onTestFinished(() => void (upstream !== undefined && alive(upstream) && process.kill(upstream, "SIGKILL")));
    gateway.child.stderr.destroy();
    // The stop's first log line is written to a pipe nobody reads any more: EPIPE.
    gateway.child.kill("SIGTERM");
    expect(await gateway.exited).toBe(0);
    expect(alive(upstream!)).toBe(false);
  });
});

describe("over HTTP, a client that aborts its request during a call", () => {
  it("leaves the gateway serving other clients", async () => {
    const gateway = runGateway("--embedding", "none", "--http", "0");
    await expect.poll(() => gateway.log, PATIENTLY).toMatch(/serving MCP at/);
    const url = new URL(/serving MCP at (\S+)/.exec(gateway.log)![1]!);
    const first = new Client({ name: "first", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(url);
    await first.connect(transport);
    // The call goes out as a raw request on the first client's session, so that its socket can be cut mid-call.
    const call = heldCall(temporaryDirectory());
    const body = {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "call_tool", arguments: call.arguments },
    };
    const cut = request(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": transport.sessionId!,
        "mcp-protocol-version": transport.protocolVersion!,
      },
    });
    cut.on("error", () => {});
    cut.end(JSON.stringify(body));
    await expect.poll(() => existsSync(call.files.started), PATIENTLY).toBe(true);
    cut.destroy();
    writeFileSync(call.files.until, "");

    const second = new Client({ name: "second", version: "1.0.0" });
    await second.connect(new StreamableHTTPClientTransport(url));
    const answered = await second.callTool({
      name: "call_tool",
      arguments: { name: "lifecycle__report_env", arguments: { name: "NO_SUCH_VARIABLE" } },
    });
    expect(resultText(answered)).toBe("(unset)");
    // The first client's session is still served too.
    expect((await first.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
    expect(gateway.child.exitCode).toBeNull();
    await first.close();
    await second.close();
    gateway.child.kill("SIGTERM");
    expect(await gateway.exited).toBe(0);
    expect(gateway.log).not.toMatch(/EPIPE|Unhandled|\n\s+at /);
  });
});
