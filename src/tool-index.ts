// createToolIndex: the public selector — validates the catalog, builds the index lazily, ranks tools per query.

import { toEmbeddingCache } from "./cache/index.js";
import { readCatalog, type CatalogTool, type ToolCatalog } from "./core/catalog.js";
import { toolFields, type FieldName, type ToolFields } from "./core/fields.js";
import { LexicalEngine, type LexicalHit, type TermContribution } from "./core/lexical-engine.js";
import { CatalogNeighbours, type Neighbour } from "./core/word-neighbours.js";
import type { MatchKind, QueryTerm } from "./core/query.js";
import { tokenize } from "./core/tokenizer.js";
import { ToolsiftError } from "./errors.js";
import type { ToolsiftEvent } from "./events.js";
import {
  normalizeQuery,
  resolveIndexOptions,
  resolveSelectOptions,
  resolveQueryExpansion,
  resolveSemanticOptions,
  type ResolvedSelectOptions,
  type SelectOptions,
  type ToolIndexOptions,
} from "./options.js";
import { createEmbedder } from "./semantic/embedder.js";
import { embeddingText, textHash } from "./semantic/embedding-text.js";
import { fuse } from "./semantic/fusion.js";
import { SemanticEngine, type VectorSet } from "./semantic/semantic-engine.js";
import { createSelectionMiddleware } from "./agent/middleware.js";
import { createPrepareStep, type PrepareStepInput, type PrepareStepOptions } from "./agent/prepare-step.js";
import { createSearchTool, createToolSearchFunction, type SearchToolOptions } from "./agent/search-tool.js";
import { enrichDescriptions } from "./agent/enrichment.js";
import { rerankTools } from "./agent/rerank.js";
import { WasmArena } from "./wasm/arena.js";
import { instantiateCore, loadWasm } from "./wasm/load-wasm.js";

/** Why a tool is in a result although it was not ranked. */
export type PinReason = "alwaysActive" | "provider";

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
  /** The raw BM25F score (0 for pinned tools and tools found by embeddings alone). */
  readonly lexicalScore: number;
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
}

export interface SelectionResult<NAME extends string = string> {
  /** Tool names in result order, ready for `activeTools`. */
  readonly tools: NAME[];
  readonly results: ScoredTool<NAME>[];
  /** The strategy that ranked this call: the configured one, or `"keyword"` after an embedding failure. */
  readonly strategy: "keyword" | "semantic" | "combined";
  /** Set when embeddings failed and this call fell back to keyword ranking (also reported through `onEvent`). */
  readonly fallback?: "keyword";
}

/** Why a tool ranked where it did for a query. */
export interface Explanation {
  readonly tool: string;
  readonly query: string;
  /**
   * 1-based rank among ranked tools (ties in catalog order); `null` when the tool scored 0, is pinned,
   * or (combined strategy) was not among the fused candidates.
   */
  readonly rank: number | null;
  readonly score: number;
  readonly lexicalScore: number;
  /** Whether `select` with the same options would return it. */
  readonly selected: boolean;
  readonly pinned?: PinReason;
  /** Each query term that matched this tool, with its weight, IDF, field hits and contribution. */
  readonly terms: readonly TermContribution[];
  /** Query words that matched nothing in this tool. */
  readonly unmatched: readonly string[];
  /** The top-ranked tool and its score, to compare against. */
  readonly best: { readonly tool: string; readonly score: number } | null;
  /** How the query was read: every catalog term it scores with. */
  readonly queryTerms: readonly { term: string; kind: MatchKind; from: string; weight: number }[];
  /** Semantic and combined strategies: the tool's cosine similarity to the query and its fused parts. */
  readonly semantic?: { readonly similarity: number; readonly keyword: number; readonly semantic: number };
  /** The strategy that ranked this call. */
  readonly strategy: "keyword" | "semantic" | "combined";
}

export interface ToolIndex<NAME extends string = string> {
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
  /**
   * A `prepareStep` for `generateText`, `streamText` and `ToolLoopAgent`: each step gets the tools
   * that match the live conversation as `activeTools` (see `PrepareStepOptions`).
   */
  prepareStep(options?: PrepareStepOptions): (step: PrepareStepInput) => Promise<{ activeTools?: NAME[] }>;
  /** A `wrapLanguageModel` middleware that keeps only the selected tools in each call's `params.tools`. */
  middleware(options?: SelectOptions): ReturnType<typeof createSelectionMiddleware>;
  /** A meta-tool the model calls to find tools outside its current selection. */
  searchTool(options?: SearchToolOptions): ReturnType<typeof createSearchTool>;
  /** A ranking function for AI SDK 7's `toolSearch({ search })` over `deferLoading` tools. */
  toolSearchFunction(options?: { maxResults?: number }): ReturnType<typeof createToolSearchFunction>;
  /** The names of the tools that best match the query, best first, then pinned tools. */
  select(query: string, options?: SelectOptions): Promise<NAME[]>;
  /** Like `select`, with per-tool scores and provenance. */
  selectWithScores(query: string, options?: SelectOptions): Promise<SelectionResult<NAME>>;
  /** Why `toolName` ranked where it did for `query`. */
  explain(query: string, toolName: string, options?: SelectOptions): Promise<Explanation>;
}

/** Tool names of a catalog: the keys of a ToolSet, `string` for arrays. */
export type ToolNames<CATALOG> = CATALOG extends readonly unknown[] ? string : CATALOG extends { readonly tools: readonly unknown[] } ? string : keyof CATALOG & string;

// Elbow cut: a drop of this share of the top score ends the list (never below MIN_ADAPTIVE tools).
const ELBOW_GAP = 0.4;
const MIN_ADAPTIVE = 2;

interface BuiltIndex {
  /** The keyword index (built on first use in `strategy: "semantic"`). */
  readonly engine: LexicalEngine;
  /** Whether the keyword index exists yet. */
  readonly hasKeywordIndex: boolean;
  /** Word-vector neighbours of the catalog's words (query expansion), when configured. */
  readonly neighbours: CatalogNeighbours | undefined;
  /** Ranked documents → catalog tools (provider tools are not ranked). */
  readonly docTools: CatalogTool[];
  readonly docOf: Map<string, number>;
  /** The indexed text of each document, kept only until its vectors exist (semantic strategies). */
  fields: ToolFields[] | undefined;
  /** Tool vectors (row i = document i), once embedded. */
  vectors: VectorSet | undefined;
  /** The embedding in flight, if any. */
  embedding: Promise<VectorSet> | undefined;
  /** An earlier embedding of this catalog failed: later calls retry in the background. */
  embeddingFailed: boolean;
}

/** One ranked tool before it becomes a `ScoredTool`. */
interface RankedHit {
  readonly doc: number;
  /** Final score, 0–1. */
  readonly score: number;
  readonly lexical: number;
  readonly similarity?: number;
  readonly fusion?: { readonly keyword: number; readonly semantic: number };
}

interface Ranking {
  /** The analysed query (computed on first call). */
  readonly terms: () => QueryTerm[];
  readonly hits: RankedHit[];
  readonly strategy: "keyword" | "semantic" | "combined";
  readonly fallback?: "keyword";
}

// Candidates each ranking contributes to fusion (at least this many, or 4 × maxTools).
const FUSION_POOL = 32;

/**
 * Indexes a tool catalog for per-step selection. Accepts an AI SDK `ToolSet`, an array of MCP / OpenAI /
 * Anthropic / plain tool definitions, or `{ tools: [...] }`. Validates the catalog and options now
 * (throwing `ToolsiftError`); the index itself is built on `warmUp()` or the first `select`.
 */
export function createToolIndex<const CATALOG extends ToolCatalog>(tools: CATALOG, options?: ToolIndexOptions): ToolIndex<ToolNames<CATALOG>> {
  type NAME = ToolNames<CATALOG>;
  const settings = resolveIndexOptions(options);
  const semanticOptions = resolveSemanticOptions(options);
  const expansion = resolveQueryExpansion(options?.queryExpansion);
  const emit = (event: ToolsiftEvent): void => {
    if (options?.debug) console.debug("[toolsift]", event);
    options?.onEvent?.(event);
  };
  /** Reads and validates a catalog, reporting recoverable oddities. */
  function definitions(input: unknown): CatalogTool[] {
    const { tools: read, warnings } = readCatalog(input, { context: options?.context });
    for (const warning of warnings) emit({ type: "catalog-warning", ...warning });
    return read;
  }
  const module = () => loadWasm(options?.wasm);
  const embeddingCache = options?.embeddingCache === undefined ? undefined : toEmbeddingCache(options.embeddingCache);
  const semantic =
    options?.embeddingModel === undefined
      ? undefined
      : new SemanticEngine(
          createEmbedder(options.embeddingModel, {
            timeoutMs: semanticOptions.timeoutMs,
            maxParallelCalls: semanticOptions.maxParallelCalls,
            maxRetries: semanticOptions.maxRetries,
            abortSignal: options.abortSignal,
            dimensions: semanticOptions.dimensions,
          }),
          {
            quantization: semanticOptions.quantization,
            queryCacheSize: semanticOptions.queryCacheSize,
            dimensions: semanticOptions.dimensions,
            cache: embeddingCache,
          },
          module,
          emit,
        );

  let catalog: CatalogTool[] = [];
  let toolNames: NAME[] = [];
  let providerPins: { name: string; reason: PinReason }[] = [];
  function setCatalog(read: CatalogTool[]): void {
    catalog = read;
    toolNames = read.map((tool) => tool.name) as NAME[];
    providerPins = read.filter((tool) => tool.provider).map((tool) => ({ name: tool.name, reason: "provider" as PinReason }));
  }
  setCatalog(definitions(tools));

  let building: Promise<BuiltIndex> | undefined;
  let built: BuiltIndex | undefined;
  /** Bumped by every catalog change, so a build started before it is not published after it. */
  let generation = 0;

  async function build(forCatalog: CatalogTool[]): Promise<BuiltIndex> {
    const docTools = forCatalog.filter((tool) => !tool.provider);
    const schemas = await Promise.all(
      docTools.map(async (tool) => {
        if (tool.pendingSchema === undefined) return tool.schema;
        try {
          return await tool.pendingSchema;
        } catch (cause) {
          emit({ type: "catalog-warning", tool: tool.name, field: "inputSchema", message: `the input schema of tool "${tool.name}" failed to resolve; indexed without parameters`, cause });
          return undefined;
        }
      }),
    );
    const compiled = await module();
    const enrichmentModel = options?.enrichDescriptions ? (options.enrichmentModel ?? options.rerankerModel) : undefined;
    const enriched =
      enrichmentModel === undefined
        ? new Map<string, string>()
        : await enrichDescriptions(enrichmentModel, docTools.map((tool) => ({ name: tool.name, description: tool.description })), embeddingCache, emit, options?.abortSignal);
    const fieldsOf = (): ToolFields[] =>
      docTools.map((tool, position) => {
        const fields = toolFields(tool, schemas[position]);
        const text = enriched.get(tool.name);
        return text === undefined ? fields : { ...fields, description: `${fields.description}\n${text}` };
      });
    const fields = fieldsOf();
    // A semantic index ranks by vectors; its keyword index serves only fallbacks and explain, so it is
    // built on first need (from the tools and their schemas, which the catalog holds anyway).
    const lazyKeywords = semantic !== undefined && semanticOptions.strategy === "semantic" && expansion === undefined;
    let engine = lazyKeywords ? undefined : new LexicalEngine(fields, settings, new WasmArena(instantiateCore(compiled)));
    let docOfMap: Map<string, number> | undefined;
    let neighbours: CatalogNeighbours | undefined;
    if (expansion !== undefined) {
      try {
        neighbours = await CatalogNeighbours.build(engine!.postings, expansion.source, new WasmArena(instantiateCore(compiled)), expansion);
      } catch (error) {
        emit({ type: "query-expansion-failed", error, message: "loading word vectors for query expansion failed; this index ranks without expansion" });
      }
    }
    const keepFields = semantic !== undefined && semanticOptions.strategy !== "keyword";
    return {
      get engine() {
        engine ??= new LexicalEngine(fieldsOf(), settings, new WasmArena(instantiateCore(compiled)));
        return engine;
      },
      get hasKeywordIndex() {
        return engine !== undefined;
      },
      neighbours,
      docTools,
      // Name → document, made on first need (pins, rules, explain): plain selects never look a name up.
      get docOf() {
        docOfMap ??= new Map(docTools.map((tool, position) => [tool.name, position]));
        return docOfMap;
      },
      fields: keepFields ? fields : undefined,
      vectors: undefined,
      embedding: undefined,
      embeddingFailed: false,
    };
  }

  function ready(): Promise<BuiltIndex> {
    // A failed build (say the wasm could not load) is not cached: the next call tries again.
    if (building === undefined) {
      const started = generation;
      building = build(catalog).then(
        (result) => {
          if (started === generation) built = result;
          return result;
        },
        (error: unknown) => {
          if (started === generation) building = undefined;
          throw error;
        },
      );
    }
    return building;
  }

  /** The built index, without an extra await once it exists. */
  function builtOrReady(): BuiltIndex | Promise<BuiltIndex> {
    return built ?? ready();
  }

  /** Embeds the catalog of `index` (carrying rows over from `previous`), once at a time. */
  function embedCatalog(index: BuiltIndex, previous: VectorSet | undefined): Promise<VectorSet> {
    if (index.embedding !== undefined) return index.embedding;
    const texts = index.fields!.map(embeddingText);
    const hashes = texts.map(textHash);
    index.embedding = semantic!.build(texts, hashes, previous).then(
      (vectors) => {
        index.vectors = vectors;
        index.fields = undefined;
        index.embeddingFailed = false;
        index.embedding = undefined;
        return vectors;
      },
      (error: unknown) => {
        index.embeddingFailed = true;
        index.embedding = undefined;
        throw error;
      },
    );
    return index.embedding;
  }

  function reportEmbeddingFailure(stage: "catalog" | "query", error: unknown): never | void {
    const message =
      stage === "catalog"
        ? "embedding the tool catalog failed; ranking by keywords until it succeeds"
        : "embedding the query failed; this call ranks by keywords";
    emit({ type: "embedding-failed", stage, error, fallback: semanticOptions.onError === "throw" ? "none" : "keyword", message });
    if (semanticOptions.onError === "throw") {
      if (ToolsiftError.isInstance(error) && error.code === "EMBEDDING_FAILED") throw error;
      throw new ToolsiftError("EMBEDDING_FAILED", `Embedding the ${stage === "catalog" ? "tool catalog" : "query"} failed: ${error instanceof Error ? error.message : String(error)}`, { stage }, { cause: error });
    }
  }

  /**
   * Tool vectors for a call: ready ones, or the first attempt awaited. After a failed attempt the
   * next calls rank by keywords at once while a retry runs in the background.
   */
  async function vectorsFor(index: BuiltIndex): Promise<VectorSet | undefined> {
    if (index.vectors !== undefined) return index.vectors;
    if (index.embeddingFailed && semanticOptions.onError === "fallback") {
      if (index.embedding === undefined) {
        embedCatalog(index, undefined).catch((error: unknown) => reportEmbeddingFailure("catalog", error));
      }
      return undefined;
    }
    try {
      return await embedCatalog(index, undefined);
    } catch (error) {
      reportEmbeddingFailure("catalog", error);
      return undefined;
    }
  }

  function readQuery(query: unknown): string {
    const { text, truncatedFrom } = normalizeQuery(query);
    if (truncatedFrom !== undefined) emit({ type: "query-truncated", length: truncatedFrom, keptLength: text.length });
    return text;
  }

  function pinnedList(alwaysActive: readonly string[]): { name: string; reason: PinReason }[] {
    if (alwaysActive.length === 0) return providerPins;
    const pinned = new Map<string, PinReason>();
    for (const name of alwaysActive) if (!pinned.has(name)) pinned.set(name, "alwaysActive");
    for (const { name } of providerPins) if (!pinned.has(name)) pinned.set(name, "provider");
    return [...pinned].map(([name, reason]) => ({ name, reason }));
  }

  /** Documents that must not rank: pinned tools (they are returned anyway) and tools outside `allowed`. */
  function excludedDocs(index: BuiltIndex, pinned: readonly { name: string }[], allowed: ReadonlySet<string> | undefined, keep?: number): number[] {
    const excluded: number[] = [];
    for (const { name } of pinned) {
      const doc = index.docOf.get(name);
      if (doc !== undefined && doc !== keep) excluded.push(doc);
    }
    if (allowed !== undefined) index.docTools.forEach((tool, doc) => !allowed.has(tool.name) && doc !== keep && excluded.push(doc));
    return excluded;
  }

  /**
   * The query the embedding model reads: the text, plus the catalog words its typos were read as
   * ("sned an emial" + "send email"), so a misspelt word is not lost to the semantic side. Only for
   * models that say which words they know (the local model): a word it knows is no typo to it, and
   * API models read typos themselves.
   */
  const knowsWord = (options?.embeddingModel as { knowsWord?: (word: string) => boolean | undefined } | undefined)?.knowsWord;
  function withCorrections(text: string, terms: readonly QueryTerm[]): string {
    if (typeof knowsWord !== "function") return text;
    const corrections = new Map<number, string>();
    for (const term of terms) {
      if (term.correction === undefined || knowsWord(term.from) !== false) continue;
      const best = corrections.get(term.word);
      if (best === undefined) corrections.set(term.word, term.correction);
    }
    return corrections.size === 0 ? text : `${text}\n${[...corrections.values()].join(" ")}`;
  }

  /** Share of the query's words that the keyword index matched (exactly, or through a typo or abbreviation). */
  function keywordCoverage(text: string, terms: readonly QueryTerm[]): number {
    let words = 0;
    for (const token of tokenize(text)) if (!token.stop) words++;
    if (words === 0) return 0;
    // Word-vector neighbours are semantic evidence, not the keyword index reading the word.
    return Math.min(1, new Set(terms.filter((term) => term.kind !== "semantic").map((term) => term.word)).size / words);
  }

  /**
   * Ranks the catalog: keyword (BM25F), semantic (cosine) or combined (fused), without pinned tools.
   * Keeps the best `maxTools`, or with `everything` every ranked tool (explain): for combined, every
   * fused candidate of the same pools select uses, so ranks agree with select.
   */
  async function rankQuery(index: BuiltIndex, text: string, maxTools: number, excluded: readonly number[], everything = false): Promise<Ranking> {
    const pool = everything ? index.docTools.length : maxTools;
    // Query expansion: the vectors of words the catalog lacks, looked up before the (synchronous) analysis.
    let near: Map<string, Neighbour[]> | undefined;
    if (index.neighbours !== undefined && expansion !== undefined && (semantic === undefined || semanticOptions.strategy !== "semantic")) {
      const words = index.engine.unknownWords(text);
      if (words.length > 0) {
        try {
          const vectors = await expansion.source.wordVectors(words);
          near = new Map();
          words.forEach((word, position) => {
            const vector = vectors[position];
            if (vector !== undefined) near!.set(word, index.neighbours!.neighbours(vector));
          });
        } catch (error) {
          near = undefined;
          emit({ type: "query-expansion-failed", error, message: "looking up query word vectors failed; this call ranks without expansion" });
        }
      }
    }
    // Query analysis is only needed where keywords rank, or for provenance: done once, on first need.
    let analysed: QueryTerm[] | undefined;
    const terms = () => (analysed ??= index.engine.analyse(text, near));
    const keywordHits = (k: number): RankedHit[] =>
      index.engine.search(terms(), k, excluded).map((hit: LexicalHit) => ({ doc: hit.doc, score: hit.normalized, lexical: hit.score }));
    if (semantic === undefined || semanticOptions.strategy === "keyword") return { terms, hits: keywordHits(pool), strategy: "keyword" };

    const vectors = await vectorsFor(index);
    let query: Float32Array | undefined;
    if (vectors !== undefined) {
      try {
        // Typo corrections come from the keyword index: combined search has it, semantic search does not build it for this.
        query = await semantic.embedQuery(semanticOptions.strategy === "combined" ? withCorrections(text, terms()) : text, vectors.index.dims);
      } catch (error) {
        reportEmbeddingFailure("query", error);
      }
    }
    if (vectors === undefined || query === undefined) return { terms, hits: keywordHits(pool), strategy: "keyword", fallback: "keyword" };

    const similarities = vectors.index.score(query);
    for (const doc of excluded) similarities[doc] = -2;
    if (semanticOptions.strategy === "semantic") {
      const { ids, scores } = vectors.index.top(pool, 0);
      const hits: RankedHit[] = [];
      for (let i = 0; i < ids.length; i++) hits.push({ doc: ids[i], score: Math.min(1, scores[i]), lexical: 0, similarity: scores[i] });
      return { terms, hits, strategy: "semantic" };
    }

    const candidates = Math.max(maxTools * 4, FUSION_POOL);
    // Read the similarities of the fused candidates now: the next score() call reuses this row.
    const similarityOf = (doc: number) => similarities[doc];
    const lexical = index.engine.search(terms(), candidates, excluded);
    const { ids, scores } = vectors.index.top(candidates, 0);
    const semanticList = { ids: Array.from(ids), scores: Array.from(scores) };
    const fusion = semanticOptions.fusion;
    const fused = fuse(
      { ids: lexical.map((hit) => hit.doc), scores: lexical.map((hit) => hit.score) },
      semanticList,
      fusion,
      fusion.adaptive ? keywordCoverage(text, terms()) : 1,
    );
    // RRF scores are tiny by construction; scale them so the best possible fused score is 1.
    const scale = fusion.method === "rrf" ? (fusion.k + 1) : 1;
    const lexicalOf = new Map(lexical.map((hit) => [hit.doc, hit.score]));
    const hits = (everything ? fused : fused.slice(0, pool)).map((hit) => ({
      doc: hit.doc,
      score: Math.min(1, hit.score * scale),
      lexical: lexicalOf.get(hit.doc) ?? 0,
      similarity: similarityOf(hit.doc),
      fusion: { keyword: hit.keyword * scale, semantic: hit.semantic * scale },
    }));
    return { terms, hits, strategy: "combined" };
  }

  function cut(hits: RankedHit[], resolved: ResolvedSelectOptions): RankedHit[] {
    let kept = resolved.threshold > 0 ? hits.filter((hit) => hit.score >= resolved.threshold) : hits;
    if (kept.length > resolved.maxTools) kept = kept.slice(0, resolved.maxTools);
    return resolved.adaptive ? elbow(kept) : kept;
  }

  /**
   * The ranked tools a selection returns: the ranking, reranked by the LLM when `rerankerModel` is set
   * (its order first, then the rest of the candidates in ranked order; the adaptive cut is skipped
   * because the order no longer follows the scores), then threshold, maxTools and the elbow cut.
   */
  async function selectHits(index: BuiltIndex, text: string, resolved: ResolvedSelectOptions, pinned: readonly { name: string }[]) {
    const reranker = options?.rerankerModel;
    const candidates = reranker === undefined ? resolved.maxTools : Math.max(resolved.maxTools * 3, resolved.maxTools + 5);
    const ranking = await rankQuery(index, text, candidates, excludedDocs(index, pinned, resolved.allowedTools));
    let hits = resolved.threshold > 0 ? ranking.hits.filter((hit) => hit.score >= resolved.threshold) : ranking.hits;
    if (reranker === undefined || hits.length < 2) return { ranking, hits: cut(hits, resolved), reranked: false };
    try {
      const order = await rerankTools(reranker, text, hits.map((hit) => ({ name: index.docTools[hit.doc].name, description: index.docTools[hit.doc].description })), options?.abortSignal);
      const position = new Map(order.map((name, rank) => [name, rank]));
      hits = [...hits].sort((a, b) => (position.get(index.docTools[a.doc].name) ?? Infinity) - (position.get(index.docTools[b.doc].name) ?? Infinity));
      return { ranking, hits: hits.slice(0, resolved.maxTools), reranked: true };
    } catch (error) {
      emit({ type: "rerank-failed", error, message: "reranking with the LLM failed; this call keeps the unreranked ranking" });
      return { ranking, hits: cut(hits, resolved), reranked: false };
    }
  }

  async function select(query: string, selectOptions?: SelectOptions): Promise<NAME[]> {
    const resolved = resolveSelectOptions(selectOptions);
    const text = readQuery(query);
    const pinned = pinnedList(resolved.alwaysActive);
    const names: NAME[] = [];
    if (text.trim().length > 0 && catalog.length > 0) {
      const index = await builtOrReady();
      const { hits } = await selectHits(index, text, resolved, pinned);
      for (const hit of hits) names.push(index.docTools[hit.doc].name as NAME);
    }
    for (const { name } of pinned) names.push(name as NAME);
    return names;
  }

  async function selectWithScores(query: string, selectOptions?: SelectOptions): Promise<SelectionResult<NAME>> {
    const resolved = resolveSelectOptions(selectOptions);
    const text = readQuery(query);
    const pinned = pinnedList(resolved.alwaysActive);
    const results: ScoredTool<NAME>[] = [];
    let strategy: SelectionResult["strategy"] = semantic === undefined ? "keyword" : semanticOptions.strategy;
    let fallback: "keyword" | undefined;
    if (text.trim().length > 0 && catalog.length > 0) {
      const index = await builtOrReady();
      const { ranking, hits, reranked } = await selectHits(index, text, resolved, pinned);
      strategy = ranking.strategy;
      fallback = ranking.fallback;
      for (const hit of hits) {
        // Term provenance is keyword evidence: semantic rankings report none (and build no keyword index for it).
        const contributions = ranking.strategy === "semantic" && !index.hasKeywordIndex ? [] : index.engine.contributions(ranking.terms(), hit.doc);
        results.push({
          name: index.docTools[hit.doc].name as NAME,
          score: hit.score,
          lexicalScore: hit.lexical,
          ...(hit.similarity !== undefined ? { similarity: hit.similarity } : {}),
          ...(hit.fusion !== undefined ? { fusion: hit.fusion } : {}),
          matchedTerms: contributions.map((entry) => entry.term),
          expansions: contributions.filter((entry) => entry.kind !== "exact").map((entry) => ({ from: entry.from, term: entry.term, kind: entry.kind as Expansion["kind"] })),
          ...(reranked ? { reranked: true } : {}),
        });
      }
    }
    for (const { name, reason } of pinned) {
      results.push({ name: name as NAME, score: 1, lexicalScore: 0, matchedTerms: [], expansions: [], pinned: reason });
    }
    return { tools: results.map((result) => result.name), results, strategy, ...(fallback !== undefined ? { fallback } : {}) };
  }

  async function explain(query: string, toolName: string, selectOptions?: SelectOptions): Promise<Explanation> {
    if (typeof toolName !== "string") throw new ToolsiftError("INVALID_TOOL", `explain: the tool name must be a string, got ${typeof toolName}.`, { field: "toolName" });
    if (!toolNames.includes(toolName as NAME)) {
      throw new ToolsiftError("UNKNOWN_TOOL", `explain: no tool named ${JSON.stringify(toolName)} in the catalog (${toolNames.length} tools).`, { tool: toolName });
    }
    const resolved = resolveSelectOptions(selectOptions);
    const text = readQuery(query);
    const selection = await selectWithScores(text, selectOptions);
    const pinned = pinnedList(resolved.alwaysActive);
    const pin = pinned.find((entry) => entry.name === toolName)?.reason;
    const index = await builtOrReady();
    const doc = index.docOf.get(toolName);
    let terms: QueryTerm[] = [];
    let rank: number | null = null;
    let hit: RankedHit | undefined;
    let best: Explanation["best"] = null;
    let strategy: Explanation["strategy"] = selection.strategy;
    if (text.trim().length > 0) {
      // Pinned tools are not ranked by select, so they must not push this tool down here either.
      const ranking = await rankQuery(index, text, resolved.maxTools, excludedDocs(index, pinned, resolved.allowedTools, doc), true);
      terms = ranking.terms();
      strategy = ranking.strategy;
      if (ranking.hits.length > 0) best = { tool: index.docTools[ranking.hits[0].doc].name, score: ranking.hits[0].score };
      const position = ranking.hits.findIndex((entry) => entry.doc === doc);
      if (position >= 0) {
        hit = ranking.hits[position];
        if (pin === undefined) rank = position + 1;
      }
    }
    const contributions = doc === undefined ? [] : index.engine.contributions(terms, doc, true);
    // Query words, not expansions: a word with no catalog term at all is unmatched too, and a phrase
    // expansion ("pull request" → pr) matches the words it came from.
    const matchedWords = new Set(contributions.flatMap((entry) => entry.from.split(" ")));
    const queryWords = [...new Set(tokenize(text).filter((token) => !token.stop).map((token) => token.surface))];
    const lexicalScore = doc === undefined ? 0 : contributions.reduce((sum, entry) => sum + entry.contribution, 0);
    return {
      tool: toolName,
      query: text,
      rank,
      score: pin !== undefined ? 1 : (hit?.score ?? 0),
      lexicalScore,
      selected: selection.tools.includes(toolName as NAME),
      ...(pin !== undefined ? { pinned: pin } : {}),
      terms: contributions,
      unmatched: queryWords.filter((word) => !matchedWords.has(word)),
      best,
      queryTerms: terms.map((term) => ({ term: term.term, kind: term.kind, from: term.from, weight: term.weight })),
      ...(hit?.similarity !== undefined ? { semantic: { similarity: hit.similarity, keyword: hit.fusion?.keyword ?? 0, semantic: hit.fusion?.semantic ?? hit.score } } : {}),
      strategy,
    };
  }


  const api: ToolIndex<NAME> = {
    get toolNames() {
      return toolNames;
    },
    async warmUp() {
      const index = await ready();
      // The typo index serves keyword ranking; a semantic index needs it only after a fallback, so builds it then.
      if (semantic === undefined || semanticOptions.strategy !== "semantic") index.engine.typos();
      if (semantic !== undefined && semanticOptions.strategy !== "keyword" && index.vectors === undefined) {
        try {
          await embedCatalog(index, undefined);
        } catch (error) {
          reportEmbeddingFailure("catalog", error);
        }
      }
    },
    select,
    selectWithScores,
    explain,
    prepareStep(stepOptions) {
      return createPrepareStep(api, stepOptions) as (step: PrepareStepInput) => Promise<{ activeTools?: NAME[] }>;
    },
    middleware(selectOptions) {
      return createSelectionMiddleware(api, selectOptions);
    },
    searchTool(searchOptions) {
      return createSearchTool(api, (name) => catalog.find((tool) => tool.name === name)?.description ?? "", searchOptions);
    },
    toolSearchFunction(searchOptions) {
      return createToolSearchFunction(api, searchOptions);
    },
    async sync(next) {
      await replaceCatalog(definitions(next));
    },
    async add(more) {
      const added = definitions(more);
      const known = new Set(toolNames as string[]);
      for (const tool of added) {
        if (known.has(tool.name)) throw new ToolsiftError("DUPLICATE_TOOL", `add: tool "${tool.name}" is already in the catalog; use sync() to replace a tool.`, { tool: tool.name });
      }
      await replaceCatalog([...catalog, ...added]);
    },
    async remove(names) {
      if (!Array.isArray(names)) throw new ToolsiftError("INVALID_OPTION", `remove: expected an array of tool names, got ${typeof names}.`, { option: "toolNames" });
      const known = new Set(toolNames as string[]);
      for (const name of names) {
        if (typeof name !== "string" || !known.has(name)) throw new ToolsiftError("UNKNOWN_TOOL", `remove: no tool named ${JSON.stringify(name)} in the catalog.`, { tool: name });
      }
      const drop = new Set(names);
      await replaceCatalog(catalog.filter((tool) => !drop.has(tool.name)));
    },
  };
  return api;

  /** Swaps in a new catalog: the lexical index is rebuilt at once if one was built; vectors carry over by text hash. */
  async function replaceCatalog(next: CatalogTool[]): Promise<void> {
    const previous = built;
    setCatalog(next);
    generation++;
    building = undefined;
    built = undefined;
    if (previous === undefined) return;
    const index = await ready();
    if (semantic !== undefined && semanticOptions.strategy !== "keyword" && previous.vectors !== undefined) {
      try {
        await embedCatalog(index, previous.vectors);
      } catch (error) {
        reportEmbeddingFailure("catalog", error);
      }
    }
  }
}

/** Cuts a ranked list at its first large drop (a share ELBOW_GAP of the top score), keeping at least MIN_ADAPTIVE. */
function elbow<T extends { score: number }>(hits: T[]): T[] {
  if (hits.length <= MIN_ADAPTIVE) return hits;
  const top = hits[0].score;
  if (top <= 0) return hits;
  // The drop after the first hit counts too (one dominant tool, a weak tail): the cut then keeps MIN_ADAPTIVE.
  for (let i = 1; i < hits.length; i++) {
    if ((hits[i - 1].score - hits[i].score) / top >= ELBOW_GAP) return hits.slice(0, Math.max(i, MIN_ADAPTIVE));
  }
  return hits;
}

export type { FieldName };
