// The AI SDK, imported on first use, so that keyword-only users (and bundles) never load it.

import { ToolsiftError } from "./errors.js";

let aiModule: Promise<typeof import("ai")> | undefined;

/** The AI SDK, imported on first use so keyword-only users need not install it. */
export function loadAi(): Promise<typeof import("ai")> {
  aiModule ??= import("ai").catch((cause: unknown) => {
    aiModule = undefined;
    throw new ToolsiftError("MISSING_DEPENDENCY", `Embedding, reranking and enrichment need the "ai" package (AI SDK 5 or later): npm install ai.`, { dependency: "ai" }, { cause });
  });
  return aiModule;
}
