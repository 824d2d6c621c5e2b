// fileCache and fileUsageStore where toolsift/storage resolved without the "node" condition (Workers, Edge, browsers):
// same signatures, and a ToolsiftError that names the runtime's stores instead of a bundler's missing `node:fs`.

import type { EmbeddingCache } from "../cache/embedding-cache.js";
import type { FileCacheOptions } from "../cache/file-cache.js";
import { ToolsiftError } from "../errors.js";
import type { UsageStore } from "../usage/usage-store.js";

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
