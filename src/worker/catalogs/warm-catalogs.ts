// Each isolate's warm copies: built indexes by catalog id + version, the pointer re-read every recheck period;
// each catalog's newest version seen, so an isolate never goes back to an older one.

import { buildCatalogIndex } from "./catalog-index.js";
import {
  answerFrom,
  entryBytes,
  type CatalogLookup,
  type LookupSettings,
  type WarmBudget,
  type WarmCatalog,
} from "./warm-catalog.js";
import {
  comparePointers,
  newerPointer,
  READ_GRACE_MS,
  writtenAt,
  type CatalogPointer,
  type CatalogStore,
} from "./catalog-store.js";
import { errorMessage } from "../../support/error-message.js";
import { catalogNotFound, ServiceError, fromToolsiftError } from "../http/errors.js";
import { readOnly } from "./version-embeddings.js";
import { warningsFromEvent, type ServiceWarning } from "../http/warnings.js";
import { modelId } from "../../support/model-id.js";
import type { ServiceEmbeddingModel } from "../embedding/embedding-model.js";
import { CATALOG_LIMIT_MAXIMUMS } from "../../core/catalog-limits.js";

export type { CatalogLookup, LookupSettings, WarmBudget, WarmCatalog } from "./warm-catalog.js";

function isStorageFailure(error: unknown): boolean {
  return ServiceError.isInstance(error) && error.code === "STORAGE_UNAVAILABLE";
}

/** Catalog ids whose newest version an isolate remembers (least recently used forgotten past it). */
const MARK_CAPACITY = 10_000;
/** Published versions remembered per catalog (the write clean-up deletes those it knows were superseded). */
const KNOWN_VERSIONS = 64;

/** The newest state of one catalog this isolate has seen: a published version, or its deletion. */
interface HighWaterMark {
  readonly pointer: CatalogPointer;
  /** Whether this isolate last saw the catalog deleted (every version up to `pointer` is gone). */
  readonly deleted: boolean;
  /** Counts this isolate's writes of the catalog: a read that started before one must not override it. */
  readonly writes: number;
  /** Versions this isolate saw published (pointed at), oldest first. */
  readonly known: readonly string[];
}

/**
 * The built indexes of this isolate, least recently used dropped past the budget's count or bytes (the one being
 * answered is always kept, however large). A lookup answers
 * from the warm copy while it is fresh; otherwise it reads the pointer and, when the pointer names
 * another version, loads that version (once, however many requests wait for it). When KV fails, a
 * warm copy answers instead, with a CATALOG_STALE warning; with no warm copy the failure stands (503).
 *
 * Per catalog id it keeps a high-water mark: the newest pointer seen (by `comparePointers`) or the
 * deletion this isolate made. A pointer older than the mark (KV's eventual consistency) is answered from
 * the mark's version; a read that started before this isolate's own PUT or DELETE is answered by that
 * write (read-your-writes); after this isolate deleted a catalog, only a newer pointer brings it back.
 */
export class WarmCatalogs {
  private readonly entries = new Map<string, WarmCatalog>();
  private readonly loading = new Map<string, Promise<CatalogLookup>>();
  private readonly marks = new Map<string, HighWaterMark>();

  constructor(private readonly budget: WarmBudget) {}

  /** A write of this isolate published `entry`: it becomes the warm copy and the newest version seen. */
  publishedHere(entry: WarmCatalog): void {
    this.raiseMark(entry.id, entry.pointer, false, true);
    this.install(entry);
  }

  /** A DELETE of this isolate unpublished `pointer`: the catalog answers 404 until a newer pointer appears. */
  deletedHere(id: string, pointer: CatalogPointer): void {
    this.entries.delete(id);
    const seen = this.marks.get(id)?.pointer;
    this.raiseMark(id, seen === undefined ? pointer : newerPointer(pointer, seen), true, true);
  }

  /** The versions of `id` this isolate saw published (so none of them is still being written). */
  knownVersions(id: string): ReadonlySet<string> {
    return new Set(this.marks.get(id)?.known);
  }

  /** How many writes of `id` this isolate made: a read that started at another count raced one of them. */
  writesOf(id: string): number {
    return this.marks.get(id)?.writes ?? 0;
  }

  /**
   * The pointer a plain read (GET) answers from, given the pointer it read from KV (null: none) and
   * `writesOf(id)` when that read started: never older than the newest state this isolate has seen,
   * null (404) after this isolate's own deletion. A newer pointer raises the mark.
   */
  pointerToServe(id: string, read: CatalogPointer | null, writesBefore: number): CatalogPointer | null {
    const mark = this.marks.get(id);
    if (mark !== undefined && (mark.writes !== writesBefore || read === null || this.isBehind(read, mark))) {
      if (read === null && mark.writes === writesBefore) {
        this.raiseMark(id, mark.pointer, true, false);
        return null;
      }
      return mark.deleted ? null : mark.pointer;
    }
    if (read !== null) this.raiseMark(id, read, false, false);
    return read;
  }

  async lookup(id: string, store: CatalogStore, settings: LookupSettings): Promise<CatalogLookup> {
    const warm = this.entries.get(id);
    // A warm copy behind the newest state seen (a GET saw a newer pointer) is not served without a check.
    const seen = this.marks.get(id);
    const upToDate = seen === undefined || (!seen.deleted && seen.pointer.version === warm?.pointer.version);
    if (warm !== undefined && upToDate && Date.now() - warm.checkedAt < settings.recheckMs) {
      this.install(warm);
      return answerFrom(warm);
    }
    const writes = this.marks.get(id)?.writes ?? 0;
    let pointer: CatalogPointer | null;
    try {
      pointer = await store.readPointer(id);
    } catch (error) {
      // The newest state this isolate knows is a deletion: answer it rather than the failure.
      if (this.marks.get(id)?.deleted === true && isStorageFailure(error)) throw catalogNotFound(id);
      return this.staleCopyOrThrow(this.entries.get(id), error);
    }
    // Everything below reads this isolate's state afresh: a write may have landed during the await.
    const mark = this.marks.get(id);
    if (mark !== undefined && (mark.writes !== writes || (pointer !== null && this.isBehind(pointer, mark)))) {
      return this.fromMark(id, mark, store, settings);
    }
    if (pointer === null) {
      this.entries.delete(id);
      if (mark !== undefined) this.raiseMark(id, mark.pointer, true, false);
      throw catalogNotFound(id);
    }
    const current = this.entries.get(id);
    if (current !== undefined && current.pointer.version === pointer.version) {
      current.checkedAt = Date.now();
      this.install(current);
      return answerFrom(current);
    }
    try {
      return await this.load(id, pointer, store, settings);
    } catch (error) {
      return this.staleCopyOrThrow(this.entries.get(id), error);
    }
  }

  /**
   * Whether `pointer` is behind the mark: the version this isolate saw deleted or an older one, a version the mark's
   * write replaced (`previous`, `superseded`), or, within READ_GRACE_MS of the mark's write, any older pointer (KV's
   * eventual consistency). Past that, an older pointer that is not one the mark replaced is KV's last write: two
   * writes raced and the older-stamped one reached KV last, so the isolate follows it rather than keep its own.
   */
  private isBehind(pointer: CatalogPointer, mark: HighWaterMark): boolean {
    const order = comparePointers(pointer, mark.pointer);
    // After this isolate's DELETE only a newer pointer brings the catalog back (read-your-writes).
    if (mark.deleted) return order <= 0;
    if (order === 0) return false;
    const { previous, superseded } = mark.pointer;
    if (pointer.version === previous || superseded?.some((entry) => entry.version === pointer.version)) return true;
    return order < 0 && Date.now() - writtenAt(mark.pointer) < READ_GRACE_MS;
  }

  /** Answers from the newest state seen: 404 after a deletion, else the mark's version (loaded if evicted). */
  private fromMark(
    id: string,
    mark: HighWaterMark,
    store: CatalogStore,
    settings: LookupSettings,
  ): Promise<CatalogLookup> | CatalogLookup {
    if (mark.deleted) throw catalogNotFound(id);
    const warm = this.entries.get(id);
    if (warm !== undefined && warm.pointer.version === mark.pointer.version) {
      this.install(warm);
      return answerFrom(warm);
    }
    return this.load(id, mark.pointer, store, settings);
  }

  /** Raises the mark of `id` to `pointer` (a write of this isolate sets it as it is). */
  private raiseMark(id: string, pointer: CatalogPointer, deleted: boolean, ownWrite: boolean): void {
    const previous = this.marks.get(id);
    const newest = ownWrite || previous === undefined || !this.isBehind(pointer, previous) ? pointer : previous.pointer;
    const known = previous?.known.filter((version) => version !== pointer.version) ?? [];
    known.push(pointer.version);
    this.marks.delete(id);
    this.marks.set(id, {
      pointer: newest,
      deleted: deleted && newest === pointer,
      writes: (previous?.writes ?? 0) + (ownWrite ? 1 : 0),
      known: known.slice(-KNOWN_VERSIONS),
    });
    for (const oldest of this.marks.keys()) {
      if (this.marks.size <= MARK_CAPACITY) break;
      this.marks.delete(oldest);
    }
  }

  /** `entry` (still the warm copy of its catalog) grew (learnt usage installed): others are dropped past the budget. */
  refit(entry: WarmCatalog): void {
    if (this.entries.get(entry.id) === entry) this.install(entry);
  }

  /** Makes `entry` the warm copy of its catalog, dropping the least recently used others past the budget. */
  private install(entry: WarmCatalog): void {
    this.entries.delete(entry.id);
    this.entries.set(entry.id, entry);
    let bytes = 0;
    for (const warm of this.entries.values()) bytes += entryBytes(warm);
    for (const [id, warm] of this.entries) {
      if (this.entries.size <= this.budget.catalogs && bytes <= this.budget.bytes) break;
      if (warm === entry) continue; // the one being answered stays, however large
      this.entries.delete(id);
      bytes -= entryBytes(warm);
    }
  }

  private staleCopyOrThrow(warm: WarmCatalog | undefined, error: unknown): CatalogLookup {
    if (warm === undefined || !isStorageFailure(error)) throw error;
    const message =
      `Could not check for a newer version of catalog "${warm.id}" (${errorMessage(error)}); ` +
      `answered from this isolate's copy of version ${warm.pointer.version}.`;
    return answerFrom(warm, [{ code: "CATALOG_STALE", message }]);
  }

  /** Loads the version `pointer` names, once however many requests wait for it. */
  private load(
    id: string,
    pointer: CatalogPointer,
    store: CatalogStore,
    settings: LookupSettings,
  ): Promise<CatalogLookup> {
    const key = `${id}@${pointer.version}`;
    let pending = this.loading.get(key);
    if (pending === undefined) {
      pending = this.loadVersion(id, pointer, store, settings).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async loadVersion(
    id: string,
    read: CatalogPointer,
    store: CatalogStore,
    settings: LookupSettings,
  ): Promise<CatalogLookup> {
    const writes = this.marks.get(id)?.writes ?? 0;
    let published;
    try {
      published = await store.readPublished(id, read);
    } catch (error) {
      if (ServiceError.isInstance(error) && error.code === "CATALOG_NOT_FOUND") {
        const mark = this.marks.get(id);
        if (mark !== undefined && mark.writes !== writes && mark.pointer.version !== read.version) {
          return this.fromMark(id, mark, store, settings);
        }
        this.entries.delete(id);
        this.raiseMark(id, mark === undefined ? read : mark.pointer, true, false);
      }
      throw error;
    }
    const { pointer, text } = published;
    let built;
    try {
      const { model, onEvent } = settings;
      const cache = model === undefined ? undefined : readOnly(store.embeddings(id, pointer.version));
      // A stored version passed the service's limits when it was written: read it back under the widest ones.
      built = await buildCatalogIndex(JSON.parse(text), model, cache, CATALOG_LIMIT_MAXIMUMS, onEvent);
    } catch (error) {
      // The write validated this catalog: failing to read it now is the service's problem, not the caller's.
      // INTERNAL answers carry no internal detail: it is logged.
      const what = `The stored version ${pointer.version} of catalog "${id}" could not be indexed`;
      console.error(`[toolsift service] ${what}: ${fromToolsiftError(error)?.message ?? errorMessage(error)}`);
      throw new ServiceError("INTERNAL", `${what}; the error is logged.`, {}, { cause: error });
    }
    // A write in this isolate, or a newer pointer, may have come while this version loaded: that one answers
    // (never the version loading here: that would wait for itself).
    const mark = this.marks.get(id);
    if (mark !== undefined && (mark.writes !== writes || this.isBehind(pointer, mark))) {
      const other = mark.pointer.version !== pointer.version && mark.pointer.version !== read.version;
      if (mark.deleted || other) return this.fromMark(id, mark, store, settings);
    }
    // Remembered on the version: every later answer from this warm copy carries it, logged only now.
    const warnings = storedModelWarnings(id, pointer, settings.model);
    const entry: WarmCatalog = { id, pointer, index: built.index, checkedAt: Date.now(), warnings };
    this.raiseMark(id, pointer, false, false);
    this.install(entry);
    return answerFrom(entry, built.events.flatMap(warningsFromEvent));
  }
}

// A stored version's vectors against the model in force: vectors of another model are not used, so every isolate
// that loads the version embeds all its tools again until it is written again.

/**
 * EMBEDDING_MODEL_CHANGED (also logged) when `pointer`'s vectors were stored for another model than `model` (or for
 * none): loading it embeds its tools with `model` in every isolate, each time, until a `PUT` of the catalog stores
 * vectors for `model`. None without a model (keyword ranking reads no vectors). Called once per load: the warm copy
 * keeps the result (`WarmCatalog.warnings`), so every answer from the version carries it and the log has one line.
 */
function storedModelWarnings(
  id: string,
  pointer: CatalogPointer,
  model: ServiceEmbeddingModel | undefined,
): ServiceWarning[] {
  if (model === undefined) return [];
  const current = modelId(model);
  const stored = pointer.embeddings.model;
  if (stored === current) return [];
  const message =
    `Version ${pointer.version} of catalog "${id}" was stored ${stored === null ? "without vectors" : `with vectors of model "${stored}"`}; ` +
    `the service ranks with "${current}", so each isolate that loads it embeds its ${pointer.tools} tools again. ` +
    `PUT the catalog again to store vectors for "${current}".`;
  console.warn(`[toolsift service] EMBEDDING_MODEL_CHANGED: ${message}`);
  return [{ code: "EMBEDDING_MODEL_CHANGED", message }];
}
