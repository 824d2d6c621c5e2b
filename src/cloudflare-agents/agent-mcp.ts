// The MCP servers of an agent's `this.mcp` manager (`agents`' MCPClientManager) as toolsift/mcp reads servers:
// namespaced tools with their server kept as a field, calls forwarded by server id, servers that are down reported.

import type { ToolSet } from "ai";
import type { CatalogLimits } from "../core/catalog-limits.js";
import type { ToolDefinition } from "../core/catalog.js";
import type { McpEvent } from "../events.js";
import { mcpToolSet } from "../mcp/tool-set.js";
import { indexDefinition, readServerTools, type McpTool } from "../mcp/server-tools.js";

/** The part of `agents`' `MCPClientManager` (`this.mcp`) toolsift reads. */
export interface AgentMcpLike {
  readonly mcpConnections: Readonly<
    Record<
      string,
      {
        readonly connectionState: string;
        readonly connectionError?: string | null;
        readonly tools: readonly unknown[];
        readonly client?: { getServerVersion?(): { title?: string } | undefined };
      }
    >
  >;
  listServers(): readonly { readonly id: string; readonly name: string }[];
  callTool(
    params: { serverId: string; name: string; arguments?: Record<string, unknown> },
    options?: { signal?: AbortSignal },
  ): Promise<unknown>;
}

/** The MCP side of one turn's catalog: definitions for the index, the ToolSet that runs them, what went wrong. */
export interface AgentMcpTools {
  readonly definitions: ToolDefinition[];
  readonly tools: ToolSet;
  readonly events: McpEvent[];
  /** One line per server state that matters for events (`failed` with its error), to report each change once. */
  readonly failures: Map<string, string>;
}

/**
 * Reads every server of `mcp`: a `ready` server's tools become `<server><separator><tool>` (its stored name, else its
 * id), checked as `toolsift/mcp` checks a server's list (`mcp-tool-skipped` for one left out, a name taken by
 * `taken` or an earlier server included); a `failed` server is an `mcp-server-failed` event and none of its tools.
 * Servers still connecting or authenticating have no tools yet and are left out until a later turn.
 */
export function readAgentMcp(
  mcp: AgentMcpLike,
  options: { separator: string; limits: CatalogLimits; taken: ReadonlySet<string> },
): AgentMcpTools {
  const { separator, limits, taken } = options;
  const names = new Map(mcp.listServers().map((row) => [row.id, row.name]));
  const used = new Set(taken);
  const all: McpTool[] = [];
  const definitions: ToolDefinition[] = [];
  const events: McpEvent[] = [];
  const failures = new Map<string, string>();
  const byName = new Map<string, { serverId: string; toolName: string }>();
  for (const [id, connection] of Object.entries(mcp.mcpConnections)) {
    const server = names.get(id) ?? id;
    if (connection.connectionState === "failed") {
      const error = connection.connectionError ?? "the connection failed";
      failures.set(server, error);
      events.push({
        type: "mcp-server-failed",
        server,
        stage: "connect",
        error,
        message: `MCP server "${server}" is down (${error}); its tools are left out`,
      });
      continue;
    }
    if (connection.connectionState !== "ready") continue;
    const read = readServerTools(server, connection.tools, { separator, limits, taken: used });
    events.push(...read.skipped);
    const title = connection.client?.getServerVersion?.()?.title;
    for (const tool of read.tools) {
      used.add(tool.name);
      all.push(tool);
      byName.set(tool.name, { serverId: id, toolName: tool.toolName });
      definitions.push(indexDefinition(tool, title));
    }
  }
  const tools = mcpToolSet({
    tools: () => all,
    callTool: (name, args, call) => {
      const { serverId, toolName } = byName.get(name)!;
      return mcp.callTool(
        { serverId, name: toolName, arguments: args },
        call?.signal === undefined ? {} : { signal: call.signal },
      );
    },
  });
  return { definitions, tools, events, failures };
}
