// What search_tools answers: several phrasings' selections fused into one, then the one search answer over them.

import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { DEFAULT_MIN_RELEVANCE } from "../../options.js";
import type { ScoredTool } from "../../tool-index/types.js";
import type { McpCatalog } from "../mcp-catalog.js";
import type { McpTool } from "../server-tools.js";
import { searchAnswer } from "../../search/search-answer.js";

/** A tool as the gateway's tools/list shows a pinned or exposed one (its output schema is added there). */
export function described(tool: McpTool): Tool {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.description,
    inputSchema: tool.inputSchema as Tool["inputSchema"],
    ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
  };
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
 * preferred), also when a phrasing ranked it (the answer's limit keeps one of the two). One phrasing's selection is
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

/**
 * search_tools' answer for `results` (fused, in order): the one search answer (`src/search/search-answer.ts`) over the
 * catalog's tools, at most `limit`; tools the catalog no longer has are left out.
 */
export function gatewayAnswer(catalog: McpCatalog, results: readonly ScoredTool[], limit: number) {
  const define = (name: string) => {
    const tool = catalog.tool(name);
    if (tool === undefined) return undefined;
    const { title, description, inputSchema } = tool;
    return { ...(title === undefined ? {} : { title }), description, inputSchema };
  };
  return searchAnswer(results, limit, define, catalog.tools().length === 0);
}
