// What an answer worked around, said in the answer: `warnings: [{ code, message }]` next to the result.

import type { ToolsiftEvent } from "../../events.js";
import { errorMessage } from "../../support/error-message.js";

/** Warning codes a successful answer may carry. */
export type WarningCode =
  /** The pointer could not be read (KV failed or timed out): the answer comes from this isolate's warm copy. */
  | "CATALOG_STALE"
  /** The stored vectors could not be read: the model embedded the tools again while loading the catalog. */
  | "EMBEDDINGS_UNAVAILABLE"
  /** Embedding failed (catalog or query): this answer ranked by keywords (`fallback: "keyword"`). */
  | "EMBEDDING_FAILED"
  /** A tool's description or schema could not be read; it is indexed without it. */
  | "CATALOG_WARNING"
  /** Learnt usage could not be read: answered with this isolate's older copy of it, or without it. */
  | "USAGE_UNAVAILABLE"
  /** DELETE: the catalog is deleted, but its learnt usage could not be erased; republished, it starts from it. */
  | "USAGE_NOT_ERASED"
  /** Learn: calls to tools a newer catalog version removed were not learnt (named; `learnt.skipped`). */
  | "CALLS_SKIPPED"
  /** The stored vectors are another model's: this isolate embedded the catalog again on load; a re-PUT stores them. */
  | "EMBEDDING_MODEL_CHANGED";

export interface ServiceWarning {
  readonly code: WarningCode;
  readonly message: string;
}

/** The warnings a toolsift event stands for (none for events that report success). */
export function warningsFromEvent(event: ToolsiftEvent): ServiceWarning[] {
  switch (event.type) {
    case "embedding-cache-error":
      return event.operation === "read"
        ? [{ code: "EMBEDDINGS_UNAVAILABLE", message: `${event.message} (${errorMessage(event.error)})` }]
        : [];
    case "embedding-failed":
      return [{ code: "EMBEDDING_FAILED", message: `${event.message} (${errorMessage(event.error)})` }];
    case "catalog-warning":
      return [{ code: "CATALOG_WARNING", message: event.message }];
    default:
      return [];
  }
}

/**
 * Logs the events that report a problem, so an operator sees them in `wrangler tail`. Not a query the model embeds as
 * zero (the local model knows none of its words): the answer says `fallback: "keyword"`, and it is no fault.
 */
export function logEvent(event: ToolsiftEvent): void {
  if (event.type === "embeddings-ready" || event.type === "query-truncated") return;
  if (event.type === "embedding-warning" && event.stage === "query") return;
  console.warn(
    "[toolsift service]",
    event.type,
    "message" in event ? event.message : "",
    "error" in event ? errorMessage(event.error) : "",
  );
}

/** Unique by code and message, in order. */
export function dedupe(warnings: readonly ServiceWarning[]): ServiceWarning[] {
  const seen = new Set<string>();
  return warnings.filter((warning) => {
    const key = `${warning.code}\n${warning.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
