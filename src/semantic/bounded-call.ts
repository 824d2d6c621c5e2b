// One embedding call bounded by a deadline and abort signals, settling on time whatever the model does.

import { ToolsiftError } from "../errors.js";

function timeoutError(timeoutMs: number): ToolsiftError {
  return new ToolsiftError(
    "EMBEDDING_FAILED",
    `The embedding model did not answer within ${timeoutMs} ms (embeddingTimeout); the call was aborted.`,
    { timeoutMs },
  );
}

/**
 * Runs `call` with a signal that aborts after `timeoutMs` or when one of `signals` aborts, and settles at that
 * moment whether or not the model honours the signal: a model that ignores it is left behind, never awaited.
 */
export function boundedCall<T>(
  call: (signal: AbortSignal) => PromiseLike<T>,
  timeoutMs: number,
  signals: readonly (AbortSignal | undefined)[],
): Promise<T> {
  const controller = new AbortController();
  const outer = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  const aborted = outer.find((signal) => signal.aborted);
  if (aborted !== undefined) return Promise.reject(aborted.reason);
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => abandon(timeoutError(timeoutMs)), timeoutMs);
    const listeners = outer.map((signal) => [signal, () => abandon(signal.reason)] as const);
    for (const [signal, listener] of listeners) signal.addEventListener("abort", listener, { once: true });
    const cleanup = () => {
      clearTimeout(timer);
      for (const [signal, listener] of listeners) signal.removeEventListener("abort", listener);
    };
    // Settle first, then abort: the race is decided by the timer or the caller, not by the model's answer to it.
    function abandon(reason: unknown): void {
      cleanup();
      reject(reason);
      controller.abort(reason);
    }
    const signal = outer.length === 0 ? controller.signal : AbortSignal.any([controller.signal, ...outer]);
    let pending: PromiseLike<T>;
    try {
      pending = call(signal);
    } catch (error) {
      return abandon(error);
    }
    Promise.resolve(pending).then(
      (value) => {
        cleanup();
        resolve(value);
      },
      (error: unknown) => {
        cleanup();
        reject(error);
      },
    );
  });
}
