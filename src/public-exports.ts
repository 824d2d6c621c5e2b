// What both entries, `toolsift` and `toolsift/core`, export besides their own `createToolIndex`: one list, so the two
// cannot drift apart.

export type { SelectOptions } from "./options.js";
export { DEFAULT_MIN_RELEVANCE } from "./options.js";
export type { ToolCatalog, ToolDefinition } from "./core/catalog.js";
export type { ToolsiftEvent } from "./events.js";
export { mergeUsage, type UsageSnapshot } from "./usage/usage-snapshot.js";
export { ToolsiftError } from "./errors.js";
export { loadWasm } from "./wasm/load-wasm.js";
