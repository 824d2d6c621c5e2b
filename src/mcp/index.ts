// toolsift/mcp: several MCP servers (official SDK clients, AI SDK MCP clients, tools/list results) as one catalog.

export { createMcpCatalog, type McpCatalog, type McpCatalogOptions, type McpServerStatus } from "./mcp-catalog.js";
export { mcpToolSet } from "./tool-set.js";
export type { McpTool } from "./server-tools.js";
export type { AnnotationFilter, McpToolAnnotations } from "./annotations.js";
export type { AiSdkMcpClientLike, CallOptions, McpSource, ToolListLike } from "./mcp-source.js";
export { DEFAULT_SEPARATOR } from "./namespace.js";
