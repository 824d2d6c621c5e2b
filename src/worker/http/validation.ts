// Request validation: the catalog id of the path, and select bodies with zod (one helper turns zod issues into a 400).

import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { ServiceError } from "./errors.js";
import type { ServiceApp } from "./service-context.js";

/** A catalog id: 1–64 characters of A–Z a–z 0–9 _ -, starting with a letter or digit (it becomes part of KV keys). */
export const CATALOG_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The id from the path, checked (it is never URL-decoded: `%` is not an id character). */
export function checkCatalogId(id: string): string {
  if (!CATALOG_ID.test(id)) {
    const shown = JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id);
    throw new ServiceError(
      "INVALID_CATALOG_ID",
      `Catalog id ${shown} is not valid: use 1–64 characters of A–Z, a–z, 0–9, "_" and "-", starting with a letter or digit.`,
    );
  }
  return id;
}

/**
 * Sets `c.var.catalogId` from `/v1/catalogs/:id…`, checked as sent: the app routes on the raw path
 * (see `rawPath`), and the segment is read from it because Hono's `param()` would decode it.
 */
export const catalogIdParam: MiddlewareHandler<ServiceApp> = async (c, next) => {
  c.set("catalogId", checkCatalogId(c.req.path.split("/")[3] ?? ""));
  await next();
};

/** The path of a request as sent (not percent-decoded), for routing: ids are compared undecoded. */
export function rawPath(request: Request): string {
  const url = request.url;
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start === -1) return "/";
  const end = url.slice(start).search(/[?#]/);
  return end === -1 ? url.slice(start) : url.slice(start, start + end);
}

/** A conversation message as AI SDK `ModelMessage`s have it; only text parts are read. */
const messageSchema = z.looseObject({
  role: z.string().max(64),
  content: z.union([z.string(), z.array(z.unknown())]),
});

/** Most tools a select may ask for. */
export const MAX_SELECT_TOOLS = 100;

/** `POST /v1/catalogs/:id/select`: exactly one of `query` and `messages`, and toolsift's select options. */
export const selectBodySchema = z
  .strictObject({
    query: z.string().optional(),
    messages: z.array(messageSchema).max(1_000).optional(),
    maxTools: z.int().min(1).max(MAX_SELECT_TOOLS).optional(),
    threshold: z.number().min(0).max(1).optional(),
    minRelevance: z.number().min(0).max(1).optional(),
    adaptive: z.boolean().optional(),
    alwaysActive: z.array(z.string().min(1).max(256)).max(100).optional(),
    explain: z.boolean().optional(),
  })
  .refine((body) => (body.query === undefined) !== (body.messages === undefined), {
    message: 'send exactly one of "query" (a string) and "messages" (an array)',
  });

export type SelectBody = z.infer<typeof selectBodySchema>;

/**
 * `POST /v1/catalogs/:id/learn`: `{ messages }`, nothing else. The messages themselves (an array, AI SDK roles,
 * tools of the catalog) are checked by the route, with toolsift's own rule (400 INVALID_MESSAGES, UNKNOWN_TOOL).
 */
export const learnBodySchema = z
  .strictObject({ messages: z.unknown() })
  .refine((body) => body.messages !== undefined, { message: 'send "messages" (AI SDK messages of one conversation)' });

/** The first few issues as `field: problem`, for a message that names what to fix. */
function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => {
    const path =
      issue.path.length === 0
        ? "body"
        : issue.path
            .map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))
            .join("")
            .replace(/^\./, "");
    return `${path}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : "";
  return shown.join("; ") + more;
}

/** Parses `value` with `schema`; otherwise 400 INVALID_REQUEST naming the fields. */
export function validate<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ServiceError("INVALID_REQUEST", `Invalid ${what}: ${describeIssues(result.error)}.`);
  return result.data;
}
