// How long `toolsift mcp` takes to stop in front of one stdio server, from a signal (or its client closing it) to its
// exit: a server that exits when its stdin closes, one that ignores stdin closing and SIGTERM (only SIGKILL ends it),
// one still in its handshake; and whether an MCP SDK client closing the stdio gateway (stdin, then SIGTERM 2 s later,
// SIGKILL 2 s after that) leaves the stubborn server running.
//
//   npm run build && npx node bench/gateway-stop.mjs [--runs 3]
//
// The servers are the MCP test fixtures, run by path (test/mcp/fixtures/), and `sleep` for the handshake.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const { values } = parseArgs({ options: { runs: { type: "string" } } });
const RUNS = Number(values.runs ?? 3);
const root = fileURLToPath(new URL("..", import.meta.url));
const GATEWAY = join(root, "dist/cli/main.js");
const fixture = (name) => ({ command: process.execPath, args: [join(root, `test/mcp/fixtures/${name}-server.mjs`)] });
const directory = mkdtempSync(join(tmpdir(), "toolsift-gateway-stop-"));
const FLAGS = ["--no-learn", "--embedding", "none", "--no-local"];

function configFor(server) {
  const path = join(directory, `mcp-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify({ mcpServers: { server } }));
  return path;
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

/** The command names of the children of process `pid` (ps exits 1 when there is none). */
const children = (pid) => spawnSync("ps", ["-o", "comm=", "--ppid", String(pid)], { encoding: "utf8" }).stdout;

/** Milliseconds from SIGINT to exit of the HTTP gateway, once `ready(log, pid)` holds. */
async function stopTime(server, ready) {
  const gateway = spawn(process.execPath, [GATEWAY, "mcp", "-c", configFor(server), ...FLAGS, "--http", "0"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  gateway.stderr.on("data", (chunk) => (log += chunk));
  while (!ready(log, gateway.pid)) await new Promise((resolve) => setTimeout(resolve, 20));
  const exited = new Promise((resolve) => gateway.once("exit", resolve));
  const start = performance.now();
  gateway.kill("SIGINT");
  await exited;
  return performance.now() - start;
}

/** An SDK client closes the stdio gateway: milliseconds its close took, and whether the server outlived it. */
async function sdkClose(server) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [GATEWAY, "mcp", "-c", configFor(server), ...FLAGS, "--quiet"],
    stderr: "ignore",
  });
  const client = new Client({ name: "bench-gateway-stop", version: "1.0.0" });
  await client.connect(transport);
  const [upstream] = execFileSync("ps", ["-o", "pid=", "--ppid", String(transport.pid)], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map(Number);
  const start = performance.now();
  await client.close();
  const milliseconds = performance.now() - start;
  let outlived = true;
  try {
    process.kill(upstream, 0);
    process.kill(upstream, "SIGKILL");
  } catch {
    // ESRCH: the gateway ended it, which is what is measured.
    outlived = false;
  }
  return { milliseconds, outlived };
}

const serving = (log) => /serving MCP at/.test(log);
const cases = [
  ["a server that exits when its stdin closes (lifecycle)", fixture("lifecycle"), serving],
  ["a server that ignores stdin closing and SIGTERM (stubborn)", fixture("stubborn"), serving],
  // `sleep` never answers initialize: the gateway is still starting it.
  [
    "a server still in its handshake (sleep)",
    { command: "sleep", args: ["1000"] },
    (_, pid) => /sleep/.test(children(pid)),
  ],
];
for (const [name, server, ready] of cases) {
  const times = [];
  for (let run = 0; run < RUNS; run++) times.push(await stopTime(server, ready));
  const each = times.map(Math.round).join(", ");
  console.log(`SIGINT to exit, ${name}: median ${Math.round(median(times))} ms (${each})`);
}
const closes = [];
for (let run = 0; run < RUNS; run++) closes.push(await sdkClose(fixture("stubborn")));
console.log(
  `SDK client closing the stdio gateway, stubborn server: median ${Math.round(median(closes.map((close) => close.milliseconds)))} ms; ` +
    `server left running in ${closes.filter((close) => close.outlived).length} of ${RUNS}`,
);
