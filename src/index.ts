// toolsift: pick the few tools an AI agent needs for each step.

// createToolIndex and its result types (ToolIndex, SelectionResult, ScoredTool, Explanation). Narrower types are
// reachable through these and `ToolsiftEvent` (`Extract<ToolsiftEvent, { type: "no-match" }>`).
export * from "./tool-index.js";
export type { ToolIndexOptions } from "./options.js";
export type { PrepareStepOptions, ToolRules } from "./agent/prepare-step.js";
export type { SearchToolOptions, ToolSearchFunctionOptions } from "./agent/search-tool.js";
export type { InConversationOptions } from "./agent/delivery/in-conversation.js";
export { withDispatchedCalls } from "./agent/delivery/dispatched-calls.js";
export type { DeferredToolsOptions } from "./agent/delivery/deferred-tools.js";
export type { SelectionMiddlewareOptions } from "./agent/middleware.js";
export * from "./rules/index.js";
export * from "./public-exports.js";
export { DEFAULT_MIN_RELEVANCE } from "./options.js";
export type { ToolDefinition } from "./core/catalog.js";
export type { UsageSnapshot } from "./usage/usage-snapshot.js";
export { loadWasm } from "./wasm/load-wasm.js";
