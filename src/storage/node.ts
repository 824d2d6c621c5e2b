// toolsift/storage under Node's "node" export condition: the runtime-neutral stores of index.ts and the file stores.

export * from "./index.js";
// Named exports take precedence over the star export's names of the same name (index.ts's throwing stand-ins).
export { fileCache } from "../cache/file-cache.js";
export { fileUsageStore } from "../usage/file-usage-store.js";
