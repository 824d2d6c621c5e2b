// The tool vectors of a built index: embedded once at a time, carried over by text hash after a catalog change,
// retried in the background after a failure; failures reported (and thrown with `onError: "throw"`).

import { ToolsiftError } from "../errors.js";
import { embeddingText, textHash } from "../semantic/embedding-text.js";
import type { VectorSet } from "../semantic/semantic-engine.js";
import { errorMessage } from "../support/error-message.js";
import type { BuiltIndex } from "./built-index.js";
import type { IndexContext } from "./context.js";

/** Embeds the catalog of `index` (carrying rows over from `previous`), one embedding at a time. */
export function embedCatalog(
  context: IndexContext,
  index: BuiltIndex,
  previous: VectorSet | undefined,
): Promise<VectorSet> {
  if (index.embedding !== undefined) return index.embedding;
  const texts = index.fields!.map(embeddingText);
  index.embedding = context.semantic!.build(texts, texts.map(textHash), previous).then(
    (vectors) => {
      index.vectors = vectors;
      index.fields = undefined;
      index.embeddingFailed = false;
      index.embedding = undefined;
      return vectors;
    },
    (error: unknown) => {
      index.embeddingFailed = true;
      index.embedding = undefined;
      throw error;
    },
  );
  return index.embedding;
}

/** Reports an embedding failure; with `onError: "throw"` rethrows it as `EMBEDDING_FAILED`. */
export function reportEmbeddingFailure(context: IndexContext, stage: "catalog" | "query", error: unknown): void {
  const onError = context.options.semantic?.onError ?? "fallback";
  const message =
    stage === "catalog"
      ? "embedding the tool catalog failed; ranking by keywords until it succeeds"
      : "embedding the query failed; this call ranks by keywords";
  context.options.emit({
    type: "embedding-failed",
    stage,
    error,
    fallback: onError === "throw" ? "none" : "keyword",
    message,
  });
  if (onError === "throw") {
    if (ToolsiftError.isInstance(error) && error.code === "EMBEDDING_FAILED") throw error;
    const what = stage === "catalog" ? "tool catalog" : "query";
    throw new ToolsiftError(
      "EMBEDDING_FAILED",
      `Embedding the ${what} failed: ${errorMessage(error)}`,
      { stage },
      { cause: error },
    );
  }
}

/** Embeds the catalog now, reporting a failure instead of rejecting (unless `onError: "throw"`). */
export async function embedCatalogReporting(
  context: IndexContext,
  index: BuiltIndex,
  previous: VectorSet | undefined,
): Promise<void> {
  try {
    await embedCatalog(context, index, previous);
  } catch (error) {
    reportEmbeddingFailure(context, "catalog", error);
  }
}

/**
 * Tool vectors for a call: ready ones, or the first attempt awaited. After a failed attempt the
 * next calls rank by keywords at once while a retry runs in the background.
 */
export async function vectorsFor(context: IndexContext, index: BuiltIndex): Promise<VectorSet | undefined> {
  if (index.vectors !== undefined) return index.vectors;
  if (index.embeddingFailed && context.options.semantic?.onError !== "throw") {
    if (index.embedding === undefined) {
      embedCatalog(context, index, undefined).catch((error: unknown) =>
        reportEmbeddingFailure(context, "catalog", error),
      );
    }
    return undefined;
  }
  await embedCatalogReporting(context, index, undefined);
  return index.vectors;
}
