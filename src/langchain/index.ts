// toolsift/langchain: per-call tool selection for LangChain.js agents (`createAgent`), with no extra model call.

export {
  toolsiftMiddleware,
  dynamicToolSelectorMiddleware,
  type ToolsiftMiddleware,
  type ToolsiftMiddlewareControls,
  type ToolsiftMiddlewareOptions,
} from "./middleware.js";
export type { ToolsiftMiddlewareEvent } from "./events.js";
export type { NoMatchEvent, NoMatchReason, OnNoMatch } from "../agent/offer-policy.js";
export {
  fromLangChainEmbeddings,
  isLangChainEmbeddings,
  type LangChainEmbeddingModel,
  type LangChainEmbeddingModelOptions,
  type LangChainEmbeddings,
} from "./embeddings-model.js";
export {
  isSelectableTool,
  toolDefinition,
  type LangChainTool,
  type LangChainToolDefinition,
} from "./langchain-tools.js";
export { selectionQuery, toModelMessages } from "./message-query.js";
