// CORS: preflight answers and the headers that let allowed browser origins read responses (TOOLSIFT_CORS_ORIGINS).

/** Headers a browser may send to the service. */
const ALLOWED_HEADERS = "Authorization, Content-Type";
/** Seconds a browser may cache a preflight answer. */
const PREFLIGHT_MAX_AGE = "86400";

function allowedOrigin(request: Request, origins: "*" | readonly string[]): string | undefined {
  const origin = request.headers.get("origin");
  if (origin === null) return undefined;
  if (origins === "*") return "*";
  return origins.includes(origin) ? origin : undefined;
}

/** The CORS headers for an answer to `request` (none when its origin is not allowed or CORS is off). */
export function corsHeaders(request: Request, origins: "*" | readonly string[]): Record<string, string> {
  const origin = allowedOrigin(request, origins);
  if (origin === undefined) return origins === "*" || origins.length === 0 ? {} : { Vary: "Origin" };
  return origin === "*" ? { "Access-Control-Allow-Origin": "*" } : { "Access-Control-Allow-Origin": origin, Vary: "Origin" };
}

/**
 * The answer to `OPTIONS` on a route: 204 with `Allow`, plus, for a preflight from an allowed origin,
 * the methods and headers it may use. A disallowed origin gets no CORS headers (the browser then
 * blocks the request).
 */
export function preflightResponse(request: Request, origins: "*" | readonly string[], methods: readonly string[]): Response {
  const allow = [...methods, "OPTIONS"].join(", ");
  const headers: Record<string, string> = { Allow: allow, ...corsHeaders(request, origins) };
  if (headers["Access-Control-Allow-Origin"] !== undefined && request.headers.has("access-control-request-method")) {
    headers["Access-Control-Allow-Methods"] = allow;
    headers["Access-Control-Allow-Headers"] = ALLOWED_HEADERS;
    headers["Access-Control-Max-Age"] = PREFLIGHT_MAX_AGE;
  }
  return new Response(null, { status: 204, headers });
}

/** `response` with the CORS headers for `request` added. */
export function withCors(response: Response, request: Request, origins: "*" | readonly string[]): Response {
  const headers = corsHeaders(request, origins);
  if (Object.keys(headers).length === 0) return response;
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) {
    if (name !== "Vary") copy.headers.set(name, value);
    else if (!(copy.headers.get("Vary") ?? "").split(",").some((part) => part.trim() === value)) copy.headers.append("Vary", value);
  }
  if (copy.headers.has("WWW-Authenticate") || copy.headers.has("Allow")) copy.headers.set("Access-Control-Expose-Headers", "WWW-Authenticate, Allow");
  return copy;
}
