// Each isolate's warm copies: built indexes by catalog id + version, the pointer re-read every recheck period.

import type { ToolIndex } from "../tool-index.js";
import { buildCatalogIndex } from "./catalog-index.js";
import type { CatalogPointer, CatalogStore } from "./catalog-store.js";
import { errorMessage } from "../support/error-message.js";
import type { ServiceEmbeddingModel } from "./embedding.js";
import { catalogNotFound, ServiceError, fromToolsiftError } from "./errors.js";
import { readOnly } from "./version-embeddings.js";
import { dedupe, warningsFromEvent, type ServiceWarning } from "./warnings.js";

/** A published catalog version, built and ready to rank in this isolate. */
export interface WarmCatalog {
  readonly id: string;
  readonly pointer: CatalogPointer;
  readonly index: ToolIndex;
  /** `Date.now()` when the pointer last confirmed this version. */
  checkedAt: number;
  /** The revision of learnt usage installed in `index` (warm-usage.ts); unset until a selection installs one. */
  usageRevision?: number;
}

/** The catalog to answer from, and what getting it worked around. */
export interface CatalogLookup {
  readonly entry: WarmCatalog;
  readonly warnings: readonly ServiceWarning[];
}

export interface LookupSettings {
  /** Serve a warm copy without reading the pointer for this long (0: read it on every request). */
  readonly recheckMs: number;
  readonly model: ServiceEmbeddingModel | undefined;
}

function isStorageFailure(error: unknown): boolean {
  return ServiceError.isInstance(error) && error.code === "STORAGE_UNAVAILABLE";
}

/**
 * The built indexes of this isolate, least recently used dropped past `capacity`. A lookup answers
 * from the warm copy while it is fresh; otherwise it reads the pointer and, when the pointer names
 * another version, loads that version (once, however many requests wait for it). When KV fails, a
 * warm copy answers instead, with a CATALOG_STALE warning; with no warm copy the failure stands (503).
 */
export class WarmCatalogs {
  private readonly entries = new Map<string, WarmCatalog>();
  private readonly loading = new Map<string, Promise<CatalogLookup>>();

  constructor(private readonly capacity: number) {}

  /** Makes `entry` the warm copy of its catalog (a write installs the index it just built). */
  install(entry: WarmCatalog): void {
    this.entries.delete(entry.id);
    this.entries.set(entry.id, entry);
    for (const id of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(id);
    }
  }

  drop(id: string): void {
    this.entries.delete(id);
  }

  async lookup(id: string, store: CatalogStore, settings: LookupSettings): Promise<CatalogLookup> {
    const warm = this.entries.get(id);
    if (warm !== undefined && Date.now() - warm.checkedAt < settings.recheckMs) {
      this.install(warm);
      return { entry: warm, warnings: [] };
    }
    let pointer: CatalogPointer | null;
    try {
      pointer = await store.readPointer(id);
    } catch (error) {
      return this.stale(warm, error);
    }
    if (pointer === null) {
      this.entries.delete(id);
      throw catalogNotFound(id);
    }
    if (warm !== undefined && warm.pointer.version === pointer.version) {
      warm.checkedAt = Date.now();
      this.install(warm);
      return { entry: warm, warnings: [] };
    }
    try {
      return await this.load(id, pointer, store, settings.model);
    } catch (error) {
      return this.stale(warm, error);
    }
  }

  private stale(warm: WarmCatalog | undefined, error: unknown): CatalogLookup {
    if (warm === undefined || !isStorageFailure(error)) throw error;
    const message =
      `Could not check for a newer version of catalog "${warm.id}" (${errorMessage(error)}); ` +
      `answered from this isolate's copy of version ${warm.pointer.version}.`;
    return { entry: warm, warnings: [{ code: "CATALOG_STALE", message }] };
  }

  /** Loads the version `pointer` names, once however many requests wait for it. */
  private load(
    id: string,
    pointer: CatalogPointer,
    store: CatalogStore,
    model: ServiceEmbeddingModel | undefined,
  ): Promise<CatalogLookup> {
    const key = `${id}@${pointer.version}`;
    let pending = this.loading.get(key);
    if (pending === undefined) {
      pending = this.loadVersion(id, pointer, store, model).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async loadVersion(
    id: string,
    read: CatalogPointer,
    store: CatalogStore,
    model: ServiceEmbeddingModel | undefined,
  ): Promise<CatalogLookup> {
    let published;
    try {
      published = await store.readPublished(id, read);
    } catch (error) {
      if (ServiceError.isInstance(error) && error.code === "CATALOG_NOT_FOUND") this.entries.delete(id);
      throw error;
    }
    const { pointer, text } = published;
    let built;
    try {
      const cache = model === undefined ? undefined : readOnly(store.embeddings(id, pointer.version));
      built = await buildCatalogIndex(JSON.parse(text), model, cache);
    } catch (error) {
      // The write validated this catalog: failing to read it now is the service's problem, not the caller's.
      const detail = fromToolsiftError(error)?.message ?? errorMessage(error);
      const message = `The stored version ${pointer.version} of catalog "${id}" could not be indexed: ${detail}`;
      throw new ServiceError("INTERNAL", message, {}, { cause: error });
    }
    const entry: WarmCatalog = { id, pointer, index: built.index, checkedAt: Date.now() };
    // A write in this isolate may have installed a newer version while this one loaded: keep that.
    const current = this.entries.get(id);
    if (current === undefined || current.pointer.updatedAt <= pointer.updatedAt) this.install(entry);
    return { entry, warnings: dedupe(built.events.flatMap(warningsFromEvent)) };
  }
}
