// Reads LangChain tools (StructuredTool, DynamicTool, `asTool()` runnables) into toolsift's tool definitions.

import { toJsonSchema } from "./langchain-runtime.js";
import type { ClientTool, ServerTool } from "@langchain/core/tools";
import type { ToolsiftEvent } from "../events.js";

/** What `createAgent({ tools })` and `request.tools` hold: tools the agent runs, and provider tools (plain objects). */
export type LangChainTool = ClientTool | ServerTool;

/** A tool the agent runs itself: a runnable (it has `invoke`) with a name. Only these are indexed and selected. */
export interface SelectableTool {
  readonly name: string;
  readonly description?: unknown;
  readonly schema?: unknown;
  invoke(...args: never[]): unknown;
}

/** The definition toolsift indexes for one LangChain tool. */
export interface LangChainToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters?: object;
}

/**
 * True for tools the agent executes (a runnable with a string name). Provider / server tools
 * (`{ type: "web_search_preview" }`, Anthropic server tools: plain objects without `invoke`) are not
 * selectable: they pass through every call untouched, as LangChain's own `isClientTool` sees it.
 */
export function isSelectableTool<TOOL>(tool: TOOL): tool is TOOL & SelectableTool {
  if (typeof tool !== "object" || tool === null) return false;
  const candidate = tool as { invoke?: unknown; name?: unknown };
  return (
    typeof candidate.invoke === "function" && typeof candidate.name === "string" && candidate.name.trim().length > 0
  );
}

/**
 * The definition of one tool: its name, its description and its input schema as JSON Schema (zod 3,
 * zod 4, Standard JSON Schema or JSON Schema, converted by `@langchain/core`'s `toJsonSchema`). A schema
 * that fails to convert is reported as a `catalog-warning` and the tool is indexed without parameters.
 */
export function toolDefinition(tool: SelectableTool, emit: (event: ToolsiftEvent) => void): LangChainToolDefinition {
  const description = typeof tool.description === "string" ? tool.description : "";
  if (tool.schema === undefined || tool.schema === null) return { name: tool.name, description };
  let parameters: unknown;
  try {
    parameters = toJsonSchema(tool.schema as Parameters<typeof toJsonSchema>[0]);
  } catch (cause) {
    emit({
      type: "catalog-warning",
      tool: tool.name,
      field: "schema",
      message: `converting the schema of tool "${tool.name}" to JSON Schema threw; indexed without parameters`,
      cause,
    });
    return { name: tool.name, description };
  }
  if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters)) {
    emit({
      type: "catalog-warning",
      tool: tool.name,
      field: "schema",
      message: `the schema of tool "${tool.name}" did not convert to a JSON Schema object; indexed without parameters`,
    });
    return { name: tool.name, description };
  }
  return { name: tool.name, description, parameters };
}
