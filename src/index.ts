// toolsift: pick the few tools an AI agent needs for each step.

// createToolIndex and its result types (ToolIndex, SelectionResult, ScoredTool, Explanation, ...).
export * from "./tool-index.js";
export type { SelectOptions, ToolIndexOptions } from "./options.js";
export type { PrepareStepEvent, PrepareStepOptions, ToolRules } from "./agent/prepare-step.js";
export type { ToolsChangedEvent } from "./agent/delivery/stable-tools.js";
export type { SearchToolOptions, ToolSearchFunctionOptions } from "./agent/search-tool.js";
export type { InConversationDelivery, InConversationOptions } from "./agent/delivery/in-conversation.js";
export { withDispatchedCalls } from "./agent/delivery/dispatched-calls.js";
export type { DeferralProvider, DeferredTools, DeferredToolsOptions } from "./agent/delivery/deferred-tools.js";
export type { SelectionMiddlewareOptions } from "./agent/middleware.js";
export type { NoMatchEvent, NoMatchReason, OnNoMatch } from "./agent/offer-policy.js";
export { DEFAULT_MIN_RELEVANCE, MAX_QUERY_LENGTH } from "./options.js";
export { mergeUsage, USAGE_FORMAT, USAGE_VERSION, type UsageSnapshot } from "./usage/usage-snapshot.js";
export type { ToolCallRefusedEvent, ToolsiftEvent } from "./events.js";
export { ToolsiftError, type ToolsiftErrorCode } from "./errors.js";
export type { ToolCatalog, ToolDefinition, ToolSetEntry } from "./core/catalog.js";
export type { FieldName, FieldWeight } from "./core/fields.js";
export type { MatchKind } from "./core/query.js";
export type { WordMatch } from "./core/relevance.js";
export type { TermContribution } from "./core/keyword-engine.js";
export { loadWasm, type WasmSource } from "./wasm/load-wasm.js";
export * from "./rules/index.js";
