// The public result and API types of a tool index: selections, scored tools, explanations, the ToolIndex interface.

import type { LanguageModelMiddleware, PrepareStepFunction, Tool, ToolSet } from "ai";
import type { TermContribution } from "../core/keyword-engine.js";
import type { MatchKind } from "../core/query.js";
import type { WordMatch } from "../core/relevance.js";
import type { ToolCatalog } from "../core/catalog.js";
import type { SelectOptions } from "../options.js";
import type { UsageSnapshot } from "../usage/usage-snapshot.js";
import type { DirectTransformParams, SelectionMiddlewareOptions } from "../agent/middleware.js";
import type { PrepareStepInput, PrepareStepOptions } from "../agent/prepare-step.js";
import type { InConversationDelivery, InConversationOptions } from "../agent/delivery/in-conversation.js";
import type {
  createSearchTool,
  createToolSearchFunction,
  SearchToolOptions,
  ToolSearchFunctionOptions,
} from "../agent/search-tool.js";
import type { DeferredTools, DeferredToolsOptions } from "../agent/delivery/deferred-tools.js";

/** What `index.learn` took from a conversation. */
export interface LearnReport {
  /** User turns with at least one tool call. */
  readonly turns: number;
  /** Tool calls learnt. */
  readonly calls: number;
  /** Tool calls naming tools that are not in the catalog (not learnt). */
  readonly skipped: readonly string[];
}

/** Which ranking produced a call's result. */
export type RankingStrategy = "keyword" | "semantic" | "combined";

/** Why a call ranked by keywords instead of its strategy: embedding failed, or the query's vector was zero. */
export type FallbackReason = "embedding-failed" | "query-not-embedded";

/** Why a tool is in a result although it was not ranked. */
export type PinReason = "alwaysActive" | "provider";

/**
 * Why a tool was added beyond the ranked ones: `"related"` (a `relatedTools` map), `"learned-next"` (it followed the
 * last call in learnt conversations), `"learned-companion"` (used in the same turn as a ranked tool),
 * `"learned-query"` (the query's words led to it), `"conversation"` (already used in this conversation),
 * `"catalog-prerequisite"` (its name says it produces a required parameter of a ranked tool), `"catalog-follow-up"`
 * (it needs what the last call's name says it produces), `"clause"` (the best tool of one task of a request of several,
 * in a conversation: clauses.ts), `"asked"` (the conversation's latest user message answers what the assistant asked,
 * "yes pls" to "Should I email them a reminder?": the best tools for the asking sentences).
 */
export type CompanionReason =
  | "related"
  | "learned-next"
  | "learned-companion"
  | "learned-query"
  | "conversation"
  | "catalog-prerequisite"
  | "catalog-follow-up"
  | "clause"
  | "asked";

/** Why a tool is in a result: ranked for the query, pinned, or added as a companion. */
export type SelectionReason = "ranked" | PinReason | CompanionReason;

/**
 * Which stage left a ranked candidate out: `"relevance"` (the query's best tool stayed under `minRelevance`, this
 * one had no evidence, or its score was under `threshold`), `"limit"` (beyond `maxTools`, also when tools the
 * query names took the places), `"elbow"` (the `adaptive` cut), `"rerank"` (the reranker placed it beyond `maxTools`).
 */
export type CutReason = "relevance" | "limit" | "elbow" | "rerank";

/** A candidate the selection ranked and left out: its score, relevance and matched words, and the stage that cut it. */
export interface CutTool<NAME extends string = string> extends Pick<
  ScoredTool<NAME>,
  "name" | "score" | "relevance" | "match"
> {
  readonly cut: CutReason;
}

/**
 * How one selection judged a tool: in the result (`"ranked"`, `"named"` when the query names it, a pin or a companion
 * reason), cut (`"cut-relevance"`, `"cut-limit"`, `"cut-elbow"`, `"cut-rerank"`), or never a
 * candidate (`"not-ranked"`: outside the ranked candidates, or nothing was ranked; `"not-allowed"`: outside
 * `allowedTools`).
 */
export type Verdict = SelectionReason | "named" | `cut-${CutReason}` | "not-ranked" | "not-allowed";

/** A query word expanded to a catalog term it did not spell exactly. */
export interface Expansion {
  readonly from: string;
  readonly term: string;
  readonly kind: Exclude<MatchKind, "exact">;
}

/** One selected tool with its score and where the score came from. */
export interface ScoredTool<NAME extends string = string> {
  readonly name: NAME;
  /** Relevance 0–1 relative to a full match of the query (capped at 1); 1 for pinned tools. */
  readonly score: number;
  /**
   * How much of the query this tool answers, 0–1, comparable across catalogs and queries: the IDF-weighted share
   * of the query's content words the tool matches, by field (name > description, parameter names > parameter
   * prose) and match kind (exact > typo > abbreviation > word-vector neighbour); with embeddings, at least the
   * relevance of its similarity. `minRelevance` drops ranked tools under it. Pinned and companion tools carry their
   * own (they are returned whatever it is).
   */
  readonly relevance: number;
  /** The query words that matched this tool, how, and what each adds to `relevance`. */
  readonly match: readonly WordMatch[];
  /** The raw keyword (BM25F) score (0 for pinned tools and tools found by embeddings alone). */
  readonly keywordScore: number;
  /** Cosine similarity of the query and tool embeddings (semantic and combined strategies). */
  readonly similarity?: number;
  /** The keyword and semantic parts of a combined score (they add up to `score`). */
  readonly fusion?: { readonly keyword: number; readonly semantic: number };
  /** Catalog terms that matched, stemmed. */
  readonly matchedTerms: readonly string[];
  /** Typo, abbreviation and compound expansions that contributed to this tool. */
  readonly expansions: readonly Expansion[];
  /** Set when `rerankerModel` ordered this result. */
  readonly reranked?: boolean;
  /** Set when the tool is returned regardless of rank. */
  readonly pinned?: PinReason;
  /** Set when the query names this tool (any casing or separator, or after `select:`): it ranks first. */
  readonly named?: true;
  /** Why the tool is in the result (`"ranked"` for the ranked tools, named ones included). */
  readonly reason: SelectionReason;
}

export interface SelectionResult<NAME extends string = string> {
  /** Tool names in result order, ready for `activeTools`. */
  readonly tools: NAME[];
  readonly results: ScoredTool<NAME>[];
  /**
   * The ranked candidates the selection left out, in ranked order, each with the stage that cut it: with `results`,
   * every tool this selection judged. The selection ranks `maxTools` candidates (more with a reranker): a tool that
   * scores below them is no candidate, and `explain` gives it the verdict `"not-ranked"` and a rank after these.
   */
  readonly cut: readonly CutTool<NAME>[];
  /** The strategy that ranked this call: the configured one, or `"keyword"` after an embedding failure. */
  readonly strategy: RankingStrategy;
  /** Set when this call fell back to keyword ranking (also reported through `onEvent`): see `fallbackReason`. */
  readonly fallback?: "keyword";
  /**
   * Why, set with `fallback`: `"embedding-failed"` (the catalog's or the query's embedding failed, or the catalog's is
   * not ready: an `embedding-failed` event) or `"query-not-embedded"` (the query's vector was zero, the model knowing
   * none of its words: a query `embedding-warning`, no failure).
   */
  readonly fallbackReason?: FallbackReason;
}

/** Why a tool ranked where it did for a query. */
export interface Explanation {
  readonly tool: string;
  readonly query: string;
  /**
   * 1-based place in the selection's order: the tools it returns, as `select` returns them, then the candidates it cut
   * (`selectWithScores().cut`, in ranked order), then every other tool the ranking scores (ties in catalog order);
   * `null` when the tool scored 0, is pinned, or (combined strategy) was not among the fused candidates.
   */
  readonly rank: number | null;
  readonly score: number;
  /** The tool's keyword (BM25F) score: the sum of its `terms`' contributions. */
  readonly keywordScore: number;
  /** The tool's relevance to the query (see `ScoredTool.relevance`); `minRelevance` compares against it. */
  readonly relevance: number;
  /** The query words that matched the tool, how, and what each adds to `relevance`. */
  readonly match: readonly WordMatch[];
  /**
   * Whether the selection returns it: explain runs the very selection `select` runs (the reranker included, when
   * set), so `selected` is `select(query, options).includes(tool)` for that run.
   */
  readonly selected: boolean;
  /** How the selection judged the tool: why it is in the result, which stage cut it, or that it was no candidate. */
  readonly verdict: Verdict;
  readonly pinned?: PinReason;
  /** Set when the query names this tool (any casing or separator, or after `select:`): it ranks first. */
  readonly exactName?: true;
  /**
   * Set when the query reads as one question ("is CI green on main?"): tools whose name's action changes something
   * keep `factor` of their keyword score, so the ones that read rank first (`score` includes it, `keywordScore` and
   * `terms` do not); `halved` says whether this tool was one of them.
   */
  readonly question?: { readonly halved: boolean; readonly factor: number };
  /** Each query term that matched this tool, with its weight, IDF, field hits and contribution. */
  readonly terms: readonly TermContribution[];
  /** Query words that matched nothing in this tool. */
  readonly unmatched: readonly string[];
  /** The selection's first tool (the ranking's best when it returns none, pins aside) and its score. */
  readonly best: { readonly tool: string; readonly score: number } | null;
  /** How the query was read: every catalog term it scores with. */
  readonly queryTerms: readonly { term: string; kind: MatchKind; from: string; weight: number }[];
  /**
   * Semantic and combined strategies: the tool's cosine similarity to the query and its fused parts; combined, also
   * the `weights` fusion gave keywords and meaning for this query (with the bundled local model, or adaptive fusion,
   * keywords weigh by the share of the query's words the catalog holds: a word read only through a word-vector
   * neighbour adds to `keywordScore` but not to the keyword part).
   */
  readonly semantic?: {
    readonly similarity: number;
    readonly keyword: number;
    readonly semantic: number;
    readonly weights?: { readonly keyword: number; readonly semantic: number };
  };
  /** The strategy that ranked this call. */
  readonly strategy: RankingStrategy;
}

/**
 * A tool index without the AI SDK adapters: what `createToolIndex` from `toolsift/core` returns (selection, explain,
 * catalog changes, learning). The root's `ToolIndex` adds the adapters.
 */
export interface CoreToolIndex<NAME extends string = string> {
  /** Tool names in catalog order (after `sync`, `add` and `remove`). */
  readonly toolNames: readonly NAME[];
  /**
   * Loads the wasm core and builds the index now, and with an embedding model embeds the catalog
   * (from the cache where it can), so the first `select` is fast. Idempotent. With `onError: "throw"`
   * it rejects when embedding fails; otherwise it reports and resolves.
   */
  warmUp(): Promise<void>;
  /** Replaces the catalog; only tools whose indexed text changed are re-embedded. */
  sync(tools: ToolCatalog): Promise<void>;
  /** Adds tools (names must be new); only they are embedded. */
  add(tools: ToolCatalog): Promise<void>;
  /** Removes tools by name. */
  remove(toolNames: readonly string[]): Promise<void>;
  /** The names of the tools that best match the query, best first, then pinned tools. */
  select(query: string, options?: SelectOptions): Promise<NAME[]>;
  /** Like `select`, with per-tool scores and provenance. */
  selectWithScores(query: string, options?: SelectOptions): Promise<SelectionResult<NAME>>;
  /** Why `toolName` ranked where it did for `query`. */
  explain(query: string, toolName: string, options?: SelectOptions): Promise<Explanation>;
  /**
   * Learns from one finished conversation (AI SDK messages: the prompt plus `response.messages`): per user turn,
   * which tools were called and in what order, and which query words led to them. Later selections given the
   * conversation (`messages`, `prepareStep`, `middleware`) offer the tools that usually come next. Stores only tool
   * names, counts and hashed query terms. Tool calls naming tools outside the catalog are skipped and counted.
   */
  learn(messages: readonly { readonly role: string; readonly content: unknown }[]): LearnReport;
  /**
   * Learns one step of a live task (online learning, what `prepareStep({ learn: true })` does): `calls` made for
   * the user request `query` after the `earlier` calls of the same turn. Prefer `learn` with the finished conversation.
   */
  learnStep(query: string, earlier: readonly string[], calls: readonly string[]): LearnReport;
  /**
   * What the index has learnt, as a versioned JSON snapshot (for `createToolIndex(tools, { usage })`, `mergeUsage`).
   */
  usage(): UsageSnapshot;
  /**
   * Replaces what the index has learnt with `snapshot` (e.g. the shared snapshot a service keeps; tools outside the
   * catalog are dropped); `undefined` forgets everything learnt.
   */
  replaceUsage(snapshot: UsageSnapshot | undefined): void;
}

/**
 * `prepareStep`'s function called directly (a test, another loop): from the fields of a step it reads, the tools for
 * the step.
 */
export type DirectPrepareStep<NAME extends string> = (
  step: PrepareStepInput,
) => Promise<{ activeTools?: NAME[]; toolOrder?: NAME[] }>;

/** What `createToolIndex` from `toolsift` returns: the core index plus the AI SDK adapters (src/agent/). */
export interface ToolIndex<NAME extends string = string> extends CoreToolIndex<NAME> {
  /**
   * A `prepareStep` for `generateText`, `streamText` and `ToolLoopAgent`: each step gets the tools
   * that match the live conversation as `activeTools`; with `stableTools`, a cache-keeping set and its `toolOrder`
   * (see `PrepareStepOptions`).
   */
  prepareStep<TOOLS extends ToolSet = Record<NAME, Tool>>(
    options?: PrepareStepOptions,
  ): PrepareStepFunction<TOOLS> & DirectPrepareStep<NAME>;
  /**
   * Cache-keeping delivery for `generateText`, `streamText` and `ToolLoopAgent` (spread the result into the call): a
   * fixed tools block (`alwaysActive` tools, `call_tool`, `search_tools`) and, after each user message, the
   * definitions of the tools selected for it that the conversation has not had yet (see `InConversationOptions`).
   * `tools` is the app's ToolSet, whose tools `call_tool` checks and runs.
   */
  inConversation(tools: ToolSet, options?: InConversationOptions): InConversationDelivery;
  /** A `wrapLanguageModel` middleware that keeps only the selected tools in each call's `params.tools`. */
  middleware(options?: SelectionMiddlewareOptions): LanguageModelMiddleware & DirectTransformParams;
  /** A meta-tool the model calls to find tools outside its current selection. */
  searchTool(options?: SearchToolOptions): ReturnType<typeof createSearchTool>;
  /** A ranking function for AI SDK 7's `toolSearch({ search })` over `deferLoading` tools. */
  toolSearchFunction(options?: ToolSearchFunctionOptions): ReturnType<typeof createToolSearchFunction>;
  /**
   * Provider-native deferral: copies of `tools` (the app's ToolSet, named as this catalog) marked `deferLoading` for
   * `options.provider`, plus a search tool toolsift answers and a `prepareStep` that loads each turn's selection
   * without the model asking. Spread the result into `generateText` / `streamText` / `new ToolLoopAgent`.
   */
  deferredTools<TOOLS extends Record<string, unknown>>(
    tools: TOOLS,
    options: DeferredToolsOptions,
  ): DeferredTools<TOOLS>;
}

/** Tool names of a catalog: the keys of a ToolSet, `string` for arrays. */
export type ToolNames<CATALOG> = CATALOG extends readonly unknown[]
  ? string
  : CATALOG extends { readonly tools: readonly unknown[] }
    ? string
    : keyof CATALOG & string;
