// The six real MCP servers of issue 20 (devDependencies, on this Node), an SDK client for one of them, and the request
// files: what bench/mcp.mjs and bench/experiments/mcp-search/ share.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { localEmbeddingModel } from "../../dist/local/index.js";
import { createMcpCatalog } from "../../dist/mcp/index.js";

export const root = fileURLToPath(new URL("../..", import.meta.url));

/** name → { command, args, env } for the six servers; filesystem and memory work in a new temporary `directory`. */
export function mcpServers() {
  const script = (name) => join(root, "node_modules", "@modelcontextprotocol", `server-${name}`, "dist", "index.js");
  const directory = mkdtempSync(join(tmpdir(), "toolsift-mcp-bench-"));
  const node = process.execPath;
  const servers = {
    everything: { command: node, args: [script("everything"), "stdio"] },
    filesystem: { command: node, args: [script("filesystem"), directory] },
    memory: { command: node, args: [script("memory")], env: { MEMORY_FILE_PATH: join(directory, "memory.jsonl") } },
    github: { command: node, args: [script("github")] },
    gitlab: { command: node, args: [script("gitlab")], env: { GITLAB_PERSONAL_ACCESS_TOKEN: "any" } },
    "sequential-thinking": { command: node, args: [script("sequential-thinking")] },
  };
  return { servers, directory };
}

/** An official SDK client connected over stdio to `command args` (stderr dropped). */
export async function connect(command, args, env = {}) {
  const client = new Client({ name: "toolsift-bench", version: "1.0.0" });
  const transport = new StdioClientTransport({ command, args, env: { ...process.env, ...env }, stderr: "ignore" });
  await client.connect(transport);
  return client;
}

/** The requests of a bench/mcp requests file: [{ request, expected, also? }]. */
export function readRequests(path) {
  return JSON.parse(readFileSync(path, "utf8")).requests;
}

/** SDK clients connected to every server of `mcpServers()`: name → client. */
export async function connectAll(servers) {
  const clients = {};
  for (const [name, config] of Object.entries(servers))
    clients[name] = await connect(config.command, config.args, config.env);
  return clients;
}

/** The public request set and the held-out one (never tuned on). */
export function requestSets() {
  return {
    public: readRequests(join(root, "bench", "mcp", "requests.json")),
    heldout: readRequests(join(root, "bench", "mcp", "requests-heldout.json")),
  };
}

/** The gateway's index over `clients` (local model: embedding, query expansion), built: what search_tools ranks. */
export async function gatewayCatalog(clients, local) {
  const catalog = await createMcpCatalog(clients, {
    runtime: { warnings: false },
    watch: false,
    embeddingModel: local,
    keyword: { queryExpansion: local },
  });
  await catalog.index.warmUp();
  return catalog;
}

/** What the learning experiments share: both request sets, every server connected, the local model loaded. */
export async function connectForLearning() {
  const sets = requestSets();
  const clients = await connectAll(mcpServers().servers);
  const local = localEmbeddingModel();
  await local.load();
  return { sets, clients, local };
}
