// The service's routes: health, a service description at `/`, and the catalog API under /v1.

import { deleteCatalogRoute, getCatalog, putCatalogRoute } from "./catalog-routes.js";
import { modelName } from "./embedding.js";
import type { RouteContext, RouteHandler } from "./route-context.js";
import { Router } from "./router.js";
import { selectRoute } from "./select-route.js";

/** `GET /health` → `{ status: "ok", embedding }`; touches no storage, needs no token. */
async function health(context: RouteContext): Promise<Response> {
  return Response.json({ status: "ok", embedding: modelName(context.model) ?? "none (keyword ranking)" });
}

/**
 * `GET /` when no static page answers it (the playground, `public/index.html`, is served by the
 * Worker's static assets ahead of this route once `npm run build:playground` has built it).
 */
async function describeService(): Promise<Response> {
  return Response.json({
    service: "toolsift selection service",
    routes: [
      "GET /health",
      "PUT /v1/catalogs/:id",
      "GET /v1/catalogs/:id",
      "DELETE /v1/catalogs/:id",
      "POST /v1/catalogs/:id/select",
    ],
    playground: "not built: run `npm run build:playground`, then reload",
  });
}

export function createRouter(): Router<RouteHandler> {
  return new Router<RouteHandler>()
    .add("GET", "/", describeService)
    .add("GET", "/health", health)
    .add("GET", "/v1/catalogs/:id", getCatalog)
    .add("PUT", "/v1/catalogs/:id", putCatalogRoute)
    .add("DELETE", "/v1/catalogs/:id", deleteCatalogRoute)
    .add("POST", "/v1/catalogs/:id/select", selectRoute);
}
