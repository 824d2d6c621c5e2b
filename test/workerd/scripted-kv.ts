// A KV stand-in for race tests: chosen reads and writes are held and released in the order a test picks.

import type { KvNamespaceWithList } from "../../src/worker/http/env.js";
import { Gate } from "./kv-interceptor.js";
import { serviceKv } from "./service-harness.js";

export type ScriptedOperation = "get" | "put" | "delete" | "list";

/** Calls matching `matches` wait on one gate until the test opens it. */
export class Hold {
  private readonly gate = new Gate();

  constructor(
    readonly matches: (operation: ScriptedOperation, key: string) => boolean,
    /** How many matching calls this hold takes; later ones pass. */
    private remaining: number,
  ) {}

  /** Takes one matching call if the hold still has room. */
  take(operation: ScriptedOperation, key: string): Gate | undefined {
    if (this.remaining === 0 || !this.matches(operation, key)) return undefined;
    this.remaining--;
    return this.gate;
  }

  /** Resolves once `count` calls are held (a held read has already read KV). */
  reached(count = 1): Promise<void> {
    return this.gate.reached(count);
  }

  release(): void {
    this.gate.open();
  }
}

/**
 * Wraps the real KV. A held read reads KV when it is called and answers only when released (a read
 * that started before a write, answered after it); a held write or delete reaches KV only when
 * released. `stale(key, text)` makes every read of `key` answer `text` (KV's eventual consistency).
 */
export class ScriptedKv {
  private readonly holds: Hold[] = [];
  private readonly staleValues = new Map<string, string | null>();
  readonly binding: KvNamespaceWithList;

  constructor(private readonly kv: KvNamespaceWithList = serviceKv) {
    this.binding = {
      get: ((key: string, type: "text" | "arrayBuffer") =>
        this.read(key, () => kv.get(key, type as "text"))) as KvNamespaceWithList["get"],
      put: (key, value, options) => this.write("put", key, () => kv.put(key, value, options)),
      delete: (key) => this.write("delete", key, () => kv.delete(key)),
      list: (options) => this.read(options?.prefix ?? "", () => kv.list(options), "list"),
    };
  }

  /** Holds the next `count` calls that match (default: one). */
  hold(matches: (operation: ScriptedOperation, key: string) => boolean, count = 1): Hold {
    const hold = new Hold(matches, count);
    this.holds.push(hold);
    return hold;
  }

  /** Reads of `key` answer `text` (null: missing) until `fresh(key)`. */
  stale(key: string, text: string | null): void {
    this.staleValues.set(key, text);
  }

  fresh(key: string): void {
    this.staleValues.delete(key);
  }

  private gateFor(operation: ScriptedOperation, key: string): Gate | undefined {
    for (const hold of this.holds) {
      const gate = hold.take(operation, key);
      if (gate !== undefined) return gate;
    }
    return undefined;
  }

  private async read<T>(key: string, proceed: () => Promise<T>, operation: ScriptedOperation = "get"): Promise<T> {
    const gate = this.gateFor(operation, key);
    const value = operation === "get" && this.staleValues.has(key) ? (this.staleValues.get(key) as T) : await proceed();
    await gate?.wait();
    return value;
  }

  private async write(operation: "put" | "delete", key: string, proceed: () => Promise<void>): Promise<void> {
    await this.gateFor(operation, key)?.wait();
    await proceed();
  }
}
