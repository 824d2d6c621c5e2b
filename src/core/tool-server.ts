// MCP servers in a catalog: the `server` field of a definition, and the record of server → tools/list results that
// is not a ToolSet.

import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";

/** Where a tool served over MCP comes from (`toolsift/mcp` sets it): indexed in the `server` field. */
export interface ToolServer {
  /** The server's name (its key in the configuration), e.g. `"gitlab"`. */
  readonly name: string;
  /** The server's title (`serverInfo.title`), when it gives one. */
  readonly title?: string;
  /** The tool's own name on that server (the name field's words). */
  readonly toolName: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a definition's `server` (`{ name, title?, toolName }`); `undefined` when absent. */
export function readServer(tool: string, value: unknown): ToolServer | undefined {
  if (value === undefined) return undefined;
  const valid =
    isObject(value) &&
    typeof value.name === "string" &&
    typeof value.toolName === "string" &&
    (value.title === undefined || typeof value.title === "string");
  if (!valid) {
    throw new ToolsiftError(
      "INVALID_TOOL",
      `Tool "${tool}": field "server" must be { name: string, title?: string, toolName: string }, got ${describeValue(value)}.`,
      { tool, field: "server" },
    );
  }
  const { name, title, toolName } = value as { name: string; title?: string; toolName: string };
  return title === undefined ? { name, toolName } : { name, title, toolName };
}

/**
 * Throws `INVALID_CATALOG` for an object whose every value is a `tools/list` result (`{ tools: [...] }`): a record of
 * MCP servers, which read as a ToolSet would be a catalog of tools named after the servers.
 */
export function rejectServerRecord(catalog: Record<string, unknown>): void {
  const entries = Object.entries(catalog);
  if (entries.length === 0) return;
  const looksLikeList = (value: unknown) =>
    isObject(value) &&
    Array.isArray(value.tools) &&
    value.inputSchema === undefined &&
    value.parameters === undefined &&
    typeof value.execute !== "function";
  if (!entries.every(([, value]) => looksLikeList(value))) return;
  const servers = entries.map(([name]) => name);
  throw new ToolsiftError(
    "INVALID_CATALOG",
    `The tool catalog looks like MCP servers' tools/list results keyed by server (${servers
      .slice(0, 5)
      .map((name) => `"${name}"`)
      .join(", ")}${servers.length > 5 ? ", …" : ""}), not a ToolSet: read as one it would hold ${servers.length} ` +
      `tool(s) named after the servers. Use createMcpCatalog from toolsift/mcp, or pass one server's { tools: [...] }.`,
    { servers },
  );
}
