// Each isolate's warm copies: built indexes keyed by catalog id + version, the pointer re-read at most every TOOLSIFT_RECHECK_SECONDS.

import type { ToolIndex } from "../tool-index.js";
import { buildCatalogIndex } from "./catalog-index.js";
import type { CatalogPointer, CatalogStore } from "./catalog-store.js";
import type { ServiceEmbeddingModel } from "./embedding.js";
import { ServiceError, fromToolsiftError } from "./errors.js";
import { readOnly } from "./version-embeddings.js";
import { dedupe, warningsFromEvent, type ServiceWarning } from "./warnings.js";

/** A published catalog version, built and ready to rank in this isolate. */
export interface WarmCatalog {
  readonly id: string;
  readonly pointer: CatalogPointer;
  readonly index: ToolIndex;
  /** `Date.now()` when the pointer last confirmed this version. */
  checkedAt: number;
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

export function catalogNotFound(id: string): ServiceError {
  return new ServiceError("CATALOG_NOT_FOUND", `No catalog is published under id "${id}"; upload one with PUT /v1/catalogs/${id}.`);
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

  /** The version this isolate holds for `id`, if any (for tests and the write path). */
  peek(id: string): WarmCatalog | undefined {
    return this.entries.get(id);
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
    const reason = error instanceof Error ? error.message : String(error);
    return {
      entry: warm,
      warnings: [{ code: "CATALOG_STALE", message: `Could not check for a newer version of catalog "${warm.id}" (${reason}); answered from this isolate's copy of version ${warm.pointer.version}.` }],
    };
  }

  private load(id: string, pointer: CatalogPointer, store: CatalogStore, model: ServiceEmbeddingModel | undefined): Promise<CatalogLookup> {
    const key = `${id}@${pointer.version}`;
    let pending = this.loading.get(key);
    if (pending === undefined) {
      pending = this.loadVersion(id, pointer, store, model, false).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async loadVersion(id: string, pointer: CatalogPointer, store: CatalogStore, model: ServiceEmbeddingModel | undefined, retried: boolean): Promise<CatalogLookup> {
    const text = await store.readCatalogText(id, pointer.version);
    if (text === null) {
      // Two newer writes may have retired this version since the pointer was read: read it once more.
      const again = retried ? pointer : await store.readPointer(id);
      if (again === null) {
        this.entries.delete(id);
        throw catalogNotFound(id);
      }
      if (again.version !== pointer.version) return this.loadVersion(id, again, store, model, true);
      throw new ServiceError("STORAGE_UNAVAILABLE", `Catalog "${id}" points at version ${pointer.version}, whose catalog is not in KV (yet).`);
    }
    let built;
    try {
      const catalog: unknown = JSON.parse(text);
      built = await buildCatalogIndex(catalog, model, model === undefined ? undefined : readOnly(store.embeddings(id, pointer.version)));
    } catch (error) {
      // The write validated this catalog: failing to read it now is the service's problem, not the caller's.
      const detail = fromToolsiftError(error)?.message ?? (error instanceof Error ? error.message : String(error));
      throw new ServiceError("INTERNAL", `The stored version ${pointer.version} of catalog "${id}" could not be indexed: ${detail}`, {}, { cause: error });
    }
    const entry: WarmCatalog = { id, pointer, index: built.index, checkedAt: Date.now() };
    // A write in this isolate may have installed a newer version while this one loaded: keep that.
    const current = this.entries.get(id);
    if (current === undefined || current.pointer.updatedAt <= pointer.updatedAt) this.install(entry);
    return { entry, warnings: dedupe(built.events.flatMap(warningsFromEvent)) };
  }
}
