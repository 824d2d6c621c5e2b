// toolsift/usage: where learnt usage is kept between processes — the runtime-neutral stores (memory, Workers KV);
// the file store is the Node subpath toolsift/file-usage-store.

export { memoryUsageStore, type UsageStore } from "./usage-store.js";
export { kvUsageStore, type KvUsageNamespaceLike, type KvUsageStoreOptions } from "./kv-usage-store.js";
