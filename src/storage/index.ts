// toolsift/storage: where toolsift keeps what outlives a process: embedding caches (memory, Workers KV, IndexedDB;
// toolpick's { load, save } is taken as it is), text caches and usage stores. The file stores need Node: under the
// "node" export condition they come from node.ts; elsewhere (Workers, Edge, browsers) these names throw a
// ToolsiftError that names the stores to use there.

export type { EmbeddingCache } from "../cache/embedding-cache.js";
export { memoryCache } from "../cache/memory-cache.js";
export { kvCache, type KvNamespaceLike } from "../cache/kv-cache.js";
export { kvTextCache, memoryTextCache, type TextCache } from "../cache/text-cache.js";
export { indexedDbCache } from "../cache/indexeddb-cache.js";
export { memoryUsageStore, type UsageStore } from "../usage/usage-store.js";
export { kvUsageStore } from "../usage/kv-usage-store.js";
export { fileCache, fileUsageStore } from "./needs-node.js";
