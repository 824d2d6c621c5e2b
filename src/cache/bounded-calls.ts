// Storage calls bounded in time (a deadline per call) and in number (a fixed count in flight).

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
