// A UsageStore in Cloudflare Workers KV: the snapshot as one JSON value under one key.

import { storageFailure } from "../support/storage-failure.js";
import { checkKvBinding } from "../cache/kv-binding.js";
import { KV_VALUE_LIMIT, type KvNamespaceLike } from "../cache/kv-cache-options.js";
import { ToolsiftError } from "../errors.js";
import { invalidOption, knownOptions, stringOption } from "../support/validate-options.js";
import { checkUsageSnapshot, parseUsageSnapshot, type UsageStore } from "./usage-store.js";

/** The parts of a Workers KV binding the store uses (`env.MY_KV` fits). */
export type KvUsageNamespaceLike = Pick<KvNamespaceLike, "get" | "put">;

/** Options of `kvUsageStore`. */
export interface KvUsageStoreOptions {
  /**
   * The KV key the snapshot is stored under: one store per key (e.g. one per catalog or agent). Default
   * `"toolsift-usage"`; a non-empty string of at most 512 bytes (KV's key limit).
   */
  key?: string;
}

const WHERE = "kvUsageStore";
const KV_KEY_LIMIT = 512;

/**
 * A `UsageStore` in a Cloudflare Workers KV namespace: `save` puts the snapshot as one JSON value under `key`, `load`
 * reads it back (`undefined` while the key holds nothing).
 *
 * Concurrent writers overwrite each other: KV has no compare-and-swap, so two isolates that each load, learn and save
 * keep only the last save, and a save can take up to a minute to be seen in other locations. Use it where one writer
 * owns the key (a scheduled job that merges and saves, a single-tenant worker); the selection service does not use
 * it, and keeps learnt counts with its own merge-safe scheme.
 */
export function kvUsageStore(namespace: KvUsageNamespaceLike, options: KvUsageStoreOptions = {}): UsageStore {
  checkKvBinding(WHERE, namespace, ["get", "put"]);
  const given = knownOptions(WHERE, options, ["key"] satisfies (keyof KvUsageStoreOptions)[]);
  const key = stringOption(WHERE, "key", given?.key, "toolsift-usage");
  if (new TextEncoder().encode(key).length > KV_KEY_LIMIT) {
    invalidOption(WHERE, "key", `a KV key of at most ${KV_KEY_LIMIT} bytes`, key);
  }
  const where = `${WHERE} (key "${key}")`;

  return {
    async load() {
      const text = await kvCall("CACHE_READ_FAILED", "read", key, () => namespace.get(key, "text"));
      return text === null ? undefined : parseUsageSnapshot(text, where);
    },

    async save(snapshot) {
      const value = JSON.stringify(checkUsageSnapshot(snapshot, `${where}.save`));
      const size = new TextEncoder().encode(value).length;
      if (size > KV_VALUE_LIMIT) {
        throw new ToolsiftError(
          "CACHE_WRITE_FAILED",
          `${WHERE} did not write key "${key}": the snapshot is ${size} bytes of JSON, ` +
            `over KV's ${KV_VALUE_LIMIT}-byte value limit.`,
          { key, size },
        );
      }
      await kvCall("CACHE_WRITE_FAILED", "write", key, () => namespace.put(key, value));
    },
  };
}

/** One KV call; a failure becomes `code`, naming the key and the cause. */
async function kvCall<T>(
  code: "CACHE_READ_FAILED" | "CACHE_WRITE_FAILED",
  verb: "read" | "write",
  key: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw storageFailure(code, `${WHERE} could not ${verb} key "${key}"`, { key }, error);
  }
}
