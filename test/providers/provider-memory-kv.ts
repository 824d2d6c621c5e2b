// A Workers KV namespace in memory for running the selection service in Node: get (text, arrayBuffer), put, delete,
// list by prefix with a cursor; every call counted by operation and key.
import type { KvNamespaceWithList } from "../../src/worker/http/env.js";

export interface MemoryKv extends KvNamespaceWithList {
  /** Every call: `get <key>`, `put <key>`, `delete <key>`, `list <prefix>`. */
  readonly calls: string[];
  readonly keys: () => string[];
}

const PAGE = 1000;

export function memoryKv(): MemoryKv {
  const values = new Map<string, Uint8Array>();
  const calls: string[] = [];
  const encoder = new TextEncoder();
  const kv = {
    calls,
    keys: () => [...values.keys()].sort(),
    async get(key: string, type: "text" | "arrayBuffer") {
      calls.push(`get ${key}`);
      const value = values.get(key);
      if (value === undefined) return null;
      return type === "text" ? new TextDecoder().decode(value) : value.slice().buffer;
    },
    async put(key: string, value: string | ArrayBuffer | ArrayBufferView) {
      calls.push(`put ${key}`);
      const bytes =
        typeof value === "string"
          ? encoder.encode(value)
          : value instanceof ArrayBuffer
            ? new Uint8Array(value.slice(0))
            : new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
      values.set(key, bytes);
    },
    async delete(key: string) {
      calls.push(`delete ${key}`);
      values.delete(key);
    },
    async list(options: { prefix?: string; cursor?: string; limit?: number } = {}) {
      const prefix = options.prefix ?? "";
      calls.push(`list ${prefix}`);
      const names = [...values.keys()].filter((key) => key.startsWith(prefix)).sort();
      const start = options.cursor === undefined ? 0 : Number(options.cursor);
      const end = Math.min(names.length, start + Math.min(options.limit ?? PAGE, PAGE));
      const complete = end >= names.length;
      return {
        keys: names.slice(start, end).map((name) => ({ name })),
        list_complete: complete,
        ...(complete ? {} : { cursor: String(end) }),
      };
    },
  };
  return kv as MemoryKv;
}
