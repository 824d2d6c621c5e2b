// Writing catalogs: a new version's keys, then the one pointer flip that publishes it; deleting unpublishes first.

import { errorMessage } from "../support/error-message.js";
import { modelId } from "../support/model-id.js";
import { newVersionId } from "../support/version-id.js";
import { buildCatalogIndex, readToolDefinitions } from "./catalog-index.js";
import type { CatalogPointer, CatalogStore } from "./catalog-store.js";
import type { ServiceLimits } from "./config.js";
import type { ServiceEmbeddingModel } from "./embedding.js";
import type { ExecutionContextLike } from "./env.js";
import { catalogNotFound, ServiceError } from "./errors.js";
import { readCatalogWithinLimits } from "./limits.js";
import { VersionEmbeddings } from "./version-embeddings.js";
import type { WarmCatalogs } from "./warm-catalogs.js";
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
      ({ failed }) =>
        failed.length > 0 &&
        console.warn(
          `[toolsift service] ${failed.length} keys of retired version ${version} of catalog "${id}" are left in KV`,
        ),
      (error: unknown) =>
        console.warn(
          `[toolsift service] cleaning up version ${version} of catalog "${id}" failed:`,
          errorMessage(error),
        ),
    ),
  );
}

/**
 * Publishes `catalog` (already parsed from `text`) as a new version of `id`:
 * 1. reads it once (toolsift's 400 errors, the 413 limits) and builds its index from what was read,
 *    embedding only tools whose text is not in the previous version's stored vectors;
 * 2. writes the vectors and the catalog text under the new version's keys (a failure deletes them
 *    and answers 503: the previous version stays published);
 * 3. flips the pointer `catalog/<id>/current` to the new version — the only write a reader can see;
 * 4. installs the built index as this isolate's warm copy, and deletes the version before the
 *    previous one (the previous one stays for readers that still hold the old pointer).
 * If embedding fails the catalog is still published (`embeddings.status: "failed"`): readers embed
 * it themselves when they load it, and rank by keywords while that fails.
 */
export async function putCatalog(
  context: WriteContext,
  id: string,
  catalog: unknown,
  text: string,
): Promise<PutResult> {
  const { store } = context;
  const read = readCatalogWithinLimits(catalog, context.limits);
  const previous = await store.readPointer(id);
  const version = newVersionId();
  const embeddings = new VersionEmbeddings(
    context.model !== undefined && previous !== null ? store.embeddings(id, previous.version) : undefined,
  );
  const cache = context.model === undefined ? undefined : embeddings;
  const built = await buildCatalogIndex(readToolDefinitions(read.tools), context.model, cache);
  const failed = built.events.some((event) => event.type === "embedding-failed");
  const vectors = embeddings.take();
  const status = context.model === undefined ? "none" : failed ? "failed" : "stored";

  try {
    if (status === "stored") await store.embeddings(id, version).setMany(vectors);
    await store.writeCatalogText(id, version, text);
  } catch (error) {
    retire(context, id, version);
    const message = `Writing version ${version} of catalog "${id}" failed (${errorMessage(error)}); the previous version stays published.`;
    throw new ServiceError("STORAGE_UNAVAILABLE", message, {}, { cause: error });
  }

  const pointer: CatalogPointer = {
    format: 1,
    version,
    ...(previous === null ? {} : { previous: previous.version }),
    tools: read.tools.length,
    updatedAt: new Date().toISOString(),
    embeddings: {
      model: context.model === undefined ? null : modelId(context.model),
      status,
      vectors: status === "stored" ? vectors.length : 0,
    },
  };
  try {
    await store.writePointer(id, pointer);
  } catch (error) {
    // The new keys stay: a put that timed out may still land and point at them.
    const message =
      `Publishing version ${version} of catalog "${id}" failed (${errorMessage(error)}); ` +
      "the previous version stays published unless the write lands late.";
    throw new ServiceError("STORAGE_UNAVAILABLE", message, {}, { cause: error });
  }
  context.warm.install({ id, pointer, index: built.index, checkedAt: Date.now() });
  retire(context, id, previous?.previous);
  const readWarnings = read.warnings.map((warning) => ({ code: "CATALOG_WARNING" as const, message: warning.message }));
  return {
    replaced: previous !== null,
    pointer,
    warnings: dedupe([...readWarnings, ...built.events.flatMap(warningsFromEvent)]),
  };
}

/** Unpublishes `id` (deletes its pointer), then, after answering, the keys of its current and previous versions. */
export async function deleteCatalog(context: WriteContext, id: string): Promise<CatalogPointer> {
  const pointer = await context.store.readPointer(id);
  if (pointer === null) throw catalogNotFound(id);
  await context.store.deletePointer(id);
  context.warm.drop(id);
  retire(context, id, pointer.version);
  retire(context, id, pointer.previous);
  return pointer;
}
