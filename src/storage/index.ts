// toolsift/storage: where toolsift keeps what outlives a process: embedding caches (memory, Workers KV, IndexedDB;
// toolpick's { load, save } is taken as it is), text caches and usage stores. The file stores need Node: under the
// "node" export condition they come from node.ts; elsewhere (Workers, Edge, browsers) these names throw a
// ToolsiftError that names the stores to use there.

import type { EmbeddingCache } from "../cache/embedding-cache.js";
import type { FileCacheOptions } from "../cache/file-cache.js";
import { ToolsiftError } from "../errors.js";
import type { UsageStore } from "../usage/usage-store.js";

export type { EmbeddingCache } from "../cache/embedding-cache.js";
export { memoryCache } from "../cache/memory-cache.js";
export { kvCache, type KvNamespaceLike } from "../cache/kv-cache.js";
export { kvTextCache, memoryTextCache, type TextCache } from "../cache/text-cache.js";
export { indexedDbCache } from "../cache/indexeddb-cache.js";
export { memoryUsageStore, type UsageStore } from "../usage/usage-store.js";
export { kvUsageStore } from "../usage/kv-usage-store.js";

// fileCache and fileUsageStore where toolsift/storage resolved without the "node" condition (Workers, Edge, browsers):
// same signatures, and a ToolsiftError that names the runtime's stores instead of a bundler's missing `node:fs`.

function needsNode(name: string, instead: string): never {
  throw new ToolsiftError(
    "MISSING_DEPENDENCY",
    `${name} needs Node's file system, and this runtime resolved "toolsift/storage" without the "node" export ` +
      `condition (a Worker, Edge or browser bundle): use ${instead} here.`,
    { dependency: "node:fs" },
  );
}

/** An embedding cache in one file: Node only (see node.ts); here it throws `ToolsiftError` `MISSING_DEPENDENCY`. */
export function fileCache(path: string, options?: FileCacheOptions): EmbeddingCache {
  void path;
  void options;
  return needsNode("fileCache", "kvCache(env.KV), indexedDbCache() or memoryCache()");
}

/** A usage store in one JSON file: Node only (see node.ts); here it throws `ToolsiftError` `MISSING_DEPENDENCY`. */
export function fileUsageStore(path: string): UsageStore {
  void path;
  return needsNode("fileUsageStore", "kvUsageStore(env.KV) or memoryUsageStore()");
}
