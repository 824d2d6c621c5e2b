// GET, PUT and DELETE /v1/catalogs/:id: read the published catalog, publish a new version, unpublish.

import { deleteCatalog, putCatalog, type WriteContext } from "./catalog-writes.js";
import type { CatalogPointer } from "./catalog-store.js";
import { catalogNotFound } from "./errors.js";
import type { ServiceContext } from "./service-context.js";

/** The write-path view of a request's context. */
export function writeContext(c: ServiceContext): WriteContext {
  const { store, warm, model } = c.var.state;
  return { store, warm, model, limits: c.var.config.limits, ctx: c.executionCtx };
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

/**
 * `GET /v1/catalogs/:id` → `{ id, version, previousVersion?, tools, updatedAt, embeddings, catalog }`,
 * the catalog as uploaded.
 */
export async function getCatalog(c: ServiceContext): Promise<Response> {
  const id = c.var.catalogId;
  const { store } = c.var.state;
  const current = await store.readPointer(id);
  if (current === null) throw catalogNotFound(id);
  const { pointer, text } = await store.readPublished(id, current);
  // The stored text is spliced in as it is: it was checked as JSON when written, and is not parsed again here.
  const head = JSON.stringify(describeVersion(id, pointer));
  return c.body(`${head.slice(0, -1)},"catalog":${text}}`, 200, { "Content-Type": "application/json; charset=utf-8" });
}

/** `PUT /v1/catalogs/:id` with a catalog in any shape createToolIndex reads → 201 (new) or 200 (replaced). */
export async function putCatalogRoute(c: ServiceContext): Promise<Response> {
  const id = c.var.catalogId;
  const { value, text } = c.var.body;
  // toolsift reads the value as parsed (and checks its shape): no other pass over it.
  const result = await putCatalog(writeContext(c), id, value, text);
  const warnings = result.warnings.length > 0 ? { warnings: result.warnings } : {};
  return c.json({ ...describeVersion(id, result.pointer), ...warnings }, result.replaced ? 200 : 201);
}

/** `DELETE /v1/catalogs/:id` → `{ id, deleted: true, version }`; the version's keys are deleted after the answer. */
export async function deleteCatalogRoute(c: ServiceContext): Promise<Response> {
  const id = c.var.catalogId;
  const pointer = await deleteCatalog(writeContext(c), id);
  return c.json({ id, deleted: true, version: pointer.version });
}
