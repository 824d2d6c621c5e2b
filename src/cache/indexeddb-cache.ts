// An embedding cache in the browser's IndexedDB (`toolsift/storage`): one ArrayBuffer per key.

import { storageFailure } from "../support/storage-failure.js";
import { ToolsiftError } from "../errors.js";
import { memoizeUntilFailure } from "../support/memoize-until-failure.js";
import { knownOptions, stringOption } from "../support/validate-options.js";
import { groupEntries, groupKeys } from "./cache-batch.js";
import type { EmbeddingCache } from "./embedding-cache.js";

/** Options of `indexedDbCache`. */
export interface IndexedDbCacheOptions {
  /** Name of the IndexedDB database (created when missing). Default `"toolsift"`; a non-empty string. */
  dbName?: string;
  /**
   * Object store holding the vectors, created (by a version upgrade) when missing. Default
   * `"embeddings"`; a non-empty string.
   */
  storeName?: string;
}

const WHERE = "indexedDbCache";

function decode(value: unknown, key: string): Float32Array | undefined {
  if (value === undefined) return undefined;
  if (!(value instanceof ArrayBuffer) || value.byteLength % 4 !== 0 || value.byteLength === 0) {
    throw new Error(
      `the value stored under "${key}" is not a vector (${value instanceof ArrayBuffer ? `${value.byteLength} bytes` : typeof value})`,
    );
  }
  return new Float32Array(value); // each read gets its own structured-clone copy: no need to copy again
}

/** The vector's own bytes as an ArrayBuffer (IndexedDB clones it on `put`). */
function bufferOf(vector: Float32Array): ArrayBuffer {
  const whole =
    vector.byteOffset === 0 && vector.byteLength === vector.buffer.byteLength && vector.buffer instanceof ArrayBuffer;
  return whole ? (vector.buffer as ArrayBuffer) : vector.slice().buffer;
}

/**
 * An `EmbeddingCache` in IndexedDB (browsers, and any runtime with a global `indexedDB`). Vectors are
 * stored as ArrayBuffers under their keys; each `getMany` and `setMany` is one transaction. The
 * database closes itself when another tab upgrades it, and is reopened on the next call. Vectors are
 * kept per key: a vector of a new length for a namespace leaves its other vectors in place (toolsift
 * re-embeds cached vectors of the wrong length).
 */
export function indexedDbCache(options: IndexedDbCacheOptions = {}): EmbeddingCache {
  const given = knownOptions(WHERE, options, ["dbName", "storeName"]);
  const dbName = stringOption(WHERE, "dbName", given?.dbName, "toolsift");
  const storeName = stringOption(WHERE, "storeName", given?.storeName, "embeddings");

  const openVersion = (version?: number): Promise<IDBDatabase> =>
    new Promise((resolve, reject) => {
      const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
      if (factory === undefined) throw new Error("this runtime has no IndexedDB (globalThis.indexedDB is undefined)");
      const request = version === undefined ? factory.open(dbName) : factory.open(dbName, version);
      let blocked = false;
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(storeName)) request.result.createObjectStore(storeName);
      };
      request.onsuccess = () => {
        // Opened after we gave up waiting for another tab: nobody holds this connection.
        if (blocked) request.result.close();
        else resolve(request.result);
      };
      request.onerror = () => reject(request.error);
      request.onblocked = () => {
        blocked = true;
        reject(new Error(`upgrading database "${dbName}" is blocked: another tab keeps an older version open`));
      };
    });

  /** The open database, shared by every call; reopened after a failed open or after another tab upgraded it. */
  const database = memoizeUntilFailure(async (): Promise<IDBDatabase> => {
    let db = await openVersion();
    if (!db.objectStoreNames.contains(storeName)) {
      const version = db.version + 1;
      db.close();
      db = await openVersion(version);
    }
    db.onversionchange = () => {
      db.close();
      database.reset();
    };
    return db;
  });

  const inTransaction = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => () => T): Promise<T> => {
    const db = await database();
    return new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(storeName, mode);
      const result = work(transaction.objectStore(storeName));
      transaction.oncomplete = () => {
        try {
          resolve(result());
        } catch (error) {
          reject(error);
        }
      };
      transaction.onabort = () => reject(transaction.error ?? new Error("the transaction was aborted"));
    });
  };

  const failure = (code: "CACHE_READ_FAILED" | "CACHE_WRITE_FAILED", action: string, error: unknown): ToolsiftError =>
    ToolsiftError.isInstance(error)
      ? error
      : storageFailure(
          code,
          `indexedDbCache could not ${action} store "${storeName}" of database "${dbName}"`,
          { dbName, storeName },
          error,
        );

  return {
    async getMany(keys) {
      groupKeys(keys, WHERE);
      if (keys.length === 0) return [];
      try {
        return await inTransaction("readonly", (store) => {
          const values: unknown[] = new Array(keys.length);
          keys.forEach((key, index) => {
            const request = store.get(key);
            request.onsuccess = () => (values[index] = request.result);
          });
          return () => values.map((value, index) => decode(value, keys[index]));
        });
      } catch (error) {
        throw failure("CACHE_READ_FAILED", "read from", error);
      }
    },

    async setMany(entries) {
      groupEntries(entries, WHERE);
      if (entries.length === 0) return;
      try {
        await inTransaction("readwrite", (store) => {
          for (const [key, vector] of entries) store.put(bufferOf(vector), key);
          return () => undefined;
        });
      } catch (error) {
        throw failure("CACHE_WRITE_FAILED", "write to", error);
      }
    },
  };
}
