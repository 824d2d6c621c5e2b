// `toolsift/worker`: the selection service for your own Worker (`export default createService(options)`).

export { createService, type SelectionService, type ServiceEventHandler, type ServiceOptions } from "./service.js";
export type { EmbeddingModelChoice, ServiceEmbeddingModel } from "./embedding/embedding-model.js";
export type {
  DurableObjectNamespaceLike,
  ExecutionContextLike,
  KvNamespaceWithList,
  NumberVariable,
  ServiceEnv,
} from "./http/env.js";
export { ERROR_STATUS, ServiceError, type ServiceErrorCode } from "./http/errors.js";
export type { WarningCode, ServiceWarning } from "./http/warnings.js";
export {
  ToolsiftUsage,
  type DurableObjectStateLike,
  type DurableObjectStorageLike,
  type UsageTotals,
} from "./usage/usage-object.js";
