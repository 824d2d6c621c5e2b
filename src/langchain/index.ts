// toolsift/langchain: per-call tool selection for LangChain.js agents (`createAgent`), with no extra model call.

export { toolsiftMiddleware, type ToolsiftMiddlewareOptions } from "./middleware.js";
export { fromLangChainEmbeddings } from "./embeddings-model.js";
export { toModelMessages } from "./message-query.js";
