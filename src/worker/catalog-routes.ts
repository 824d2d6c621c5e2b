// GET, PUT and DELETE /v1/catalogs/:id: read the published catalog, publish a new version, unpublish.

import { authorize } from "./auth.js";
import { deleteCatalog, putCatalog, type WriteContext } from "./catalog-writes.js";
import type { CatalogPointer } from "./catalog-store.js";
import { ServiceError } from "./errors.js";
import { readJsonBody } from "./request-body.js";
import type { RouteContext } from "./route-context.js";
import { catalogBodySchema, checkCatalogId, validate } from "./validation.js";
import { catalogNotFound } from "./warm-catalogs.js";

/** The write-path view of a route's context. */
export function writeContext(context: RouteContext): WriteContext {
  return { store: context.store, warm: context.warm, model: context.model, limits: context.config.limits, ctx: context.ctx };
}

/** What the API says about a published version (without the catalog itself). */
function describeVersion(id: string, pointer: CatalogPointer) {
  return {
    id,
    version: pointer.version,
    ...(pointer.previous === undefined ? {} : { previousVersion: pointer.previous }),
    tools: pointer.tools,
    updatedAt: pointer.updatedAt,
    embeddings: pointer.embeddings,
  };
}

/** `GET /v1/catalogs/:id` → `{ id, version, previousVersion?, tools, updatedAt, embeddings, catalog }`, the catalog as uploaded. */
export async function getCatalog(context: RouteContext): Promise<Response> {
  await authorize(context.request, context.env, "read");
  const id = checkCatalogId(context.params.id);
  const { store } = context;
  let pointer = await store.readPointer(id);
  if (pointer === null) throw catalogNotFound(id);
  let text = await store.readCatalogText(id, pointer.version);
  if (text === null) {
    // Newer writes retired the version between the two reads: follow the pointer once more.
    pointer = await store.readPointer(id);
    if (pointer === null) throw catalogNotFound(id);
    text = await store.readCatalogText(id, pointer.version);
    if (text === null) throw new ServiceError("STORAGE_UNAVAILABLE", `Catalog "${id}" points at version ${pointer.version}, whose catalog is not in KV (yet).`);
  }
  // The stored text is spliced in as it is: it was checked as JSON when written, and is not parsed again here.
  const head = JSON.stringify(describeVersion(id, pointer));
  return new Response(`${head.slice(0, -1)},"catalog":${text}}`, { headers: { "Content-Type": "application/json; charset=utf-8" } });
}

/** `PUT /v1/catalogs/:id` with a catalog in any shape createToolIndex reads → 201 (new) or 200 (replaced). */
export async function putCatalogRoute(context: RouteContext): Promise<Response> {
  await authorize(context.request, context.env, "write");
  const id = checkCatalogId(context.params.id);
  const body = await readJsonBody(context.request, context.config.limits.maxBodyBytes, "catalog");
  // zod checks the outer shape; toolsift reads the value as parsed (a zod copy could differ on keys like "__proto__").
  validate(catalogBodySchema, body.value, "catalog", "INVALID_CATALOG");
  const result = await putCatalog(writeContext(context), id, body.value, body.text);
  return Response.json(
    { ...describeVersion(id, result.pointer), ...(result.warnings.length > 0 ? { warnings: result.warnings } : {}) },
    { status: result.replaced ? 200 : 201 },
  );
}

/** `DELETE /v1/catalogs/:id` → `{ id, deleted: true, version }`; the version's keys are deleted after the answer. */
export async function deleteCatalogRoute(context: RouteContext): Promise<Response> {
  await authorize(context.request, context.env, "write");
  const id = checkCatalogId(context.params.id);
  const pointer = await deleteCatalog(writeContext(context), id);
  return Response.json({ id, deleted: true, version: pointer.version });
}
