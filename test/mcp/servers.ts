// The six real MCP servers of the tests (devDependencies), as `mcpServers` entries, and SDK clients connected to them.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/** One stdio server as MCP clients' config files give it. */
export interface StdioServerConfig {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const serverScript = (name: string) =>
  fileURLToPath(new URL(`../../node_modules/@modelcontextprotocol/server-${name}/dist/index.js`, import.meta.url));

/** A fresh temporary directory. */
export function temporaryDirectory(prefix = "toolsift-mcp-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * The six servers (72 tools): filesystem allowed in `directory`, memory kept in a file there, github without a token
 * (it lists without one), gitlab with a placeholder token (it needs one set to start; its tools are only listed).
 */
export function realServers(directory: string): Record<string, StdioServerConfig> {
  // process.execPath: the repository's Node 22 (the `node` devDependency) that runs vitest.
  const node = process.execPath;
  return {
    everything: { command: node, args: [serverScript("everything"), "stdio"] },
    filesystem: { command: node, args: [serverScript("filesystem"), directory] },
    memory: {
      command: node,
      args: [serverScript("memory")],
      env: { MEMORY_FILE_PATH: join(directory, "memory.jsonl") },
    },
    github: { command: node, args: [serverScript("github")] },
    gitlab: { command: node, args: [serverScript("gitlab")], env: { GITLAB_PERSONAL_ACCESS_TOKEN: "any" } },
    "sequential-thinking": { command: node, args: [serverScript("sequential-thinking")] },
  };
}

/** An SDK client connected over stdio to `config` (the server's stderr is dropped). */
export async function connectStdio(config: StdioServerConfig, name = "toolsift-test"): Promise<Client> {
  const client = new Client({ name, version: "1.0.0" });
  const env = { ...(process.env as Record<string, string>), ...config.env };
  await client.connect(new StdioClientTransport({ command: config.command, args: config.args, env, stderr: "ignore" }));
  return client;
}
