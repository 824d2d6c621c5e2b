// The AI SDK ToolSet of an MCP catalog: namespaced keys, each `execute` calling its server under the tool's own name.

import type { ToolSet } from "ai";
import { AI_SCHEMA } from "../core/ai-schema.js";
import type { McpCatalog } from "./mcp-catalog.js";

/** One AI SDK dynamic tool (`dynamicTool` of `ai`): what `generateText({ tools })` runs. */
interface McpDynamicTool {
  readonly type: "dynamic";
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: { readonly jsonSchema: unknown; readonly validate: undefined };
  /** Calls the tool on its server; resolves with the server's `CallToolResult` as is (an `isError` result included). */
  readonly execute: (input: unknown, options: { abortSignal?: AbortSignal }) => Promise<unknown>;
}

/**
 * An AI SDK `ToolSet` of every tool in `catalog`, keyed by catalog name (`github__create_issue`), for `generateText`
 * with `prepareStep: catalog.index.prepareStep()`. Tools whose names collided were reported and left out when the
 * catalog was read, so no key is ever overwritten. A snapshot: call again after a `refresh` or `list_changed`.
 */
export function mcpToolSet(catalog: Pick<McpCatalog, "tools" | "callTool">): ToolSet {
  const tools: Record<string, McpDynamicTool> = {};
  for (const tool of catalog.tools()) {
    tools[tool.name] = {
      type: "dynamic",
      ...(tool.title === undefined ? {} : { title: tool.title }),
      description: tool.description,
      inputSchema: {
        [AI_SCHEMA]: true,
        _type: undefined,
        jsonSchema: tool.inputSchema,
        validate: undefined,
      } as never,
      execute: (input, options) =>
        catalog.callTool(tool.name, (input ?? {}) as Record<string, unknown>, {
          ...(options?.abortSignal === undefined ? {} : { signal: options.abortSignal }),
        }),
    };
  }
  return tools as unknown as ToolSet;
}
