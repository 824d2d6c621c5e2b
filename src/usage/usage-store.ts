// Where an index's usage snapshot persists between processes: the UsageStore contract and a store in memory.

import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";
import { errorMessage } from "../support/error-message.js";
import { UsageGraph } from "./usage-graph.js";
import { addSnapshot, type UsageSnapshot } from "./usage-snapshot.js";

/**
 * Keeps one usage snapshot (`index.usage()`) between processes, like an `EmbeddingCache` keeps vectors:
 *
 * ```ts
 * const index = createToolIndex(tools, { usage: await store.load() });
 * // ... index.learn(messages) after each conversation ...
 * await store.save(index.usage());
 * ```
 *
 * Adapters, from `toolsift/storage`: `memoryUsageStore()`, `kvUsageStore(env.KV)` and `fileUsageStore(path)` (Node).
 * A store holds what it was last given: `save` replaces, it does not merge
 * (combine snapshots with `mergeUsage` first).
 */
export interface UsageStore {
  /**
   * The snapshot saved last, or `undefined` when none was. Rejects with `CACHE_READ_FAILED` when the store cannot be
   * read and `INVALID_USAGE` when what it holds is not a usage snapshot this toolsift reads.
   */
  load(): Promise<UsageSnapshot | undefined>;
  /**
   * Stores `snapshot`, replacing the one stored. Rejects with `INVALID_USAGE` for a value that is not a usage snapshot
   * (nothing is written) and `CACHE_WRITE_FAILED` when the store cannot be written.
   */
  save(snapshot: UsageSnapshot): Promise<void>;
}

/**
 * Checks that `value` is a usage snapshot this toolsift reads (format, version, every field and tool reference), by
 * reading it into a scratch graph; throws `INVALID_USAGE` naming `where` otherwise.
 */
export function checkUsageSnapshot(value: unknown, where: string): UsageSnapshot {
  addSnapshot(new UsageGraph(), value, where);
  return value as UsageSnapshot;
}

/** Parses the stored text of a snapshot (`where`: the store and its key or path), then checks it. */
export function parseUsageSnapshot(text: string, where: string): UsageSnapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ToolsiftError(
      "INVALID_USAGE",
      `${where}: the stored usage snapshot is not JSON: ${errorMessage(error)} (it holds ${describeValue(text)}).`,
      {},
      { cause: error },
    );
  }
  return checkUsageSnapshot(value, where);
}

/**
 * A `UsageStore` in this process's memory (lost when it ends), e.g. for tests or to hand snapshots between indexes.
 * It keeps a copy of what it is given and hands out copies, so neither side can change the other's snapshot.
 */
export function memoryUsageStore(): UsageStore {
  let stored: UsageSnapshot | undefined;
  return {
    async load() {
      return stored === undefined ? undefined : structuredClone(stored);
    },
    async save(snapshot) {
      stored = structuredClone(checkUsageSnapshot(snapshot, "memoryUsageStore.save"));
    },
  };
}
