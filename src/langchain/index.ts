// toolsift/langchain: per-call tool selection for LangChain.js agents (`createAgent`), with no extra model call.

export {
  toolsiftMiddleware,
  dynamicToolSelectorMiddleware,
  type ToolsiftMiddleware,
  type ToolsiftMiddlewareOptions,
} from "./middleware.js";
export { fromLangChainEmbeddings, type LangChainEmbeddingModel, type LangChainEmbeddings } from "./embeddings-model.js";
export type { LangChainTool } from "./langchain-tools.js";
export { toModelMessages } from "./message-query.js";
