// When the gateway tries again to start an upstream server that is down: 1 s after the first failure, doubling, capped.

/** Milliseconds before the first new attempt. */
export const FIRST_RETRY_DELAY = 1_000;

/** The default cap on the wait between attempts (`--retry <ms>`): one minute. */
export const DEFAULT_RETRY_MAX = 60_000;

/**
 * Milliseconds to wait after the `failures`-th failed attempt in a row (1, 2, …): 1 s, 2 s, 4 s, 8 s, … up to `max`
 * (a `max` under 1 s is the wait from the start); `undefined` when `max` is 0 (the server is not tried again).
 * No jitter: one gateway retries its own few servers, there is no crowd of clients to spread out.
 */
export function retryDelay(failures: number, max: number): number | undefined {
  if (max <= 0) return undefined;
  // 2 ** 30 s is past any cap a flag accepts; the exponent is bounded so the product stays finite.
  return Math.min(max, FIRST_RETRY_DELAY * 2 ** Math.min(Math.max(failures - 1, 0), 30));
}
