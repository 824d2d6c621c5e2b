// Rules over a tool set: which tools an agent may use per step (ai-tool-set@2.3.0-compatible activation API).

export { createToolSet } from "./tool-set.js";
export type {
  AnyToolSet,
  ImmutableToolSet,
  InferActiveTools,
  InferAllTools,
  InferInactiveTools,
  InferToolSet,
  InferUIToolSet,
  MutableToolSet,
} from "./tool-set.js";
export type {
  ActivationPredicate,
  CreateToolSetOptions,
  InferToolsInput,
  InferUIMessage,
  ResolvedToolSet,
} from "./tool-set-types.js";
