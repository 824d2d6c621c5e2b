// Which stored versions of a catalog stay for readers after a write or a DELETE; deleting the rest after answering.

import { errorMessage } from "../../support/error-message.js";
import type { ExecutionContextLike } from "../http/env.js";
import { READ_GRACE_MS, versionCreatedAt, type CatalogPointer, type CatalogStore } from "./catalog-store.js";
import type { WarmCatalogs } from "./warm-catalogs.js";

/** What a clean-up reads and deletes with: the KV store, this isolate's warm copies, and `waitUntil`. */
export interface RetirementContext {
  readonly store: CatalogStore;
  readonly warm: WarmCatalogs;
  readonly ctx: ExecutionContextLike;
}

/**
 * How long a write may take from making its version id to flipping the pointer. A write past it does not
 * flip (503), so a version this old that nothing points at is never published later and may be deleted
 * by any isolate; a younger one may be another isolate's write in flight. Readers get READ_GRACE_MS.
 */
export const WRITE_GRACE_MS = 10 * 60_000;

// READ_GRACE_MS (catalog-store.ts): how long a replaced version stays in KV after it was replaced.
export { READ_GRACE_MS };

/**
 * The latest time (ms) a write of `version` may begin its pointer put. The put lands within `putTimeoutMs` (or
 * fails), and KV may answer the older pointer elsewhere for up to READ_GRACE_MS after that: so every clean-up that
 * reads the pointer once the version is WRITE_GRACE_MS old sees it published, and none counts it as abandoned.
 */
export function flipDeadline(version: string, putTimeoutMs: number): number {
  return versionCreatedAt(version) + WRITE_GRACE_MS - READ_GRACE_MS - putTimeoutMs;
}

/** Replaced versions a pointer remembers (`superseded`); older ones are retired even inside the read grace. */
const MAX_SUPERSEDED = 32;

/**
 * The versions a new pointer replacing `previous` at `at` (ms) keeps for readers: those replaced within the grace,
 * `previous`, and the newest version the writing isolate had seen (`seen`: a stale `previous` read would skip it).
 */
export function supersededBy(
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
export function superseded(entries: { version: string; at: string }[], own: string) {
  const kept = entries.filter((entry) => entry.version !== own);
  return kept.length === 0 ? {} : { superseded: kept };
}

function logLeftKeys(id: string, version: string, failed: readonly string[]): void {
  if (failed.length === 0) return;
  console.warn(
    `[toolsift service] ${failed.length} keys of retired version ${version} of catalog "${id}" are left in KV`,
  );
}

function deleteVersions(context: RetirementContext, id: string, versions: Iterable<string>): Promise<unknown> {
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
export function retire(context: RetirementContext, id: string, version: string): void {
  context.ctx.waitUntil(deleteVersions(context, id, [version]));
}

/**
 * Whether a stored version nothing points at can be deleted: it is one this isolate saw published (so
 * not a write in flight), or was older than the write grace when the pointer was read (`readAt`: a flip may land
 * while the versions are listed), or (`olderThan`, on DELETE) made before the deleted version.
 */
function isRetired(
  context: RetirementContext,
  id: string,
  version: string,
  readAt: number,
  olderThan?: string,
): boolean {
  const createdAt = versionCreatedAt(version);
  if (context.warm.knownVersions(id).has(version)) return true;
  if (readAt - createdAt > WRITE_GRACE_MS) return true;
  return olderThan !== undefined && createdAt <= versionCreatedAt(olderThan);
}

/**
 * The pointer KV answers now, and the one this isolate serves (`pointerToServe` given `writesBefore`): never older
 * than the newest state it has seen, null after its own DELETE. A stale KV read must never make a clean-up delete
 * the version that is published, so a clean-up keeps both.
 */
export async function pointersNow(
  context: RetirementContext,
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
export function retireSuperseded(context: RetirementContext, id: string): void {
  const writes = context.warm.writesOf(id);
  const cleanUp = async () => {
    const readAt = Date.now();
    const { read, served } = await pointersNow(context, id, writes);
    if (read === null || served === null) return; // deleted meanwhile: the DELETE cleans up
    const kept = new Set([...keptBy(read, readAt), ...keptBy(served, readAt)]);
    const versions = await context.store.listVersions(id);
    const retired = [...versions].filter((version) => !kept.has(version) && isRetired(context, id, version, readAt));
    await deleteVersions(context, id, retired);
  };
  context.ctx.waitUntil(
    cleanUp().catch((error: unknown) =>
      console.warn(`[toolsift service] cleaning up old versions of catalog "${id}" failed:`, errorMessage(error)),
    ),
  );
}

/**
 * After a DELETE's answer: deletes the keys of every stored version of `id` (the `deleted` one and older) but writes
 * that may still be in flight (`isRetired`); nothing when the catalog was published again meanwhile (`writes`: this
 * isolate's write count after the DELETE).
 */
export function retireDeleted(context: RetirementContext, id: string, deleted: CatalogPointer, writes: number): void {
  const cleanUp = async () => {
    const readAt = Date.now();
    // Published again meanwhile (here, or by a pointer newer than the deleted one): that write cleans up.
    if ((await pointersNow(context, id, writes)).served !== null) return;
    const versions = await context.store.listVersions(id);
    const retired = [...versions].filter((version) => isRetired(context, id, version, readAt, deleted.version));
    await deleteVersions(context, id, retired);
  };
  context.ctx.waitUntil(
    cleanUp().catch((error: unknown) =>
      console.warn(`[toolsift service] cleaning up deleted catalog "${id}" failed:`, errorMessage(error)),
    ),
  );
}
