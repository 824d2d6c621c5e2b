// The runtime-neutral caches (embeddings: memory, Workers KV, toolpick's { load, save }; texts); the file and
// IndexedDB ones are subpaths. Usage stores moved to toolsift/usage; their old names here stay for one minor version.

export { splitCacheKey, type EmbeddingCache, type LoadSaveEmbeddingCache } from "./embedding-cache.js";
export type { EmbeddingCacheEvent } from "./cache-events.js";
export { memoryCache, type MemoryCacheOptions } from "./memory-cache.js";
export { kvCache, type KvCacheOptions, type KvNamespaceLike } from "./kv-cache.js";
export { fromLoadSave, MARKER_FORMAT, MARKER_MAGIC } from "./load-save-cache.js";
export { isEmbeddingCache, toEmbeddingCache } from "./to-embedding-cache.js";
export { kvTextCache, memoryTextCache, type KvTextCacheOptions, type TextCache } from "./text-cache.js";

import * as usage from "../usage/index.js";
/** @deprecated Import it from "toolsift/usage"; this path goes in the next minor version. */
export const memoryUsageStore = usage.memoryUsageStore;
/** @deprecated Import it from "toolsift/usage"; this path goes in the next minor version. */
export const kvUsageStore = usage.kvUsageStore;
/** @deprecated Import it from "toolsift/usage"; this path goes in the next minor version. */
export type UsageStore = usage.UsageStore;
/** @deprecated Import it from "toolsift/usage"; this path goes in the next minor version. */
export type KvUsageNamespaceLike = usage.KvUsageNamespaceLike;
/** @deprecated Import it from "toolsift/usage"; this path goes in the next minor version. */
export type KvUsageStoreOptions = usage.KvUsageStoreOptions;
