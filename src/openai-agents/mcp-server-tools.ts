// The tools of an OpenAI Agents SDK agent's MCP servers, listed by the servers themselves, under toolsift/mcp names.

import type { MCPServer, MCPToolFilterCallable } from "@openai/agents";
import type { ToolDefinition } from "../core/catalog.js";
import type { CatalogLimits } from "../core/catalog-limits.js";
import type { McpEvent } from "../events.js";
import { DEFAULT_SEPARATOR, namespacedName } from "../mcp/namespace.js";
import { indexDefinition, readServerTools } from "../mcp/server-tools.js";
import { errorMessage } from "../support/error-message.js";

/** The catalog name of `tool` on the server named `server`: `<server>__<tool>`, as toolsift/mcp names it. */
export function mcpCatalogName(server: string, tool: string): string {
  return namespacedName(server, tool, DEFAULT_SEPARATOR);
}

/** The definitions of every MCP server's tools, and the events of the servers and tools left out. */
export interface ListedServers {
  readonly definitions: ToolDefinition[];
  readonly events: McpEvent[];
}

/**
 * Lists each server's tools (`server.listTools()`, the SDK's own call) and reads them as toolsift/mcp does: each tool
 * under `<server>__<tool>`, its server as a field of its own. A server whose listing fails keeps the tools it listed
 * before (`previous`) and is reported (`mcp-server-failed`): the SDK leaves a failing server's tools out of the call
 * itself, so they are never offered then. `taken`: names already in the catalog (the agent's function tools).
 */
export async function listServerTools(
  servers: readonly MCPServer[],
  previous: ReadonlyMap<string, ToolDefinition[]>,
  options: { limits: CatalogLimits; taken: ReadonlySet<string> },
): Promise<{ byServer: Map<string, ToolDefinition[]>; events: McpEvent[] }> {
  const listings = await Promise.all(
    servers.map(async (server) => {
      try {
        return { server, entries: (await server.listTools()) as unknown[] };
      } catch (error) {
        return { server, error };
      }
    }),
  );
  const byServer = new Map<string, ToolDefinition[]>();
  const events: McpEvent[] = [];
  const taken = new Set(options.taken);
  for (const listing of listings) {
    const name = listing.server.name;
    if ("error" in listing) {
      events.push({
        type: "mcp-server-failed",
        server: name,
        stage: "list",
        error: listing.error,
        message: `MCP server "${name}": listing its tools for the catalog failed (${errorMessage(listing.error)}); it keeps the tools listed before`,
      });
      byServer.set(name, previous.get(name) ?? []);
    } else {
      const read = readServerTools(name, listing.entries, {
        separator: DEFAULT_SEPARATOR,
        limits: options.limits,
        taken,
      });
      events.push(...read.skipped);
      byServer.set(
        name,
        read.tools.map((tool) => indexDefinition(tool, undefined)),
      );
    }
    for (const definition of byServer.get(name)!) if ("name" in definition) taken.add(definition.name);
  }
  return { byServer, events };
}

/**
 * `server` as the clone of the agent holds it: its `toolFilter` is `filter` (which applies the server's own first), and
 * a `listTools()` that fails (a server that is down, a closed connection) reports the failure and gives no tools, so
 * the model call goes on without that server's tools instead of the SDK's run failing. Everything else is the
 * server's own, called on the server itself (its private state stays reachable); the server given is not changed.
 */
export function guardedServer(
  server: MCPServer,
  filter: MCPToolFilterCallable,
  report: (event: McpEvent) => void,
): MCPServer {
  const listTools: MCPServer["listTools"] = async () => {
    try {
      return await server.listTools();
    } catch (error) {
      report({
        type: "mcp-server-failed",
        server: server.name,
        stage: "list",
        error,
        message: `MCP server "${server.name}": listing its tools for a model call failed (${errorMessage(error)}); the call is offered none of them`,
      });
      return [];
    }
  };
  return new Proxy(server, {
    get(target, property) {
      if (property === "toolFilter") return filter;
      if (property === "listTools") return listTools;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
