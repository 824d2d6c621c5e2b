// Request validation with zod: catalog ids, catalog bodies (their outer shape; toolsift reads the rest) and select bodies.

import { z } from "zod";
import { ServiceError, type ServiceErrorCode } from "./errors.js";

/** A catalog id: 1–64 characters of A–Z a–z 0–9 _ -, starting with a letter or digit (it becomes part of KV keys). */
export const CATALOG_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The id from the path, checked (it is never URL-decoded: `%` is not an id character). */
export function checkCatalogId(id: string): string {
  if (!CATALOG_ID.test(id)) {
    const shown = id.length > 80 ? `${id.slice(0, 80)}…` : id;
    throw new ServiceError("INVALID_CATALOG_ID", `Catalog id ${JSON.stringify(shown)} is not valid: use 1–64 characters of A–Z, a–z, 0–9, "_" and "-", starting with a letter or digit.`);
  }
  return id;
}

/** A catalog body: any shape createToolIndex reads, so here only "an array or an object"; toolsift checks the tools. */
export const catalogBodySchema = z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())], {
  error: "the catalog must be an array of tool definitions, { tools: [...] }, or an object of tools keyed by name",
});

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
    adaptive: z.boolean().optional(),
    alwaysActive: z.array(z.string().min(1).max(256)).max(100).optional(),
    explain: z.boolean().optional(),
  })
  .refine((body) => (body.query === undefined) !== (body.messages === undefined), { message: 'send exactly one of "query" (a string) and "messages" (an array)' });

export type SelectBody = z.infer<typeof selectBodySchema>;

/** The first few issues as `field: problem`, for a message that names what to fix. */
function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => {
    const path = issue.path.length === 0 ? "body" : issue.path.map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`)).join("").replace(/^\./, "");
    return `${path}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : "";
  return shown.join("; ") + more;
}

/** Parses `value` with `schema`; otherwise a 400 with `code` (default INVALID_REQUEST) naming the fields. */
export function validate<T>(schema: z.ZodType<T>, value: unknown, what: string, code: ServiceErrorCode = "INVALID_REQUEST"): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ServiceError(code, `Invalid ${what}: ${describeIssues(result.error)}.`);
  return result.data;
}
