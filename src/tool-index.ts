// createToolIndex: the public selector — validates the catalog, builds the index lazily, ranks tools per query.

import { readCatalog, type CatalogTool, type ToolCatalog } from "./core/catalog.js";
import { toolFields, type FieldName } from "./core/fields.js";
import { LexicalEngine, type TermContribution } from "./core/lexical-engine.js";
import type { MatchKind } from "./core/query.js";
import { tokenize } from "./core/tokenizer.js";
import { ToolsiftError } from "./errors.js";
import type { ToolsiftEvent } from "./events.js";
import { normalizeQuery, resolveIndexOptions, resolveSelectOptions, type ResolvedSelectOptions, type SelectOptions, type ToolIndexOptions } from "./options.js";
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
  /** The raw BM25F score (0 for pinned tools). */
  readonly lexicalScore: number;
  /** Catalog terms that matched, stemmed. */
  readonly matchedTerms: readonly string[];
  /** Typo, abbreviation and compound expansions that contributed to this tool. */
  readonly expansions: readonly Expansion[];
  /** Set when the tool is returned regardless of rank. */
  readonly pinned?: PinReason;
}

export interface SelectionResult<NAME extends string = string> {
  /** Tool names in result order, ready for `activeTools`. */
  readonly tools: NAME[];
  readonly results: ScoredTool<NAME>[];
}

/** Why a tool ranked where it did for a query. */
export interface Explanation {
  readonly tool: string;
  readonly query: string;
  /** 1-based rank among ranked tools (ties in catalog order); `null` when the tool scored 0 or is pinned. */
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
}

export interface ToolIndex<NAME extends string = string> {
  /** Tool names in catalog order. */
  readonly toolNames: readonly NAME[];
  /** Loads the wasm core and builds the index now, so the first `select` is fast. Idempotent. */
  warmUp(): Promise<void>;
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
  engine: LexicalEngine;
  /** Ranked documents → catalog tools (provider tools are not ranked). */
  docTools: CatalogTool[];
  docOf: Map<string, number>;
}

/**
 * Indexes a tool catalog for per-step selection. Accepts an AI SDK `ToolSet`, an array of MCP / OpenAI /
 * Anthropic / plain tool definitions, or `{ tools: [...] }`. Validates the catalog now (throwing
 * `ToolsiftError`); the index itself is built on `warmUp()` or the first `select`.
 */
export function createToolIndex<const CATALOG extends ToolCatalog>(tools: CATALOG, options?: ToolIndexOptions): ToolIndex<ToolNames<CATALOG>> {
  type NAME = ToolNames<CATALOG>;
  const settings = resolveIndexOptions(options);
  const emit = (event: ToolsiftEvent): void => options?.onEvent?.(event);
  const { tools: catalog, warnings } = readCatalog(tools, { context: options?.context });
  for (const warning of warnings) emit({ type: "catalog-warning", ...warning });
  const toolNames = catalog.map((tool) => tool.name) as NAME[];
  const providerNames = catalog.filter((tool) => tool.provider).map((tool) => tool.name);
  let building: Promise<BuiltIndex> | undefined;
  let built: BuiltIndex | undefined;

  async function build(): Promise<BuiltIndex> {
    const docTools = catalog.filter((tool) => !tool.provider);
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
    const module = await loadWasm(options?.wasm);
    const arena = new WasmArena(instantiateCore(module));
    const engine = new LexicalEngine(
      docTools.map((tool, position) => toolFields(tool, schemas[position])),
      settings,
      arena,
    );
    return { engine, docTools, docOf: new Map(docTools.map((tool, position) => [tool.name, position])) };
  }

  function ready(): Promise<BuiltIndex> {
    // A failed build (say the wasm could not load) is not cached: the next call tries again.
    building ??= build().then(
      (result) => (built = result),
      (error: unknown) => {
        building = undefined;
        throw error;
      },
    );
    return building;
  }

  function readQuery(query: unknown): string {
    const { text, truncatedFrom } = normalizeQuery(query);
    if (truncatedFrom !== undefined) emit({ type: "query-truncated", length: truncatedFrom, keptLength: text.length });
    return text;
  }

  const providerPins = providerNames.map((name) => ({ name, reason: "provider" as PinReason }));
  function pinnedList(alwaysActive: readonly string[]): { name: string; reason: PinReason }[] {
    if (alwaysActive.length === 0) return providerPins;
    const pinned = new Map<string, PinReason>();
    for (const name of alwaysActive) if (!pinned.has(name)) pinned.set(name, "alwaysActive");
    for (const name of providerNames) if (!pinned.has(name)) pinned.set(name, "provider");
    return [...pinned].map(([name, reason]) => ({ name, reason }));
  }

  /** Ranks the catalog for a query: ranked hits (no pinned tools), with the built index and query terms. */
  function rank(built: BuiltIndex, text: string, resolved: ResolvedSelectOptions, pinned: readonly { name: string }[]) {
    const terms = built.engine.analyse(text);
    const excluded: number[] = [];
    for (const { name } of pinned) {
      const doc = built.docOf.get(name);
      if (doc !== undefined) excluded.push(doc);
    }
    let hits = built.engine.search(terms, resolved.maxTools, excluded);
    if (resolved.threshold > 0) hits = hits.filter((hit) => hit.normalized >= resolved.threshold);
    if (resolved.adaptive) hits = elbow(hits);
    return { terms, hits };
  }

  /** The built index, without an extra await once it exists. */
  function builtOrReady(): BuiltIndex | Promise<BuiltIndex> {
    return built ?? ready();
  }

  async function select(query: string, selectOptions?: SelectOptions): Promise<NAME[]> {
    const resolved = resolveSelectOptions(selectOptions);
    const text = readQuery(query);
    const pinned = pinnedList(resolved.alwaysActive);
    const names: NAME[] = [];
    if (text.trim().length > 0 && catalog.length > 0) {
      const index = await builtOrReady();
      for (const hit of rank(index, text, resolved, pinned).hits) names.push(index.docTools[hit.doc].name as NAME);
    }
    for (const { name } of pinned) names.push(name as NAME);
    return names;
  }

  async function selectWithScores(query: string, selectOptions?: SelectOptions): Promise<SelectionResult<NAME>> {
    const resolved = resolveSelectOptions(selectOptions);
    const text = readQuery(query);
    const pinned = pinnedList(resolved.alwaysActive);
    const results: ScoredTool<NAME>[] = [];
    if (text.trim().length > 0 && catalog.length > 0) {
      const index = await builtOrReady();
      const { terms, hits } = rank(index, text, resolved, pinned);
      for (const hit of hits) {
        const contributions = index.engine.contributions(terms, hit.doc);
        results.push({
          name: index.docTools[hit.doc].name as NAME,
          score: hit.normalized,
          lexicalScore: hit.score,
          matchedTerms: contributions.map((entry) => entry.term),
          expansions: contributions.filter((entry) => entry.kind !== "exact").map((entry) => ({ from: entry.from, term: entry.term, kind: entry.kind as Expansion["kind"] })),
        });
      }
    }
    for (const { name, reason } of pinned) {
      results.push({ name: name as NAME, score: 1, lexicalScore: 0, matchedTerms: [], expansions: [], pinned: reason });
    }
    return { tools: results.map((result) => result.name), results };
  }

  async function explain(query: string, toolName: string, selectOptions?: SelectOptions): Promise<Explanation> {
    if (typeof toolName !== "string") throw new ToolsiftError("INVALID_TOOL", `explain: the tool name must be a string, got ${typeof toolName}.`, { field: "toolName" });
    if (!toolNames.includes(toolName as NAME)) {
      throw new ToolsiftError("UNKNOWN_TOOL", `explain: no tool named ${JSON.stringify(toolName)} in the catalog (${toolNames.length} tools).`, { tool: toolName });
    }
    const resolved = resolveSelectOptions(selectOptions);
    const text = readQuery(query);
    const selection = await selectWithScores(text, selectOptions);
    const pin = pinnedList(resolved.alwaysActive).find((entry) => entry.name === toolName)?.reason;
    const { engine, docOf, docTools } = await ready();
    const terms = text.trim().length > 0 ? engine.analyse(text) : [];
    const doc = docOf.get(toolName);
    const contributions = doc === undefined ? [] : engine.contributions(terms, doc, true);
    let rank: number | null = null;
    let lexicalScore = 0;
    let best: Explanation["best"] = null;
    if (doc !== undefined && terms.length > 0) {
      // Pinned tools are not ranked by select, so they must not push this tool down here either.
      const excluded: number[] = [];
      for (const { name } of pinnedList(resolved.alwaysActive)) {
        const other = docOf.get(name);
        if (other !== undefined && other !== doc) excluded.push(other);
      }
      const top = engine.search(terms, 1, excluded);
      if (top.length > 0) best = { tool: docTools[top[0].doc].name, score: top[0].normalized };
      const scores = engine.lastScores();
      lexicalScore = scores[doc];
      if (lexicalScore > 0 && pin === undefined) {
        // Rank = tools scoring higher, plus equal scores earlier in the catalog (the tie rule).
        let ahead = 0;
        for (let other = 0; other < scores.length; other++) if (scores[other] > lexicalScore || (scores[other] === lexicalScore && other < doc)) ahead++;
        rank = ahead + 1;
      }
    }
    // Query words, not expansions: a word with no catalog term at all is unmatched too, and a phrase
    // expansion ("pull request" → pr) matches the words it came from.
    const matchedWords = new Set(contributions.flatMap((entry) => entry.from.split(" ")));
    const queryWords = [...new Set(tokenize(text).filter((token) => !token.stop).map((token) => token.surface))];
    return {
      tool: toolName,
      query: text,
      rank,
      score: pin !== undefined ? 1 : engine.normalize(lexicalScore, terms),
      lexicalScore,
      selected: selection.tools.includes(toolName as NAME),
      ...(pin !== undefined ? { pinned: pin } : {}),
      terms: contributions,
      unmatched: queryWords.filter((word) => !matchedWords.has(word)),
      best,
      queryTerms: terms.map((term) => ({ term: term.term, kind: term.kind, from: term.from, weight: term.weight })),
    };
  }

  return {
    toolNames,
    async warmUp() {
      const { engine } = await ready();
      engine.typos();
    },
    select,
    selectWithScores,
    explain,
  };
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
