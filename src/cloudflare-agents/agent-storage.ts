// The agent's own Durable Object SQLite (`agent.sql`) as toolsift's two stores: tool vectors (an EmbeddingCache) and
// learnt usage (a UsageStore), so an agent evicted and woken again neither re-embeds nor forgets.

import type { EmbeddingCache } from "../cache/embedding-cache.js";
import { ToolsiftError } from "../errors.js";
import { storageFailure } from "../support/storage-failure.js";
import type { UsageStore } from "../usage/usage-store.js";
import { checkUsageSnapshot, parseUsageSnapshot } from "../usage/usage-store.js";

/** `Agent.sql` of `agents`: a tagged template run on the Durable Object's SQLite, rows returned at once. */
export type AgentSql = <T = Record<string, string | number | boolean | null>>(
  strings: TemplateStringsArray,
  ...values: (string | number | boolean | null)[]
) => T[];

const EMBEDDINGS = "toolsift_embeddings";
const USAGE = "toolsift_usage";

function run<T>(code: "CACHE_READ_FAILED" | "CACHE_WRITE_FAILED", what: string, action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (ToolsiftError.isInstance(error)) throw error;
    throw storageFailure(code, `agent SQLite: ${what} failed`, {}, error);
  }
}

function toBase64(vector: Float32Array): string {
  const bytes = new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
  let text = "";
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}

function fromBase64(key: string, text: unknown): Float32Array {
  const binary = typeof text === "string" ? atob(text) : "";
  if (binary.length === 0 || binary.length % 4 !== 0) {
    throw new ToolsiftError(
      "CACHE_READ_FAILED",
      `agent SQLite: the stored vector of "${key}" in ${EMBEDDINGS} is not a float32 vector (${binary.length} bytes).`,
      { key },
    );
  }
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  return new Float32Array(bytes.buffer);
}

/** Tool vectors in the agent's SQLite, one row per cache key (`${namespace}/${hash}`), the floats as base64. */
export function agentSqlEmbeddingCache(sql: AgentSql): EmbeddingCache {
  let created = false;
  const table = () => {
    if (created) return;
    void sql`CREATE TABLE IF NOT EXISTS toolsift_embeddings (key TEXT PRIMARY KEY, vector TEXT NOT NULL)`;
    created = true;
  };
  return {
    async getMany(keys) {
      return run("CACHE_READ_FAILED", `reading ${keys.length} vectors`, () => {
        table();
        return keys.map((key) => {
          const [row] = sql<{ vector: string }>`SELECT vector FROM toolsift_embeddings WHERE key = ${key}`;
          return row === undefined ? undefined : fromBase64(key, row.vector);
        });
      });
    },
    async setMany(entries) {
      run("CACHE_WRITE_FAILED", `writing ${entries.length} vectors`, () => {
        table();
        for (const [key, vector] of entries) {
          void sql`INSERT OR REPLACE INTO toolsift_embeddings (key, vector) VALUES (${key}, ${toBase64(vector)})`;
        }
      });
    },
  };
}

/** The agent's learnt usage (`index.usage()`) in its SQLite: one row, replaced on each save. */
export function agentSqlUsageStore(sql: AgentSql): UsageStore {
  const where = `agent SQLite (${USAGE})`;
  let created = false;
  const table = () => {
    if (created) return;
    void sql`CREATE TABLE IF NOT EXISTS toolsift_usage (id INTEGER PRIMARY KEY CHECK (id = 1), snapshot TEXT NOT NULL)`;
    created = true;
  };
  return {
    async load() {
      const [row] = run("CACHE_READ_FAILED", "reading the usage snapshot", () => {
        table();
        return sql<{ snapshot: string }>`SELECT snapshot FROM toolsift_usage WHERE id = 1`;
      });
      return row === undefined ? undefined : parseUsageSnapshot(row.snapshot, where);
    },
    async save(snapshot) {
      const text = JSON.stringify(checkUsageSnapshot(snapshot, where));
      run("CACHE_WRITE_FAILED", "writing the usage snapshot", () => {
        table();
        void sql`INSERT OR REPLACE INTO toolsift_usage (id, snapshot) VALUES (1, ${text})`;
      });
    },
  };
}
