// Bearer-token checks: the admin, read and learn tokens of the env, and tenant tokens scoped to their catalogs.

import type { MiddlewareHandler } from "hono";
import type { ServiceEnv } from "../http/env.js";
import { ServiceError } from "../http/errors.js";
import type { ServiceApp, ServiceContext } from "../http/service-context.js";
import { matchesSecret } from "./secret-hashes.js";
import { claimsTenantToken } from "./tenant-tokens.js";
import { coversCatalog, grants, type Access, type TokenRecord } from "./token-record.js";

/** The token of `Authorization: Bearer <token>`, or undefined. */
function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  if (header === null) return undefined;
  return /^Bearer +(\S+) *$/i.exec(header)?.[1];
}

function unauthorized(message: string, invalidToken: boolean): ServiceError {
  const challenge = invalidToken ? 'Bearer realm="toolsift", error="invalid_token"' : 'Bearer realm="toolsift"';
  return new ServiceError("UNAUTHORIZED", message, { "WWW-Authenticate": challenge });
}

function configured(secret: string | undefined): string | undefined {
  return secret === undefined || secret.length === 0 ? undefined : secret;
}

/** The tokens that grant `access` (undefined: the access needs no token), and how the 401 message names them. */
function acceptedTokens(env: ServiceEnv, access: Access): { tokens: string[] | undefined; needed: string } {
  const admin = configured(env.TOOLSIFT_ADMIN_TOKEN);
  const reader = configured(env.TOOLSIFT_READ_TOKEN);
  const learner = configured(env.TOOLSIFT_LEARN_TOKEN);
  // The admin token, when set, is accepted wherever a token is.
  const adminTokens = admin === undefined ? [] : [admin];
  if (access === "read") {
    return {
      tokens: reader === undefined ? undefined : [reader, ...adminTokens],
      needed: "the read token (or the admin token)",
    };
  }
  if (access === "learn") {
    return {
      tokens: [...(learner === undefined ? [] : [learner]), ...adminTokens],
      needed: "the learn token (or the admin token)",
    };
  }
  return { tokens: adminTokens, needed: "the admin token" };
}

/** 403 FORBIDDEN: a live tenant token asking for more than its scope (or for the admin routes). */
function forbidden(record: TokenRecord, what: string): ServiceError {
  return new ServiceError(
    "FORBIDDEN",
    `Tenant token ${record.id} (access "${record.access}", catalogs ${JSON.stringify(record.catalogs)}) ${what}.`,
  );
}

/**
 * Checks a tenant token (`tsk_…`): 401 UNAUTHORIZED when it is malformed, unknown, revoked or its secret is wrong; 403
 * FORBIDDEN when `catalogId` is outside its catalogs (checked before anything of the catalog is read, so the answer
 * is the same whether it exists or not), when its access level is below `access`, or on the token routes
 * (`catalogId` undefined: those need the admin token).
 */
async function authorizeTenant(c: ServiceContext, token: string, access: Access, catalogId: string | undefined) {
  const { tenants, tenantStore } = c.var.state;
  const record = await tenants.verify(token, tenantStore, c.var.config.recheckMs);
  if (record === undefined)
    throw unauthorized(
      "The bearer token starts with tsk_ but is not a live tenant token (malformed, unknown, altered or revoked).",
      true,
    );
  if (catalogId === undefined) throw forbidden(record, "cannot manage tokens: that needs the admin token");
  if (!coversCatalog(record, catalogId)) throw forbidden(record, `does not cover catalog "${catalogId}"`);
  if (!grants(record, access)) throw forbidden(record, `does not grant "${access}" access`);
}

/**
 * Throws unless the request may do `access` (on `catalogId`; undefined: the token routes, admin only):
 * - the admin token (TOOLSIFT_ADMIN_TOKEN) may do everything; writes without it configured are refused;
 * - TOOLSIFT_LEARN_TOKEN grants learning, TOOLSIFT_READ_TOKEN reads (reads need no token when it is unset);
 * - a tenant token (`tsk_…`, `POST /v1/tokens`) grants its access level on its catalogs (`authorizeTenant`); a
 *   bearer token starting with `tsk_` (any case) is checked whenever it is sent, even where no token is needed, so a
 *   revoked or malformed one is never silently accepted.
 * Otherwise 401 UNAUTHORIZED. The service's own tokens are compared in constant time.
 */
export async function authorize(c: ServiceContext, access: Access, catalogId: string | undefined): Promise<void> {
  const { tokens, needed } = acceptedTokens(c.env, access);
  const token = bearerToken(c.req.raw);
  if (token !== undefined && tokens !== undefined && tokens.length > 0) {
    if (await matchesSecret(token, tokens)) return;
  }
  if (token !== undefined && claimsTenantToken(token)) return authorizeTenant(c, token, access, catalogId);
  if (tokens === undefined) return;
  if (tokens.length === 0) {
    const message =
      catalogId === undefined
        ? "Token management is disabled: the service has no TOOLSIFT_ADMIN_TOKEN secret set."
        : access === "write"
          ? "Writes are disabled: the service has no TOOLSIFT_ADMIN_TOKEN secret set (tenant tokens may still write)."
          : "Learning is disabled: the service has neither a TOOLSIFT_LEARN_TOKEN nor a TOOLSIFT_ADMIN_TOKEN secret set.";
    throw unauthorized(message, false);
  }
  if (token === undefined)
    throw unauthorized(`This route needs "Authorization: Bearer <token>" with ${needed}.`, false);
  throw unauthorized(`The bearer token is not ${needed}.`, true);
}

/**
 * The catalog routes' middleware: `authorize` for the catalog of the path, before anything else of the request (its
 * body included) is read. The path's id is compared as sent; `catalogIdParam` checks it next.
 */
export function requireAccess(access: Access): MiddlewareHandler<ServiceApp> {
  return async (c, next) => {
    await authorize(c, access, c.req.path.split("/")[3] ?? "");
    await next();
  };
}

/** The token routes' middleware: the admin token only (tenant tokens: 403). */
export const requireAdmin: MiddlewareHandler<ServiceApp> = async (c, next) => {
  await authorize(c, "write", undefined);
  await next();
};
