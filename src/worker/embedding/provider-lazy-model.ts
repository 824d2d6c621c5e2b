// An AI SDK embedding model whose provider package is imported on its first call, so a service that never embeds
// with it (TOOLSIFT_EMBEDDING=local or none) never loads @ai-sdk/openai or workers-ai-provider.

import type { EmbeddingModelV4 } from "@ai-sdk/provider";
import { ToolsiftError } from "../../errors.js";
import { memoizeUntilFailure } from "../../support/memoize-until-failure.js";

/** Names a provider package in the MISSING_DEPENDENCY error when its import fails. */
export interface ProviderPackage {
  /** The npm package, e.g. `@ai-sdk/openai`. */
  readonly name: string;
  /** The setting that needs it, e.g. `TOOLSIFT_EMBEDDING=openai:text-embedding-3-small`. */
  readonly neededBy: string;
}

/**
 * The MISSING_DEPENDENCY error for a provider package that could not be imported. Each provider module writes
 * `import("<package>").catch((cause) => { throw missingProvider(pkg, cause); })` with the `.catch` on the import
 * itself: esbuild (wrangler) then bundles the package when it is installed and leaves the import to fail at run
 * time when it is not, instead of failing every build of a Worker that never names that provider.
 */
export function missingProvider(pkg: ProviderPackage, cause: unknown): ToolsiftError {
  return new ToolsiftError(
    "MISSING_DEPENDENCY",
    `${pkg.neededBy} needs the "${pkg.name}" package, which could not be loaded: npm install ${pkg.name}.`,
    { dependency: pkg.name },
    { cause },
  );
}

/**
 * A model with the identity (`provider`, `modelId`: the cache keys' namespace) of the one `load` makes, which
 * loads it on the first `doEmbed` and hands every call to it. `provider` and `modelId` must be what the real
 * model reports (test/providers checks both providers). A failed load is not kept: the next call tries again.
 */
export function lazyEmbeddingModel(
  identity: { readonly provider: string; readonly modelId: string },
  load: () => Promise<EmbeddingModelV4>,
): EmbeddingModelV4 {
  const model = memoizeUntilFailure(load);
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
