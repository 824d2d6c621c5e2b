// The Worker's bindings and variables, typed without Cloudflare's types so the service runs under tests too.

import type { KvNamespaceLike } from "../../cache/kv-cache.js";

/** A Workers KV binding: what kvCache uses, plus `list` (cleanup of a retired catalog version). */
export interface KvNamespaceWithList extends KvNamespaceLike {
  list(options?: {
    prefix?: string;
    cursor?: string;
    limit?: number;
  }): Promise<{ keys: readonly { name: string }[]; list_complete: boolean; cursor?: string }>;
}

/** A Durable Object namespace binding: what the service uses of it (the usage objects, one per catalog id). */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: never): { fetch(request: Request): Promise<Response> };
}

/** What the service uses of the Workers AI binding: `run(model, inputs, options)` (workers-ai-provider calls it). */
export interface WorkersAiBindingLike {
  run(model: string, inputs: { text: string[] }, options?: Record<string, unknown>): Promise<unknown>;
}

/** A number variable as wrangler passes it: a string from secrets and `--var`, a number from `[vars]`. */
export type NumberVariable = string | number | undefined;

/**
 * What the service reads from `env`. Each variable is optional; defaults and ranges are documented
 * in src/worker/README.md and checked in config.ts.
 */
export interface ServiceEnv {
  /** Where catalogs, their embeddings and the version pointers live. */
  readonly TOOLSIFT_KV: KvNamespaceWithList;
  /**
   * Secret: accepted for everything (writes, learning, reads) and needed for the tenant-token routes (`/v1/tokens`).
   * Unset: writes are refused (but for tenant tokens) and no tenant token can be created or revoked.
   */
  readonly TOOLSIFT_ADMIN_TOKEN?: string;
  /**
   * Secret: when set, reads (`GET`, select, usage, MCP) need `Authorization: Bearer <it>` (the admin token, or a tenant
   * token for that catalog, works too). Set it for tenants' reads to be isolated: while unset, reads need no token.
   */
  readonly TOOLSIFT_READ_TOKEN?: string;
  /**
   * The ToolsiftUsage Durable Object namespace (learnt usage, one object per catalog id). Unset: learning is off
   * (`…/learn` and `…/usage` answer INVALID_CONFIGURATION) and selections use nothing learnt.
   */
  readonly TOOLSIFT_USAGE?: DurableObjectNamespaceLike;
  /** Secret: `POST …/learn` accepts `Authorization: Bearer <it>` (or the admin token); it grants nothing else. */
  readonly TOOLSIFT_LEARN_TOKEN?: string;
  /** Origins allowed to call from browsers: comma-separated, or `*`. Unset: no CORS headers. */
  readonly TOOLSIFT_CORS_ORIGINS?: string;
  readonly TOOLSIFT_MAX_BODY_BYTES?: NumberVariable;
  readonly TOOLSIFT_MAX_SELECT_BODY_BYTES?: NumberVariable;
  readonly TOOLSIFT_MAX_LEARN_BODY_BYTES?: NumberVariable;
  readonly TOOLSIFT_MAX_TOOLS?: NumberVariable;
  readonly TOOLSIFT_MAX_DESCRIPTION_LENGTH?: NumberVariable;
  readonly TOOLSIFT_MAX_QUERY_LENGTH?: NumberVariable;
  readonly TOOLSIFT_MAX_NAME_LENGTH?: NumberVariable;
  readonly TOOLSIFT_MAX_PARAMETER_NAME_LENGTH?: NumberVariable;
  readonly TOOLSIFT_MAX_PARAMETER_DESCRIPTION_LENGTH?: NumberVariable;
  readonly TOOLSIFT_MAX_ENUM_VALUE_LENGTH?: NumberVariable;
  readonly TOOLSIFT_MAX_ENUM_VALUES?: NumberVariable;
  readonly TOOLSIFT_MAX_SCHEMA_DEPTH?: NumberVariable;
  readonly TOOLSIFT_MAX_SCHEMA_NODES?: NumberVariable;
  readonly TOOLSIFT_MAX_SCHEMA_TEXT_LENGTH?: NumberVariable;
  /** Also how long an isolate trusts a tenant token it has checked. */
  readonly TOOLSIFT_RECHECK_SECONDS?: NumberVariable;
  readonly TOOLSIFT_KV_TIMEOUT_MS?: NumberVariable;
  readonly TOOLSIFT_WARM_CATALOGS?: NumberVariable;
  /** Estimated bytes of built catalog indexes an isolate keeps warm (default 32 MiB; README "Memory"). */
  readonly TOOLSIFT_WARM_BYTES?: NumberVariable;
  /**
   * `local` (default: the offline model, combined ranking), `none` (keyword ranking), `openai:<model>[:<dims>]`
   * (OpenAI embeddings through `@ai-sdk/openai`, key in OPENAI_API_KEY) or `workers-ai:<model>` (Workers AI through
   * `workers-ai-provider`, the `AI` binding).
   */
  readonly TOOLSIFT_EMBEDDING?: string;
  /** Secret: the API key for `TOOLSIFT_EMBEDDING=openai:…` (any non-empty value for a server that needs none). */
  readonly OPENAI_API_KEY?: string;
  /** An OpenAI-compatible server for `openai:…` (e.g. `http://127.0.0.1:11434/v1`). Unset: OpenAI's API. */
  readonly TOOLSIFT_OPENAI_BASE_URL?: string;
  /** The Workers AI binding (`[ai] binding = "AI"` in wrangler.toml), for `TOOLSIFT_EMBEDDING=workers-ai:…`. */
  readonly AI?: WorkersAiBindingLike;
  /**
   * `auto` (default: int8 for the openai and workers-ai providers), `int8`, `int8-compact` (int8 without the 4-bit
   * residuals) or `float32`: how tool vectors are kept.
   */
  readonly TOOLSIFT_VECTOR_PRECISION?: string;
  /** A catalog id to publish the demo catalog under, once, when nothing is published there (`npm start`: `demo`). */
  readonly TOOLSIFT_SEED_DEMO?: string;
}

/** The part of the Workers `ExecutionContext` the service uses. */
export interface ExecutionContextLike {
  waitUntil(promise: Promise<unknown>): void;
}
