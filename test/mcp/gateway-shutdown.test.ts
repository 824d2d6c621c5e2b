// Ctrl-C while the gateway is still waiting for an upstream server (also before it is up, and twice): the built gateway
// exits, and no server process it started is left running. The servers are real processes: a real server from npm,
// the fixtures' SDK servers, and processes behind test/mcp/fixtures/start-when-ready.sh.
import { execFileSync, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { expect, it, onTestFinished } from "vitest";
import {
  alive,
  assertBuilt,
  attempts,
  childrenOf,
  GATEWAY_BIN,
  PATIENTLY,
  START_WHEN_READY,
  STUBBORN_SERVER,
  writeConfig,
} from "./gateway-helpers.js";
import { realServers, temporaryDirectory, type StdioServerConfig } from "./servers.js";
import { Upstream } from "../../src/mcp/gateway/upstream.js";

/** The command name of process `pid` (`ps -o comm=`). */
const command = (pid: number) => execFileSync("ps", ["-o", "comm=", "-p", String(pid)], { encoding: "utf8" }).trim();

/** The built gateway over `servers`, with its log; `exited` resolves with its exit code. */
function runGateway(servers: Record<string, StdioServerConfig>, ...flags: string[]) {
  assertBuilt();
  const config = writeConfig(temporaryDirectory(), servers);
  const child = spawn(process.execPath, [GATEWAY_BIN, "mcp", "-c", config, "--no-learn", "--no-local", ...flags], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const state = { log: "", exited: new Promise<number | null>((resolve) => child.once("exit", resolve)) };
  // A failed test leaves no gateway running.
  onTestFinished(() => void (child.exitCode === null && child.signalCode === null && child.kill("SIGKILL")));
  child.stderr!.on("data", (chunk: Buffer) => void (state.log += chunk.toString()));
  return Object.assign(state, { child });
}

it("exits on Ctrl-C during a connection attempt that hangs, and ends the server it was starting", async () => {
  const directory = temporaryDirectory();
  const marker = join(directory, "ready");
  // Once the marker exists the server is `sleep`: started, but it never answers initialize.
  const hanging = { command: "sh", args: [START_WHEN_READY, marker, "sleep", "1000"] };
  const gateway = runGateway({ hanging }, "--timeout", "30000", "--retry", "200", "--http", "0");
  await expect.poll(() => gateway.log, PATIENTLY).toMatch(/serving MCP at/);
  writeFileSync(marker, "");
  const starting = () => childrenOf(gateway.child.pid!).filter((pid) => command(pid) === "sleep");
  await expect.poll(() => starting().length, PATIENTLY).toBe(1);
  const [server] = starting();
  onTestFinished(() => void (alive(server!) && process.kill(server!, "SIGKILL")));
  gateway.child.kill("SIGINT");
  expect(await gateway.exited).toBe(0);
  expect(alive(server!)).toBe(false);
});

it("exits on Ctrl-C while waiting to start a server again", async () => {
  const directory = temporaryDirectory();
  const down = { command: "sh", args: [START_WHEN_READY, join(directory, "never"), "sleep", "1000"] };
  const gateway = runGateway({ down }, "--retry", "3600000", "--http", "0");
  await expect.poll(() => gateway.log, PATIENTLY).toMatch(/upstream "down" did not start .*next attempt in 1 s/);
  await expect.poll(() => gateway.log, PATIENTLY).toMatch(/serving MCP at/);
  gateway.child.kill("SIGINT");
  expect(await gateway.exited).toBe(0);
});

it.each(["SIGINT", "SIGTERM"] as const)(
  "on %s before the gateway is up, ends every server started so far and exits with code 0",
  async (signal) => {
    const directory = temporaryDirectory();
    const marker = join(directory, "ready");
    writeFileSync(marker, "");
    // `sleep` never answers initialize, so the gateway is still starting; it does not read its stdin either (as an
    // npx still installing), so only the gateway can end it. memory is a real server from npm, started beside it.
    const hanging = { command: "sh", args: [START_WHEN_READY, marker, "sleep", "1000"] };
    const { memory } = realServers(directory);
    const gateway = runGateway({ memory: memory!, hanging }, "--timeout", "3600000");
    const started = () =>
      childrenOf(gateway.child.pid!)
        .map((pid) => [command(pid), pid] as const)
        .filter(([name]) => name === "sleep" || name === "node");
    await expect.poll(() => started().length, PATIENTLY).toBe(2);
    const servers = started().map(([, pid]) => pid);
    onTestFinished(() => servers.forEach((pid) => void (alive(pid) && process.kill(pid, "SIGKILL"))));
    expect(gateway.log).not.toMatch(/tools from/);
    gateway.child.kill(signal);
    expect(await gateway.exited).toBe(0);
    expect(servers.filter(alive)).toEqual([]);
    expect(gateway.log).toMatch(
      new RegExp(`stopped by ${signal} before the gateway was up; the upstream servers started so far are ended`),
    );
  },
);

it("on a second Ctrl-C while stopping, still ends a server that ignores SIGTERM before it exits", async () => {
  // The server sends the second SIGINT itself when the stop closes its stdin: the gateway is stopping then, and cannot
  // have finished (it waits for this server), whatever the test process's own scheduling.
  const stubborn = { command: process.execPath, args: [STUBBORN_SERVER, "--interrupt-parent"] };
  const gateway = runGateway({ stubborn }, "--http", "0");
  await expect.poll(() => gateway.log, PATIENTLY).toMatch(/serving MCP at/);
  const [server] = childrenOf(gateway.child.pid!);
  onTestFinished(() => void (alive(server!) && process.kill(server!, "SIGKILL")));
  gateway.child.kill("SIGINT");
  expect(await gateway.exited).toBe(0);
  expect(gateway.log).toMatch(/SIGINT: stopping, ending the upstream servers/);
  expect(gateway.log).toMatch(/SIGINT: already stopping, ending the upstream servers/);
  // SIGKILL, the gateway's last step, is sent just before it exits: the server is gone a moment later.
  await expect.poll(() => alive(server!), PATIENTLY).toBe(false);
});

it("ends a server that ignores stdin and SIGTERM before its own client, closing it as the MCP SDK does, kills it", async () => {
  assertBuilt();
  const config = writeConfig(temporaryDirectory(), {
    stubborn: { command: process.execPath, args: [STUBBORN_SERVER] },
  });
  // The SDK's close of a stdio server, the gateway's own client here: stdin closed, SIGTERM 2 s later, SIGKILL 2 s
  // after that. The gateway must have ended its server by then: a gateway killed mid-stop leaves it running.
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [GATEWAY_BIN, "mcp", "-c", config, "--no-learn", "--no-local", "--quiet"],
    stderr: "ignore",
  });
  const client = new Client({ name: "closing-client", version: "1.0.0" });
  await client.connect(transport);
  const [server] = childrenOf(transport.pid!);
  expect(server).toBeDefined();
  onTestFinished(() => void (alive(server!) && process.kill(server!, "SIGKILL")));
  await client.close();
  // The gateway has exited (close resolves on its exit), and it waits for its server to exit before it does.
  expect(alive(server!)).toBe(false);
});

it("exits 1 naming --http when its port is in use, and ends the servers it started", async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  onTestFinished(() => void taken.close());
  const port = (taken.address() as AddressInfo).port;
  const gateway = runGateway({ stubborn: { command: process.execPath, args: [STUBBORN_SERVER] } }, "--http", `${port}`);
  await expect.poll(() => gateway.log, PATIENTLY).toMatch(/1 tools from 1 of 1 servers/);
  const [server] = childrenOf(gateway.child.pid!);
  expect(server).toBeDefined();
  onTestFinished(() => void (alive(server!) && process.kill(server!, "SIGKILL")));
  expect(await gateway.exited).toBe(1);
  expect(gateway.log).toContain(
    `toolsift mcp: --http ${port}: cannot listen on 127.0.0.1:${port} (listen EADDRINUSE: address already in use`,
  );
  // The stubborn server needs SIGKILL, which the gateway sends just before it exits.
  await expect.poll(() => alive(server!), PATIENTLY).toBe(false);
});

it("starts no attempt after it is closed", async () => {
  const directory = temporaryDirectory();
  const upstream = (marker: string) =>
    new Upstream(
      "down",
      { kind: "stdio", command: "sh", args: [START_WHEN_READY, marker, "sleep", "1000"], env: {}, cwd: undefined },
      { timeout: 60_000, stderr: "ignore", log: () => {}, retryMax: 100 },
    );
  const first = join(directory, "first");
  const closed = upstream(first);
  await closed.start();
  await expect.poll(() => attempts(first), PATIENTLY).toBeGreaterThanOrEqual(2);
  await closed.close();
  const made = attempts(first);
  // Another upstream on the same schedule makes three attempts: the closed one's next attempt would have come by then.
  const second = join(directory, "second");
  const other = upstream(second);
  await other.start();
  await expect.poll(() => attempts(second), PATIENTLY).toBeGreaterThanOrEqual(3);
  await other.close();
  expect(attempts(first)).toBe(made);
});
