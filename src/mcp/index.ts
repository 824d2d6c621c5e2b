// toolsift/mcp: several MCP servers (official SDK clients, AI SDK MCP clients, tools/list results) as one catalog.

export { createMcpCatalog, type McpCatalogOptions } from "./mcp-catalog.js";
export { mcpToolSet } from "./tool-set.js";
export type { McpSource } from "./mcp-source.js";
