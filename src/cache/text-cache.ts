// The cache contract for texts (LLM-written tool enrichments): strings by key; memory and Workers KV adapters.

import { checkKvBinding } from "./kv-binding.js";
import type { KvNamespaceLike } from "./kv-cache.js";
import { invalidOption, knownOptions, stringOption } from "../support/validate-options.js";

/** Where texts persist between builds and processes. Keys are at most 512 bytes (a KV key's limit). */
export interface TextCache {
  /** The text stored under each key, `undefined` where there is none; the same order as `keys`. */
  get(keys: readonly string[]): Promise<(string | undefined)[]>;
  /** Stores each `[key, text]`, replacing what was there. */
  set(entries: ReadonlyArray<readonly [string, string]>): Promise<void>;
}

/** A TextCache in this process's memory (lost on restart). */
export function memoryTextCache(): TextCache {
  const texts = new Map<string, string>();
  return {
    async get(keys) {
      return keys.map((key) => texts.get(key));
    },
    async set(entries) {
      for (const [key, text] of entries) texts.set(key, text);
    },
  };
}

/** Options of `kvTextCache`. */
export interface KvTextCacheOptions {
  /** Start of every KV key (`<prefix>/<key>`). Default `"toolsift-text"`; a non-empty string. */
  prefix?: string;
}

/** A TextCache in a Cloudflare Workers KV namespace: one KV value per text, read and written in parallel. */
export function kvTextCache(namespace: KvNamespaceLike, options: KvTextCacheOptions = {}): TextCache {
  const where = "kvTextCache";
  checkKvBinding(where, namespace, ["get", "put"]);
  const given = knownOptions(where, options, ["prefix"]) ?? {};
  const prefix = stringOption(where, "prefix", given.prefix, "toolsift-text");
  return {
    async get(keys) {
      const values = await Promise.all(keys.map((key) => namespace.get(`${prefix}/${key}`, "text")));
      return values.map((value) => value ?? undefined);
    },
    async set(entries) {
      await Promise.all(entries.map(([key, text]) => namespace.put(`${prefix}/${key}`, text)));
    },
  };
}

/** True for objects with the TextCache methods. */
export function isTextCache(value: unknown): value is TextCache {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as { get?: unknown; set?: unknown };
  return typeof candidate.get === "function" && typeof candidate.set === "function";
}

/** Validates a TextCache option (`where` names the function, `option` the option); `undefined` passes. */
export function textCacheOption(where: string, option: string, value: unknown): TextCache | undefined {
  if (value === undefined) return undefined;
  if (!isTextCache(value))
    invalidOption(where, option, "a TextCache (an object with get(keys) and set(entries))", value);
  return value;
}
