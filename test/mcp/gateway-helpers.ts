// The gateway under test: its config for the real servers, in process (source) or as the built binary (dist).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { parseGatewayConfig } from "../../src/mcp/gateway/config.js";
import type { EmbeddingChoice } from "../../src/mcp/gateway/embedding-choice.js";
import { DEFAULT_RETRY_MAX } from "../../src/mcp/gateway/upstream.js";
import { startGateway, type Gateway } from "../../src/mcp/gateway/start-gateway.js";
import type { StdioServerConfig } from "./servers.js";

export const LIFECYCLE_SERVER = fileURLToPath(new URL("./fixtures/lifecycle-server.mjs", import.meta.url));
/** An SDK server that ignores SIGTERM and its stdin closing: only SIGKILL ends it. */
export const STUBBORN_SERVER = fileURLToPath(new URL("./fixtures/stubborn-server.mjs", import.meta.url));
/** `start-when-ready.sh <marker> <command> [args…]`: fails until <marker> exists (attempts counted beside it). */
export const START_WHEN_READY = fileURLToPath(new URL("./fixtures/start-when-ready.sh", import.meta.url));
export const GATEWAY_BIN = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

/**
 * `expect.poll`'s options for waiting on servers (a process starting, an index syncing): as long as a test of the mcp
 * project may run (its testTimeout in vitest.config.ts), so no wait of its own can fail a slow but correct run.
 */
export const PATIENTLY = { timeout: 60_000, interval: 50 };

/** Writes `{ mcpServers, toolsift }` into `directory`; returns the file's path. */
export function writeConfig(
  directory: string,
  servers: Record<string, StdioServerConfig>,
  pinned: string[] = [],
): string {
  const path = join(directory, "mcp.json");
  writeFileSync(path, JSON.stringify({ mcpServers: servers, toolsift: { pinned } }, null, 2));
  return path;
}

/** A gateway started in this process from source, and an SDK client connected to one session of it. */
export async function gatewayInProcess(
  servers: Record<string, StdioServerConfig>,
  options: {
    pinned?: string[];
    usageFile?: string;
    timeout?: number;
    exposeSelected?: boolean;
    retryMax?: number;
    embedding?: EmbeddingChoice;
    embeddingCache?: string;
    log?: (line: string) => void;
    maxResults?: number;
    inheritEnv?: boolean;
  } = {},
): Promise<{ gateway: Gateway; client: Client }> {
  const config = parseGatewayConfig(
    JSON.stringify({ mcpServers: servers, toolsift: { pinned: options.pinned ?? [] } }),
    "test",
  );
  const gateway = await startGateway({
    config,
    maxResults: options.maxResults ?? 5,
    timeout: options.timeout ?? 60_000,
    retryMax: options.retryMax ?? DEFAULT_RETRY_MAX,
    usageFile: options.usageFile,
    embedding: options.embedding ?? { kind: "local" },
    local: true,
    embeddingCache: options.embeddingCache,
    exposeSelected: options.exposeSelected ?? false,
    quiet: true,
    ...(options.log === undefined ? {} : { log: options.log }),
    ...(options.inheritEnv === undefined ? {} : { inheritEnv: options.inheritEnv }),
    version: "0.0.0-test",
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await gateway.session().connect(serverSide);
  const client = new Client({ name: "gateway-test", version: "1.0.0" });
  await client.connect(clientSide);
  return { gateway, client };
}

/** The text of a tool result's first content block. */
export function resultText(result: unknown): string {
  const [first] = (result as CallToolResult).content;
  return first?.type === "text" ? first.text : JSON.stringify(first);
}

/** search_tools through `client`: the tools it found. */
export async function search(client: Client, query: string, limit?: number) {
  return (await searchAnswer(client, query, limit)).tools;
}

/** search_tools through `client`: its whole answer (the tools, and the note when they are guesses). */
export async function searchAnswer(client: Client, query: string, limit?: number) {
  const result = await client.callTool({
    name: "search_tools",
    arguments: limit === undefined ? { query } : { query, limit },
  });
  return JSON.parse(resultText(result)) as {
    note?: string;
    tools: { name: string; relevance: number; reason?: string; [key: string]: unknown }[];
  };
}

/**
 * Throws unless dist/ was built after the last change to the gateway's sources (`npm ci` builds it; after an edit,
 * `npm run build`): the binary tests run the built gateway as a user's MCP client would.
 */
export function assertBuilt(): void {
  const newest = (folder: string): number =>
    Math.max(
      ...readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
        .map((entry) => statSync(join(entry.parentPath, entry.name)).mtimeMs),
    );
  const source = fileURLToPath(new URL("../../src/", import.meta.url));
  const changed = Math.max(newest(join(source, "mcp")), newest(join(source, "cli")));
  if (!existsSync(GATEWAY_BIN) || statSync(GATEWAY_BIN).mtimeMs < changed) {
    throw new Error(`${GATEWAY_BIN} is missing or older than src/mcp and src/cli: run npm run build first`);
  }
}

/** How many times the server behind start-when-ready.sh `marker` was started. */
export function attempts(marker: string): number {
  return existsSync(`${marker}.attempts`) ? readFileSync(`${marker}.attempts`, "utf8").split("\n").length - 1 : 0;
}

/** Whether process `pid` is running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: no such process, which is what the caller asks about.
    return false;
  }
}

/** The ids of the processes whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  const out = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" });
  return out
    .split("\n")
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);
}
