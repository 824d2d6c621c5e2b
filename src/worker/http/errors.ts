// The service's error answers: `ServiceError` (a Hono HTTPException) with a documented code and status.

import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ToolsiftError } from "../../errors.js";
import { errorMessage } from "../../support/error-message.js";

/**
 * Every error code the service answers with, and its HTTP status. Messages name the offending field,
 * value or limit and say what was expected; they never carry a stack trace.
 */
export const ERROR_STATUS = {
  /** The body is not valid JSON. */
  INVALID_JSON: 400,
  /** The body is JSON but not the expected shape (field, type or range named in the message). */
  INVALID_REQUEST: 400,
  /** The catalog id in the path is not 1–64 of `A–Z a–z 0–9 _ -`, starting with a letter or digit. */
  INVALID_CATALOG_ID: 400,
  /** The catalog is not an array, `{ tools: [...] }` or an object of tools. */
  INVALID_CATALOG: 400,
  /** toolsift rejected a tool: missing or empty name, description or title of the wrong type. */
  INVALID_TOOL: 400,
  /** The same tool name twice in one catalog. */
  DUPLICATE_TOOL: 400,
  /** An input schema that is not an object. */
  INVALID_SCHEMA: 400,
  /** A selection option toolsift rejected (the request validation normally catches these first). */
  INVALID_OPTION: 400,
  /** A query toolsift rejected. */
  INVALID_QUERY: 400,
  /** `messages` (select, learn) outside the one message schema (`model-messages.ts`); the message and field named. */
  INVALID_MESSAGES: 400,
  /** A learnt conversation calls a tool that is not in the catalog (named in the message); nothing is learnt. */
  UNKNOWN_TOOL: 400,
  /** No or a wrong `Authorization: Bearer <token>` (a revoked tenant token too); writes without an admin token set. */
  UNAUTHORIZED: 401,
  /** A tenant token used outside its catalogs, above its access level, or on the token routes. */
  FORBIDDEN: 403,
  /** No route has this path. */
  NOT_FOUND: 404,
  /** No catalog is published under this id. */
  CATALOG_NOT_FOUND: 404,
  /** No tenant token has this id (`DELETE`/`GET /v1/tokens/:tokenId`). */
  TOKEN_NOT_FOUND: 404,
  /** The path exists, the method does not (`Allow` lists the methods). */
  METHOD_NOT_ALLOWED: 405,
  /** The body is larger than the limit for this route. */
  PAYLOAD_TOO_LARGE: 413,
  /** The catalog has more tools than `TOOLSIFT_MAX_TOOLS`. */
  TOO_MANY_TOOLS: 413,
  /** A tool's description or title is longer than `TOOLSIFT_MAX_DESCRIPTION_LENGTH`. */
  DESCRIPTION_TOO_LONG: 413,
  /** The query is longer than `TOOLSIFT_MAX_QUERY_LENGTH`. */
  QUERY_TOO_LONG: 413,
  /**
   * A tool's name, a parameter name or description, an enum value, or its schema's enum values, depth, subschemas or
   * text over a `TOOLSIFT_MAX_*` limit (the tool, the field and the limit are named).
   */
  LIMIT_EXCEEDED: 413,
  /** The request has a body that is not `application/json` (or `application/*+json`). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A `TOOLSIFT_*` variable holds a value the service cannot use (named in the message). */
  INVALID_CONFIGURATION: 500,
  /** Anything unexpected; details are logged, not returned. */
  INTERNAL: 500,
  /**
   * KV or the usage object failed or timed out and no warm copy could answer; a failed write keeps the previous
   * version published, a failed learn request may or may not have been counted.
   */
  STORAGE_UNAVAILABLE: 503,
} as const;

export type ServiceErrorCode = keyof typeof ERROR_STATUS;

const marker = Symbol.for("toolsift.service-error");

/**
 * An error the service answers with as it is: a documented code, its status, and a message for the
 * caller. Thrown anywhere in a request; `app.onError` (`answerError`) renders it.
 */
export class ServiceError extends HTTPException {
  readonly [marker] = true;
  override readonly name = "ServiceError";

  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    /** Extra response headers (`Allow`, `WWW-Authenticate`). */
    readonly headers: Readonly<Record<string, string>> = {},
    options?: { cause?: unknown },
  ) {
    super(ERROR_STATUS[code], { message, cause: options?.cause });
  }

  /** `{ error: { code, message } }` with the code's status and the extra headers. */
  override getResponse(): Response {
    const body = { error: { code: this.code, message: this.message } };
    return Response.json(body, { status: this.status, headers: this.headers });
  }

  static isInstance(error: unknown): error is ServiceError {
    return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[marker] === true;
  }
}

/** toolsift codes that mean the caller's input was wrong (400); any other ToolsiftError is internal. */
const CALLER_CODES = new Set<string>([
  "INVALID_CATALOG",
  "INVALID_TOOL",
  "DUPLICATE_TOOL",
  "INVALID_SCHEMA",
  "LIMIT_EXCEEDED",
  "INVALID_OPTION",
  "INVALID_QUERY",
  "INVALID_MESSAGES",
]);

/** A ToolsiftError about the caller's input as the ServiceError to answer with; `undefined` for anything else. */
export function fromToolsiftError(error: unknown): ServiceError | undefined {
  if (!ToolsiftError.isInstance(error) || !CALLER_CODES.has(error.code)) return undefined;
  return new ServiceError(error.code as ServiceErrorCode, error.message, {}, { cause: error });
}

/** 404 CATALOG_NOT_FOUND for `id`. */
export function catalogNotFound(id: string): ServiceError {
  return new ServiceError(
    "CATALOG_NOT_FOUND",
    `No catalog is published under id "${id}"; upload one with PUT /v1/catalogs/${id}.`,
  );
}

/** 503 STORAGE_UNAVAILABLE: `message` and why (`(<the error's message>).`), the error as its cause. */
export function storageUnavailable(message: string, error: unknown): ServiceError {
  return new ServiceError("STORAGE_UNAVAILABLE", `${message} (${errorMessage(error)}).`, {}, { cause: error });
}

/**
 * `app.onError`: a ServiceError or a caller ToolsiftError answered as it is; anything else (a Hono
 * HTTPException included) logged and answered 500 INTERNAL without its message or stack.
 */
export function answerError(error: unknown, c: Context): Response {
  const where = `${c.req.method} ${c.req.path}`;
  if (ServiceError.isInstance(error)) {
    if (error.status >= 500) console.error(`[toolsift service] ${where}: ${error.code}: ${error.message}`);
    return error.getResponse();
  }
  const caller = fromToolsiftError(error);
  if (caller !== undefined) return caller.getResponse();
  console.error("[toolsift service] unexpected error", where, error);
  return new ServiceError("INTERNAL", "The service failed to answer this request; the error is logged.").getResponse();
}
