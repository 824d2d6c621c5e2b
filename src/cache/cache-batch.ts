// Validates the keys and entries a cache adapter is given and groups them by key namespace.

import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";
import { splitCacheKey } from "./embedding-cache.js";

/** The keys of one `getMany` call that share a namespace, with their positions in the call. */
export interface NamespaceKeys {
  readonly namespace: string;
  readonly hashes: string[];
  readonly positions: number[];
}

/** The entries of one `setMany` call that share a namespace (a later duplicate key wins). */
export interface NamespaceEntries {
  readonly namespace: string;
  /** Length of every vector in the group. */
  readonly dims: number;
  readonly vectors: Map<string, Float32Array>;
}

/** Checks that `keys` is an array of strings and groups it by namespace. */
export function groupKeys(keys: readonly string[], adapter: string): NamespaceKeys[] {
  if (!Array.isArray(keys)) {
    throw new ToolsiftError(
      "INVALID_CACHE_ENTRY",
      `${adapter}.getMany expects an array of keys, got ${describeValue(keys)}.`,
      { received: describeValue(keys) },
    );
  }
  const groups = new Map<string, NamespaceKeys>();
  keys.forEach((key, position) => {
    if (typeof key !== "string") {
      throw new ToolsiftError(
        "INVALID_CACHE_ENTRY",
        `${adapter}.getMany: key ${position} must be a string, got ${describeValue(key)}.`,
        { position, received: describeValue(key) },
      );
    }
    const { namespace, hash } = splitCacheKey(key);
    let group = groups.get(namespace);
    if (group === undefined) groups.set(namespace, (group = { namespace, hashes: [], positions: [] }));
    group.hashes.push(hash);
    group.positions.push(position);
  });
  return [...groups.values()];
}

/**
 * Checks that every entry is a `[string, Float32Array]` pair with a non-empty vector, and that the
 * vectors of one namespace share one length (one model's output), then groups them by namespace.
 */
export function groupEntries(
  entries: ReadonlyArray<readonly [string, Float32Array]>,
  adapter: string,
): NamespaceEntries[] {
  if (!Array.isArray(entries)) {
    throw new ToolsiftError(
      "INVALID_CACHE_ENTRY",
      `${adapter}.setMany expects an array of [key, Float32Array] pairs, got ${describeValue(entries)}.`,
      { received: describeValue(entries) },
    );
  }
  const groups = new Map<
    string,
    { namespace: string; dims: number; vectors: Map<string, Float32Array>; firstKey: string }
  >();
  entries.forEach((entry, position) => {
    const key: unknown = Array.isArray(entry) ? entry[0] : undefined;
    const vector: unknown = Array.isArray(entry) ? entry[1] : undefined;
    if (typeof key !== "string") {
      throw new ToolsiftError(
        "INVALID_CACHE_ENTRY",
        `${adapter}.setMany: entry ${position} must be a [key, Float32Array] pair with a string key, got ${describeValue(Array.isArray(entry) ? key : entry)}.`,
        { position },
      );
    }
    if (!(vector instanceof Float32Array)) {
      throw new ToolsiftError(
        "INVALID_CACHE_ENTRY",
        `${adapter}.setMany: the vector for "${key}" must be a Float32Array, got ${describeValue(vector)}.`,
        { key, received: describeValue(vector) },
      );
    }
    if (vector.length === 0) {
      throw new ToolsiftError(
        "INVALID_CACHE_ENTRY",
        `${adapter}.setMany: the vector for "${key}" is empty; expected at least 1 dimension.`,
        { key },
      );
    }
    const { namespace, hash } = splitCacheKey(key);
    let group = groups.get(namespace);
    if (group === undefined) {
      groups.set(namespace, (group = { namespace, dims: vector.length, vectors: new Map(), firstKey: key }));
    }
    if (vector.length !== group.dims) {
      throw new ToolsiftError(
        "INVALID_CACHE_ENTRY",
        `${adapter}.setMany: "${key}" has ${vector.length} dimensions but "${group.firstKey}" in the same namespace has ${group.dims}; one namespace holds vectors of one length.`,
        { key, expected: group.dims, received: vector.length },
      );
    }
    group.vectors.set(hash, vector);
  });
  return [...groups.values()].map(({ namespace, dims, vectors }) => ({ namespace, dims, vectors }));
}
