// The service's routes as one table: health, a service description at `/`, and the catalog API under /v1.

import type { MiddlewareHandler } from "hono";
import { modelId } from "../../support/model-id.js";
import { requireAccess, requireAdmin } from "../tenants/auth.js";
import { deleteCatalogRoute, getCatalog, putCatalogRoute } from "../catalogs/catalog-routes.js";
import { jsonBody } from "./json-body.js";
import { selectRoute } from "../catalogs/select-route.js";
import type { ServiceApp, ServiceContext } from "./service-context.js";
import { createTokenRoute, getTokenRoute, listTokensRoute, revokeTokenRoute } from "../tenants/tenant-routes.js";
import { learnRoute, usageRoute } from "../usage/usage-routes.js";
import { mcpRoute } from "../mcp/mcp-route.js";
import { catalogIdParam } from "./validation.js";

/** `GET /health` → `{ status: "ok", embedding }`; touches no storage, needs no token. */
async function health(c: ServiceContext): Promise<Response> {
  const { model } = c.var.state;
  return c.json({ status: "ok", embedding: model === undefined ? "none (keyword ranking)" : modelId(model) });
}

/**
 * `GET /` when no static page answers it (the playground, `public/index.html`, is served by the
 * Worker's static assets ahead of this route once `npm run build:playground` has built it).
 */
async function describeService(c: ServiceContext): Promise<Response> {
  return c.json({
    service: "toolsift selection service",
    routes: ROUTES.flatMap((route) => Object.keys(route.methods).map((method) => `${method} ${route.path}`)),
    playground: "not built: run `npm run build:playground`, then reload",
  });
}

/** What runs for one method of a route: its middleware (auth, the path's id, the body), then the handler. */
type RouteChain = readonly [...MiddlewareHandler<ServiceApp>[], (c: ServiceContext) => Promise<Response>];

export interface ServiceRoute {
  /** Hono path pattern; `:id` is one whole, non-empty segment, compared as sent. */
  readonly path: string;
  /** Handler chains by method, in the order `Allow` lists them (`HEAD` is answered by `GET`). */
  readonly methods: Readonly<Partial<Record<"GET" | "PUT" | "DELETE" | "POST", RouteChain>>>;
  /** `false`: the route touches no storage (KV, usage objects), so the demo seed does not run before it. */
  readonly storage?: false;
}

const catalogBody = jsonBody("catalog", (limits) => limits.maxBodyBytes);
const selectBody = jsonBody("select", (limits) => limits.maxSelectBodyBytes);
const learnBody = jsonBody("learn", (limits) => limits.maxLearnBodyBytes);
const mcpBody = jsonBody("MCP", (limits) => limits.maxSelectBodyBytes);
/** A token request is small: 100 catalog entries of 64 characters and a label. */
const tokenBody = jsonBody("token", () => 16 * 1024);

/** Every route; `GET /` lists them. Auth comes first, so nothing else of an unauthorised request is read. */
export const ROUTES: readonly ServiceRoute[] = [
  { path: "/", methods: { GET: [describeService] }, storage: false },
  { path: "/health", methods: { GET: [health] }, storage: false },
  {
    path: "/v1/catalogs/:id",
    methods: {
      GET: [requireAccess("read"), catalogIdParam, getCatalog],
      PUT: [requireAccess("write"), catalogIdParam, catalogBody, putCatalogRoute],
      DELETE: [requireAccess("write"), catalogIdParam, deleteCatalogRoute],
    },
  },
  {
    path: "/v1/catalogs/:id/select",
    methods: { POST: [requireAccess("read"), catalogIdParam, selectBody, selectRoute] },
  },
  {
    path: "/v1/catalogs/:id/learn",
    methods: { POST: [requireAccess("learn"), catalogIdParam, learnBody, learnRoute] },
  },
  {
    path: "/v1/catalogs/:id/usage",
    methods: { GET: [requireAccess("read"), catalogIdParam, usageRoute] },
  },
  {
    // MCP Streamable HTTP without SSE streams: GET and DELETE are 405, as the spec has a server without them answer.
    path: "/v1/catalogs/:id/mcp",
    methods: { POST: [requireAccess("read"), catalogIdParam, mcpBody, mcpRoute] },
  },
  {
    path: "/v1/tokens",
    methods: { GET: [requireAdmin, listTokensRoute], POST: [requireAdmin, tokenBody, createTokenRoute] },
  },
  {
    path: "/v1/tokens/:tokenId",
    methods: { GET: [requireAdmin, getTokenRoute], DELETE: [requireAdmin, revokeTokenRoute] },
  },
];

/** The methods `Allow` lists for a route: its own, and `HEAD` wherever `GET` is. */
export function allowedMethods(route: ServiceRoute): string[] {
  const methods = Object.keys(route.methods);
  return methods.includes("GET") ? [...methods, "HEAD"] : methods;
}
