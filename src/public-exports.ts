// What both entries, `toolsift` and `toolsift/core`, export besides their own `createToolIndex` and its types: one
// list, so the two cannot drift apart. The root adds what only its users name (src/index.ts).

export type { SelectOptions } from "./options.js";
export type { ToolCatalog } from "./core/catalog.js";
export type { ToolsiftEvent } from "./events.js";
export { mergeUsage } from "./usage/usage-snapshot.js";
export { ToolsiftError } from "./errors.js";
