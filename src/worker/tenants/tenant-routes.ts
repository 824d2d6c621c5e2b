// POST, GET /v1/tokens and GET, DELETE /v1/tokens/:tokenId: the admin creates, lists and revokes tenant tokens.

import { z } from "zod";
import { ServiceError } from "../http/errors.js";
import type { ServiceContext } from "../http/service-context.js";
import { newToken, TOKEN_ID } from "./tenant-tokens.js";
import { ACCESS_LEVELS, describeToken } from "./token-record.js";
import { CATALOG_ID, validate } from "../http/validation.js";

/** Most catalog entries one token may name. */
export const MAX_TOKEN_CATALOGS = 100;

/** A catalog prefix: what may come before the `*` of a scope entry (a catalog id's start, not empty). */
const CATALOG_PREFIX = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

const scopeEntry = z
  .string()
  .refine((entry) => (entry.endsWith("*") ? CATALOG_PREFIX.test(entry.slice(0, -1)) : CATALOG_ID.test(entry)), {
    message: 'expected a catalog id, or a prefix of one followed by "*" (like "acme-*"); a lone "*" is not allowed',
  });

/** `POST /v1/tokens`: `{ catalogs, access, label? }`. */
export const tokenBodySchema = z.strictObject({
  catalogs: z.array(scopeEntry).min(1).max(MAX_TOKEN_CATALOGS),
  access: z.enum(ACCESS_LEVELS),
  label: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^\p{Cc}\p{Cf}]*$/u, "no control or format characters")
    .optional(),
});

/** The token id of the path, or 404 TOKEN_NOT_FOUND. */
function tokenIdOf(c: ServiceContext): string {
  const id = c.req.path.split("/")[3] ?? "";
  if (!TOKEN_ID.test(id)) {
    const shown = JSON.stringify(id.length > 40 ? `${id.slice(0, 40)}…` : id);
    throw new ServiceError("TOKEN_NOT_FOUND", `No tenant token has id ${shown}: token ids are 16 hex digits.`);
  }
  return id;
}

function tokenNotFound(id: string): ServiceError {
  return new ServiceError("TOKEN_NOT_FOUND", `No tenant token has id "${id}" (or it was revoked).`);
}

/**
 * `POST /v1/tokens` with `{ catalogs, access, label? }` → 201 `{ id, token, catalogs, access, label?, createdAt }`.
 * The token is in the answer only: KV keeps its SHA-256. This isolate accepts it at once.
 */
export async function createTokenRoute(c: ServiceContext): Promise<Response> {
  const scope = validate(tokenBodySchema, c.var.body.value, "token request");
  const { tenants, tenantStore } = c.var.state;
  const catalogs = [...new Set(scope.catalogs)];
  const { token, record } = await newToken({ ...scope, catalogs });
  await tenantStore.writeRecord(record);
  tenants.remember(record);
  return c.json({ ...describeToken(record), token }, 201);
}

/**
 * `GET /v1/tokens?cursor=…` → `{ tokens: [{ id, catalogs, access, label?, createdAt }], cursor? }`, up to 100 a page
 * (`cursor` for the next one; one it did not give: 400 INVALID_REQUEST). No secret and no hash is ever listed.
 */
export async function listTokensRoute(c: ServiceContext): Promise<Response> {
  const { tenants, tenantStore } = c.var.state;
  const page = await tenantStore.listRecords(decodeListCursor(c.req.query("cursor")));
  const live = page.records.filter((record) => !tenants.isRevokedHere(record.id));
  return c.json({
    tokens: live.map(describeToken),
    ...(page.cursor === undefined ? {} : { cursor: encodeListCursor(page.cursor) }),
  });
}

/** `GET /v1/tokens/:tokenId` → `{ id, catalogs, access, label?, createdAt }`. */
export async function getTokenRoute(c: ServiceContext): Promise<Response> {
  const id = tokenIdOf(c);
  const { tenants, tenantStore } = c.var.state;
  const record = tenants.isRevokedHere(id) ? null : await tenantStore.readRecord(id);
  if (record === null) throw tokenNotFound(id);
  return c.json(describeToken(record));
}

/**
 * `DELETE /v1/tokens/:tokenId` → `{ id, revoked: true }`: the token's key is deleted (even when it reads as
 * missing, so one created moments ago elsewhere cannot outlive this), and this isolate refuses it from now on.
 */
export async function revokeTokenRoute(c: ServiceContext): Promise<Response> {
  const id = tokenIdOf(c);
  const { tenants, tenantStore } = c.var.state;
  const record = await tenantStore.readRecord(id);
  await tenantStore.deleteRecord(id);
  tenants.revokedHere(id);
  if (record === null) throw tokenNotFound(id);
  return c.json({ id, revoked: true });
}

// The `cursor` of GET /v1/tokens: KV's list cursor in an envelope of the service's, so a cursor it never gave is a 400.

/** Marks a cursor this service gave (format 1); what follows is KV's cursor in base64url. */
const CURSOR_PREFIX = "c1.";
const CURSOR_BASE64URL = /^[A-Za-z0-9_-]+$/;

/** KV's list cursor as the `cursor` the answer carries. */
function encodeListCursor(kvCursor: string): string {
  const bytes = new TextEncoder().encode(kvCursor);
  const base64 = btoa(String.fromCharCode(...bytes));
  return CURSOR_PREFIX + base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * KV's list cursor from a request's `cursor` (undefined or empty: the first page); 400 INVALID_REQUEST for a cursor
 * this service did not give. (KV's own cursor inside is opaque: an altered one is KV's to refuse.)
 */
function decodeListCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined || cursor.length === 0) return undefined;
  const body = cursor.startsWith(CURSOR_PREFIX) ? cursor.slice(CURSOR_PREFIX.length) : "";
  if (CURSOR_BASE64URL.test(body) && body.length % 4 !== 1) {
    const binary = atob(body.replace(/-/g, "+").replace(/_/g, "/"));
    const text = new TextDecoder("utf-8", { fatal: false }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    if (text.length > 0) return text;
  }
  const shown = JSON.stringify(cursor.length > 80 ? `${cursor.slice(0, 80)}…` : cursor);
  throw new ServiceError(
    "INVALID_REQUEST",
    `cursor ${shown} is not a cursor this service gave: pass the "cursor" of the previous page of GET /v1/tokens ` +
      "as it was (it starts with c1.), or none for the first page.",
  );
}
