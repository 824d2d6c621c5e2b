// The runtime-neutral caches (embeddings: memory, Workers KV, toolpick's { load, save }; texts) and usage stores
// (memory, Workers KV); the file and IndexedDB ones are subpaths.

export { splitCacheKey, type EmbeddingCache, type LoadSaveEmbeddingCache } from "./embedding-cache.js";
export type { EmbeddingCacheEvent } from "./cache-events.js";
export { memoryCache, type MemoryCacheOptions } from "./memory-cache.js";
export { kvCache, type KvCacheOptions, type KvNamespaceLike } from "./kv-cache.js";
export { fromLoadSave, MARKER_FORMAT, MARKER_MAGIC } from "./load-save-cache.js";
export { isEmbeddingCache, toEmbeddingCache } from "./to-embedding-cache.js";
export { kvTextCache, memoryTextCache, type KvTextCacheOptions, type TextCache } from "./text-cache.js";
export { memoryUsageStore, type UsageStore } from "../usage/usage-store.js";
export { kvUsageStore, type KvUsageNamespaceLike, type KvUsageStoreOptions } from "../usage/kv-usage-store.js";
