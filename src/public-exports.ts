// What both entries, `toolsift` and `toolsift/core`, export besides their own `createToolIndex`: one list, so the two
// cannot drift apart.

export type { SelectOptions } from "./options.js";
export { DEFAULT_MIN_RELEVANCE, MAX_QUERY_LENGTH } from "./options.js";
export type { ToolCatalog, ToolDefinition } from "./core/catalog.js";
export type { ToolsiftEvent } from "./events.js";
export { mergeUsage, USAGE_FORMAT, USAGE_VERSION, type UsageSnapshot } from "./usage/usage-snapshot.js";
export { ToolsiftError } from "./errors.js";
export { loadWasm, type WasmSource } from "./wasm/load-wasm.js";
