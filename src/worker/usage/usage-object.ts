// ToolsiftUsage, the Durable Object holding one catalog's learnt usage: learn requests applied one at a time.

import { ToolsiftError } from "../../errors.js";
import { errorMessage } from "../../support/error-message.js";
import { createToolIndex, type ToolIndex } from "../../tool-index.js";
import { UsageGraph } from "../../usage/usage-graph.js";
import { toSnapshot, type UsageSnapshot } from "../../usage/usage-snapshot.js";

/** The part of a Durable Object's `ctx.storage` this object uses (its key-value API). */
export interface DurableObjectStorageLike {
  get(keys: string[]): Promise<Map<string, unknown>>;
  /** Writes every entry in one transaction (up to 128 keys). */
  put(entries: Record<string, unknown>): Promise<void>;
  delete(keys: string[]): Promise<number>;
}

/** The part of a Durable Object's `ctx` (DurableObjectState) this object uses. */
export interface DurableObjectStateLike {
  readonly storage: DurableObjectStorageLike;
  blockConcurrencyWhile<T>(callback: () => Promise<T>): Promise<T>;
}

/** Exact counts of everything learnt (the snapshot's weights decay; these never do). */
export interface UsageTotals {
  /** Learn requests applied (each one conversation). */
  readonly conversations: number;
  /** User turns with at least one tool call. */
  readonly turns: number;
  /** Tool calls learnt. */
  readonly calls: number;
}

/** The catalog version a learn request was checked against, and its tool names. */
export interface LearnCatalog {
  readonly version: string;
  /** ISO 8601 time the version was published: orders versions. */
  readonly updatedAt: string;
  readonly tools: readonly string[];
}

/** `POST https://usage/learn` (internal to the service). */
export interface LearnRequest {
  readonly catalog: LearnCatalog;
  readonly messages: unknown;
}

export interface LearnAnswer {
  readonly learnt: { readonly turns: number; readonly calls: number; readonly skipped: readonly string[] };
  readonly totals: UsageTotals;
  /** Bumped by every learn request: readers compare it with the snapshot they hold. */
  readonly revision: number;
}

/** A catalog version by its id and publication time (ISO 8601). */
export interface CatalogVersionRef {
  readonly version: string;
  readonly updatedAt: string;
}

/** `POST https://usage/erase` with the deleted version: forgets everything learnt up to it. */
export interface EraseRequest {
  readonly catalog: CatalogVersionRef;
}

export interface EraseAnswer {
  /** The revision the erasure made (revisions never go back: readers holding an older one read it again). */
  readonly revision: number;
}

/** `GET https://usage/snapshot?known=<revision>`: `usage` is left out when the caller holds that revision. */
export interface UsageAnswer {
  readonly revision: number;
  readonly totals: UsageTotals;
  readonly usage?: UsageSnapshot;
}

/** What is stored under `usage/state`; the snapshot's JSON is split over `usage/snapshot/<n>` (2 MB per value). */
interface StoredState {
  readonly format: 1;
  readonly revision: number;
  readonly totals: UsageTotals;
  /** The newest catalog version learnt against. */
  readonly catalog: { readonly version: string; readonly updatedAt: string } | null;
  readonly chunks: number;
  /** The newest catalog version deleted (`/erase`): learn requests checked against it or older ones are refused. */
  readonly erased?: CatalogVersionRef | null;
}

const STATE_KEY = "usage/state";
const chunkKey = (n: number) => `usage/snapshot/${n}`;
/** Characters per stored chunk: 2 MB per key and value even at 4 bytes a character. */
const CHUNK_CHARACTERS = 256 * 1024;
/** Keys one `put` may write (128), less the state key. */
const MAX_CHUNKS = 127;

const NO_TOTALS: UsageTotals = { conversations: 0, turns: 0, calls: 0 };

function errorAnswer(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, message } }, { status });
}

/**
 * One catalog's usage (the service addresses it by `idFromName(catalogId)`). A Durable Object runs one request at a
 * time per object and each learn request reads, updates and writes the counts without awaiting in between, so
 * concurrent learn requests never overwrite each other's counts; the answer is sent only once the write is stored
 * (the output gate). Readers get the stored snapshot with its revision.
 */
export class ToolsiftUsage {
  private revision = 0;
  private totals: UsageTotals = NO_TOTALS;
  private catalog: StoredState["catalog"] = null;
  private chunks = 0;
  private erased: CatalogVersionRef | null = null;
  private snapshot: UsageSnapshot = toSnapshot(new UsageGraph());
  /** The index that learns, over the tools of `indexVersion` (built on the first learn request). */
  private index: ToolIndex | undefined;
  private indexVersion: string | undefined;

  /** The stored state, read: every request waits for it (the runtime also holds requests back meanwhile). */
  private ready: Promise<void>;

  constructor(private readonly state: DurableObjectStateLike) {
    this.ready = state.blockConcurrencyWhile(() => this.load());
  }

  private async load(): Promise<void> {
    const stored = (await this.state.storage.get([STATE_KEY])).get(STATE_KEY) as StoredState | undefined;
    if (stored === undefined) {
      [this.revision, this.totals, this.catalog, this.chunks, this.erased] = [0, NO_TOTALS, null, 0, null];
      this.snapshot = toSnapshot(new UsageGraph());
      return;
    }
    const keys = Array.from({ length: stored.chunks }, (_, n) => chunkKey(n));
    const parts = await this.state.storage.get(keys);
    this.snapshot = JSON.parse(keys.map((key) => parts.get(key) as string).join("")) as UsageSnapshot;
    this.revision = stored.revision;
    this.totals = stored.totals;
    this.catalog = stored.catalog;
    this.chunks = stored.chunks;
    this.erased = stored.erased ?? null;
  }

  async fetch(request: Request): Promise<Response> {
    const { pathname, searchParams } = new URL(request.url);
    try {
      await this.ready;
      if (request.method === "POST" && pathname === "/learn") {
        const learn = (await request.json()) as LearnRequest;
        if (this.isErased(learn.catalog)) {
          const message = `Catalog version ${learn.catalog.version} was deleted; nothing was learnt.`;
          return errorAnswer(404, "CATALOG_NOT_FOUND", message);
        }
        return Response.json(await this.learn(learn));
      }
      if (request.method === "POST" && pathname === "/erase") {
        return Response.json(await this.erase((await request.json()) as EraseRequest));
      }
      if (request.method === "GET" && pathname === "/snapshot") {
        const known = Number(searchParams.get("known") ?? "-1");
        const answer: UsageAnswer = { revision: this.revision, totals: this.totals };
        return Response.json(known === this.revision ? answer : { ...answer, usage: this.snapshot });
      }
      return errorAnswer(404, "NOT_FOUND", `The usage object has no route ${request.method} ${pathname}.`);
    } catch (error) {
      if (ToolsiftError.isInstance(error) && error.code === "INVALID_MESSAGES") {
        return errorAnswer(400, error.code, error.message);
      }
      console.error("[toolsift usage] a request failed", error);
      return errorAnswer(500, "INTERNAL", `The usage object failed: ${errorMessage(error)}`);
    }
  }

  /** Learns one conversation and stores the result; nothing is awaited between reading and updating the counts. */
  private async learn({ catalog, messages }: LearnRequest): Promise<LearnAnswer> {
    const index = this.indexFor(catalog);
    const report = index.learn(messages as Parameters<ToolIndex["learn"]>[0]);
    this.revision += 1;
    this.totals = {
      conversations: this.totals.conversations + 1,
      turns: this.totals.turns + report.turns,
      calls: this.totals.calls + report.calls,
    };
    this.snapshot = index.usage();
    const answer: LearnAnswer = {
      learnt: { turns: report.turns, calls: report.calls, skipped: report.skipped },
      totals: this.totals,
      revision: this.revision,
    };
    await this.persist();
    return answer;
  }

  /**
   * Forgets everything learnt (the catalog was deleted): the totals and the snapshot start from nothing, the
   * revision goes on (so isolates holding an older copy replace it), and learn requests checked against the deleted
   * version or an older one are refused from now on (`isErased`), so a learn request racing the DELETE adds nothing.
   */
  private async erase({ catalog }: EraseRequest): Promise<EraseAnswer> {
    this.revision += 1;
    this.totals = NO_TOTALS;
    this.catalog = null;
    this.snapshot = toSnapshot(new UsageGraph());
    this.index = undefined;
    this.indexVersion = undefined;
    const newer = this.erased === null || catalog.updatedAt >= this.erased.updatedAt;
    if (newer) this.erased = { version: catalog.version, updatedAt: catalog.updatedAt };
    await this.persist();
    return { revision: this.revision };
  }

  /**
   * Whether `catalog` is the version a DELETE named or was published before it (`erase` is sent the time of the
   * DELETE, so a newer version a stale read did not name is covered too; one published in the same millisecond as
   * the DELETE counts as after it, as a catalog re-created at once is).
   */
  private isErased(catalog: LearnCatalog): boolean {
    const erased = this.erased;
    if (erased === null) return false;
    return catalog.version === erased.version || catalog.updatedAt < erased.updatedAt;
  }

  /** Stores the state; on failure memory is ahead of the store, so the store is read again before the next request. */
  private async persist(): Promise<void> {
    try {
      await this.store();
    } catch (error) {
      this.index = undefined;
      this.indexVersion = undefined;
      this.ready = this.state.blockConcurrencyWhile(() => this.load());
      await this.ready;
      throw error;
    }
  }

  /**
   * The index to learn with. The newest catalog version seen learns over its own tools (tools removed from the
   * catalog drop out); a request checked against an older version learns over what is held already, so a lagging
   * isolate never drops tools a newer version added.
   */
  private indexFor(catalog: LearnCatalog): ToolIndex {
    if (this.index !== undefined && this.indexVersion === catalog.version) return this.index;
    const newest = this.catalog === null || catalog.updatedAt >= this.catalog.updatedAt;
    if (this.index !== undefined && !newest) return this.index;
    const carried = this.index?.usage() ?? this.snapshot;
    const names = newest ? catalog.tools : [...new Set([...catalog.tools, ...carried.tools])];
    this.index = createToolIndex(
      names.map((name) => ({ name, description: name })),
      { learning: { usage: carried } },
    );
    this.indexVersion = newest ? catalog.version : undefined;
    if (newest) this.catalog = { version: catalog.version, updatedAt: catalog.updatedAt };
    return this.index;
  }

  /** Writes the counts and the snapshot in one transaction; chunks a shorter snapshot no longer needs are deleted. */
  private store(): Promise<void> {
    const text = JSON.stringify(this.snapshot);
    const chunks = Math.max(1, Math.ceil(text.length / CHUNK_CHARACTERS));
    if (chunks > MAX_CHUNKS) {
      throw new Error(`the usage snapshot has ${text.length} characters; at most ${MAX_CHUNKS * CHUNK_CHARACTERS} fit`);
    }
    const entries: Record<string, unknown> = {};
    for (let n = 0; n < chunks; n++)
      entries[chunkKey(n)] = text.slice(n * CHUNK_CHARACTERS, (n + 1) * CHUNK_CHARACTERS);
    const state: StoredState = {
      format: 1,
      revision: this.revision,
      totals: this.totals,
      catalog: this.catalog,
      chunks,
      erased: this.erased,
    };
    entries[STATE_KEY] = state;
    const stale = Array.from({ length: Math.max(0, this.chunks - chunks) }, (_, n) => chunkKey(chunks + n));
    this.chunks = chunks;
    // Both issued before anything is awaited: storage applies them in this order, before a later request's put.
    const writes = [this.state.storage.put(entries), ...(stale.length > 0 ? [this.state.storage.delete(stale)] : [])];
    return Promise.all(writes).then(() => undefined);
  }
}
