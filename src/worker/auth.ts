// Bearer-token checks: writes need the admin token, learning the learn or admin token, reads the read token when set.

import type { MiddlewareHandler } from "hono";
import type { ServiceEnv } from "./env.js";
import { ServiceError } from "./errors.js";
import type { ServiceApp } from "./service-context.js";

/** What a route does: `read` (GET, select, usage), `learn` (POST …/learn) or `write` (PUT, DELETE). */
export type Access = "read" | "learn" | "write";

const encoder = new TextEncoder();

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/**
 * Whether two secrets are equal, in a time that does not depend on where they differ or on their
 * lengths: both are hashed to 32 bytes and every byte pair is compared.
 */
export async function secretsEqual(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256(given), sha256(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}

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
  const also = admin === undefined ? [] : [admin];
  if (access === "read") {
    return {
      tokens: reader === undefined ? undefined : [reader, ...also],
      needed: "the read token (or the admin token)",
    };
  }
  if (access === "learn") {
    return {
      tokens: [...(learner === undefined ? [] : [learner]), ...also],
      needed: "the learn token (or the admin token)",
    };
  }
  return { tokens: also, needed: "the admin token" };
}

/**
 * Throws 401 UNAUTHORIZED unless the request may do `access`: writes need the admin token (and are
 * refused when `TOOLSIFT_ADMIN_TOKEN` is not set); learning needs the learn token or the admin token (and
 * is refused when neither is set); reads need the read token or the admin token when
 * `TOOLSIFT_READ_TOKEN` is set, and nothing otherwise. Every accepted token is compared in constant time.
 */
export async function authorize(request: Request, env: ServiceEnv, access: Access): Promise<void> {
  const { tokens, needed } = acceptedTokens(env, access);
  if (tokens === undefined) return;
  if (tokens.length === 0) {
    const message =
      access === "write"
        ? "Writes are disabled: the service has no TOOLSIFT_ADMIN_TOKEN secret set."
        : "Learning is disabled: the service has neither a TOOLSIFT_LEARN_TOKEN nor a TOOLSIFT_ADMIN_TOKEN secret set.";
    throw unauthorized(message, false);
  }
  const token = bearerToken(request);
  if (token === undefined)
    throw unauthorized(`This route needs "Authorization: Bearer <token>" with ${needed}.`, false);
  const matches = await Promise.all(tokens.map((secret) => secretsEqual(token, secret)));
  if (!matches.includes(true)) throw unauthorized(`The bearer token is not ${needed}.`, true);
}

/** The route middleware: `authorize` before anything else of the request (its body included) is read. */
export function requireAccess(access: Access): MiddlewareHandler<ServiceApp> {
  return async (c, next) => {
    await authorize(c.req.raw, c.env, access);
    await next();
  };
}
