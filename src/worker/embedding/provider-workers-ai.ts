// TOOLSIFT_EMBEDDING=workers-ai:<model>: Workers AI embeddings through workers-ai-provider and the `AI` binding.

import type { EmbeddingModelV4 } from "@ai-sdk/provider";
import type { WorkersAiBindingLike } from "../http/env.js";
import { lazyEmbeddingModel, missingProvider } from "./provider-lazy-model.js";

/**
 * Texts per binding call: Workers AI's text embedding models (`@cf/baai/bge-*`) take at most 100 texts a request,
 * fewer than workers-ai-provider's default of 3,000.
 */
export const WORKERS_AI_TEXTS_PER_CALL = 100;

/** `createWorkersAI({ binding }).textEmbedding(model)`, imported on the first call. */
export function workersAiEmbeddingModel(binding: WorkersAiBindingLike, model: string): EmbeddingModelV4 {
  const pkg = { name: "workers-ai-provider", neededBy: `TOOLSIFT_EMBEDDING=workers-ai:${model}` };
  return lazyEmbeddingModel({ provider: "workersai.embedding", modelId: model }, async () => {
    const { createWorkersAI } = await import("workers-ai-provider").catch((cause: unknown) => {
      throw missingProvider(pkg, cause);
    });
    const workersAi = createWorkersAI({ binding: binding as Parameters<typeof createWorkersAI>[0]["binding"] });
    return workersAi.textEmbedding(model as Parameters<typeof workersAi.textEmbedding>[0], {
      maxEmbeddingsPerCall: WORKERS_AI_TEXTS_PER_CALL,
    });
  });
}
