#!/usr/bin/env node
// Entry point of the `toolsift` binary (`toolsift mcp` loads the gateway, and the MCP SDK, only when asked for).

import { runCli } from "./index.js";

const [command, ...rest] = process.argv.slice(2);
if (command === "mcp") {
  const { runGateway } = await import("../mcp/gateway/gateway-cli.js");
  const { readFile } = await import("node:fs/promises");
  const manifest = await readFile(new URL("../../package.json", import.meta.url), "utf8");
  const { version } = JSON.parse(manifest) as { version: string };
  process.exitCode = await runGateway(rest, version);
  // Upstream servers are ended by now; stdin may still hold the event loop open.
  process.exit();
} else {
  process.exitCode = await runCli(process.argv.slice(2));
}
