// A small router: method + path pattern (`/v1/catalogs/:id`) to a handler, telling "no such path" from "no such method".

/** What matching a request found. */
export type RouteMatch<HANDLER> =
  | { readonly kind: "found"; readonly handler: HANDLER; readonly params: Readonly<Record<string, string>> }
  /** The path exists with other methods (for `405` and `OPTIONS`). */
  | { readonly kind: "method-not-allowed"; readonly allowed: readonly string[] }
  | { readonly kind: "not-found" };

interface Route<HANDLER> {
  readonly method: string;
  /** Literal segments, or `:name` for a parameter (one whole segment, never empty). */
  readonly segments: readonly string[];
  readonly handler: HANDLER;
}

function split(path: string): string[] {
  return path.split("/").slice(1);
}

export class Router<HANDLER> {
  private readonly routes: Route<HANDLER>[] = [];

  /** Adds a route; `pattern` starts with `/`, parameters are `:name` segments. */
  add(method: string, pattern: string, handler: HANDLER): this {
    this.routes.push({ method: method.toUpperCase(), segments: split(pattern), handler });
    return this;
  }

  /** The route for `method` and `pathname` (`HEAD` falls back to `GET`). Path segments are compared as sent, not decoded. */
  match(method: string, pathname: string): RouteMatch<HANDLER> {
    const segments = split(pathname);
    const allowed: string[] = [];
    let found: { handler: HANDLER; params: Record<string, string> } | undefined;
    let headFallback: { handler: HANDLER; params: Record<string, string> } | undefined;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (params === undefined) continue;
      if (!allowed.includes(route.method)) allowed.push(route.method);
      if (route.method === method && found === undefined) found = { handler: route.handler, params };
      if (method === "HEAD" && route.method === "GET" && headFallback === undefined) headFallback = { handler: route.handler, params };
    }
    const chosen = found ?? headFallback;
    if (chosen !== undefined) return { kind: "found", ...chosen };
    if (allowed.length === 0) return { kind: "not-found" };
    if (allowed.includes("GET") && !allowed.includes("HEAD")) allowed.push("HEAD");
    return { kind: "method-not-allowed", allowed };
  }
}

function matchSegments(pattern: readonly string[], path: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== path.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i].startsWith(":")) {
      if (path[i].length === 0) return undefined;
      params[pattern[i].slice(1)] = path[i];
    } else if (pattern[i] !== path[i]) {
      return undefined;
    }
  }
  return params;
}
