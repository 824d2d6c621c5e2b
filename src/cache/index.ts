// The runtime-neutral caches (embeddings: memory, Workers KV, toolpick's { load, save }; texts); the file and
// IndexedDB ones are subpaths. Usage stores are in toolsift/usage.

export type { EmbeddingCache, LoadSaveEmbeddingCache } from "./embedding-cache.js";
export { memoryCache } from "./memory-cache.js";
export { kvCache, type KvNamespaceLike } from "./kv-cache.js";
export { kvTextCache, memoryTextCache, type TextCache } from "./text-cache.js";
