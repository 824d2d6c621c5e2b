// The embedding model the service ranks with: the offline local model, none (keywords), OpenAI, Workers AI, or one
// passed in code; and how its vectors are stored (dimensions asked, float32 or int8).

import { localEmbeddingModel, type LocalEmbeddingModel } from "../../local/local-embedding-model.js";
import type { ToolIndexOptions } from "../../options.js";
import type { Quantization } from "../../semantic/vector-index.js";
import type { ServiceConfig } from "../http/config.js";
import type { EmbeddingSetting } from "./embedding-setting.js";
import type { ServiceEnv, WorkersAiBindingLike } from "../http/env.js";
import { openaiEmbeddingModel } from "./provider-openai.js";
import { workersAiEmbeddingModel } from "./provider-workers-ai.js";

/** An embedding model as createToolIndex takes it (an AI SDK embedding model or a model id string). */
export type ServiceEmbeddingModel = NonNullable<ToolIndexOptions["embeddingModel"]>;

/** Chooses the embedding model per env; `undefined` ranks by keywords only. */
export type EmbeddingModelChoice = (env: ServiceEnv) => ServiceEmbeddingModel | undefined;

/** The index options that say how a model's vectors are asked for and kept. */
export interface VectorOptions {
  readonly dimensions?: number;
  readonly quantize: Quantization;
  /** int8 rows without toolsift's 4-bit residuals (`TOOLSIFT_VECTOR_PRECISION=int8-compact`); absent: kept. */
  readonly rescore?: false;
}

/** Below this many dimensions, `auto` precision keeps float32 (int8 saves little and costs a little accuracy). */
export const INT8_FROM_DIMENSIONS = 256;

// One local model per isolate: it holds the 2 MiB word-vector table in wasm memory, shared by every catalog.
let sharedLocalModel: LocalEmbeddingModel | undefined;

function localModel(): LocalEmbeddingModel {
  sharedLocalModel ??= localEmbeddingModel();
  return sharedLocalModel;
}

// One provider model per setting (and key or binding) per isolate, so their per-model state lasts across requests.
const openaiModels = new Map<string, ServiceEmbeddingModel>();
const workersAiModels = new WeakMap<WorkersAiBindingLike, Map<string, ServiceEmbeddingModel>>();
// How each model's vectors are asked for and kept, as the env that chose it says (one env per isolate in practice).
const vectorOptions = new WeakMap<object, VectorOptions>();

function providerModel(setting: EmbeddingSetting, env: ServiceEnv): ServiceEmbeddingModel | undefined {
  switch (setting.kind) {
    case "none":
      return undefined;
    case "local":
      return localModel();
    case "openai": {
      const key = JSON.stringify([setting.model, setting.apiKey, setting.baseURL ?? null]);
      let model = openaiModels.get(key);
      if (model === undefined) {
        model = openaiEmbeddingModel(setting);
        openaiModels.set(key, model);
      }
      return model;
    }
    case "workers-ai": {
      const binding = env.AI!; // embedding-setting.ts checked it
      let models = workersAiModels.get(binding);
      if (models === undefined) workersAiModels.set(binding, (models = new Map()));
      let model = models.get(setting.model);
      if (model === undefined) {
        model = workersAiEmbeddingModel(binding, setting.model);
        models.set(setting.model, model);
      }
      return model;
    }
  }
}

/** float32 or int8 for `config`'s setting: `auto` quantises the API providers' long vectors (config.ts). */
function quantizationFor(config: ServiceConfig, fromCode: boolean): Quantization {
  if (config.vectorPrecision === "int8-compact") return "int8";
  if (config.vectorPrecision !== "auto") return config.vectorPrecision;
  const setting = config.embedding;
  if (fromCode || setting.kind === "local" || setting.kind === "none") return "float32";
  if (setting.kind === "openai" && setting.dimensions !== undefined && setting.dimensions < INT8_FROM_DIMENSIONS) {
    return "float32";
  }
  return "int8";
}

/**
 * The model for a request: `choice(env)` when given, else TOOLSIFT_EMBEDDING. Records how its vectors are asked
 * for and kept (`vectorOptionsFor`).
 */
export function embeddingModelFor(
  env: ServiceEnv,
  config: ServiceConfig,
  choice: EmbeddingModelChoice | undefined,
): ServiceEmbeddingModel | undefined {
  const model = choice !== undefined ? choice(env) : providerModel(config.embedding, env);
  if (typeof model === "object" && model !== null) {
    const dimensions =
      choice === undefined && config.embedding.kind === "openai" ? config.embedding.dimensions : undefined;
    vectorOptions.set(model, {
      ...(dimensions === undefined ? {} : { dimensions }),
      quantize: quantizationFor(config, choice !== undefined),
      ...(config.vectorPrecision === "int8-compact" ? { rescore: false as const } : {}),
    });
  }
  return model;
}

/** The index options for `model`'s vectors, as the env that chose it said (float32 for a model id string). */
export function vectorOptionsFor(model: ServiceEmbeddingModel | undefined): VectorOptions {
  return (
    (typeof model === "object" && model !== null ? vectorOptions.get(model) : undefined) ?? { quantize: "float32" }
  );
}

/** A model with word vectors (the local model) also expands query words the catalog lacks (README: the local model). */
export function queryExpansionFor(model: ServiceEmbeddingModel | undefined): LocalEmbeddingModel | undefined {
  return typeof model === "object" && typeof (model as Partial<LocalEmbeddingModel>).wordVectors === "function"
    ? (model as LocalEmbeddingModel)
    : undefined;
}
