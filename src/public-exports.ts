// What both entries, `toolsift` and `toolsift/core`, export besides their own `createToolIndex`: one list, so the two
// cannot drift apart.

export type { SelectOptions, SearchStrategy } from "./options.js";
export { DEFAULT_MIN_RELEVANCE, MAX_QUERY_LENGTH } from "./options.js";
export type { ToolCatalog, ToolDefinition, ToolSetEntry } from "./core/catalog.js";
export type { FieldName, FieldWeight } from "./core/fields.js";
export type { MatchKind } from "./core/query.js";
export type { WordMatch } from "./core/relevance.js";
export type { TermContribution } from "./core/keyword-engine.js";
export type { ToolsiftEvent } from "./events.js";
export { mergeUsage, USAGE_FORMAT, USAGE_VERSION, type UsageSnapshot } from "./usage/usage-snapshot.js";
export { ToolsiftError, type ToolsiftErrorCode } from "./errors.js";
export { loadWasm, type WasmSource } from "./wasm/load-wasm.js";
