// Rules over a tool set: which tools an agent may use per step (ai-tool-set@2.3.0-compatible activation API).

export { createToolSet } from "./tool-set.js";
export type { ImmutableToolSet, MutableToolSet } from "./tool-set.js";
export type { ActivationPredicate, CreateToolSetOptions, InferToolsInput, ResolvedToolSet } from "./tool-set-types.js";
export type {
  AnyToolSet,
  InferActiveTools,
  InferAllTools,
  InferInactiveTools,
  InferToolSet,
  InferUIMessage,
  InferUIToolSet,
} from "./infer-types.js";
