// The one search answer: what every model-facing search returns (index.searchTool(), the search_tools of
// inConversation and deferredTools, the gateway's search_tools, the service's MCP endpoint). Surfaces differ only in
// how they send it (an AI SDK tool result, MCP structuredContent and text, a provider's deferral blocks).

import type { CatalogTool } from "../core/catalog.js";
import { DEFAULT_MIN_RELEVANCE } from "../options.js";

/** What a search answer shows of a tool besides its name: what calling it takes. */
export interface SearchDefinition {
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: unknown;
}

/**
 * A catalog tool's definition as an answer shows it: its title when it has one, its description, and its input schema
 * (awaited when promised; without the `$schema` keyword, which costs tokens and tells the model nothing; a tool with
 * none gets an empty object schema, as MCP requires one).
 */
export async function catalogDefinition(tool: CatalogTool): Promise<SearchDefinition> {
  const schema = await (tool.pendingSchema ?? tool.schema);
  const object = typeof schema === "object" && schema !== null ? (schema as Record<string, unknown>) : undefined;
  const { $schema: _draft, ...inputSchema } = object ?? { type: "object", properties: {} };
  return {
    ...(tool.title.length > 0 ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema,
  };
}

/**
 * One tool of a search answer. `relevance` is the selection's relevance (`ScoredTool.relevance`: how much of the
 * request the tool answers, 0–1) to 2 decimals; `reason` is set when the tool was not ranked for the request but came
 * with the ranked ones (learnt, related, a prerequisite: `SelectionReason`).
 */
export interface FoundTool extends SearchDefinition {
  readonly name: string;
  readonly relevance: number;
  readonly reason?: string;
}

/**
 * A search answer. `tools` are in the selection's order: the ranked tools first, best first as the selection ranked
 * them (a name spelt out in the request first, then by score; several phrasings by their fusion), then the tools that
 * came with them (`reason` set), in the last places. `relevance` is reported beside that order, not sorted by it: by
 * relevance, the gateway's top-1 fell from 44.9% to 37.7% (bench/mcp/requests.json) and BFCL's from 75.7% to 74.0%.
 * `note` is set when the tools are guesses, were found by meaning alone, or there are none.
 */
export interface SearchAnswer {
  readonly tools: readonly FoundTool[];
  readonly note?: string;
}

/**
 * How a model-facing search tool's description names `relevance`: beside the order, not the order itself (a tool
 * ranked first may show a lower relevance than the next).
 */
export const RELEVANCE_PHRASE =
  "relevance (0-1: how much of the task it covers, shown beside the ranking's order, which it need not follow)";

/**
 * The note of an answer whose tools are guesses: no ranked tool reached `DEFAULT_MIN_RELEVANCE` and nothing was learnt
 * for the request's words.
 */
export const WEAK_MATCH_NOTE =
  "No tool matched these words well; these are the nearest guesses. Rephrase, or answer without a tool.";

/**
 * The note of an answer whose tools were found by meaning alone: the tools that carry its relevance matched none of the
 * request's words, and an embedding model's nearness is a guess too ("add two numbers" lies near a filesystem
 * search at relevance 0.41 with the bundled model). Without a model such an answer would be empty.
 */
export const MEANING_ONLY_NOTE =
  "These tools were found by meaning alone, not by the request's words: check that one fits, or answer without a tool.";

/** The note of an answer with no tool although the catalog has tools: none holds any of the request's words. */
export const NO_MATCH_NOTE = "No tool matched these words at all. Rephrase, or answer without a tool.";

/** The note of an answer with no tool because there is none to search (an MCP gateway with no server up, say). */
export const NO_TOOLS_NOTE = "No tools to return: none is offered for now. Answer without a tool.";

/** Of every this many places an answer has, one may go to a tool that came with the ranked ones (see `withinLimit`). */
export const PLACES_PER_COMPANION = 5;

/** What the answer reads of a selected tool (`ScoredTool`). */
export interface SearchResult {
  readonly name: string;
  readonly relevance: number;
  /** `"ranked"`, or why the tool came (`SelectionReason`). */
  readonly reason: string;
  /** Set when the tool is pinned (`PinReason`). */
  readonly pinned?: string;
  /** The request's words the tool holds (`ScoredTool.match`); empty when only an embedding's nearness ranked it. */
  readonly match?: readonly { readonly kind?: string }[];
}

/**
 * At most `limit` results, in the answer's order: the ranked tools, then the others (learnt or related companions,
 * strongest first). The others keep one place in every `PLACES_PER_COMPANION` (the last places, so never the ranker's
 * first) and fill any place the ranking leaves empty: appended, they made a search for 5 return up to 8; first, or
 * right after the first ranked tool, they displaced more right answers than they added
 * (bench/experiments/mcp-search/learned-limit.mjs). A companion also ranked (by another phrasing) stays where the
 * ranking puts it when that place is kept, and keeps its companion place otherwise.
 */
export function withinLimit<RESULT extends SearchResult>(results: readonly RESULT[], limit: number): RESULT[] {
  const places = (others: number) => limit - Math.min(others, Math.floor(limit / PLACES_PER_COMPANION));
  const ranked = results.filter((result) => result.reason === "ranked");
  const othersAll = results.filter((result) => result.reason !== "ranked");
  const rankedFirst = new Set(ranked.slice(0, places(othersAll.length)).map((result) => result.name));
  const others = othersAll.filter((result) => !rankedFirst.has(result.name));
  const otherNames = new Set(others.map((result) => result.name));
  const rest = ranked.filter((result) => !otherNames.has(result.name));
  return [...rest.slice(0, places(others.length)), ...others].slice(0, limit);
}

/**
 * The evidence `results` hold for the request: `"words"` a ranked tool at the relevance bar that holds some of its
 * words (not only everyday readings of them), or one learnt for its words; `"meaning"` ranked tools at the bar by an
 * embedding's nearness only; `"none"`.
 */
export function evidenceOf(results: readonly SearchResult[]): "words" | "meaning" | "none" {
  const strong = results.filter((result) => result.reason === "ranked" && result.relevance >= DEFAULT_MIN_RELEVANCE);
  if (results.some((result) => result.reason === "learned-query")) return "words";
  // An everyday word's reading ("add" read as create) is no word of the request in the tool.
  if (strong.some((result) => result.match === undefined || result.match.some((entry) => entry.kind !== "synonym")))
    return "words";
  return strong.length > 0 ? "meaning" : "none";
}

/**
 * The answer for a selection's `results` (in its order; for several phrasings, `fusePhrasings`'s): pinned tools and
 * tools `define` does not know (the surface cannot deliver them) left out, at most `limit` (`withinLimit`), each with
 * its definition, relevance and reason, and the note when they are guesses or none. `empty` says the surface has no
 * tool to search at all.
 */
export async function searchAnswer(
  results: readonly SearchResult[],
  limit: number,
  define: (name: string) => SearchDefinition | undefined | Promise<SearchDefinition | undefined>,
  empty = false,
): Promise<SearchAnswer> {
  // Pinned tools (alwaysActive, provider tools) are offered already: an answer holds what the request brings.
  const candidates = results.filter((result) => result.pinned === undefined);
  const defined = await Promise.all(
    candidates.map(async (result) => ({ result, definition: await define(result.name) })),
  );
  const kept = withinLimit(
    defined
      .filter((entry) => entry.definition !== undefined)
      .map(({ result, definition }) => ({
        ...result,
        definition: definition!,
      })),
    limit,
  );
  const tools = kept.map(({ name, relevance, reason, definition }): FoundTool => {
    const { title, description, inputSchema } = definition;
    return {
      name,
      ...(title === undefined || title.length === 0 ? {} : { title }),
      description,
      inputSchema,
      relevance: Math.round(relevance * 100) / 100,
      ...(reason === "ranked" ? {} : { reason }),
    };
  });
  if (tools.length === 0) return { tools, note: empty ? NO_TOOLS_NOTE : NO_MATCH_NOTE };
  const evidence = evidenceOf(kept);
  return evidence === "words"
    ? { tools }
    : { tools, note: evidence === "meaning" ? MEANING_ONLY_NOTE : WEAK_MATCH_NOTE };
}

/** A JSON Schema of `SearchAnswer` (an MCP tool's `outputSchema`); `extra` adds a surface's own top-level fields. */
export function searchAnswerSchema(extra: { properties: Record<string, object>; required: string[] }) {
  return {
    type: "object",
    properties: {
      tools: {
        type: "array",
        items: {
          type: "object",
          properties: {
            name: { type: "string" },
            title: { type: "string" },
            description: { type: "string" },
            inputSchema: { type: "object" },
            relevance: {
              type: "number",
              minimum: 0,
              maximum: 1,
              description: "How much of the task the tool covers; the tools come in the ranking's order, not by this.",
            },
            reason: { type: "string" },
          },
          required: ["name", "description", "inputSchema", "relevance"],
        },
      },
      note: { type: "string" },
      ...extra.properties,
    },
    required: ["tools", ...extra.required],
  };
}
