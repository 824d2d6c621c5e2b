// GET, PUT and DELETE /v1/catalogs/:id: read the published catalog, publish a new version, unpublish.

import { deleteCatalog, putCatalog, type WriteContext } from "./catalog-writes.js";
import type { CatalogPointer } from "./catalog-store.js";
import { catalogNotFound, ServiceError } from "../http/errors.js";
import type { ServiceContext } from "../http/service-context.js";

/** The write-path view of a request's context. */
export function writeContext(c: ServiceContext): WriteContext {
  const { store, warm, model, usage, warmUsage, onEvent } = c.var.state;
  return { store, warm, model, limits: c.var.config.limits, ctx: c.executionCtx, usage, warmUsage, onEvent };
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

/** Rounds of one GET (a write of this isolate, or a retired version, sends it round again) before it answers 503. */
const GET_ATTEMPTS = 4;

/**
 * The published version a GET answers, and its text, by the rules select follows (warm-catalogs.ts): never
 * older than the newest state this isolate has seen, and 404 after this isolate's own DELETE, whatever a
 * delayed or stale KV read says. A write of this isolate that lands while the text is read is followed; a version
 * whose text is gone (retired by a newer write) sends it back to the pointer.
 */
async function readForGet(c: ServiceContext, id: string): Promise<{ pointer: CatalogPointer; text: string }> {
  const { store, warm } = c.var.state;
  let writes = warm.writesOf(id);
  let serve = warm.pointerToServe(id, await store.readPointer(id), writes);
  for (let attempt = 0; attempt < GET_ATTEMPTS; attempt++) {
    if (serve === null) throw catalogNotFound(id);
    writes = warm.writesOf(id);
    const text = await store.readCatalogText(id, serve.version);
    const now = warm.pointerToServe(id, serve, writes);
    if (now?.version !== serve.version) {
      serve = now; // this isolate wrote, or saw a newer version, meanwhile
      continue;
    }
    if (text !== null) return { pointer: serve, text };
    writes = warm.writesOf(id);
    const missing = serve.version;
    serve = warm.pointerToServe(id, await store.readPointer(id), writes);
    if (serve?.version === missing) break;
  }
  throw new ServiceError(
    "STORAGE_UNAVAILABLE",
    `Catalog "${id}": the text of the newest version this isolate knows is not in KV (yet, or any more); try again.`,
  );
}

/**
 * `GET /v1/catalogs/:id` → `{ id, version, previousVersion?, tools, updatedAt, embeddings, catalog }`,
 * the catalog as uploaded (read-your-writes: `readForGet`).
 */
export async function getCatalog(c: ServiceContext): Promise<Response> {
  const id = c.var.catalogId;
  const { pointer, text } = await readForGet(c, id);
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
  const described = describeVersion(id, result.pointer);
  // The PUT answer alone says what its embedding pass cost: tools embedded now, read from the version it replaced,
  // and the tokens the provider reported (null when it reports none).
  const pass = result.embedding;
  const embeddings =
    pass === undefined
      ? described.embeddings
      : { ...described.embeddings, embedded: pass.embedded, fromCache: pass.fromCache, tokens: pass.tokens };
  return c.json({ ...described, embeddings, ...warnings }, result.replaced ? 200 : 201);
}

/**
 * `DELETE /v1/catalogs/:id` → `{ id, deleted: true, version, warnings? }`: the learnt usage is erased before the
 * answer, the versions' keys after it.
 */
export async function deleteCatalogRoute(c: ServiceContext): Promise<Response> {
  const id = c.var.catalogId;
  const { pointer, warnings } = await deleteCatalog(writeContext(c), id);
  return c.json({ id, deleted: true, version: pointer.version, ...(warnings.length > 0 ? { warnings } : {}) });
}
