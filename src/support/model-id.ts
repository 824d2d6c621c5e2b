// One name for an AI SDK model (embedding or language), used in cache keys, events and service answers.

/**
 * `provider/modelId` of an AI SDK model object. A model id string is resolved by the AI SDK's global
 * provider, the gateway by default, whose model id is the whole string: it is named `gateway/<string>`.
 */
export function modelId(model: unknown): string {
  if (typeof model === "string") return `gateway/${model}`;
  const { provider, modelId: id } = (model ?? {}) as { provider?: unknown; modelId?: unknown };
  return `${typeof provider === "string" ? provider : "unknown"}/${typeof id === "string" ? id : "unknown"}`;
}
