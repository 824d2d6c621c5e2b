// What a per-call adapter does when a selection fails: report it (`selection-failed`), then reject or offer every tool.

/** Reported when selection failed (embedding, indexing or search) inside an agent loop. */
export interface SelectionFailedEvent {
  /**
   * With `onError: "fallback"` the call was offered every tool (`fallback: "all"`); with `"throw"` the error rejects
   * the model call.
   */
  readonly type: "selection-failed";
  readonly error: unknown;
  readonly fallback: "all" | "none";
  readonly message: string;
}

/**
 * Reports `error` through `emit`, then rethrows it with `onError: "throw"`; with `"fallback"` it returns and the caller
 * offers the call `everyTool` (its words for what that is: "every tool", "every allowed tool").
 */
export function selectionFailed(
  error: unknown,
  onError: "fallback" | "throw",
  everyTool: string,
  emit: (event: SelectionFailedEvent) => void,
): void {
  const fallback = onError === "throw" ? "none" : "all";
  emit({
    type: "selection-failed",
    error,
    fallback,
    message:
      fallback === "all"
        ? `selecting tools failed; this call is offered ${everyTool}`
        : "selecting tools failed; the model call is rejected",
  });
  if (fallback === "none") throw error;
}
