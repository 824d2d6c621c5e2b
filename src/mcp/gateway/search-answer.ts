// What search_tools answers: at most the limit the caller asked for (learnt tools sharing it with the ranked ones),
// each tool's relevance, and a note when nothing matched the request's words well.

import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { DEFAULT_MIN_RELEVANCE } from "../../options.js";
import type { ScoredTool } from "../../tool-index/types.js";
import type { McpCatalog } from "../mcp-catalog.js";
import type { McpTool } from "../server-tools.js";

/**
 * The note a search answer carries when no tool reached `DEFAULT_MIN_RELEVANCE` (no ranked tool shares enough of the
 * request's words or meaning, and nothing was learnt for its words): the model is told the list is guesses.
 */
export const WEAK_RESULTS_NOTE =
  "No tool matched these words well; these are the nearest guesses. Rephrase, or answer without a tool.";

/** A tool as search results show it: what calling it takes (its output schema is left to the pinned listing). */
export function described(tool: McpTool): Tool & { server: string } {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.description,
    inputSchema: tool.inputSchema as Tool["inputSchema"],
    ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
    server: tool.server,
  };
}

/** One tool of a search answer: its definition, its relevance (2 decimals) and, unless ranked, why it is there. */
export type FoundTool = Tool & { server: string; relevance: number; reason?: string };

/** search_tools' answer: the tools, and `note` when they are guesses. */
export interface SearchAnswer {
  readonly note?: string;
  readonly tools: FoundTool[];
}

/** Of every this many places a search returns, one may go to a learnt tool (see `withinLimit`). */
export const PLACES_PER_LEARNT_TOOL = 5;

/**
 * At most `limit` results: the ranked tools, then the learnt ones (companions: what the usage graph predicts for this
 * query or with the ranked tools, strongest first). Learnt tools are kept one place in every `PLACES_PER_LEARNT_TOOL`
 * (the last places, so never the ranker's first) and fill any place the ranking leaves empty. Learnt tools first, or
 * right after the first ranked tool, lost more requests than they gained
 * (bench/experiments/mcp-search/learned-limit.mjs).
 */
export function withinLimit(results: readonly ScoredTool[], limit: number): ScoredTool[] {
  const ranked = results.filter((result) => result.reason === "ranked");
  const learnt = results.filter((result) => result.reason !== "ranked");
  const kept = Math.min(learnt.length, Math.floor(limit / PLACES_PER_LEARNT_TOOL));
  return [...ranked.slice(0, limit - kept), ...learnt].slice(0, limit);
}

/** Reciprocal rank fusion's constant (the usual 60): a place's weight is 1 / (60 + rank). */
const RRF_K = 60;

/**
 * Several phrasings' selections as one: the ranked tools by reciprocal rank fusion (a tool several phrasings rank
 * comes first; ties go to the higher relevance, then to the first phrasing), each with the best relevance a phrasing
 * gave it; then the learnt tools, each once, unless a phrasing ranked it. One phrasing's selection is returned as is.
 */
export function fusePhrasings(selections: readonly (readonly ScoredTool[])[]): ScoredTool[] {
  if (selections.length === 1) return [...selections[0]];
  const ranked = new Map<string, { tool: ScoredTool; score: number }>();
  const learnt = new Map<string, ScoredTool>();
  for (const results of selections) {
    results
      .filter((result) => result.reason === "ranked")
      .forEach((result, position) => {
        const entry = ranked.get(result.name);
        const score = 1 / (RRF_K + position + 1);
        if (entry === undefined) ranked.set(result.name, { tool: result, score });
        else
          ranked.set(result.name, {
            tool: result.relevance > entry.tool.relevance ? result : entry.tool,
            score: entry.score + score,
          });
      });
    for (const result of results) {
      if (result.reason !== "ranked" && !learnt.has(result.name)) learnt.set(result.name, result);
    }
  }
  const fused = [...ranked.values()]
    .sort((a, b) => b.score - a.score || b.tool.relevance - a.tool.relevance)
    .map((entry) => entry.tool);
  return [...fused, ...[...learnt.values()].filter((tool) => !ranked.has(tool.name))];
}

/** Whether `results` hold evidence for the request: a ranked tool at the relevance bar, or one learnt for its words. */
export function matchedWell(results: readonly ScoredTool[]): boolean {
  return results.some(
    (result) =>
      (result.reason === "ranked" && result.relevance >= DEFAULT_MIN_RELEVANCE) || result.reason === "learned-query",
  );
}

/** The answer for `results` (already within the limit), tools the catalog no longer has left out. */
export function searchAnswer(catalog: McpCatalog, results: readonly ScoredTool[]): SearchAnswer {
  const tools = results.flatMap((result): FoundTool[] => {
    const tool = catalog.tool(result.name);
    if (tool === undefined) return [];
    return [
      {
        ...described(tool),
        relevance: Math.round(result.relevance * 100) / 100,
        ...(result.reason === "ranked" ? {} : { reason: result.reason }),
      },
    ];
  });
  return matchedWell(results) ? { tools } : { note: WEAK_RESULTS_NOTE, tools };
}
