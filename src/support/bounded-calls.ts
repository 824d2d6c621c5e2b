// Calls bounded in time (a deadline, abort signals) and in number (a fixed count in flight): storage, models, the pool.

import { ToolsiftError } from "../errors.js";

function timeoutError(timeoutMs: number): ToolsiftError {
  return new ToolsiftError(
    "EMBEDDING_FAILED",
    `The embedding model did not answer within ${timeoutMs} ms (embedding.timeout); the call was aborted.`,
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

/** Thrown when a call passes its deadline; the call itself may still finish later. */
export class DeadlineExceeded extends Error {
  override readonly name = "DeadlineExceeded";
}

/**
 * Runs `call` and rejects with `DeadlineExceeded` after `milliseconds` if it has not settled.
 * `Infinity` waits forever. A call that throws synchronously rejects.
 */
export async function withDeadline<T>(call: () => Promise<T>, milliseconds: number, what: string): Promise<T> {
  const operation = (async () => call())();
  if (milliseconds === Infinity) return operation;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DeadlineExceeded(`${what} did not finish within ${milliseconds} ms`)),
      milliseconds,
    );
  });
  try {
    return await Promise.race([operation, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls `action(0 … count-1)` with at most `limit` calls in flight. Rejects with the first failure;
 * no new call starts after it (calls already in flight run on).
 */
export async function runBounded(
  count: number,
  limit: number,
  action: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < count) {
      const index = next++;
      try {
        await action(index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, lane));
}
