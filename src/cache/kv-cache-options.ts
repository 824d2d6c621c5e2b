// kvCache's binding and options: their types, documented defaults and validation.

import { checkKvBinding } from "./kv-binding.js";
import {
  functionOption,
  integerOption,
  knownOptions,
  limitOption,
  numberOption,
  stringOption,
} from "../support/validate-options.js";
import type { EmbeddingCacheEvent } from "./embedding-cache.js";
import { DEFAULT_MAX_ENTRIES } from "./vector-slab.js";

/** KV's largest value, in bytes. */
export const KV_VALUE_LIMIT = 25 * 1024 * 1024;

/**
 * The parts of a Workers KV binding (`KVNamespace`) the cache uses, typed here so that the module
 * needs no Cloudflare types at run time. `env.MY_KV` fits it.
 */
export interface KvNamespaceLike {
  get(key: string, type: "text"): Promise<string | null>;
  get(key: string, type: "arrayBuffer"): Promise<ArrayBuffer | null>;
  put(key: string, value: string | ArrayBuffer | ArrayBufferView, options?: { expirationTtl?: number }): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Options of `kvCache`. */
export interface KvCacheOptions {
  /**
   * Most vectors kept per model namespace (one slab). A write beyond it drops the least recently used: rows this
   * instance read since its last write count as used, with those it writes. Keep it above the tools of every catalog
   * that shares the namespace, or each build re-embeds what the last one dropped. Default 10,000 (at 1,536
   * dimensions, 61 MB in 3 chunks); an integer ≥ 1, or `Infinity` to keep every vector ever written.
   */
  maxEntries?: number;
  /**
   * Start of every KV key the cache writes (`<prefix>/<namespace>/manifest`, `…/chunk/<version>/<n>`).
   * Default `"toolsift"`; a non-empty string.
   */
  prefix?: string;
  /**
   * Seconds until stored values expire (KV `expirationTtl`), counted from each write. Chunks get 5
   * minutes more than their manifest, so a manifest never outlives the chunks it names. Default:
   * never. Integer ≥ 60 (KV's minimum).
   */
  expirationTtl?: number;
  /**
   * Largest chunk value in bytes (rounded down to whole floats). Default 24 MiB; KV allows 25 MiB per
   * value. Integer 16–26,214,400.
   */
  maxChunkBytes?: number;
  /** Most KV calls in flight at once within one `getMany`/`setMany`. Default 6; integer 1–100. */
  concurrency?: number;
  /**
   * Milliseconds one KV call may take before the `getMany`/`setMany` fails. Default 30,000; a number
   * > 0, or `Infinity` to wait forever.
   */
  operationTimeout?: number;
  /**
   * Receives what the cache worked around without failing: undeletable old chunks, a corrupt slab
   * replaced. Default: none.
   */
  onEvent?: (event: EmbeddingCacheEvent) => void;
}

const WHERE = "kvCache";
const KV_CACHE_OPTIONS = [
  "maxEntries",
  "prefix",
  "expirationTtl",
  "maxChunkBytes",
  "concurrency",
  "operationTimeout",
  "onEvent",
] as const satisfies readonly (keyof KvCacheOptions)[];

/** kvCache's options after validation, defaults applied. */
export interface KvCacheSettings {
  readonly maxEntries: number;
  readonly prefix: string;
  readonly expirationTtl: number | undefined;
  /** `maxChunkBytes` rounded down to whole floats. */
  readonly chunkBytes: number;
  readonly concurrency: number;
  /** `operationTimeout`. */
  readonly timeout: number;
  readonly onEvent: ((event: EmbeddingCacheEvent) => void) | undefined;
}

/** Checks the binding and the options of `kvCache` (throwing INVALID_OPTION / UNKNOWN_OPTION); resolves defaults. */
export function resolveKvCacheOptions(kv: unknown, options: unknown): KvCacheSettings {
  checkKvBinding(WHERE, kv, ["get", "put", "delete"]);
  const given = knownOptions(WHERE, options, KV_CACHE_OPTIONS);
  const maxChunkBytes = integerOption(
    WHERE,
    "maxChunkBytes",
    given?.maxChunkBytes,
    16,
    KV_VALUE_LIMIT,
    24 * 1024 * 1024,
  );
  return {
    maxEntries: limitOption(WHERE, "maxEntries", given?.maxEntries, DEFAULT_MAX_ENTRIES),
    prefix: stringOption(WHERE, "prefix", given?.prefix, "toolsift"),
    expirationTtl: integerOption(WHERE, "expirationTtl", given?.expirationTtl, 60, Number.MAX_SAFE_INTEGER),
    chunkBytes: Math.floor(maxChunkBytes / 4) * 4,
    concurrency: integerOption(WHERE, "concurrency", given?.concurrency, 1, 100, 6),
    timeout: numberOption(
      WHERE,
      "operationTimeout",
      given?.operationTimeout,
      { min: 0, max: Infinity, exclusiveMin: true },
      30_000,
    ),
    onEvent: functionOption<(event: EmbeddingCacheEvent) => void>(WHERE, "onEvent", given?.onEvent),
  };
}
