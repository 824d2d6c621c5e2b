// JSON-RPC 2.0 as MCP's Streamable HTTP carries it: one message per POST, its error codes, and the answers built here.

import { describeValue } from "../../support/describe-value.js";

/** JSON-RPC and MCP error codes the endpoint answers with. */
export const RPC_ERROR = {
  /** The body is JSON but not a JSON-RPC 2.0 message (or a batch: one message per request). */
  INVALID_REQUEST: -32600,
  /** A method this endpoint does not have. */
  METHOD_NOT_FOUND: -32601,
  /** Params of the wrong shape, or a tool name this endpoint does not have. */
  INVALID_PARAMS: -32602,
  /** The service failed (KV or the usage object unavailable): `data.code` names it. */
  INTERNAL_ERROR: -32603,
  /** Transport-level refusals (an unsupported MCP-Protocol-Version header, an Accept without JSON). */
  BAD_REQUEST: -32000,
  /** The catalog of the path is not published (MCP's "resource not found"). */
  NOT_FOUND: -32002,
} as const;

export type RequestId = string | number;

/** A request (it has an id and gets an answer) or a notification (no id, answered 202 with no body). */
export interface RpcMessage {
  readonly id: RequestId | undefined;
  readonly method: string;
  readonly params: unknown;
}

/** A JSON-RPC error: its code, message and optional data (`{ code, status }` of a service error). */
export class RpcError extends Error {
  override readonly name = "RpcError";

  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The answer to request `id`. */
export function resultMessage(id: RequestId, result: unknown) {
  return { jsonrpc: "2.0", id, result };
}

/** An error answer; `id` null when the request's id could not be read. */
export function errorMessage(id: RequestId | null, error: RpcError) {
  const body = { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) };
  return { jsonrpc: "2.0", id, error: body };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The message of a POST body: a JSON-RPC 2.0 request or notification. Responses from the client (this server
 * sends no requests) are `undefined`: accepted with 202 and ignored. Anything else is INVALID_REQUEST, naming what is
 * wrong; a batch (an array) too, as MCP 2025-06-18 and later have no batches.
 */
export function readMessage(body: unknown): RpcMessage | undefined {
  if (Array.isArray(body))
    throw new RpcError(RPC_ERROR.INVALID_REQUEST, "Batches are not supported: send one JSON-RPC message per request.");
  if (!isObject(body) || body.jsonrpc !== "2.0")
    throw new RpcError(
      RPC_ERROR.INVALID_REQUEST,
      `The body must be a JSON-RPC 2.0 message ({ "jsonrpc": "2.0", "method", "id"?, "params"? }), got ` +
        `${isObject(body) ? `jsonrpc ${describeValue(body.jsonrpc)}` : describeValue(body)}.`,
    );
  const { id, method, params } = body;
  if (method === undefined && id !== undefined && ("result" in body || "error" in body)) return undefined;
  if (typeof method !== "string")
    throw new RpcError(RPC_ERROR.INVALID_REQUEST, `"method" must be a string, got ${describeValue(method)}.`);
  if (id !== undefined && typeof id !== "string" && !(typeof id === "number" && Number.isInteger(id)))
    throw new RpcError(RPC_ERROR.INVALID_REQUEST, `"id" must be a string or an integer, got ${describeValue(id)}.`);
  if (params !== undefined && !isObject(params))
    throw new RpcError(
      RPC_ERROR.INVALID_PARAMS,
      `"params" of ${method} must be an object, got ${describeValue(params)}.`,
    );
  return { id: id as RequestId | undefined, method, params };
}
