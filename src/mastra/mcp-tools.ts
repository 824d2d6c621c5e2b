// The tools of a Mastra MCPClient's servers for a Mastra Agent, indexed as toolsift/mcp indexes them: each under
// `<server>__<tool>` with its server as a field of its own, so selection, tool families and events are toolsift/mcp's.

import type { ToolDefinition } from "../core/catalog.js";
import { resolveLimits } from "../tool-index/resolve-options.js";
import type { McpEvent } from "../events.js";
import { DEFAULT_SEPARATOR } from "../mcp/namespace.js";
import { indexDefinition, readServerTools } from "../mcp/server-tools.js";
import { errorMessage } from "../support/error-message.js";
import { createSerialQueue } from "../support/serial-queue.js";
import { functionOption, hasMethods, invalidOption, rejectUnknownOptions } from "../support/validate-options.js";
import type { ToolIndex } from "../tool-index/types.js";

const WHERE = "toolsiftMcpTools";

/**
 * Mastra reads an agent's tools twice per `generate` / `stream` (for its MCP guidance, then for the model call), with
 * the call's one `requestContext`: reads of one context within this many milliseconds share one listing.
 */
const SHARED_LISTING_MS = 10_000;

/** The part of `MCPClient` (`@mastra/mcp`) toolsift uses; `TOOL` is its tools' type (Mastra's `Tool`). */
interface MastraMcpClientLike<TOOL> {
  /** Every configured server's tools/list entries, by server and tool name, and the servers that failed. */
  listToolDefinitionsWithErrors(): Promise<{
    readonly definitions: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
    readonly errors: Readonly<Record<string, string>>;
    readonly errorDetails?: Readonly<Record<string, unknown>>;
  }>;
  /** An executable tool for one listed definition (no new connection). */
  toolFromDefinition(args: { serverName: string; definition: unknown }): Promise<TOOL>;
}

/** What `toolsiftMcpTools` takes besides the index and the client. */
interface McpToolsOptions<OWN extends Readonly<Record<string, unknown>>> {
  /** The agent's own tools, given to it beside the MCP tools (they are left to the index as they are). */
  readonly tools?: OWN;
  /** A server that failed to list (`mcp-server-failed`), a tool left out of the catalog (`mcp-tool-skipped`). */
  readonly onEvent?: (event: McpEvent) => void;
}

/** One MCP tool as the agent holds it: its definition as indexed (JSON, to see a change) and its executable tool. */
interface HeldTool<TOOL> {
  readonly definition: ToolDefinition;
  readonly key: string;
  readonly tool: TOOL;
}

/**
 * Mastra `Agent` tools (`new Agent({ tools: toolsiftMcpTools(index, mcp, { tools }) })`): a function Mastra calls for
 * each `generate` / `stream` with the call's `requestContext`, giving the agent its own `tools` and the tools of every
 * server of `mcp` (`MCPClient` from `@mastra/mcp`), named `<server>__<tool>` as toolsift/mcp names them. It keeps
 * `index` (the one `toolsiftProcessor` selects from) holding the MCP tools with their server as a field: tool
 * families, the server field's words and events are toolsift/mcp's. Each call lists the servers once
 * (`listToolDefinitionsWithErrors`; Mastra's reads of one call share it): a tool a server added joins the index, one
 * it dropped leaves it; a server that fails to list is reported through `onEvent` (`mcp-server-failed`, naming it) and
 * its tools leave the index and the call until it lists again, never a thrown error; a tool the index would refuse,
 * or whose name another tool has, is left out and reported (`mcp-tool-skipped`).
 *
 * Throws `ToolsiftError` at creation for something that is not a toolsift index or an MCPClient, and for unknown
 * options.
 */
export function toolsiftMcpTools<TOOL, OWN extends Readonly<Record<string, unknown>> = Record<never, never>>(
  index: ToolIndex,
  mcp: MastraMcpClientLike<TOOL>,
  options: McpToolsOptions<OWN> = {},
): (context?: { readonly requestContext?: unknown }) => Promise<Record<string, TOOL | OWN[keyof OWN]>> {
  if (!hasMethods(index, "add", "remove", "prepareStep"))
    invalidOption(WHERE, "index", "a tool index from toolsift's createToolIndex", index);
  if (!hasMethods(mcp, "listToolDefinitionsWithErrors", "toolFromDefinition"))
    invalidOption(WHERE, "mcp", "an MCPClient from @mastra/mcp", mcp);
  rejectUnknownOptions(WHERE, options, ["tools", "onEvent"]);
  if (options.tools !== undefined && (typeof options.tools !== "object" || options.tools === null))
    invalidOption(WHERE, "tools", "a record of Mastra tools", options.tools);
  const own = options.tools ?? ({} as OWN);
  const onEvent = functionOption<(event: McpEvent) => void>(WHERE, "onEvent", options.onEvent);
  const limits = resolveLimits(undefined);
  // The MCP tools the index holds, by catalog name; catalog changes run one at a time.
  let held = new Map<string, HeldTool<TOOL>>();
  const changes = createSerialQueue();

  async function refresh(): Promise<Map<string, HeldTool<TOOL>>> {
    const listed = await mcp.listToolDefinitionsWithErrors();
    const events: McpEvent[] = [];
    for (const [server, message] of Object.entries(listed.errors)) {
      // MCPClient's message may carry the error's stack after its first line; `error` keeps it whole.
      const reason = message.split("\n", 1)[0];
      events.push({
        type: "mcp-server-failed",
        server,
        stage: "list",
        error: listed.errorDetails?.[server] ?? message,
        message: `MCP server "${server}": listing its tools failed (${reason}); the agent's call has none of them`,
      });
    }
    const taken = new Set([...Object.keys(own), ...index.toolNames.filter((name) => !held.has(name))]);
    const next = new Map<string, HeldTool<TOOL>>();
    for (const [server, byName] of Object.entries(listed.definitions)) {
      const read = readServerTools(server, Object.values(byName), { separator: DEFAULT_SEPARATOR, limits, taken });
      events.push(...read.skipped);
      const tools = new Map<string, HeldTool<TOOL>>();
      try {
        for (const tool of read.tools) {
          const definition = indexDefinition(tool, undefined);
          const key = JSON.stringify(definition);
          const before = held.get(tool.name);
          const executable =
            before?.key === key
              ? before.tool
              : await mcp.toolFromDefinition({ serverName: server, definition: byName[tool.toolName] });
          tools.set(tool.name, { definition, key, tool: executable });
        }
      } catch (error) {
        events.push({
          type: "mcp-server-failed",
          server,
          stage: "list",
          error,
          message: `MCP server "${server}": making its listed tools callable failed (${errorMessage(error)}); the agent's call has none of them`,
        });
        continue;
      }
      for (const [name, tool] of tools) next.set(name, tool);
    }
    // Removed by name only while the index still holds it (the app may have removed it itself).
    const current = new Set(index.toolNames);
    const gone = [...held]
      .filter(([name, tool]) => next.get(name)?.key !== tool.key && current.has(name))
      .map(([name]) => name);
    const fresh = [...next].filter(([name, tool]) => held.get(name)?.key !== tool.key).map(([, tool]) => tool);
    if (gone.length > 0) await index.remove(gone);
    if (fresh.length > 0) await index.add(fresh.map((tool) => tool.definition));
    held = next;
    events.forEach((event) => onEvent?.(event));
    return next;
  }

  async function agentTools(): Promise<Record<string, TOOL | OWN[keyof OWN]>> {
    const tools = await changes.run(refresh);
    const mcpTools = Object.fromEntries([...tools].map(([name, { tool }]) => [name, tool]));
    return { ...own, ...mcpTools };
  }
  const shared = new WeakMap<object, { readonly at: number; readonly tools: ReturnType<typeof agentTools> }>();
  return (context) => {
    const key = context?.requestContext;
    if (typeof key !== "object" || key === null) return agentTools();
    const recent = shared.get(key);
    if (recent !== undefined && performance.now() - recent.at < SHARED_LISTING_MS) return recent.tools;
    const tools = agentTools();
    shared.set(key, { at: performance.now(), tools });
    return tools;
  };
}
