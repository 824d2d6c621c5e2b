// The KV layout of published catalogs: versioned keys made current by one pointer; every call bounded in time.

import { kvCache } from "../../cache/kv-cache.js";
import type { EmbeddingCache } from "../../cache/embedding-cache.js";
import { errorMessage } from "../../support/error-message.js";
import type { BoundedKv } from "../http/bounded-kv.js";
import { catalogNotFound, ServiceError } from "../http/errors.js";

/**
 * KV keys (`<id>` is a checked catalog id, `<version>` a fresh time-ordered random id per write):
 *
 *   catalog/<id>/current                         the pointer: JSON `CatalogPointer`, the one key a write flips
 *   catalog/<id>/v/<version>/catalog             the catalog as uploaded (the request body's text)
 *   catalog/<id>/v/<version>/embeddings/…        its tool vectors: a kvCache slab (manifest + binary chunks)
 *   seed/<id>                                    set once the demo catalog was seeded under <id>
 */
export const KEYS = {
  pointer: (id: string) => `catalog/${id}/current`,
  versions: (id: string) => `catalog/${id}/v/`,
  version: (id: string, version: string) => `catalog/${id}/v/${version}/`,
  catalog: (id: string, version: string) => `catalog/${id}/v/${version}/catalog`,
  embeddings: (id: string, version: string) => `catalog/${id}/v/${version}/embeddings`,
  seed: (id: string) => `seed/${id}`,
} as const;

/** What the pointer of a published catalog holds. */
export interface CatalogPointer {
  readonly format: 1;
  readonly version: string;
  /** The version this one replaced: kept while this one is published (readers holding the old pointer). */
  readonly previous?: string;
  /**
   * Versions replaced (the one this pointer replaced included) less than the read grace before this write, with
   * when: kept in KV for readers whose KV still answers an older pointer (version-retirement.ts, READ_GRACE_MS).
   */
  readonly superseded?: readonly { readonly version: string; readonly at: string }[];
  readonly tools: number;
  /** ISO 8601 time of the write, later than the replaced pointer's: isolates order pointers by it. */
  readonly updatedAt: string;
  /** The model the stored vectors belong to, and whether they were stored ("none": keyword ranking). */
  readonly embeddings: {
    readonly model: string | null;
    readonly status: "stored" | "failed" | "none";
    readonly vectors: number;
  };
}

/**
 * How long KV may answer an older pointer than the last one written: about 60 s in other locations (and an isolate
 * re-reads it only every TOOLSIFT_RECHECK_SECONDS), doubled. A replaced version stays in KV this long after it was
 * replaced (a reader whose version is gone and whose KV still answers an old pointer could only answer 503), and an
 * isolate takes a pointer that KV still answers past it as KV's last write (warm-catalogs.ts, `isBehind`).
 */
export const READ_GRACE_MS = 2 * 60_000;

/** Milliseconds since the epoch of a pointer's write (`updatedAt`); 0 when it does not parse. */
export function writtenAt(pointer: CatalogPointer): number {
  const time = Date.parse(pointer.updatedAt);
  return Number.isNaN(time) ? 0 : time;
}

/**
 * The order of published pointers: by write time (`updatedAt`, which a write makes later than the pointer it
 * replaced), then by version id so every isolate breaks a tie the same way. Negative: `a` is older.
 */
export function comparePointers(a: CatalogPointer, b: CatalogPointer): number {
  const byTime = writtenAt(a) - writtenAt(b);
  if (byTime !== 0) return byTime;
  return a.version < b.version ? -1 : a.version > b.version ? 1 : 0;
}

/** The newer of two pointers (`comparePointers`). */
export function newerPointer(a: CatalogPointer, b: CatalogPointer): CatalogPointer {
  return comparePointers(a, b) >= 0 ? a : b;
}

/**
 * When a version's keys were first written: the milliseconds that start its id (src/support/version-id.ts:
 * base-36 milliseconds, a dash, random digits). NaN for an id in another format (never retired by age).
 */
export function versionCreatedAt(version: string): number {
  const dash = version.indexOf("-");
  return dash <= 0 ? Number.NaN : Number.parseInt(version.slice(0, dash), 36);
}

/** Whether a format-1 record read as a pointer names a version. */
function hasVersion(pointer: CatalogPointer): boolean {
  return typeof pointer.version === "string" && pointer.version.length > 0;
}

export class CatalogStore {
  /** `kv`: TOOLSIFT_KV, each call bounded by TOOLSIFT_KV_TIMEOUT_MS. */
  constructor(private readonly kv: BoundedKv) {}

  /** The longest one KV call may take (TOOLSIFT_KV_TIMEOUT_MS): a write's pointer put lands within it or fails. */
  get callTimeoutMs(): number {
    return this.kv.timeoutMs;
  }

  /** The published pointer of `id`, or null. Rejects STORAGE_UNAVAILABLE when KV fails or times out. */
  async readPointer(id: string): Promise<CatalogPointer | null> {
    const key = KEYS.pointer(id);
    return this.kv.getRecord(key, hasVersion, {
      notJson: `The catalog pointer ${key} is not JSON`,
      notValid: `The catalog pointer ${key} is not a format-1 pointer with a version.`,
    });
  }

  /**
   * The catalog text of the version `pointer` names. When newer writes retired that version between
   * the two reads, the pointer is read once more and its version followed: 404 CATALOG_NOT_FOUND if
   * the catalog was deleted meanwhile, 503 STORAGE_UNAVAILABLE if that version's text is missing too.
   */
  async readPublished(id: string, pointer: CatalogPointer): Promise<{ pointer: CatalogPointer; text: string }> {
    const text = await this.readCatalogText(id, pointer.version);
    if (text !== null) return { pointer, text };
    const again = await this.readPointer(id);
    if (again === null) throw catalogNotFound(id);
    const retried = again.version === pointer.version ? null : await this.readCatalogText(id, again.version);
    if (retried === null) {
      throw new ServiceError(
        "STORAGE_UNAVAILABLE",
        `Catalog "${id}" points at version ${again.version}, whose catalog is not in KV (yet).`,
      );
    }
    return { pointer: again, text: retried };
  }

  /** The stored catalog text of a version, or null when that version is gone. */
  readCatalogText(id: string, version: string): Promise<string | null> {
    return this.kv.get(KEYS.catalog(id, version));
  }

  writeCatalogText(id: string, version: string, text: string): Promise<void> {
    return this.kv.put(KEYS.catalog(id, version), text);
  }

  /** Publishes a version: the one write that makes it current. */
  writePointer(id: string, pointer: CatalogPointer): Promise<void> {
    return this.kv.put(KEYS.pointer(id), JSON.stringify(pointer));
  }

  deletePointer(id: string): Promise<void> {
    return this.kv.delete(KEYS.pointer(id));
  }

  /**
   * The vectors of a version as an EmbeddingCache (kvCache under the version's prefix). A version is written once and
   * retired with its catalog, so its slab is bounded by the catalog (`TOOLSIFT_MAX_TOOLS`), not by kvCache's default.
   */
  embeddings(id: string, version: string): EmbeddingCache {
    return kvCache(this.kv.namespace, {
      prefix: KEYS.embeddings(id, version),
      operationTimeout: this.kv.timeoutMs,
      maxEntries: Infinity,
    });
  }

  async hasSeedMarker(id: string): Promise<boolean> {
    return (await this.kv.get(KEYS.seed(id))) !== null;
  }

  writeSeedMarker(id: string): Promise<void> {
    return this.kv.put(KEYS.seed(id), new Date().toISOString());
  }

  /** The versions with keys under `catalog/<id>/v/` (listing is eventually consistent: a new one may be missed). */
  async listVersions(id: string): Promise<Set<string>> {
    const prefix = KEYS.versions(id);
    const versions = new Set<string>();
    for (const key of await this.listKeys(prefix)) versions.add(key.slice(prefix.length).split("/")[0]);
    return versions;
  }

  /**
   * Deletes every key of a version nothing points at any more. Best effort: returns the keys it could
   * not delete (listing them is eventually consistent, so a key written moments ago may be missed).
   */
  async deleteVersion(id: string, version: string): Promise<{ deleted: number; failed: string[] }> {
    const keys = await this.listKeys(KEYS.version(id, version));
    const failed: string[] = [];
    await Promise.all(
      keys.map((key) =>
        this.kv.delete(key).catch((error: unknown) => {
          failed.push(key);
          console.warn("[toolsift service] could not delete a retired key:", errorMessage(error));
        }),
      ),
    );
    return { deleted: keys.length - failed.length, failed };
  }

  private async listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.kv.list(prefix, cursor === undefined ? {} : { cursor });
      for (const { name } of page.keys) keys.push(name);
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor !== undefined);
    return keys;
  }
}
