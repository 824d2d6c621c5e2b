// `toolsift/worker`: the selection service for your own Worker (`export default createService(options)`).

export { createService, type SelectionService, type ServiceEventHandler, type ServiceOptions } from "./service.js";
export type { EmbeddingModelChoice, ServiceEmbeddingModel } from "./embedding.js";
export type {
  DurableObjectNamespaceLike,
  ExecutionContextLike,
  KvNamespaceWithList,
  NumberVariable,
  ServiceEnv,
} from "./env.js";
export { ERROR_STATUS, ServiceError, type ServiceErrorCode } from "./errors.js";
export type { WarningCode, ServiceWarning } from "./warnings.js";
export {
  ToolsiftUsage,
  type DurableObjectStateLike,
  type DurableObjectStorageLike,
  type UsageTotals,
} from "./usage-object.js";
