// The manifest of a KV slab: the one JSON value that publishes a namespace's vectors, and its validation.

import { ToolsiftError } from "../errors.js";

/**
 * The manifest: the one value that publishes a slab. Its chunks are
 * `<prefix>/<namespace>/chunk/<version>/<0…chunks-1>`.
 */
export interface Manifest {
  format: 1;
  dims: number;
  count: number;
  hashes: string[];
  chunks: number;
  /** Bytes of every chunk but the last. */
  chunkBytes: number;
  version: string;
}

/** A stored slab that cannot be used as it is (as opposed to KV failing to answer). */
export class CorruptSlab extends Error {
  override readonly name = "CorruptSlab";
}

/**
 * Parses and checks a stored manifest; `CorruptSlab` when it cannot be used, `CACHE_READ_FAILED` for a
 * newer format.
 */
export function parseManifest(text: string, key: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CorruptSlab(`${key} is not JSON`, { cause: error });
  }
  const manifest = value as Manifest;
  if (typeof manifest !== "object" || manifest === null) throw new CorruptSlab(`${key} is not a manifest object`);
  if (manifest.format !== 1) {
    throw new ToolsiftError(
      "CACHE_READ_FAILED",
      `kvCache: ${key} has format ${JSON.stringify(manifest.format)}; this version of toolsift reads format 1.`,
      { key, expected: 1, received: manifest.format },
    );
  }
  const counts = [manifest.dims, manifest.count, manifest.chunks, manifest.chunkBytes];
  if (
    !counts.every((n) => Number.isInteger(n) && n >= 0) ||
    manifest.dims < 1 ||
    manifest.chunkBytes < 4 ||
    manifest.chunkBytes % 4 !== 0
  ) {
    throw new CorruptSlab(
      `${key} has invalid sizes (dims ${manifest.dims}, count ${manifest.count}, chunks ${manifest.chunks}, chunkBytes ${manifest.chunkBytes})`,
    );
  }
  if (
    !Array.isArray(manifest.hashes) ||
    manifest.hashes.length !== manifest.count ||
    !manifest.hashes.every((hash) => typeof hash === "string")
  ) {
    throw new CorruptSlab(
      `${key} lists ${Array.isArray(manifest.hashes) ? manifest.hashes.length : "no"} hashes for ${manifest.count} vectors`,
    );
  }
  if (typeof manifest.version !== "string" || manifest.version.length === 0) {
    throw new CorruptSlab(`${key} has no version`);
  }
  if (manifest.chunks !== Math.ceil((manifest.count * manifest.dims * 4) / manifest.chunkBytes)) {
    throw new CorruptSlab(
      `${key} names ${manifest.chunks} chunks for ${manifest.count * manifest.dims * 4} bytes in chunks of ${manifest.chunkBytes}`,
    );
  }
  return manifest;
}
