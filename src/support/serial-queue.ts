// Runs async tasks one after another; a failed task is reported to its caller and does not stop the queue.

/** A queue of async tasks run one at a time in call order. */
export interface SerialQueue {
  /** Runs `task` after every task queued before it has settled; resolves or rejects with its outcome. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(task) {
      const result = tail.then(task);
      // The queue only orders tasks: each caller sees its own task's failure through `result`.
      tail = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
  };
}

/** One `SerialQueue` per key (a cache namespace, a catalog id); idle keys are dropped. */
export function createKeyedSerialQueue<K>(): { run<T>(key: K, task: () => Promise<T>): Promise<T> } {
  const tails = new Map<K, Promise<unknown>>();
  return {
    run(key, task) {
      const result = (tails.get(key) ?? Promise.resolve()).then(task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
  };
}
