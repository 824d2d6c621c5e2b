// The repo's Worker with an MCP endpoint made of the official SDK's server (McpServer + the web-standard Streamable
// HTTP transport, stateless, JSON answers): what measure.mjs bundles and runs in workerd to weigh it.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";
import { createService, type ServiceEnv } from "../../../src/worker/index.js";

export { ToolsiftUsage } from "../../../src/worker/index.js";

const service = createService();

export default {
  async fetch(request: Request, env: ServiceEnv, ctx: { waitUntil(promise: Promise<unknown>): void }) {
    if (new URL(request.url).pathname !== "/mcp") return service.fetch(request, env, ctx);
    const server = new McpServer({ name: "toolsift", version: "0.1.0" });
    server.registerTool(
      "search_tools",
      {
        description: "Search the catalog's tools.",
        inputSchema: { query: z.string(), maxResults: z.number().int().min(1).max(20).optional() },
      },
      async ({ query }) => ({ content: [{ type: "text", text: `searched ${query}` }] }),
    );
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    return transport.handleRequest(request);
  },
};
