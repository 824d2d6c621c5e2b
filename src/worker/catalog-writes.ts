// Writing catalogs: a new version's keys first, then the one pointer flip that publishes it; deleting removes the pointer, then the keys.

import { buildCatalogIndex } from "./catalog-index.js";
import { newVersion, type CatalogPointer, type CatalogStore } from "./catalog-store.js";
import type { ServiceLimits } from "./config.js";
import { modelName, type ServiceEmbeddingModel } from "./embedding.js";
import type { ExecutionContextLike } from "./env.js";
import { ServiceError } from "./errors.js";
import { checkCatalogLimits } from "./limits.js";
import { VersionEmbeddings } from "./version-embeddings.js";
import { catalogNotFound, type WarmCatalogs } from "./warm-catalogs.js";
import { dedupe, warningsFromEvent, type ServiceWarning } from "./warnings.js";

export interface WriteContext {
  readonly store: CatalogStore;
  readonly warm: WarmCatalogs;
  readonly model: ServiceEmbeddingModel | undefined;
  readonly limits: ServiceLimits;
  readonly ctx: ExecutionContextLike;
}

export interface PutResult {
  /** Whether a version was published under this id before. */
  readonly replaced: boolean;
  readonly pointer: CatalogPointer;
  readonly warnings: readonly ServiceWarning[];
}

/** Deletes a retired version after the answer is sent; what could not be deleted is logged. */
function retire(context: WriteContext, id: string, version: string | undefined): void {
  if (version === undefined) return;
  context.ctx.waitUntil(
    context.store.deleteVersion(id, version).then(
      ({ failed }) => failed.length > 0 && console.warn(`[toolsift service] ${failed.length} keys of retired version ${version} of catalog "${id}" are left in KV`),
      (error: unknown) => console.warn(`[toolsift service] cleaning up version ${version} of catalog "${id}" failed:`, error instanceof Error ? error.message : String(error)),
    ),
  );
}

/**
 * Publishes `catalog` (already parsed from `text`) as a new version of `id`:
 * 1. checks it (toolsift's 400 errors, the 413 limits) and builds its index, embedding only tools
 *    whose text is not in the previous version's stored vectors;
 * 2. writes the vectors and the catalog text under the new version's keys (a failure deletes them
 *    and answers 503: the previous version stays published);
 * 3. flips the pointer `catalog/<id>/current` to the new version — the only write a reader can see;
 * 4. installs the built index as this isolate's warm copy, and deletes the version before the
 *    previous one (the previous one stays for readers that still hold the old pointer).
 * If embedding fails the catalog is still published (`embeddings.status: "failed"`): readers embed
 * it themselves when they load it, and rank by keywords while that fails.
 */
export async function putCatalog(context: WriteContext, id: string, catalog: unknown, text: string): Promise<PutResult> {
  const { store } = context;
  const tools = checkCatalogLimits(catalog, context.limits);
  const previous = await store.readPointer(id);
  const version = newVersion();
  const embeddings = new VersionEmbeddings(context.model !== undefined && previous !== null ? store.embeddings(id, previous.version) : undefined);
  const built = await buildCatalogIndex(catalog, context.model, context.model === undefined ? undefined : embeddings);
  const failed = built.events.some((event) => event.type === "embedding-failed");
  const vectors = embeddings.take();
  const status = context.model === undefined ? "none" : failed ? "failed" : "stored";

  try {
    if (status === "stored") await store.embeddings(id, version).setMany(vectors);
    await store.writeCatalogText(id, version, text);
  } catch (error) {
    retire(context, id, version);
    const reason = error instanceof Error ? error.message : String(error);
    throw new ServiceError("STORAGE_UNAVAILABLE", `Writing version ${version} of catalog "${id}" failed (${reason}); the previous version stays published.`, {}, { cause: error });
  }

  const pointer: CatalogPointer = {
    format: 1,
    version,
    ...(previous === null ? {} : { previous: previous.version }),
    tools,
    updatedAt: new Date().toISOString(),
    embeddings: { model: modelName(context.model), status, vectors: status === "stored" ? vectors.length : 0 },
  };
  try {
    await store.writePointer(id, pointer);
  } catch (error) {
    // The new keys stay: a put that timed out may still land and point at them.
    const reason = error instanceof Error ? error.message : String(error);
    throw new ServiceError("STORAGE_UNAVAILABLE", `Publishing version ${version} of catalog "${id}" failed (${reason}); the previous version stays published unless the write lands late.`, {}, { cause: error });
  }
  context.warm.install({ id, pointer, index: built.index, checkedAt: Date.now() });
  retire(context, id, previous?.previous);
  return { replaced: previous !== null, pointer, warnings: dedupe(built.events.flatMap(warningsFromEvent)) };
}

/** Unpublishes `id` (deletes its pointer), then deletes the keys of its current and previous versions after answering. */
export async function deleteCatalog(context: WriteContext, id: string): Promise<CatalogPointer> {
  const pointer = await context.store.readPointer(id);
  if (pointer === null) throw catalogNotFound(id);
  await context.store.deletePointer(id);
  context.warm.drop(id);
  retire(context, id, pointer.version);
  retire(context, id, pointer.previous);
  return pointer;
}
