// An embedding cache in one binary file (Node only; `toolsift/storage`): JSON header, Float32 rows, atomic writes.

import { storageFailure } from "../support/storage-failure.js";
import { readFile } from "node:fs/promises";
import { ToolsiftError } from "../errors.js";
import { errorMessage } from "../support/error-message.js";
import { memoizeUntilFailure } from "../support/memoize-until-failure.js";
import { createSerialQueue } from "../support/serial-queue.js";
import { functionOption, invalidOption, knownOptions, limitOption } from "../support/validate-options.js";
import { groupEntries, groupKeys, type NamespaceEntries } from "./cache-batch.js";
import type { EmbeddingCache, EmbeddingCacheEvent } from "./embedding-cache.js";
import { DEFAULT_MAX_ENTRIES, VectorSlab } from "./vector-slab.js";
import { writeFileAtomically } from "../support/write-file-atomically.js";

/**
 * File layout, format 1: the 8 bytes `toolsift`, a little-endian uint32 header length, the header
 * (UTF-8 JSON `{ format: 1, namespaces: [{ namespace, dims, count, hashes }] }`, space-padded so the
 * rows start on a 4-byte boundary), then each namespace's rows of `dims` float32s, in header order.
 * The floats are written in the machine's byte order, little-endian on every platform Node ships for
 * but s390x.
 */
const WHERE = "fileCache";
const MAGIC = "toolsift";
const PREFIX_BYTES = 12;
const FORMAT = 1;

interface Header {
  format: number;
  namespaces: { namespace: string; dims: number; count: number; hashes: string[] }[];
}

/** Options of `fileCache`. */
export interface FileCacheOptions {
  /**
   * Most vectors the file keeps, all model namespaces together. A write beyond it drops the least recently used
   * (rows this process read since its last write count as used, with those it writes; a namespace not used for
   * longest goes first). Keep it above the tools of every catalog that shares the file, or each build re-embeds what
   * the last one dropped. Default 10,000; an integer ≥ 1, or `Infinity` to keep every vector ever written.
   */
  maxEntries?: number;
  /** Receives what the cache worked around: a damaged cache file it replaced. Default: none. */
  onEvent?: (event: EmbeddingCacheEvent) => void;
}

/** A file that starts like a toolsift cache but cannot be read; replacing it loses nothing. */
class DamagedFile extends Error {
  override readonly name = "DamagedFile";
}

function decode(bytes: Uint8Array, path: string): Map<string, VectorSlab> {
  if (bytes.length < PREFIX_BYTES || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) {
    throw new ToolsiftError(
      "CACHE_READ_FAILED",
      `fileCache: ${path} is not a toolsift embedding cache file (it does not start with "${MAGIC}"); delete it or choose another path.`,
      { path },
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerBytes = view.getUint32(8, true);
  if (PREFIX_BYTES + headerBytes > bytes.length) throw new DamagedFile(`the header runs past the end of the file`);
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + headerBytes))) as Header;
  } catch (error) {
    throw new DamagedFile(`the header is not JSON`, { cause: error });
  }
  if (header.format !== FORMAT) {
    throw new ToolsiftError(
      "CACHE_READ_FAILED",
      `fileCache: ${path} has format ${JSON.stringify(header.format)}; this version of toolsift reads format ${FORMAT}.`,
      { path, expected: FORMAT, received: header.format },
    );
  }
  if (!Array.isArray(header.namespaces)) throw new DamagedFile(`the header lists no namespaces`);
  let offset = PREFIX_BYTES + headerBytes;
  const slabs = new Map<string, VectorSlab>();
  for (const { namespace, dims, count, hashes } of header.namespaces) {
    if (
      typeof namespace !== "string" ||
      !Number.isInteger(dims) ||
      dims < 1 ||
      !Array.isArray(hashes) ||
      hashes.length !== count
    ) {
      throw new DamagedFile(`namespace ${JSON.stringify(namespace)} has an invalid description`);
    }
    const length = count * dims * 4;
    if (offset + length > bytes.length) {
      throw new DamagedFile(`the rows of namespace "${namespace}" run past the end of the file`);
    }
    // Copy into a fresh buffer: file bytes need not be 4-byte aligned for a Float32Array view.
    const data = new Float32Array(count * dims);
    new Uint8Array(data.buffer).set(bytes.subarray(offset, offset + length));
    slabs.set(namespace, new VectorSlab(dims, hashes, data));
    offset += length;
  }
  if (offset !== bytes.length) throw new DamagedFile(`${bytes.length - offset} bytes follow the last namespace`);
  return slabs;
}

function encode(slabs: ReadonlyMap<string, VectorSlab>): Uint8Array[] {
  const header: Header = {
    format: FORMAT,
    namespaces: [...slabs].map(([namespace, slab]) => ({
      namespace,
      dims: slab.dims,
      count: slab.count,
      hashes: [...slab.hashes],
    })),
  };
  let json = new TextEncoder().encode(JSON.stringify(header));
  const padded = Math.ceil((PREFIX_BYTES + json.length) / 4) * 4 - PREFIX_BYTES;
  if (padded !== json.length) {
    const spaces = new Uint8Array(padded).fill(0x20);
    spaces.set(json);
    json = spaces;
  }
  const prefix = new Uint8Array(PREFIX_BYTES);
  prefix.set(new TextEncoder().encode(MAGIC));
  new DataView(prefix.buffer).setUint32(8, json.length, true);
  return [prefix, json, ...[...slabs.values()].map((slab) => slab.bytes)];
}

async function readSlabs(path: string): Promise<Map<string, VectorSlab>> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Map();
    throw storageFailure("CACHE_READ_FAILED", `fileCache could not read ${path}`, { path }, error);
  }
  return decode(bytes, path);
}

/**
 * An `EmbeddingCache` in the binary file at `path` (Node only). The file is read on first use and kept
 * in memory; each `setMany` reads the file again (to keep what other processes added), merges, and
 * replaces it atomically (temporary file, flush, rename), so a crash or a concurrent reader never
 * sees half a file. Missing directories are created. A file that is not a toolsift cache is never
 * overwritten (`CACHE_READ_FAILED` / `CACHE_WRITE_FAILED`); a damaged toolsift cache file is replaced
 * on the next write and reported through `onEvent`. Vectors of a new length for a namespace (the model
 * behind it changed) replace that namespace's rows: the older vectors are dropped. The file keeps at most
 * `maxEntries` vectors (default 10,000), the least recently used dropped first.
 */
export function fileCache(path: string, options: FileCacheOptions = {}): EmbeddingCache {
  if (typeof path !== "string" || path.length === 0) {
    invalidOption(WHERE, "path", "a file path (a non-empty string)", path);
  }
  const given = knownOptions(WHERE, options, ["maxEntries", "onEvent"]);
  const maxEntries = limitOption(WHERE, "maxEntries", given?.maxEntries, DEFAULT_MAX_ENTRIES);
  const onEvent = functionOption<(event: EmbeddingCacheEvent) => void>(WHERE, "onEvent", given?.onEvent);
  /** The file as first read (again after a failed read); `written` replaces it once this instance writes. */
  const firstRead = memoizeUntilFailure(() =>
    readSlabs(path).catch((error: unknown) => {
      if (error instanceof DamagedFile) {
        throw new ToolsiftError(
          "CACHE_READ_FAILED",
          `fileCache: ${path} is damaged (${error.message}); it is replaced on the next write.`,
          { path },
          { cause: error },
        );
      }
      throw error;
    }),
  );
  let written: Map<string, VectorSlab> | undefined;
  /** Per namespace, the hashes read since this instance last wrote: the next write keeps them as used. */
  let used = new Map<string, Set<string>>();
  const writes = createSerialQueue();

  const write = async (groups: readonly NamespaceEntries[]): Promise<void> => {
    let slabs: Map<string, VectorSlab>;
    try {
      slabs = await readSlabs(path);
    } catch (error) {
      if (!(error instanceof DamagedFile)) {
        throw new ToolsiftError(
          "CACHE_WRITE_FAILED",
          `fileCache did not write ${path}: ${errorMessage(error)}`,
          { path },
          { cause: error },
        );
      }
      slabs = new Map();
      onEvent?.({
        type: "embedding-cache-replaced",
        namespace: "*",
        message: `${path} is damaged (${error.message}); writing a new file`,
        cause: error,
      });
    }
    // Reads from here on count towards the next write.
    const usedNow = used;
    used = new Map();
    // Namespaces in order of last use too: read ones, then written ones, move to the end.
    for (const [namespace, hashes] of usedNow) {
      const slab = slabs.get(namespace);
      if (slab === undefined) continue;
      slabs.delete(namespace);
      slabs.set(namespace, slab.with(slab.dims, new Map(), { used: hashes }));
    }
    for (const { namespace, dims, vectors } of groups) {
      const slab = slabs.get(namespace);
      slabs.delete(namespace);
      slabs.set(namespace, (slab ?? VectorSlab.empty).with(dims, vectors));
    }
    let excess = [...slabs.values()].reduce((total, slab) => total + slab.count, 0) - maxEntries;
    for (const [namespace, slab] of slabs) {
      if (excess <= 0) break;
      const dropped = Math.min(excess, slab.count);
      excess -= dropped;
      if (dropped === slab.count) slabs.delete(namespace);
      else slabs.set(namespace, slab.with(slab.dims, new Map(), { maxEntries: slab.count - dropped }));
    }
    await writeFileAtomically("fileCache", path, encode(slabs));
    written = slabs;
  };

  return {
    async getMany(keys) {
      const groups = groupKeys(keys, WHERE);
      const slabs = written ?? (await firstRead());
      const found: (Float32Array | undefined)[] = new Array(keys.length).fill(undefined);
      for (const group of groups) {
        slabs.get(group.namespace)?.readInto(group, found, used);
      }
      return found;
    },

    async setMany(batch) {
      const groups = groupEntries(batch, WHERE);
      return writes.run(() => write(groups));
    },
  };
}
