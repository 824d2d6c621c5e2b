// The MCP tool `search_tools`: its definition, its arguments checked, and a search over the catalog of the path.

import { checkToolInput } from "../../check-tool-input.js";
import { readCatalog } from "../../core/catalog.js";
import { CATALOG_LIMIT_MAXIMUMS } from "../../core/catalog-limits.js";
import { MODEL_SEARCH } from "../../options.js";
import { describeValue } from "../../support/describe-value.js";
import type { ToolIndex } from "../../tool-index.js";
import { indexCatalog } from "../catalogs/catalog-index.js";
import type { WarmCatalog } from "../catalogs/warm-catalogs.js";
import {
  catalogDefinition,
  RELEVANCE_PHRASE,
  searchAnswer,
  searchAnswerSchema,
  type SearchDefinition,
} from "../../search/search-answer.js";

/** The one tool the endpoint exposes. */
export const SEARCH_TOOL_NAME = "search_tools";

/** Most tools one search may return, and how many it returns by default. */
export const MAX_RESULTS = { limit: 20, default: 5 } as const;

const CATALOG_SCHEMA = {
  type: "object",
  properties: { id: { type: "string" }, version: { type: "string" } },
  required: ["id", "version"],
};

/** `search_tools`' arguments: what `tools/list` shows, and what a call is checked against. */
const SEARCH_INPUT_SCHEMA = {
  type: "object",
  properties: {
    query: { type: "string", minLength: 1, description: "What you need a tool for, in a few words." },
    maxResults: {
      type: "integer",
      minimum: 1,
      maximum: MAX_RESULTS.limit,
      description: `How many tools to return at most (default ${MAX_RESULTS.default}).`,
    },
  },
  required: ["query"],
  additionalProperties: false,
};

/** `search_tools` as `tools/list` shows it, for catalog `id` of `tools` tools. */
export function searchToolDefinition(id: string, tools: number) {
  return {
    name: SEARCH_TOOL_NAME,
    title: `Search the tools of catalog ${id}`,
    description:
      `Finds the tools of catalog "${id}" (${tools} tools) that fit a task, best first: each with its name, ` +
      `description, input schema and ${RELEVANCE_PHRASE}, and a note when none matched well. Describe what you ` +
      "need in a few words.",
    inputSchema: SEARCH_INPUT_SCHEMA,
    outputSchema: searchAnswerSchema({ properties: { catalog: CATALOG_SCHEMA }, required: ["catalog"] }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  };
}

/**
 * The checked arguments of a call, or the message naming what is wrong with them (a tool error the model reads):
 * first against the input schema, then a query of blanks only or over the service's `maxQueryLength`.
 */
export async function searchArguments(
  value: unknown,
  maxQueryLength: number,
): Promise<{ query: string; maxResults: number } | { problem: string }> {
  const checked = await checkToolInput(SEARCH_TOOL_NAME, SEARCH_INPUT_SCHEMA, value ?? {});
  if (!checked.success) return { problem: checked.message };
  const { query, maxResults = MAX_RESULTS.default } = checked.value as { query: string; maxResults?: number };
  if (query.trim().length === 0)
    return {
      problem: `${SEARCH_TOOL_NAME}: query must be a non-empty string (what you need a tool for), got ${describeValue(query)}.`,
    };
  if (query.length > maxQueryLength)
    return {
      problem: `${SEARCH_TOOL_NAME}: query has ${query.length} characters; the limit is ${maxQueryLength}: say it in fewer words.`,
    };
  return { query, maxResults };
}

// Each index's tool definitions by name, read once from the catalog it was built from.
const definitionsOf = new WeakMap<ToolIndex, ReadonlyMap<string, Promise<SearchDefinition>>>();

/** The definitions of `index`'s tools. */
function definitions(index: ToolIndex): ReadonlyMap<string, Promise<SearchDefinition>> {
  let known = definitionsOf.get(index);
  if (known === undefined) {
    const { tools } = readCatalog(indexCatalog(index), { limits: CATALOG_LIMIT_MAXIMUMS });
    known = new Map(tools.map((tool) => [tool.name, catalogDefinition(tool)]));
    definitionsOf.set(index, known);
  }
  return known;
}

/**
 * Ranks `entry`'s catalog for `query` as select does for a query (the learnt usage installed first, by the caller): the
 * one search answer over at most `maxResults` tools; pinned provider tools are left out (an MCP client cannot call
 * them).
 */
export async function searchCatalog(entry: WarmCatalog, query: string, maxResults: number) {
  const selection = await entry.index.selectWithScores(query, { ...MODEL_SEARCH, maxTools: maxResults });
  const known = definitions(entry.index);
  const answer = await searchAnswer(selection.results, maxResults, (name) => known.get(name), known.size === 0);
  return { ...answer, catalog: { id: entry.id, version: entry.pointer.version } };
}
