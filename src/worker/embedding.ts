// The embedding model the service ranks with: the offline local model, none (keywords), or one passed in code.

import { localEmbeddingModel, type LocalEmbeddingModel } from "../local/index.js";
import type { ToolIndexOptions } from "../options.js";
import type { ServiceConfig } from "./config.js";
import type { ServiceEnv } from "./env.js";

/** An embedding model as createToolIndex takes it (an AI SDK embedding model or a model id string). */
export type ServiceEmbeddingModel = NonNullable<ToolIndexOptions["embeddingModel"]>;

/** Chooses the embedding model per env; `undefined` ranks by keywords only. */
export type EmbeddingModelChoice = (env: ServiceEnv) => ServiceEmbeddingModel | undefined;

// One local model per isolate: it holds the 2 MiB word-vector table in wasm memory, shared by every catalog.
let sharedLocalModel: LocalEmbeddingModel | undefined;

function localModel(): LocalEmbeddingModel {
  sharedLocalModel ??= localEmbeddingModel();
  return sharedLocalModel;
}

/** The model for a request: `choice(env)` when given, else TOOLSIFT_EMBEDDING (`local` or `none`). */
export function embeddingModelFor(
  env: ServiceEnv,
  config: ServiceConfig,
  choice: EmbeddingModelChoice | undefined,
): ServiceEmbeddingModel | undefined {
  if (choice !== undefined) return choice(env);
  return config.embedding === "local" ? localModel() : undefined;
}

/** A model with word vectors (the local model) also expands query words the catalog lacks (README: the local model). */
export function queryExpansionFor(model: ServiceEmbeddingModel | undefined): LocalEmbeddingModel | undefined {
  return typeof model === "object" && typeof (model as Partial<LocalEmbeddingModel>).wordVectors === "function"
    ? (model as LocalEmbeddingModel)
    : undefined;
}
