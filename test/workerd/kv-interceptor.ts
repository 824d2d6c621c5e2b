// Wraps a KV binding so tests can fail, hang, hold or count its calls (injected faults over the real miniflare KV).

import type { KvNamespaceLike } from "../../src/cache/kv-cache.js";

export type KvOperation = "get" | "put" | "delete";

/** Decides what happens to one KV call; `proceed()` makes the real call. */
export type KvHandler = (operation: KvOperation, key: string, proceed: () => Promise<unknown>) => Promise<unknown>;

export function interceptKv(kv: KvNamespaceLike, handler: KvHandler): KvNamespaceLike {
  return {
    get: ((key: string, type: "text" | "arrayBuffer") =>
      handler("get", key, () => kv.get(key, type as "text"))) as KvNamespaceLike["get"],
    put: (key, value, options) => handler("put", key, () => kv.put(key, value, options)) as Promise<void>,
    delete: (key) => handler("delete", key, () => kv.delete(key)) as Promise<void>,
  };
}

/** A call that never settles. */
export const hang = (): Promise<never> => new Promise<never>(() => undefined);

/** Holds calls until opened; `reached(n)` resolves once n calls are waiting (no timers involved). */
export class Gate {
  private opened = false;
  private readonly held: (() => void)[] = [];
  private readonly watchers: { count: number; resolve: () => void }[] = [];

  wait(): Promise<void> {
    if (this.opened) return Promise.resolve();
    return new Promise((resolve) => {
      this.held.push(resolve);
      for (const watcher of [...this.watchers]) {
        if (this.held.length >= watcher.count) {
          this.watchers.splice(this.watchers.indexOf(watcher), 1);
          watcher.resolve();
        }
      }
    });
  }

  reached(count: number): Promise<void> {
    if (this.held.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.watchers.push({ count, resolve }));
  }

  open(): void {
    this.opened = true;
    for (const release of this.held.splice(0)) release();
  }
}
