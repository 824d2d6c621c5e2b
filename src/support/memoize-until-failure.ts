// A lazily started promise that is shared while it runs and after it succeeds, and forgotten when it fails.

/**
 * Wraps `load` so that it runs at most once at a time: every caller shares the pending promise and,
 * once it resolves, its value. A rejection is not kept: the next call runs `load` again (the
 * environment may have been fixed in between). `reset()` drops a cached value.
 */
export function memoizeUntilFailure<T>(load: () => Promise<T>): { (): Promise<T>; reset(): void } {
  let pending: Promise<T> | undefined;
  const get = (): Promise<T> => {
    if (pending === undefined) {
      const started = load();
      pending = started;
      started.catch(() => {
        if (pending === started) pending = undefined;
      });
    }
    return pending;
  };
  return Object.assign(get, {
    reset() {
      pending = undefined;
    },
  });
}

/** `memoizeUntilFailure` per key: one pending load per key, failures forgotten, successes kept until `delete`. */
export function keyedMemoizeUntilFailure<K, T>(
  load: (key: K) => Promise<T>,
): {
  get(key: K): Promise<T>;
  delete(key: K): void;
} {
  const pending = new Map<K, Promise<T>>();
  return {
    get(key) {
      let entry = pending.get(key);
      if (entry === undefined) {
        const started = load(key);
        entry = started;
        pending.set(key, started);
        started.catch(() => {
          if (pending.get(key) === started) pending.delete(key);
        });
      }
      return entry;
    },
    delete(key) {
      pending.delete(key);
    },
  };
}
