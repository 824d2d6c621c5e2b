// Adapts toolpick's whole-set `{ load, save }` cache to EmbeddingCache; a trailing marker row maps vectors to keys.

import { storageFailure } from "../support/storage-failure.js";
import { mixedHash32 } from "../core/hash.js";
import { ToolsiftError } from "../errors.js";
import { errorMessage } from "../support/error-message.js";
import { memoizeUntilFailure } from "../support/memoize-until-failure.js";
import { createSerialQueue } from "../support/serial-queue.js";
import { hasMethods, invalidOption } from "../support/validate-options.js";
import { groupEntries, groupKeys } from "./cache-batch.js";
import { splitCacheKey, type EmbeddingCache, type LoadSaveEmbeddingCache } from "./embedding-cache.js";

/** First value of the marker row: "tool" in ASCII, a number no embedding component takes. */
export const MARKER_MAGIC = 0x746f6f6c;
/** Second value of the marker row: the layout of the rest of it. */
export const MARKER_FORMAT = 1;

const HALF = 2 ** 26;

/**
 * A 52-bit hash of the whole key (namespace included), as two 26-bit integers: exact in a JSON
 * number, and 52 bits keep collisions among 100,000 keys below one in 10^6.
 */
export function markerHash(key: string): [high: number, low: number] {
  return [mixedHash32(key, 0x811c9dc5) % HALF, mixedHash32(key, 0x9e3779b9) % HALF];
}

const markerId = (high: number, low: number): number => high * HALF + low;

interface Stored {
  /** Vectors by `markerId` of their key, in the order they are saved. */
  readonly vectors: Map<number, Float32Array>;
  /** Rows of a file without a marker (written by toolpick itself), not yet matched to keys. */
  legacy: number[][] | null;
}

function readRows(rows: unknown): Stored {
  if (rows === null || rows === undefined) return { vectors: new Map(), legacy: null };
  if (!Array.isArray(rows)) {
    throw new ToolsiftError(
      "CACHE_READ_FAILED",
      `embeddingCache.load() returned ${typeof rows}; expected number[][] or null.`,
      { received: typeof rows },
    );
  }
  rows.forEach((row: unknown, index) => {
    if (!Array.isArray(row) || !row.every((value) => typeof value === "number")) {
      throw new ToolsiftError(
        "CACHE_READ_FAILED",
        `embeddingCache.load() returned a row ${index} that is not an array of numbers.`,
        { row: index },
      );
    }
  });
  const marker = rows.at(-1) as number[] | undefined;
  if (marker === undefined || marker[0] !== MARKER_MAGIC) {
    return { vectors: new Map(), legacy: rows.length > 0 ? (rows as number[][]) : null };
  }
  if (marker[1] !== MARKER_FORMAT) {
    throw new ToolsiftError(
      "CACHE_READ_FAILED",
      `embeddingCache.load() returned a marker row of format ${marker[1]}; this version of toolsift reads format ${MARKER_FORMAT}.`,
      { expected: MARKER_FORMAT, received: marker[1] },
    );
  }
  const count = rows.length - 1;
  if (marker.length !== 2 + 2 * count) {
    throw new ToolsiftError(
      "CACHE_READ_FAILED",
      `embeddingCache.load() returned a marker row naming ${(marker.length - 2) / 2} keys for ${count} vectors.`,
      { expected: count, received: (marker.length - 2) / 2 },
    );
  }
  const vectors = new Map<number, Float32Array>();
  for (let row = 0; row < count; row++)
    vectors.set(markerId(marker[2 + 2 * row], marker[3 + 2 * row]), Float32Array.from(rows[row] as number[]));
  return { vectors, legacy: null };
}

/**
 * The rows of a file without a marker match `keys` by position only: when there is one row per key,
 * all rows have one length, the keys share one namespace and, when that namespace ends in a number
 * of dimensions, the rows have that length.
 */
function matchesByPosition(rows: number[][], keys: readonly string[]): boolean {
  if (rows.length !== keys.length || rows.length === 0) return false;
  const dims = rows[0].length;
  if (dims === 0 || !rows.every((row) => row.length === dims)) return false;
  const { namespace } = splitCacheKey(keys[0]);
  if (!keys.every((key) => splitCacheKey(key).namespace === namespace)) return false;
  const named = namespace.slice(namespace.lastIndexOf("/") + 1);
  return !/^\d+$/.test(named) || Number(named) === dims;
}

/**
 * An `EmbeddingCache` over toolpick's cache shape (`{ load(): number[][] | null, save(rows) }`, e.g.
 * toolpick's `fileCache(path)`). It saves the vectors followed by one marker row
 * `[MARKER_MAGIC, MARKER_FORMAT, high0, low0, high1, low1, …]` holding a 52-bit hash of each row's
 * key, so that a changed tool description misses exactly its own vector. toolpick itself rejects such
 * a file (its length is one more than the tool count) and re-embeds.
 *
 * A file without the marker row (written by toolpick) is used by position only: row i is taken as
 * the vector of `keys[i]` when the first `getMany` asks for exactly as many keys as there are rows,
 * all of one namespace, and every row has one length. That path cannot notice a changed
 * description, and its vectors are what toolpick embedded (its own text for each tool). The first
 * `setMany` rewrites the file with a marker row; rows never matched to keys are dropped then.
 *
 * `load` is called once, on first use (again after a failed load); `save` on every `setMany`, with
 * the whole set. Vectors are kept per key: a vector of a new length for a namespace leaves its other
 * vectors in place (toolsift re-embeds cached vectors of the wrong length).
 */
export function fromLoadSave(cache: LoadSaveEmbeddingCache): EmbeddingCache {
  if (!hasMethods(cache, "load", "save")) {
    invalidOption("fromLoadSave", "cache", "a { load, save } object (toolpick's cache shape)", cache);
  }
  const loadOnce = memoizeUntilFailure(async (): Promise<Stored> => {
    try {
      return readRows(await cache.load());
    } catch (error) {
      if (ToolsiftError.isInstance(error)) throw error;
      throw storageFailure("CACHE_READ_FAILED", "embeddingCache.load() failed", {}, error);
    }
  });
  const writes = createSerialQueue();

  const write = async (batch: ReadonlyArray<readonly [string, Float32Array]>): Promise<void> => {
    let current: Stored;
    try {
      current = await loadOnce();
    } catch (error) {
      throw new ToolsiftError(
        "CACHE_WRITE_FAILED",
        `embeddingCache: the stored vectors could not be loaded to add to them, so nothing was saved: ${errorMessage(error)}`,
        {},
        { cause: error },
      );
    }
    const vectors = new Map(current.vectors);
    for (const [key, vector] of batch) {
      const id = markerId(...markerHash(key));
      vectors.delete(id); // re-inserted last, in the order of this batch
      vectors.set(id, vector.slice());
    }
    const rows: number[][] = [];
    const marker = [MARKER_MAGIC, MARKER_FORMAT];
    for (const [id, vector] of vectors) {
      rows.push(Array.from(vector));
      marker.push(Math.floor(id / HALF), id % HALF);
    }
    rows.push(marker);
    try {
      await cache.save(rows);
    } catch (error) {
      throw storageFailure("CACHE_WRITE_FAILED", "embeddingCache.save() failed", {}, error);
    }
    current.vectors.clear();
    for (const [id, vector] of vectors) current.vectors.set(id, vector);
    current.legacy = null;
  };

  return {
    async getMany(keys) {
      groupKeys(keys, "embeddingCache");
      const current = await loadOnce();
      if (current.legacy !== null && current.vectors.size === 0 && matchesByPosition(current.legacy, keys)) {
        current.legacy.forEach((row, index) =>
          current.vectors.set(markerId(...markerHash(keys[index])), Float32Array.from(row)),
        );
        current.legacy = null;
      }
      return keys.map((key) => current.vectors.get(markerId(...markerHash(key)))?.slice());
    },

    async setMany(batch) {
      groupEntries(batch, "embeddingCache");
      return writes.run(() => write(batch));
    },
  };
}
