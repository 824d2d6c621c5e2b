// Writing catalogs: a new version's keys, then the one pointer flip that publishes it; deleting unpublishes first.

import { errorMessage } from "../../support/error-message.js";
import { modelId } from "../../support/model-id.js";
import { newVersionId } from "../../support/version-id.js";
import { buildCatalogIndex, readToolDefinitions, type EmbeddingPassReport } from "./catalog-index.js";
import { newerPointer, type CatalogPointer } from "./catalog-store.js";
import type { ServiceLimits } from "../http/config.js";
import type { ServiceEmbeddingModel } from "../embedding/embedding-model.js";
import { catalogNotFound, ServiceError } from "../http/errors.js";
import { readCatalogWithinLimits } from "./upload-limits.js";
import { VersionEmbeddings } from "./version-embeddings.js";
import {
  flipDeadline,
  pointersNow,
  retire,
  retireDeleted,
  retireSuperseded,
  superseded,
  supersededBy,
  WRITE_GRACE_MS,
  type RetirementContext,
} from "./version-retirement.js";
import type { UsageClient } from "../usage/usage-client.js";
import type { CatalogVersionRef } from "../usage/usage-object.js";
import type { WarmUsage } from "../usage/warm-usage.js";
import { dedupe, warningsFromEvent, type ServiceWarning } from "../http/warnings.js";
import type { ToolsiftEvent } from "../../events.js";

/** What a write reads and writes with (`RetirementContext`: the store, the warm copies, `waitUntil`). */
export interface WriteContext extends RetirementContext {
  readonly model: ServiceEmbeddingModel | undefined;
  readonly limits: ServiceLimits;
  /** The usage objects (undefined: learning off, nothing learnt to erase on DELETE). */
  readonly usage?: UsageClient;
  readonly warmUsage?: WarmUsage;
  readonly onEvent?: (event: ToolsiftEvent, catalog: { readonly id: string }) => void;
}

export interface DeleteResult {
  /** The version that was published. */
  readonly pointer: CatalogPointer;
  readonly warnings: readonly UsageNotErased[];
}

export interface PutResult {
  /** Whether a version was published under this id before. */
  readonly replaced: boolean;
  readonly pointer: CatalogPointer;
  readonly warnings: readonly ServiceWarning[];
  /** What this write's embedding pass cost; undefined without a model or when embedding failed. */
  readonly embedding: EmbeddingPassReport | undefined;
}

/**
 * Publishes `catalog` (already parsed from `text`) as a new version of `id`:
 * 1. reads it once (toolsift's 400 errors, the 413 limits) and builds its index from what was read,
 *    embedding only tools whose text is not in the previous version's stored vectors;
 * 2. writes the vectors and the catalog text under the new version's keys (a failure deletes them
 *    and answers 503: the previous version stays published);
 * 3. flips the pointer `catalog/<id>/current` to the new version — the only write a reader can see;
 * 4. installs the built index as this isolate's warm copy (read-your-writes: this isolate's later selects
 *    answer it), and, after answering, deletes the superseded versions (`retireSuperseded`; the one it
 *    replaced stays for readers that still hold the old pointer).
 * A write does not flip (503) unless its pointer put, bounded by the KV timeout, lands more than READ_GRACE_MS
 * before its version is WRITE_GRACE_MS old (`flipDeadline`).
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
  const writesBefore = context.warm.writesOf(id);
  const previous = await store.readPointer(id);
  // The newest version this isolate knows: its keys stay for the read grace even when `previous` is a stale read.
  const seen = context.warm.pointerToServe(id, previous, writesBefore);
  const version = newVersionId();
  const startedAt = Date.now();
  const embeddings = new VersionEmbeddings(
    context.model !== undefined && previous !== null ? store.embeddings(id, previous.version) : undefined,
  );
  const cache = context.model === undefined ? undefined : embeddings;
  const built = await buildCatalogIndex(
    readToolDefinitions(read.tools),
    context.model,
    cache,
    context.limits.catalog,
    context.onEvent === undefined ? undefined : (event) => context.onEvent!(event, { id }),
  );
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

  if (Date.now() > flipDeadline(version, store.callTimeoutMs)) {
    retire(context, id, version);
    const message =
      `Writing version ${version} of catalog "${id}" took ${Date.now() - startedAt} ms: its pointer, put within ` +
      `${store.callTimeoutMs} ms, could reach readers more than ${WRITE_GRACE_MS} ms after the version was made; ` +
      "it was not published: the previous version stays published.";
    throw new ServiceError("STORAGE_UNAVAILABLE", message);
  }
  // Later than the pointer it replaces, whatever this isolate's clock says: isolates order pointers by it.
  const updatedAt = Math.max(Date.now(), previous === null ? 0 : Date.parse(previous.updatedAt) + 1 || 0);
  const pointer: CatalogPointer = {
    format: 1,
    version,
    ...(previous === null ? {} : { previous: previous.version }),
    tools: read.tools.length,
    updatedAt: new Date(updatedAt).toISOString(),
    ...superseded(supersededBy(previous, seen, updatedAt), version),
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
  context.warm.publishedHere({ id, pointer, index: built.index, checkedAt: Date.now() });
  retireSuperseded(context, id);
  const readWarnings = read.warnings.map((warning) => ({ code: "CATALOG_WARNING" as const, message: warning.message }));
  return {
    replaced: previous !== null,
    pointer,
    embedding: built.embedding,
    warnings: dedupe([...readWarnings, ...built.events.flatMap(warningsFromEvent)]),
  };
}

/**
 * Unpublishes `id` (deletes its pointer; this isolate answers 404 from then on), erases its learnt usage (the usage
 * object refuses learn requests checked against any version published before the DELETE from then on, so a catalog
 * re-created under the id starts cold), then, after answering, deletes the keys of every stored version of it but
 * writes that may still be in flight (`retireDeleted`). When the usage object cannot be reached the catalog stays
 * deleted and the answer carries `USAGE_NOT_ERASED`.
 */
export async function deleteCatalog(context: WriteContext, id: string): Promise<DeleteResult> {
  // The newest version this isolate knows is the one unpublished (a stale read would name an older one), and after
  // this isolate's own DELETE a stale pointer is not a catalog to delete again.
  const { read, served } = await pointersNow(context, id, context.warm.writesOf(id));
  if (served === null) throw catalogNotFound(id);
  const pointer = read === null ? served : newerPointer(read, served);
  await context.store.deletePointer(id);
  context.warm.deletedHere(id, pointer);
  const writes = context.warm.writesOf(id);
  // Erased up to now, not only up to the version read: a stale read names an older version than the one this DELETE
  // unpublished (the pointer key is deleted whatever it held), and learn requests checked against that one must stop.
  const erasedAt = new Date(Math.max(Date.parse(pointer.updatedAt) || 0, Date.now())).toISOString();
  const warnings = await eraseLearntUsage(context.usage, context.warmUsage, id, { ...pointer, updatedAt: erasedAt });
  retireDeleted(context, id, pointer, writes);
  return { pointer, warnings };
}

// DELETE's side of learning: erases what was learnt for a catalog, and this isolate's copy of it.

/** A DELETE's warning: the catalog is deleted, its learnt usage could not be erased. */
export interface UsageNotErased {
  readonly code: "USAGE_NOT_ERASED";
  readonly message: string;
}

/**
 * Erases what was learnt under `id` up to its `deleted` version (DELETE), and drops this isolate's copy of it; a
 * failure is answered as a warning (the catalog stays deleted). Nothing to do without the usage objects.
 */
async function eraseLearntUsage(
  client: UsageClient | undefined,
  warmUsage: WarmUsage | undefined,
  id: string,
  deleted: CatalogVersionRef,
): Promise<UsageNotErased[]> {
  if (client === undefined) return [];
  try {
    const { revision } = await client.erase(id, deleted);
    warmUsage?.erased(id, revision);
    return [];
  } catch (error) {
    const message =
      `Catalog "${id}" was deleted, but its learnt usage could not be erased (${errorMessage(error)}); ` +
      "a catalog published again under this id starts from it.";
    return [{ code: "USAGE_NOT_ERASED", message }];
  }
}
