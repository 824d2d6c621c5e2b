// An AI SDK embedding model whose provider package is imported on its first call, so a service that never embeds
// with it (TOOLSIFT_EMBEDDING=local or none) never loads @ai-sdk/openai or workers-ai-provider.

import type { EmbeddingModelV4 } from "@ai-sdk/provider";
import { ToolsiftError } from "../errors.js";
import { memoizeUntilFailure } from "../support/memoize-until-failure.js";

/** Names a provider package in the MISSING_DEPENDENCY error when its import fails. */
export interface ProviderPackage {
  /** The npm package, e.g. `@ai-sdk/openai`. */
  readonly name: string;
  /** The setting that needs it, e.g. `TOOLSIFT_EMBEDDING=openai:text-embedding-3-small`. */
  readonly neededBy: string;
}

/**
 * A model with the identity (`provider`, `modelId`: the cache keys' namespace) of the one `load` makes, which
 * loads it on the first `doEmbed` and hands every call to it. `provider` and `modelId` must be what the real
 * model reports (test/providers checks both providers). A failed import is not kept: the next call tries again.
 */
export function lazyEmbeddingModel(
  identity: { readonly provider: string; readonly modelId: string },
  pkg: ProviderPackage,
  load: () => Promise<EmbeddingModelV4>,
): EmbeddingModelV4 {
  const model = memoizeUntilFailure(() =>
    load().catch((cause: unknown) => {
      if (ToolsiftError.isInstance(cause)) throw cause;
      throw new ToolsiftError(
        "MISSING_DEPENDENCY",
        `${pkg.neededBy} needs the "${pkg.name}" package, which could not be loaded: npm install ${pkg.name}.`,
        { dependency: pkg.name },
        { cause },
      );
    }),
  );
  return {
    specificationVersion: "v4",
    provider: identity.provider,
    modelId: identity.modelId,
    get maxEmbeddingsPerCall() {
      return model().then((loaded) => loaded.maxEmbeddingsPerCall);
    },
    get supportsParallelCalls() {
      return model().then((loaded) => loaded.supportsParallelCalls);
    },
    async doEmbed(options) {
      return (await model()).doEmbed(options);
    },
  };
}
