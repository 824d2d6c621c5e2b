// The agent's own Durable Object SQLite (`agent.sql`) as toolsift's stores: tool vectors (an EmbeddingCache), learnt
// usage (a UsageStore) and what each delivery decided per conversation point, so an agent evicted and woken again
// neither re-embeds nor forgets.

import type { StableDecisionStore } from "../agent/delivery/stable-decisions.js";
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

/** `create` run on the first call only (each table is created once per instance, when first used). */
function once(create: () => unknown): () => void {
  let done = false;
  return () => {
    if (done) return;
    create();
    done = true;
  };
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
  const table = once(
    () => sql`CREATE TABLE IF NOT EXISTS toolsift_embeddings (key TEXT PRIMARY KEY, vector TEXT NOT NULL)`,
  );
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
  const table = once(
    () =>
      sql`CREATE TABLE IF NOT EXISTS toolsift_usage (id INTEGER PRIMARY KEY CHECK (id = 1), snapshot TEXT NOT NULL)`,
  );
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

/** Points (prefix hashes) kept per table, the oldest dropped past it (`inConversation`'s `memoSize` default). */
const POINTS_KEPT = 10_000;

/** One point-keyed table's statements: the table name is part of each statement's text, so each table has its own. */
interface PointStatements {
  readonly table: string;
  create(): void;
  select(point: string): { value: string }[];
  insert(point: string, text: string): void;
  /** Drops the rows older than the last `kept` written. */
  trim(kept: number): void;
}

/** JSON values by conversation point in one table of the agent's SQLite; a value that is not JSON is an error. */
function pointTable(statements: PointStatements) {
  const { table } = statements;
  const created = once(() => statements.create());
  return {
    getMany(points: readonly string[]): Map<string, unknown> {
      return run("CACHE_READ_FAILED", `reading ${points.length} points from ${table}`, () => {
        created();
        const found = new Map<string, unknown>();
        for (const point of points) {
          const [row] = statements.select(point);
          if (row === undefined) continue;
          try {
            found.set(point, JSON.parse(row.value));
          } catch (error) {
            throw storageFailure(
              "CACHE_READ_FAILED",
              `agent SQLite: the ${table} row "${point}" is not JSON`,
              {},
              error,
            );
          }
        }
        return found;
      });
    },
    set(point: string, value: unknown): void {
      run("CACHE_WRITE_FAILED", `writing the point "${point}" to ${table}`, () => {
        created();
        statements.insert(point, JSON.stringify(value));
        statements.trim(POINTS_KEPT);
      });
    },
  };
}

/** What `inConversation` delivered at each point of the agent's conversations, by the hash of the prefix before it. */
export interface AgentDeliveryStore {
  /** The delivery message stored for each of `points` (prefix hashes), where one is. */
  getMany(points: readonly string[]): Map<string, unknown>;
  /** Stores `message` as delivered after the prefix hashed `point`; the oldest points past 10,000 are dropped. */
  set(point: string, message: unknown): void;
}

/**
 * Delivery messages in the agent's SQLite, one row per point (`point` the hash of the clean conversation before it),
 * so an agent woken after an eviction carries the messages it delivered instead of choosing (and embedding) again.
 */
export function agentSqlDeliveryStore(sql: AgentSql): AgentDeliveryStore {
  return pointTable({
    table: "toolsift_deliveries",
    create: () => sql`CREATE TABLE IF NOT EXISTS toolsift_deliveries (point TEXT PRIMARY KEY, message TEXT NOT NULL)`,
    select: (point) => sql<{ value: string }>`SELECT message AS value FROM toolsift_deliveries WHERE point = ${point}`,
    insert: (point, text) =>
      void sql`INSERT OR REPLACE INTO toolsift_deliveries (point, message) VALUES (${point}, ${text})`,
    trim: (kept) =>
      void sql`DELETE FROM toolsift_deliveries WHERE rowid <= (SELECT MAX(rowid) FROM toolsift_deliveries) - ${kept}`,
  });
}

/**
 * The decisions of `prepareStep`'s stable set in the agent's SQLite, one row per point (the hash of the conversation
 * prefix the decision was made for), so an agent woken after an eviction replays (and embeds) no earlier step, and its
 * set goes on from what it sent.
 */
export function agentSqlStableDecisions(sql: AgentSql): StableDecisionStore {
  const rows = pointTable({
    table: "toolsift_stable_sets",
    create: () => sql`CREATE TABLE IF NOT EXISTS toolsift_stable_sets (point TEXT PRIMARY KEY, decision TEXT NOT NULL)`,
    select: (point) =>
      sql<{ value: string }>`SELECT decision AS value FROM toolsift_stable_sets WHERE point = ${point}`,
    insert: (point, text) =>
      void sql`INSERT OR REPLACE INTO toolsift_stable_sets (point, decision) VALUES (${point}, ${text})`,
    trim: (kept) =>
      void sql`DELETE FROM toolsift_stable_sets WHERE rowid <= (SELECT MAX(rowid) FROM toolsift_stable_sets) - ${kept}`,
  });
  return { get: (point) => rows.getMany([point]).get(point), set: (point, decision) => rows.set(point, decision) };
}

/** The last turn the agent learnt: its key (the hash of the conversation up to its user message) and its calls. */
export interface LearntTurn {
  readonly turn: string;
  readonly calls: readonly string[];
}

/** The agent's last learnt turn in its SQLite (one row), so a continuation of that turn learns only its new calls. */
export function agentSqlLearntTurn(sql: AgentSql): { load(): LearntTurn | undefined; save(turn: LearntTurn): void } {
  const table = once(
    () =>
      sql`CREATE TABLE IF NOT EXISTS toolsift_learnt_turn (id INTEGER PRIMARY KEY CHECK (id = 1), turn TEXT NOT NULL, calls TEXT NOT NULL)`,
  );
  return {
    load() {
      const [row] = run("CACHE_READ_FAILED", "reading the last learnt turn", () => {
        table();
        return sql<{ turn: string; calls: string }>`SELECT turn, calls FROM toolsift_learnt_turn WHERE id = 1`;
      });
      if (row === undefined) return undefined;
      const calls: unknown = JSON.parse(row.calls);
      if (!Array.isArray(calls) || calls.some((name) => typeof name !== "string")) {
        throw new ToolsiftError(
          "CACHE_READ_FAILED",
          `agent SQLite: the calls of the last learnt turn are not a list of tool names: ${row.calls.slice(0, 80)}`,
          {},
        );
      }
      return { turn: row.turn, calls: calls as string[] };
    },
    save({ turn, calls }) {
      run("CACHE_WRITE_FAILED", "writing the last learnt turn", () => {
        table();
        void sql`INSERT OR REPLACE INTO toolsift_learnt_turn (id, turn, calls) VALUES (1, ${turn}, ${JSON.stringify(calls)})`;
      });
    },
  };
}
