// CORS through hono/cors, set per env by TOOLSIFT_CORS_ORIGINS (unset: no CORS headers at all).

import type { Handler, MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { ServiceConfig } from "./config.js";
import type { ServiceApp, ServiceContext } from "./service-context.js";

/** Headers a browser may send to the service (`Mcp-Protocol-Version`: MCP clients send it after `initialize`). */
const ALLOWED_HEADERS = ["Authorization", "Content-Type", "Mcp-Protocol-Version"];
/** Seconds a browser may cache a preflight answer. */
const PREFLIGHT_MAX_AGE = 86_400;
/** Headers of an answer a browser script may read. */
const EXPOSED_HEADERS = ["WWW-Authenticate", "Allow"];

const perConfig = new WeakMap<ServiceConfig, MiddlewareHandler<ServiceApp>>();

/** The hono/cors middleware for this request's settings; undefined when CORS is off or has nothing to say. */
function corsFor(c: ServiceContext): MiddlewareHandler<ServiceApp> | undefined {
  const { config } = c.var;
  const origins = config.corsOrigins;
  if (origins !== "*" && origins.length === 0) return undefined;
  // With `*`, a request without Origin (not from a browser page) gets no CORS headers.
  if (origins === "*" && c.req.header("origin") === undefined) return undefined;
  let middleware = perConfig.get(config);
  if (middleware === undefined) {
    middleware = cors({
      origin: origins === "*" ? "*" : [...origins],
      allowMethods: (_origin, context) => [...(context.get("allowedMethods") ?? [])],
      allowHeaders: ALLOWED_HEADERS,
      exposeHeaders: EXPOSED_HEADERS,
      maxAge: PREFLIGHT_MAX_AGE,
    });
    perConfig.set(config, middleware);
  }
  return middleware;
}

/**
 * Adds the CORS headers to every answer (errors included) for an allowed origin. Preflights pass
 * through to `preflight`, so an `OPTIONS` on a path with no route answers 404 like any other method.
 */
export const corsHeaders: MiddlewareHandler<ServiceApp> = async (c, next) => {
  const middleware = c.req.method === "OPTIONS" ? undefined : corsFor(c);
  if (middleware === undefined) await next();
  else await middleware(c, next);
};

/**
 * The answer to `OPTIONS` on a route: 204 with `Allow`, plus, for an allowed origin, hono/cors's
 * preflight headers (the route's methods, `Authorization` and `Content-Type`, a max age of one day).
 */
export function preflight(methods: readonly string[]): Handler<ServiceApp> {
  const allowed = [...methods, "OPTIONS"];
  return async (c) => {
    c.header("Allow", allowed.join(", "));
    const middleware = corsFor(c);
    if (middleware === undefined) return c.body(null, 204);
    c.set("allowedMethods", allowed);
    // hono/cors answers an OPTIONS request itself and never calls `next`.
    const answer = await middleware(c, async () => undefined);
    return answer instanceof Response ? answer : c.body(null, 204);
  };
}
