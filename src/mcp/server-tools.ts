// One server's tools/list entries → the combined catalog's tools: namespaced, checked one by one against the limits.

import { readCatalog, type ToolDefinition } from "../core/catalog.js";
import type { CatalogLimits } from "../core/catalog-limits.js";
import { toolFields } from "../core/fields.js";
import { ToolsiftError } from "../errors.js";
import type { McpEvent } from "../events.js";
import { errorMessage } from "../support/error-message.js";
import { readAnnotations, type McpToolAnnotations } from "./annotations.js";
import { namespacedName } from "./namespace.js";

/** One tool of the combined catalog. */
export interface McpTool {
  /** Its name in the catalog, the index and the ToolSet: `<server><separator><toolName>`. */
  readonly name: string;
  /** The server it comes from (its key in `createMcpCatalog`'s record or the config's `mcpServers`). */
  readonly server: string;
  /** Its name on that server: what a call sends. */
  readonly toolName: string;
  readonly title: string | undefined;
  readonly description: string;
  /** The input schema as the server gave it (JSON Schema). */
  readonly inputSchema: Record<string, unknown>;
  readonly outputSchema: Record<string, unknown> | undefined;
  /** The hints the server set, `undefined` when it set none (see `AnnotationFilter` for the policy then). */
  readonly annotations: McpToolAnnotations | undefined;
}

/** What reading one server's list gives: its tools, and one event for each tool left out. */
export interface ServerTools {
  readonly tools: McpTool[];
  readonly skipped: McpEvent[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The definition the index reads for `tool` (its server as a field of its own). */
export function indexDefinition(tool: McpTool, serverTitle: string | undefined): ToolDefinition {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
    server: {
      name: tool.server,
      toolName: tool.toolName,
      ...(serverTitle === undefined ? {} : { title: serverTitle }),
    },
  };
}

/**
 * Reads `entries` (tools/list of `server`): each is validated as the index would read it (name, description, schema
 * within `limits`); one that fails, or whose namespaced name is already in `taken`, is skipped and reported.
 */
export function readServerTools(
  server: string,
  entries: readonly unknown[],
  options: { separator: string; limits: CatalogLimits; taken: ReadonlySet<string> },
): ServerTools {
  const tools: McpTool[] = [];
  const skipped: McpEvent[] = [];
  const names = new Set<string>();
  entries.forEach((entry, position) => {
    const original = isObject(entry) && typeof entry.name === "string" ? entry.name : `#${position}`;
    const skip = (reason: "invalid" | "limits" | "collision", message: string, error?: unknown) =>
      skipped.push({ type: "mcp-tool-skipped", server, tool: original, reason, message, error });
    const name = namespacedName(server, original, options.separator);
    if (names.has(name) || options.taken.has(name)) {
      skip(
        "collision",
        `MCP server "${server}": tool "${original}" is named ${name} in the catalog, a name another tool already has; skipped`,
      );
      return;
    }
    try {
      if (!isObject(entry) || typeof entry.name !== "string" || entry.name.length === 0) {
        throw new ToolsiftError("INVALID_TOOL", "a tools/list entry needs a non-empty string name", {});
      }
      const renamed = { ...entry, name, server: { name: server, toolName: original } };
      const [read] = readCatalog([renamed], { limits: options.limits }).tools;
      toolFields(read, read.schema, options.limits);
      tools.push({
        name,
        server,
        toolName: original,
        title: read.title.length > 0 ? read.title : undefined,
        description: read.description,
        inputSchema: isObject(entry.inputSchema) ? entry.inputSchema : { type: "object" },
        outputSchema: isObject(read.outputSchema) ? read.outputSchema : undefined,
        annotations: readAnnotations(entry.annotations),
      });
      names.add(name);
    } catch (error) {
      const limits = ToolsiftError.isInstance(error) && error.code === "LIMIT_EXCEEDED";
      skip(
        limits ? "limits" : "invalid",
        `MCP server "${server}": tool "${original}" was left out of the catalog: ${errorMessage(error)}`,
        error,
      );
    }
  });
  return { tools, skipped };
}
