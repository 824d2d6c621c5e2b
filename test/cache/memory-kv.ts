// A tiny in-memory stand-in for a Workers KV binding, for the fast node run only (test/workerd uses miniflare's real
// KV).

import type { KvNamespaceLike } from "../../src/cache/kv-cache.js";

/** A KV namespace in a Map. Values are copied in and out, as KV does. */
export function memoryKv(): KvNamespaceLike & { readonly values: Map<string, string | ArrayBuffer> } {
  const values = new Map<string, string | ArrayBuffer>();
  const get = async (key: string, type: "text" | "arrayBuffer"): Promise<string | ArrayBuffer | null> => {
    const value = values.get(key);
    if (value === undefined) return null;
    if (type === "text") return typeof value === "string" ? value : new TextDecoder().decode(value);
    return typeof value === "string" ? new TextEncoder().encode(value).buffer : value.slice(0);
  };
  return {
    values,
    get: get as KvNamespaceLike["get"],
    async put(key, value) {
      if (typeof value === "string") values.set(key, value);
      else if (value instanceof ArrayBuffer) values.set(key, value.slice(0));
      else values.set(key, value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) as ArrayBuffer);
    },
    async delete(key) {
      values.delete(key);
    },
  };
}
