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

/**
 * The note of an answer with no tool because the catalog has none: no server connected and listed, or every tool was
 * skipped (a server that went down keeps its tools: they are ranked, and calling one starts it again).
 */
export const NO_RESULTS_NOTE = "No tools to return: no connected server offers a tool for now. Answer without a tool.";

/** The note of an answer with no tool although servers offer tools: none holds any of the request's words. */
export const NO_MATCH_NOTE = "No tool matched these words at all. Rephrase, or answer without a tool.";

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
 * (bench/experiments/mcp-search/learned-limit.mjs). A learnt tool also ranked (by another phrasing) stays where the
 * ranking puts it when that is among the ranked places kept, and keeps its learnt place otherwise.
 */
export function withinLimit(results: readonly ScoredTool[], limit: number): ScoredTool[] {
  const places = (learnt: number) => limit - Math.min(learnt, Math.floor(limit / PLACES_PER_LEARNT_TOOL));
  const ranked = results.filter((result) => result.reason === "ranked");
  const learntAll = results.filter((result) => result.reason !== "ranked");
  const rankedFirst = new Set(ranked.slice(0, places(learntAll.length)).map((result) => result.name));
  const learnt = learntAll.filter((result) => !rankedFirst.has(result.name));
  const learntNames = new Set(learnt.map((result) => result.name));
  const rest = ranked.filter((result) => !learntNames.has(result.name));
  return [...rest.slice(0, places(learnt.length)), ...learnt].slice(0, limit);
}

/** Reciprocal rank fusion's constant (the usual 60): a place's weight is 1 / (60 + rank). */
const RRF_K = 60;

/** A learnt reason's precedence when phrasings disagree: learnt for the request's words beats learnt with a tool. */
const learntRank = (result: ScoredTool) => (result.reason === "learned-query" ? 0 : 1);

/**
 * Several phrasings' selections as one. The ranked tools: those some phrasing ranks at `DEFAULT_MIN_RELEVANCE` or
 * above first, so a phrasing that matched nothing cannot push aside what another matched; within each group by
 * reciprocal rank fusion (a tool several phrasings rank comes first; ties go to the higher relevance, then to the
 * first phrasing), each with the best relevance a phrasing gave it. Then the learnt tools, each once (`learned-query`
 * preferred), also when a phrasing ranked it (`withinLimit` keeps one of the two). One phrasing's selection is
 * returned as is.
 */
export function fusePhrasings(selections: readonly (readonly ScoredTool[])[]): ScoredTool[] {
  if (selections.length === 1) return [...selections[0]];
  const ranked = new Map<string, { tool: ScoredTool; places: number[] }>();
  const learnt = new Map<string, ScoredTool>();
  for (const results of selections) {
    results
      .filter((result) => result.reason === "ranked")
      .forEach((result, place) => {
        const entry = ranked.get(result.name);
        if (entry === undefined) ranked.set(result.name, { tool: result, places: [place] });
        else {
          entry.places.push(place);
          if (result.relevance > entry.tool.relevance) entry.tool = result;
        }
      });
    for (const result of results) {
      const kept = learnt.get(result.name);
      if (result.reason !== "ranked" && (kept === undefined || learntRank(result) < learntRank(kept))) {
        learnt.set(result.name, result);
      }
    }
  }
  // Summed in one order (best place first), so tools ranked at the same places get the very same score.
  const fused = [...ranked.values()].map(({ tool, places }) => ({
    tool,
    strong: tool.relevance >= DEFAULT_MIN_RELEVANCE ? 1 : 0,
    score: places.sort((a, b) => a - b).reduce((sum, place) => sum + 1 / (RRF_K + place + 1), 0),
  }));
  fused.sort((a, b) => b.strong - a.strong || b.score - a.score || b.tool.relevance - a.tool.relevance);
  return [...fused.map((entry) => entry.tool), ...learnt.values()];
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
  if (tools.length === 0) return { note: catalog.tools().length === 0 ? NO_RESULTS_NOTE : NO_MATCH_NOTE, tools };
  return matchedWell(results) ? { tools } : { note: WEAK_RESULTS_NOTE, tools };
}
