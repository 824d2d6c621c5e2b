// Events toolsift reports through `onEvent`: every fallback and recoverable problem, never silent.

/**
 * `index.inConversation()`'s dispatcher refused a call (a miss: the tool did not run): `"unknown-tool"` (no such tool),
 * `"not-delivered"` (its definition was never given in this conversation), `"invalid-input"` (the input failed the
 * tool's own schema). The model gets `message` as the call's error result.
 */
export interface ToolCallRefusedEvent {
  readonly type: "tool-call-refused";
  readonly tool: string;
  readonly reason: "unknown-tool" | "not-delivered" | "invalid-input";
  readonly message: string;
}

/**
 * `toolsift/mcp` and the gateway: a server that failed to connect, list or call (`stage`) and was skipped or marked
 * down, a tool left out of the catalog (limits, an invalid definition, a namespaced name already taken), a server whose
 * announced changes cannot be heard (`mcp-changes-unwatched`), or a server whose tools were read again
 * (`notifications/tools/list_changed` or `refresh`).
 */
export type McpEvent =
  | {
      readonly type: "mcp-server-failed";
      readonly server: string;
      readonly stage: "connect" | "list" | "call";
      readonly error: unknown;
      readonly message: string;
    }
  | {
      readonly type: "mcp-tool-skipped";
      readonly server: string;
      readonly tool: string;
      readonly reason: "invalid" | "limits" | "collision";
      readonly error?: unknown;
      readonly message: string;
    }
  | {
      /**
       * A server declares `tools.listChanged` but its client gives no way to hear the notification (AI SDK MCP clients:
       * `@ai-sdk/mcp` hands every server notification to `onUncaughtError`): its tools are read again only when
       * `catalog.refresh(server)` is called.
       */
      readonly type: "mcp-changes-unwatched";
      readonly server: string;
      readonly message: string;
    }
  | {
      readonly type: "mcp-tools-changed";
      readonly server: string;
      readonly added: readonly string[];
      readonly removed: readonly string[];
      readonly message: string;
    };

/** Something the index noticed, worked around, or finished. */
export type ToolsiftEvent =
  | ToolCallRefusedEvent
  | {
      /**
       * A tool's description or schema could not be read (the tool is indexed without it), or its schema has a `type`
       * that is not JSON Schema's (`"dict"`: indexed as it is, but a provider refuses the tool; `path` says where).
       */
      readonly type: "catalog-warning";
      readonly tool: string;
      readonly field: string;
      /** Where in the field: the subschema (`properties.location`; `""`: the root) with a `type` not JSON Schema's. */
      readonly path?: string;
      readonly message: string;
      readonly cause?: unknown;
    }
  | {
      /**
       * A `select:<name>,…` query named tools the catalog does not have, or (`option: "alwaysActive"`) `alwaysActive`
       * named tools the catalog lacks that look like misspellings of its tools; they were left out of the selection.
       */
      readonly type: "unknown-tool-names";
      /** Set when the names came from the `alwaysActive` option rather than the query. */
      readonly option?: "alwaysActive";
      readonly query: string;
      readonly names: readonly string[];
      readonly message: string;
    }
  | {
      /** A query longer than 2,000 characters was cut. */
      readonly type: "query-truncated";
      readonly length: number;
      readonly keptLength: number;
    }
  | {
      /**
       * Tool vectors are in place, and what that pass cost: how many tools the model embedded now, how many came
       * from the cache (cache hits) or were kept from before a `sync`, and the tokens the provider reported.
       */
      readonly type: "embeddings-ready";
      readonly tools: number;
      readonly dimensions: number;
      /** Tools the model embedded in this pass (each one billed by an API provider). */
      readonly embedded: number;
      /** Tools read from `embeddingCache` (cache hits). */
      readonly fromCache: number;
      /** Tools whose vectors were kept from before a `sync`/`add`/`remove` (same text). */
      readonly reused: number;
      /**
       * Tokens the provider reported for this pass (`usage.tokens` of its embedding calls); 0 when nothing was
       * embedded, `undefined` when the provider reports no usage.
       */
      readonly tokens: number | undefined;
      readonly milliseconds: number;
    }
  | {
      /**
       * Embedding failed: `stage` "catalog" (tool vectors) or "query". With `onError: "fallback"` this
       * call ranked by keywords only (`fallback: "keyword"`); the next call tries again.
       */
      readonly type: "embedding-failed";
      readonly stage: "catalog" | "query";
      readonly error: unknown;
      readonly fallback: "keyword" | "none";
      readonly message: string;
    }
  | {
      /** The embedding cache failed to read or write; toolsift went on without it for that step. */
      readonly type: "embedding-cache-error";
      readonly operation: "read" | "write";
      readonly error: unknown;
      readonly message: string;
    }
  | {
      /** Cached vectors whose length does not match the model's were ignored and re-embedded. */
      readonly type: "embedding-cache-stale";
      readonly namespace: string;
      readonly count: number;
      readonly message: string;
    }
  | {
      /** The reranker model failed; the call kept the unreranked ranking. */
      readonly type: "rerank-failed";
      readonly error: unknown;
      readonly message: string;
    }
  | {
      /** Description enrichment failed for some tools; they are indexed with their original text. */
      readonly type: "enrichment-failed";
      readonly error: unknown;
      readonly tools: readonly string[];
      readonly message: string;
    }
  | {
      /** The query expansion model failed to load or answer; the index ranks without expansion. */
      readonly type: "query-expansion-failed";
      readonly error: unknown;
      readonly message: string;
    }
  | {
      /**
       * Vectors that could not be used. `stage: "catalog"`: tool vectors that were zero or not finite (`rows`, their
       * positions among the ranked tools); those tools rank by keywords only. `stage: "query"`: the query's vector was
       * zero from a model that embeds only the words it knows and says which (the local model's `knowsWord`), given a
       * query of none of them (an id, gibberish); that call ranks by keywords (`rows` empty). Not a failure:
       * `onError: "throw"` does not throw for it, and the index's one-time console warning leaves it out. A zero
       * query vector from any other model is an `embedding-failed`.
       */
      readonly type: "embedding-warning";
      readonly stage: "catalog" | "query";
      readonly message: string;
      readonly rows: readonly number[];
    }
  | {
      /**
       * `prepareStep({ stableTools: true })` changed the tools a request sends: a step needed a tool the set did not
       * offer, `rules` ruled an offered tool out, or a user turn cut the set to `maxStableTools`. `estimatedTokens`: a
       * rough count (characters / 4) of the prompt after the first changed tool, which the provider bills again
       * instead of reading it from its cache: the tool definitions from there on, the instructions, every message.
       */
      readonly type: "tools-changed";
      readonly added: readonly string[];
      readonly removed: readonly string[];
      readonly estimatedTokens: number;
      readonly message: string;
    }
  | McpEvent;
