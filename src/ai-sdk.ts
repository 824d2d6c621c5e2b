// The AI SDK, imported on first use, so that keyword-only users (and bundles) never load it.

import { ToolsiftError } from "./errors.js";
import { memoizeUntilFailure } from "./support/memoize-until-failure.js";

/**
 * The AI SDK, imported on first use so keyword-only users need not install it. A failed import
 * (`MISSING_DEPENDENCY`) is not kept: the next call tries again.
 */
export const loadAi: () => Promise<typeof import("ai")> = memoizeUntilFailure(() =>
  import("ai").catch((cause: unknown) => {
    throw new ToolsiftError(
      "MISSING_DEPENDENCY",
      `Embedding, reranking and enrichment need the "ai" package (AI SDK 5 or later): npm install ai.`,
      { dependency: "ai" },
      { cause },
    );
  }),
);
