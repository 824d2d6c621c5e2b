// TOOLSIFT_EMBEDDING=openai:<model>[:<dims>]: OpenAI (or an OpenAI-compatible server) through @ai-sdk/openai.

import type { EmbeddingModelV4 } from "@ai-sdk/provider";
import { lazyEmbeddingModel, missingProvider } from "./provider-lazy-model.js";

/** What `openai:<model>[:<dims>]` and its variables give (embedding-setting.ts checks them). */
export interface OpenAIEmbeddingSetting {
  readonly model: string;
  readonly apiKey: string;
  readonly baseURL: string | undefined;
}

/**
 * `createOpenAI({ apiKey, baseURL }).embedding(model)`, imported on the first call. The dimensions are asked per
 * call (toolsift's `dimensions` index option, which @ai-sdk/openai 4 sends as the request's `dimensions`).
 */
export function openaiEmbeddingModel(setting: OpenAIEmbeddingSetting): EmbeddingModelV4 {
  const pkg = { name: "@ai-sdk/openai", neededBy: `TOOLSIFT_EMBEDDING=openai:${setting.model}` };
  return lazyEmbeddingModel({ provider: "openai.embedding", modelId: setting.model }, async () => {
    const { createOpenAI } = await import("@ai-sdk/openai").catch((cause: unknown) => {
      throw missingProvider(pkg, cause);
    });
    const provider = createOpenAI({
      apiKey: setting.apiKey,
      ...(setting.baseURL === undefined ? {} : { baseURL: setting.baseURL }),
    });
    return provider.embedding(setting.model);
  });
}
