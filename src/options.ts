// Public options of toolsift (index and select), each in the option table (option-table.ts) once; validated in
// tool-index/resolve-options.ts and resolve-select-options.ts.

import { OPTION_TABLE } from "./option-table.js";
import type { CatalogLimits } from "./core/catalog-limits.js";
import type { EverydayWords } from "./core/everyday-readings.js";
import type { FieldName, FieldWeight } from "./core/fields.js";
import type { WasmSource } from "./wasm/load-wasm.js";
import type { ToolsiftEvent } from "./events.js";
import type { EmbeddingModel, LanguageModel } from "ai";
import type { EmbeddingCache, LoadSaveEmbeddingCache } from "./cache/embedding-cache.js";
import type { TextCache } from "./cache/text-cache.js";
import type { FusionOptions } from "./semantic/fusion.js";
import type { Quantization } from "./semantic/vector-index.js";
import type { WordVectorSource } from "./core/word-neighbours.js";
import type { UsageSnapshot } from "./usage/usage-snapshot.js";

/** Which rankings a selection uses. */
export type SearchStrategy = "keyword" | "semantic" | "combined" | "hybrid";

/**
 * Options of `createToolIndex`: the ones set on day one at the top, the rest in groups (`embedding`, `keyword`,
 * `enrichment`, `learning`, `catalog`, `runtime`). Each option is in the option table (option-table.ts) once.
 */
export interface ToolIndexOptions {
  /**
   * Any AI SDK embedding model (`EmbeddingModelV4`/`V3` object, or a model id string the AI SDK
   * resolves). Enables `"semantic"` and `"combined"`. Default: none (keyword search only).
   */
  embeddingModel?: EmbeddingModel;
  /**
   * `"keyword"` (BM25F), `"semantic"` (embeddings), or `"combined"` (both, fused). `"hybrid"` is
   * accepted as toolpick's name for keyword search. Default: `"combined"` with an embedding model,
   * else `"keyword"`.
   */
  strategy?: SearchStrategy;
  /**
   * An AI SDK language model that reorders the candidates (3 × maxTools) of every selection by
   * relevance, through `generateText` with `Output.object`. On failure the call keeps the
   * unreranked ranking (event `rerank-failed`). Default: none.
   */
  rerankerModel?: LanguageModel;
  /**
   * Tools pulled in whenever a key tool is selected, beyond `maxTools` (toolpick's option):
   * `{ github_create_pr: ["github_list_branches"] }`; names not in the catalog are left out. A select call's own
   * `relatedTools` replaces this map. Default none.
   */
  relatedTools?: Readonly<Record<string, readonly string[]>>;
  /** Receives warnings and fallbacks (a schema that could not be read, a query that was cut). */
  onEvent?: (event: ToolsiftEvent) => void;
  /**
   * When embedding fails: `"fallback"` ranks that call by keywords only and reports it through
   * `onEvent` (the next call tries again); `"throw"` rejects with `ToolsiftError("EMBEDDING_FAILED")`.
   * Default `"fallback"`.
   */
  onError?: "fallback" | "throw";
  /** How tools and queries are embedded, stored and ranked by vectors (with an `embeddingModel`). */
  embedding?: EmbeddingOptions;
  /** The keyword (BM25F) ranking: field weights, saturation, typos, abbreviations, query expansion. */
  keyword?: KeywordOptions;
  /**
   * Once, when the index is built, ask a language model for synonyms and everyday phrasings of each tool and index
   * them with the description: `true` (the `rerankerModel`, texts cached in memory per index) or `{ model, cache }`.
   * On failure tools keep their original text (event `enrichment-failed`). Default: off.
   */
  enrichment?: boolean | EnrichmentOptions;
  /** toolpick's name for `embedding.cache` (same values; pass one of the two). */
  embeddingCache?: EmbeddingCache | LoadSaveEmbeddingCache;
  /** toolpick's name for `enrichment`: `true` is `enrichment: true`. Default `false`. */
  enrichDescriptions?: boolean;
  /** What the index starts from and learns from: a usage snapshot, links read from the catalog. */
  learning?: LearningOptions;
  /** How the catalog is read: bounds on its text, the context of description functions. */
  catalog?: CatalogOptions;
  /** Where the wasm core comes from, and what is logged. */
  runtime?: RuntimeOptions;
}

/** `createToolIndex`'s `embedding` group. */
export interface EmbeddingOptions {
  /**
   * Where tool vectors persist between runs: an `EmbeddingCache` from `toolsift/storage` (`memoryCache()`,
   * `kvCache(env.KV)`, `fileCache(path)` in Node, `indexedDbCache()` in browsers) or toolpick's `{ load, save }`
   * shape. Default: none.
   */
  cache?: EmbeddingCache | LoadSaveEmbeddingCache;
  /** Requested vector length (`embedMany({ dimensions })`), part of the cache keys. Default: the model's. */
  dimensions?: number;
  /**
   * How keyword and semantic rankings fuse (see `FusionOptions`). Default weighted 0.3 / 0.7; with
   * `localEmbeddingModel()`, adaptive with keyword 1 / semantic 0 (the semantic ranking gets the share
   * of the query the keyword index could not read).
   */
  fusion?: FusionOptions;
  /**
   * Tool vector storage: `"float32"` or `"int8"` (per-row scale; with `rescore`, 2.6x smaller than float32 at
   * 1,536 dimensions, else 4x). Default `"float32"`.
   */
  quantize?: Quantization;
  /**
   * With `quantize: "int8"`: keep a 4-bit residual of every value (half a byte) and rescore the int8 scan's best
   * candidates with it, so the top tools are float32's (an int8 step alone can swap near-tied tools). `false` saves
   * that half byte per value. No effect on float32 rows. Default `true`.
   */
  rescore?: boolean;
  /** Query embeddings kept in an LRU, keyed on the normalised query. Default 128; 0 disables; integer ≥ 0. */
  queryCacheSize?: number;
  /** Milliseconds one embedding call may take before it is aborted and reported. Default 10,000; range 1–600,000. */
  timeout?: number;
  /** Most concurrent embedding calls while embedding the catalog. Default 4; integer ≥ 1. */
  maxParallelCalls?: number;
  /** Retries of a failed embedding call (inside the AI SDK). Default 1; integer 0–10. */
  maxRetries?: number;
  /** Cancels every embedding call of this index. */
  abortSignal?: AbortSignal;
}

/** `createToolIndex`'s `keyword` group. */
export interface KeywordOptions {
  /**
   * BM25F weight (≥ 0) and length normalisation `b` (0–1) per indexed field. Merged over the defaults:
   * name 3 / 0.5, description 1 / 0.75, parameterNames 1.5 / 0.5, parameterDescriptions 0.5 / 0.75,
   * enumValues 0.5 / 0.5.
   */
  fields?: Partial<Record<FieldName, Partial<FieldWeight>>>;
  /** BM25 term-frequency saturation. Default 1.2; range (0, 10]. */
  k1?: number;
  /**
   * Typo tolerance for query words missing from the catalog: 1 edit from 4 letters, 2 from 8, none above 32.
   * `weight` (0–1, default 0.7) scales a 1-edit match, its square a 2-edit match. Default `true`.
   */
  typoTolerance?: boolean | { weight?: number };
  /**
   * Abbreviations learnt from the catalog (numeronyms `k8s` ↔ kubernetes, initialisms `PR` ↔ pull
   * request) and compound splits (`github` → git hub). `weight` 0–1, default 0.8. Default `true`.
   */
  abbreviations?: boolean | { weight?: number };
  /**
   * Everyday words read as catalog words ("ditch" → delete, "bug" → issue), from `commonWords`' table. `weight` 0–1,
   * default 0.48; a tool only such readings reach keeps half its relevance. Default `true`.
   */
  everydayWords?: boolean | { weight?: number };
  /**
   * How common each word is in the language, whatever the catalog: a tool that shares only common words with a query
   * ("first", "time", "number") is weak evidence in relevance; and the language's everyday words (`everydayWords`).
   * `ENGLISH_COMMON_WORDS` (2,000 words, 726 everyday ones and shorthand, exported by `toolsift/core`) or `false`
   * (every word counts as specific, and no everyday word is read). Default: English from `toolsift`; required from
   * `toolsift/core`, which bundles the list only when its user passes it, so the same options select the same tools
   * from both entries.
   */
  commonWords?: CommonWords | false;
  /**
   * Query expansion for keyword ranking: a query word the catalog lacks adds its nearest catalog words
   * by word vectors (cosine ≥ `threshold`, weight `weight` × cosine, at most `maxTerms`). Pass
   * `localEmbeddingModel()` from `toolsift/local`, or `{ model, threshold = 0.5, weight = 0.5, maxTerms = 3 }`.
   * Default: none.
   */
  queryExpansion?:
    WordVectorSource | { model: WordVectorSource; threshold?: number; weight?: number; maxTerms?: number };
}

/** A language's word data (`ENGLISH_COMMON_WORDS`, exported by toolsift/core): how common words are; everyday ones. */
export interface CommonWords {
  /** How specific `word` is in the language: 0 for the commonest words, up to 1 for rare or unlisted ones. */
  readonly specificity: (word: string) => number;
  /** Everyday words and phrases → catalog words ("ditch" → delete); without it none are read. */
  readonly everyday?: EverydayWords;
  /**
   * Whether a query is chat only ("thanks a ton", "brb coffee", "tell me a fun fact"): it gets no tool from the
   * conversation, and only a tool its words meet in the name as written (`get_fun_fact`). Without it, only the
   * ranking's own conversational words ("thanks!", "ok great") make a query chat, and such a query selects nothing.
   */
  readonly chat?: (text: string) => boolean;
  /**
   * Whether a query is a remark framed as chat ("greta is a legend lol", "poor raj lmao"): in a conversation, one the
   * ranking reads no task in gets no tool from the conversation either, as the step selections read it. Without it,
   * such a query keeps the conversation's tools.
   */
  readonly remark?: (text: string) => boolean;
}

/** `createToolIndex`'s `enrichment` group (`enrichment: true` is `{}`). */
export interface EnrichmentOptions {
  /** The language model that writes the phrasings. Default: `rerankerModel`. */
  model?: LanguageModel;
  /**
   * Where enrichment keeps the texts the model wrote, keyed by model and tool text, so a rebuild or a
   * restart asks the model only for new or changed tools: `memoryTextCache()` or `kvTextCache(env.KV)` from
   * `toolsift/storage`, or any `TextCache`. Default: a `memoryTextCache()` per index (a `sync` or `add` asks only
   * for new or changed tools; a new process asks again).
   */
  cache?: TextCache;
}

/** `createToolIndex`'s `learning` group. */
export interface LearningOptions {
  /**
   * What an earlier index learnt (`index.usage()`, or `mergeUsage(...)` of several): tools no longer in the catalog
   * are dropped. Default: nothing learnt.
   */
  usage?: UsageSnapshot;
  /**
   * Companions read from the catalog before anything is learnt: `prerequisites` offers, with a ranked tool, the
   * tool whose name says it produces one of its required parameters (`get_user_id` for `message_login(user_id)`),
   * and, when the request holds no id, the search or list tool of its product that finds what a required id names
   * (`gcal_list_events` for `gcal_delete_event(event_id)`);
   * `followUps` offers, after a call, the tools that need what its name says it produces. `true`/`false` sets both.
   * Default `{ prerequisites: true, followUps: false }` (bench/RESULTS.md, sessions: what each was worth).
   */
  catalogLinks?: boolean | { prerequisites?: boolean; followUps?: boolean };
}

/** `createToolIndex`'s `catalog` group. */
export interface CatalogOptions {
  /**
   * Bounds on the text a catalog carries; a tool over one is refused with `LIMIT_EXCEEDED` naming the tool, the field
   * and the limit (names when the catalog is read, schemas when they are read for the index). Merged over the
   * defaults: `nameLength` 256, `parameterNameLength` 256, `parameterDescriptionLength` 16,384 (each `description` or
   * `title` inside a schema), `enumValueLength` 1,024, `enumValues` 10,000 (per tool), `schemaDepth` 32,
   * `schemaNodes` 10,000 (subschemas walked per tool), `schemaTextLength` 1,000,000 (characters of one tool's
   * parameter names, descriptions and enum values together). Each an integer ≥ 1.
   */
  limits?: Partial<CatalogLimits>;
  /** Passed as `{ context }` to tool descriptions that are functions (AI SDK 7). Default `undefined`. */
  context?: unknown;
}

/** `createToolIndex`'s `runtime` group. */
export interface RuntimeOptions {
  /**
   * Where the wasm scoring core comes from. Default: the runtime's own (inlined bytes in Node and
   * browsers, a module import in Workers and Vercel Edge). Accepts a `WebAssembly.Module`,
   * `{ default: Module }`, a `Response` or bytes.
   */
  wasm?: WasmSource;
  /** Also log every event with `console.debug`. Default `false`. */
  debug?: boolean;
  /**
   * Log the index's first fallback (embedding failed and keywords were used, a cache error, a failed rerank, …)
   * as one `console.warn` line, so a bad API key or a missing asset is not silent. Once per index, with or
   * without `onEvent`; `false` turns it off. Default `true`.
   */
  warnings?: boolean;
}

/** Options of `select`, `selectWithScores` and `explain`. */
export interface SelectOptions {
  /** Most tools ranked by relevance to return (pinned tools come on top). Default 5; integer ≥ 1. */
  maxTools?: number;
  /**
   * Least relevance a ranked tool needs to be returned: 0–1 (see `ScoredTool.relevance`: the weighted share of the
   * query's content words the tool matches, or its embedding similarity's relevance). A query nothing in the catalog
   * answers then selects no ranked tool (pinned and companion tools stay). Default `DEFAULT_MIN_RELEVANCE`
   * (calibrated on public data: bench/experiments/relevance/calibrate-relevance.mjs); 0 turns it off.
   */
  minRelevance?: number;
  /**
   * toolpick's floor on the score: each ranked tool whose `score` (0–1, relative to a full match of the query) is
   * under it is left out. Unlike `minRelevance` it judges each tool alone, so it also cuts a task's weaker tools.
   * Default 0 (off); 0–1.
   */
  threshold?: number;
  /**
   * Cut the list at the score elbow: where the drop between two neighbours is at least 40% of the
   * top score, keep what is above it (never fewer than 2). A ranking whose best tool's relevance is under 0.5 is
   * unsure and is not cut. Default `true`.
   */
  adaptive?: boolean;
  /**
   * Tool names always returned, on top of `maxTools`; names not in the catalog are left out (as toolpick does: adapters
   * pin tools outside it, like the search tool), and one that looks like a misspelt catalog tool is reported as an
   * `unknown-tool-names` event naming that tool. Adapters given their tools (`inConversation`, `deferredTools`, the
   * LangChain, OpenAI Agents and Mastra adapters) refuse an unknown name instead. Default none.
   */
  alwaysActive?: readonly string[];
  /** Rank only among these tools (rules, deferred tools). Default: every tool. */
  allowedTools?: readonly string[];
  /**
   * Tools pulled in with a selected tool, after the selection and beyond `maxTools`:
   * `{ github_create_pr: ["github_list_branches"] }`. Replaces the index's `relatedTools` for this call (toolpick's
   * rule); names not in the catalog are left out. Default: the index's.
   */
  relatedTools?: Readonly<Record<string, readonly string[]>>;
  /**
   * The conversation so far (AI SDK messages or a V4 prompt), its latest user message last: the tools called in it
   * are the conversation's memory (kept available, fading by turn) and, with a learnt usage graph, predict the next
   * tools. When the query is that latest message and an elliptic follow-up ("and tmrw?"), the request before it is
   * ranked with it, as a step selection reads it (docs/agent-loop.md). Default: none.
   */
  messages?: readonly { readonly role: string; readonly content: unknown }[];
  /** The tools called so far in this task, oldest first, when there are no `messages`. Default: none. */
  previousTools?: readonly string[];
  /**
   * Most tools added beyond the ranked ones from what was learnt (`index.learn`) and from the conversation's
   * memory (`messages`, `previousTools`), each with its `reason`. Default 3; integer 0–20 (0 turns them off).
   */
  maxCompanions?: number;
}

/**
 * The default `minRelevance`, chosen by bench/experiments/relevance/calibrate-relevance.mjs (held-out halves of BFCL's
 * irrelevance and tool-selection sets, keyword and local-model rankings).
 */
export const DEFAULT_MIN_RELEVANCE = OPTION_TABLE.minRelevance.default;

/** Marks select options as a search the model asked for: its words are a query, never a turn of chat. */
export const SEARCH_QUERY: unique symbol = Symbol.for("toolsift.search-query");

/**
 * How a search the model asks for ranks (the search meta-tools: `searchTool`, `toolSearchFunction`, the
 * `search_tools` of `inConversation` / `deferredTools`, the MCP gateway and the service's MCP endpoint): the best
 * `maxTools` whatever their relevance and without the adaptive cut. The model asked to look and judges what it
 * reads; `minRelevance` and the cut decide what is offered unasked.
 */
export const MODEL_SEARCH = { adaptive: false, minRelevance: 0, [SEARCH_QUERY]: true } as const;

/**
 * A search the model asks for inside an agent loop (the `search_tools` of `inConversation` and `deferredTools`):
 * `MODEL_SEARCH` read as a
 * step of a conversation, so the answer carries, after the ranked tools, the finders of what they need by id and each
 * task's best tool ("thumbs up the last msg in #design": `slack_list_channels` with `slack_add_reaction`).
 */
export const LOOP_SEARCH = { ...MODEL_SEARCH, previousTools: [] as readonly string[] } as const;

/** The longest query toolsift reads; longer queries are cut to this many characters (reported by `onEvent`). */
export const MAX_QUERY_LENGTH = 2_000;
