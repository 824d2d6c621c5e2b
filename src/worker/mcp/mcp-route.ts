// POST /v1/catalogs/:id/mcp: MCP over Streamable HTTP, stateless, JSON answers — initialize, ping, tools/list and
// tools/call of `search_tools` over the catalog of the path. Why hand-written, not the SDK's transport: DESIGN.md.

import { fromToolsiftError, ServiceError } from "../http/errors.js";
import { eventsOf, type ServiceContext } from "../http/service-context.js";
import { errorMessage, readMessage, resultMessage, RPC_ERROR, RpcError, type RpcMessage } from "./json-rpc.js";
import { searchArguments, searchCatalog, searchToolDefinition, SEARCH_TOOL_NAME } from "./search-tool.js";

/** MCP revisions with Streamable HTTP, newest first; `initialize` answers the client's if listed, else the newest. */
export const PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26"] as const;

/** `serverInfo` of `initialize` (the version is package.json's; a test keeps them equal). */
export const SERVER_INFO = { name: "toolsift", title: "toolsift catalog search", version: "0.1.0" } as const;

const METHODS = ["initialize", "ping", "tools/list", "tools/call"];

/** An HTTP answer carrying a JSON-RPC error (transport-level refusals: the message was not read). */
function transportError(status: number, error: RpcError): Response {
  return Response.json(errorMessage(null, error), { status });
}

/**
 * Checks what Streamable HTTP asks of every POST before the message is read: an `Origin` (sent by browsers) must be
 * one TOOLSIFT_CORS_ORIGINS allows (403 FORBIDDEN otherwise: DNS rebinding), `Accept` must admit JSON (406), and an
 * `MCP-Protocol-Version` header must name a supported revision (400).
 */
function refuseTransport(c: ServiceContext): Response | undefined {
  const origin = c.req.header("origin");
  const origins = c.var.config.corsOrigins;
  if (origin !== undefined && origins !== "*" && !origins.includes(origin)) {
    throw new ServiceError(
      "FORBIDDEN",
      `Origin ${JSON.stringify(origin)} may not use the MCP endpoint: add it to TOOLSIFT_CORS_ORIGINS.`,
    );
  }
  const accept = c.req.header("accept");
  if (accept !== undefined && !/application\/json|application\/\*|\*\/\*/i.test(accept)) {
    const message = `Not Acceptable: this endpoint answers application/json; the Accept header was ${JSON.stringify(accept)}.`;
    return transportError(406, new RpcError(RPC_ERROR.BAD_REQUEST, message));
  }
  const version = c.req.header("mcp-protocol-version");
  if (version !== undefined && !(PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
    const message = `Bad Request: MCP-Protocol-Version ${JSON.stringify(version)} is not supported; supported: ${PROTOCOL_VERSIONS.join(", ")}.`;
    return transportError(400, new RpcError(RPC_ERROR.BAD_REQUEST, message));
  }
  return undefined;
}

/** The catalog of the path, warm (404 CATALOG_NOT_FOUND, 503 as select has them). */
function catalogOf(c: ServiceContext) {
  const id = c.var.catalogId;
  const { recheckMs } = c.var.config;
  const { store, warm, model } = c.var.state;
  return warm.lookup(id, store, { recheckMs, model, onEvent: eventsOf(c, id) });
}

/** `tools/call`: `search_tools` only; arguments that do not fit are a tool error the model reads, naming the field. */
async function callTool(c: ServiceContext, params: Record<string, unknown>) {
  if (params.name !== SEARCH_TOOL_NAME) {
    const message = `Unknown tool ${JSON.stringify(params.name)}: this endpoint has one tool, ${SEARCH_TOOL_NAME}.`;
    throw new RpcError(RPC_ERROR.INVALID_PARAMS, message);
  }
  const checked = await searchArguments(params.arguments, c.var.config.limits.maxQueryLength);
  if ("problem" in checked) return { content: [{ type: "text", text: checked.problem }], isError: true };
  const { entry, warnings } = await catalogOf(c);
  // What was learnt for the catalog, installed as a select installs it.
  const { usage, warmUsage } = c.var.state;
  const learnt = usage === undefined ? [] : await warmUsage.bringUpToDate(entry, usage, c.var.config.recheckMs);
  const found = await searchCatalog(entry, checked.query, checked.maxResults);
  const all = [...warnings, ...learnt];
  const structured = { ...found, ...(all.length > 0 ? { warnings: all } : {}) };
  return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
}

/** The result of one request, or an RpcError / ServiceError. */
async function answer(c: ServiceContext, message: RpcMessage): Promise<unknown> {
  const params = (message.params ?? {}) as Record<string, unknown>;
  switch (message.method) {
    case "initialize": {
      const asked = params.protocolVersion;
      const { entry } = await catalogOf(c);
      const tools = entry.index.toolNames.length;
      return {
        protocolVersion: PROTOCOL_VERSIONS.find((version) => version === asked) ?? PROTOCOL_VERSIONS[0],
        capabilities: { tools: { listChanged: false } },
        serverInfo: SERVER_INFO,
        instructions:
          `Catalog "${entry.id}" holds ${tools} tools. Call ${SEARCH_TOOL_NAME} with what you need to do; it answers ` +
          "the tools that fit, with their input schemas.",
      };
    }
    case "ping":
      return {};
    case "tools/list": {
      const { entry } = await catalogOf(c);
      return { tools: [searchToolDefinition(entry.id, entry.index.toolNames.length)] };
    }
    case "tools/call":
      return callTool(c, params);
    default:
      throw new RpcError(
        RPC_ERROR.METHOD_NOT_FOUND,
        `Method ${JSON.stringify(message.method)} is not supported: this endpoint answers ${METHODS.join(", ")}.`,
      );
  }
}

/** A failure while answering as a JSON-RPC error: the service's code and status in `data`, never a stack. */
function asRpcError(c: ServiceContext, error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  const service = ServiceError.isInstance(error) ? error : fromToolsiftError(error);
  if (service !== undefined) {
    const code =
      service.code === "CATALOG_NOT_FOUND"
        ? RPC_ERROR.NOT_FOUND
        : service.status >= 500
          ? RPC_ERROR.INTERNAL_ERROR
          : RPC_ERROR.INVALID_PARAMS;
    if (service.status >= 500)
      console.error(`[toolsift service] MCP ${c.req.path}: ${service.code}: ${service.message}`);
    return new RpcError(code, service.message, { code: service.code, status: service.status });
  }
  console.error("[toolsift service] unexpected error", `MCP ${c.req.path}`, error);
  const message = "The service failed to answer this request; the error is logged.";
  return new RpcError(RPC_ERROR.INTERNAL_ERROR, message, { code: "INTERNAL", status: 500 });
}

/**
 * `POST /v1/catalogs/:id/mcp` (after auth, the path's id and the JSON body): one JSON-RPC message. A request is
 * answered 200 with its result or error as `application/json`; a notification or a response with 202 and no body;
 * a body that is not one JSON-RPC message with 400 and an error whose id is null.
 */
export async function mcpRoute(c: ServiceContext): Promise<Response> {
  const refused = refuseTransport(c);
  if (refused !== undefined) return refused;
  let message: RpcMessage | undefined;
  try {
    message = readMessage(c.var.body.value);
  } catch (error) {
    if (error instanceof RpcError) return transportError(400, error);
    throw error;
  }
  if (message?.id === undefined) return c.body(null, 202);
  try {
    return c.json(resultMessage(message.id, await answer(c, message)));
  } catch (error) {
    return c.json(errorMessage(message.id, asRpcError(c, error)));
  }
}
