// Request validation: the catalog id of the path, and select bodies with zod (one helper turns zod issues into a 400).

import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import type { MessageLike } from "../../conversation/model-messages.js";
import { describeValue } from "../../support/describe-value.js";
import { closest } from "../../support/validate-options.js";
import { CATALOG_ID } from "./catalog-id.js";
import { ServiceError } from "./errors.js";
import { modelMessagesSchema } from "./model-messages.js";
import type { ServiceApp } from "./service-context.js";

export { CATALOG_ID };

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

/** Most tools a select may ask for. */
export const MAX_SELECT_TOOLS = 100;

/**
 * `POST /v1/catalogs/:id/select`: exactly one of `query` and `messages`, and toolsift's select options. `messages`
 * is checked next by `validateMessages` (400 INVALID_MESSAGES), as learn's is.
 */
export const selectBodySchema = z
  .strictObject({
    query: z.string().optional(),
    messages: z.unknown().optional(),
    maxTools: z.int().min(1).max(MAX_SELECT_TOOLS).optional(),
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
 * `POST /v1/catalogs/:id/learn`: `{ messages }`, nothing else. The messages themselves are checked next by
 * `validateMessages` (400 INVALID_MESSAGES), their tool calls against the catalog by the route (400 UNKNOWN_TOOL).
 */
export const learnBodySchema = z
  .strictObject({ messages: z.unknown() })
  .refine((body) => body.messages !== undefined, { message: 'send "messages" (AI SDK messages of one conversation)' });

/** The path of an issue as `root[0].field`. */
function issuePath(root: string, path: readonly PropertyKey[]): string {
  const joined = path.map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`)).join("");
  return root.length > 0 ? `${root}${joined}` : joined.replace(/^\./, "") || "body";
}

/**
 * An issue as `field: problem`. A union (`content`: a string or parts) reports the branch the value's type matched,
 * down to the field inside it (`messages[1].content[0].toolName`), or, when none did, what was expected.
 */
function describeIssue(
  issue: z.core.$ZodIssue,
  root: string,
  base: readonly PropertyKey[] = [],
  fields: readonly string[] = [],
): string {
  const path = [...base, ...issue.path];
  if (issue.code === "unrecognized_keys" && path.length === 0 && fields.length > 0) {
    // A misspelt field (`maxtools`) names the one it most likely meant, as toolsift's own options do.
    return issue.keys
      .map((key) => {
        const nearest = closest(key, fields);
        return `${issuePath(root, [key])}: unknown field${nearest === undefined ? "" : `; did you mean "${nearest}"?`}`;
      })
      .join("; ");
  }
  if (issue.code === "invalid_union" && "discriminator" in issue) {
    // A `role` or part `type` that is none of the schema's: zod's message lists the ones it may be; add what it is.
    const expected = issue.message.replace(/^Invalid discriminator value\. Expected /, "expected ");
    const value = (issue.input as Record<string, unknown> | undefined)?.[String(issue.discriminator)];
    return `${issuePath(root, path)}: ${expected}, got ${describeValue(value)}`;
  }
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    const typeMismatch = (branch: z.core.$ZodIssue[]) =>
      branch.length === 1 && branch[0].path.length === 0 && branch[0].code === "invalid_type";
    const matched = issue.errors.filter((branch) => !typeMismatch(branch));
    if (matched.length === 1) return describeIssue(matched[0][0], root, path);
    const expected = issue.errors.flatMap((branch) => (branch[0]?.code === "invalid_type" ? [branch[0].expected] : []));
    if (expected.length === issue.errors.length) return `${issuePath(root, path)}: expected ${expected.join(" or ")}`;
  }
  return `${issuePath(root, path)}: ${issue.message.replace(/^Invalid input: /, "")}`;
}

/** The first few issues as `field: problem`, for a message that names what to fix. */
function describeIssues(error: z.ZodError, root: string, fields: readonly string[] = []): string {
  const shown = error.issues.slice(0, 3).map((issue) => describeIssue(issue, root, [], fields));
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : "";
  return shown.join("; ") + more;
}

/** Parses `value` with `schema`; otherwise 400 INVALID_REQUEST naming the fields. */
export function validate<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    // An object schema's own fields, for a did-you-mean on a field it does not have.
    const shape = (schema as { shape?: Record<string, unknown> }).shape;
    const fields = shape === undefined ? [] : Object.keys(shape);
    const described = describeIssues(result.error, "", fields);
    throw new ServiceError("INVALID_REQUEST", `Invalid ${what}: ${described}${described.endsWith("?") ? "" : "."}`);
  }
  return result.data;
}

/**
 * `messages` of a select or learn request, checked by the one message schema (`model-messages.ts`); otherwise 400
 * INVALID_MESSAGES naming the message and its field (`messages[2].content[0].toolName: expected string`).
 */
export function validateMessages(messages: unknown, route: "select" | "learn"): MessageLike[] {
  const result = modelMessagesSchema.safeParse(messages, { reportInput: true });
  if (result.success) return result.data;
  const described = describeIssues(result.error, "messages");
  throw new ServiceError("INVALID_MESSAGES", `Invalid ${route} request: ${described}.`);
}
