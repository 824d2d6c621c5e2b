// Writing catalogs: a new version's keys, then the one pointer flip that publishes it; deleting unpublishes first.

import { errorMessage } from "../../support/error-message.js";
import { modelId } from "../../support/model-id.js";
import { newVersionId } from "../../support/version-id.js";
import { buildCatalogIndex, readToolDefinitions, type EmbeddingPassReport } from "./catalog-index.js";
import { newerPointer, versionCreatedAt, type CatalogPointer, type CatalogStore } from "./catalog-store.js";
import type { ServiceLimits } from "../http/config.js";
import type { ServiceEmbeddingModel } from "../embedding/embedding-model.js";
import type { ExecutionContextLike } from "../http/env.js";
import { catalogNotFound, ServiceError } from "../http/errors.js";
import { readCatalogWithinLimits } from "./upload-limits.js";
import { VersionEmbeddings } from "./version-embeddings.js";
import { eraseLearntUsage, type UsageNotErased } from "../usage/erase-learnt-usage.js";
import type { UsageClient } from "../usage/usage-client.js";
import type { WarmCatalogs } from "./warm-catalogs.js";
import type { WarmUsage } from "../usage/warm-usage.js";
import { dedupe, warningsFromEvent, type ServiceWarning } from "../http/warnings.js";
import type { ToolsiftEvent } from "../../events.js";

export interface WriteContext {
  readonly store: CatalogStore;
  readonly warm: WarmCatalogs;
  readonly model: ServiceEmbeddingModel | undefined;
  readonly limits: ServiceLimits;
  readonly ctx: ExecutionContextLike;
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
 * How long a write may take from making its version id to flipping the pointer. A write past it does not
 * flip (503), so a version this old that nothing points at is never published later and may be deleted
 * by any isolate; a younger one may be another isolate's write in flight. Readers get READ_GRACE_MS.
 */
export const WRITE_GRACE_MS = 10 * 60_000;

/**
 * How long a replaced version stays in KV after it was replaced: KV may answer an older pointer for about 60 s in
 * other locations (and an isolate re-reads it only every TOOLSIFT_RECHECK_SECONDS), and a reader whose version is
 * gone and whose KV still answers an old pointer could only answer 503.
 */
export const READ_GRACE_MS = 2 * 60_000;

/** Replaced versions a pointer remembers (`superseded`); older ones are retired even inside the read grace. */
const MAX_SUPERSEDED = 32;

/**
 * The versions a new pointer replacing `previous` at `at` (ms) keeps for readers: those replaced within the grace,
 * `previous`, and the newest version the writing isolate had seen (`seen`: a stale `previous` read would skip it).
 */
function supersededBy(
  previous: CatalogPointer | null,
  seen: CatalogPointer | null,
  at: number,
): { version: string; at: string }[] {
  const when = new Date(at).toISOString();
  const recent = [...(previous?.superseded ?? []), ...(seen?.superseded ?? [])].filter(
    (entry) => at - Date.parse(entry.at) < READ_GRACE_MS,
  );
  const replaced = [previous?.version, seen?.version].filter((version) => version !== undefined);
  // By version, the latest time wins (the longest a version is kept).
  const byVersion = new Map<string, { version: string; at: string }>();
  for (const entry of recent) {
    const held = byVersion.get(entry.version);
    if (held === undefined || Date.parse(held.at) < Date.parse(entry.at)) byVersion.set(entry.version, entry);
  }
  for (const version of replaced) byVersion.set(version, { version, at: when });
  return [...byVersion.values()].slice(-MAX_SUPERSEDED);
}

/** The versions `pointer` keeps: its own, the one it replaced, and those replaced within the read grace. */
function keptBy(pointer: CatalogPointer, now: number): string[] {
  const recent = (pointer.superseded ?? []).filter((entry) => now - Date.parse(entry.at) < READ_GRACE_MS);
  return [
    pointer.version,
    ...(pointer.previous === undefined ? [] : [pointer.previous]),
    ...recent.map((e) => e.version),
  ];
}

/** The `superseded` field of a new pointer (left out when empty; never its own version). */
function superseded(entries: { version: string; at: string }[], own: string) {
  const kept = entries.filter((entry) => entry.version !== own);
  return kept.length === 0 ? {} : { superseded: kept };
}

function logLeftKeys(id: string, version: string, failed: readonly string[]): void {
  if (failed.length === 0) return;
  console.warn(
    `[toolsift service] ${failed.length} keys of retired version ${version} of catalog "${id}" are left in KV`,
  );
}

function deleteVersions(context: WriteContext, id: string, versions: Iterable<string>): Promise<unknown> {
  return Promise.all(
    [...versions].map((version) =>
      context.store.deleteVersion(id, version).then(
        ({ failed }) => logLeftKeys(id, version, failed),
        (error: unknown) =>
          console.warn(
            `[toolsift service] cleaning up version ${version} of catalog "${id}" failed:`,
            errorMessage(error),
          ),
      ),
    ),
  );
}

/** Deletes a version this isolate wrote and never published, after the answer is sent. */
function retire(context: WriteContext, id: string, version: string): void {
  context.ctx.waitUntil(deleteVersions(context, id, [version]));
}

/**
 * Whether a stored version nothing points at can be deleted: it is one this isolate saw published (so
 * not a write in flight), or older than the write grace, or (`olderThan`, on DELETE) made before the
 * deleted version.
 */
function isRetired(context: WriteContext, id: string, version: string, olderThan?: string): boolean {
  const createdAt = versionCreatedAt(version);
  if (context.warm.knownVersions(id).has(version)) return true;
  if (Date.now() - createdAt > WRITE_GRACE_MS) return true;
  return olderThan !== undefined && createdAt <= versionCreatedAt(olderThan);
}

/**
 * The pointer KV answers now, and the one this isolate serves (`pointerToServe` given `writesBefore`): never older
 * than the newest state it has seen, null after its own DELETE. A stale KV read must never make a clean-up delete
 * the version that is published, so a clean-up keeps both.
 */
async function pointersNow(
  context: WriteContext,
  id: string,
  writesBefore: number,
): Promise<{ read: CatalogPointer | null; served: CatalogPointer | null }> {
  const read = await context.store.readPointer(id);
  return { read, served: context.warm.pointerToServe(id, read, writesBefore) };
}

/**
 * After the answer: deletes every stored version of `id` except the published one, the one it replaced (kept for
 * the next write's vector reuse) and those replaced less than READ_GRACE_MS ago (readers whose KV still answers an
 * older pointer) — both as KV answers them and as this isolate serves them (a stale KV read keeps what it hides) —
 * leaving writes that may still be in flight (`isRetired`). A catalog not written again keeps those until its next
 * write or DELETE. Concurrent writes of one id leave their superseded versions to whichever write cleans up last.
 */
function retireSuperseded(context: WriteContext, id: string): void {
  const writes = context.warm.writesOf(id);
  const cleanUp = async () => {
    const { read, served } = await pointersNow(context, id, writes);
    if (read === null || served === null) return; // deleted meanwhile: the DELETE cleans up
    const now = Date.now();
    const kept = new Set([...keptBy(read, now), ...keptBy(served, now)]);
    const versions = await context.store.listVersions(id);
    const retired = [...versions].filter((version) => !kept.has(version) && isRetired(context, id, version));
    await deleteVersions(context, id, retired);
  };
  context.ctx.waitUntil(
    cleanUp().catch((error: unknown) =>
      console.warn(`[toolsift service] cleaning up old versions of catalog "${id}" failed:`, errorMessage(error)),
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
 * 4. installs the built index as this isolate's warm copy (read-your-writes: this isolate's later selects
 *    answer it), and, after answering, deletes the superseded versions (`retireSuperseded`; the one it
 *    replaced stays for readers that still hold the old pointer).
 * A write that reaches its flip more than WRITE_GRACE_MS after it began does not flip (503).
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

  if (Date.now() - startedAt > WRITE_GRACE_MS) {
    retire(context, id, version);
    const message =
      `Writing version ${version} of catalog "${id}" took longer than ${WRITE_GRACE_MS} ms; ` +
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
  context.warm.written({ id, pointer, index: built.index, checkedAt: Date.now() });
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
 * object refuses learn requests checked against the deleted version from then on, so a catalog re-created under the
 * id starts cold), then, after answering, deletes the keys of every stored version of it but writes that may still
 * be in flight (`isRetired`). When the usage object cannot be reached the catalog stays deleted and the answer
 * carries `USAGE_NOT_ERASED`.
 */
export async function deleteCatalog(context: WriteContext, id: string): Promise<DeleteResult> {
  // The newest version this isolate knows is the one unpublished (a stale read would name an older one), and after
  // this isolate's own DELETE a stale pointer is not a catalog to delete again.
  const { read, served } = await pointersNow(context, id, context.warm.writesOf(id));
  if (served === null) throw catalogNotFound(id);
  const pointer = read === null ? served : newerPointer(read, served);
  await context.store.deletePointer(id);
  context.warm.deleted(id, pointer);
  const writes = context.warm.writesOf(id);
  const warnings = await eraseLearntUsage(context.usage, context.warmUsage, id, pointer);
  const cleanUp = async () => {
    // Published again meanwhile (here, or by a pointer newer than the deleted one): that write cleans up.
    if ((await pointersNow(context, id, writes)).served !== null) return;
    const versions = await context.store.listVersions(id);
    const retired = [...versions].filter((version) => isRetired(context, id, version, pointer.version));
    await deleteVersions(context, id, retired);
  };
  context.ctx.waitUntil(
    cleanUp().catch((error: unknown) =>
      console.warn(`[toolsift service] cleaning up deleted catalog "${id}" failed:`, errorMessage(error)),
    ),
  );
  return { pointer, warnings };
}
