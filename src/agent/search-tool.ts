// index.searchTool(), a meta-tool the model calls to find tools, and index.toolSearchFunction() for toolSearch.

import type { FlexibleSchema, Tool } from "ai";
import { AI_SCHEMA } from "../core/ai-schema.js";
import { MODEL_SEARCH } from "../options.js";
import { readByTheModel } from "./model-facing-error.js";
import { countOption, knownOptions, stringOption } from "../support/validate-options.js";
import { searchAnswer, type SearchAnswer, type SearchDefinition } from "../search/search-answer.js";
import type { ToolSelector } from "./tool-selector.js";

/** Options of `index.searchTool()`. */
export interface SearchToolOptions {
  /** Tools returned per search. Default 5; integer ≥ 1. */
  maxResults?: number;
  /**
   * The description the model reads. Default: a sentence saying what it does and that found tools become
   * available next; a non-empty string.
   */
  description?: string;
}

/** Options of `index.toolSearchFunction()`. */
export interface ToolSearchFunctionOptions {
  /** Most tool names returned per search. Default: the number of deferred tools offered, at most 20; integer ≥ 1. */
  maxResults?: number;
}

/** What the search tool returns to the model: the one search answer (`src/search/search-answer.ts`). */
export type SearchToolOutput = SearchAnswer;

const DEFAULT_DESCRIPTION =
  "Search the full tool catalog for tools that are not in your current list. Describe what you need; " +
  "the tools found become available on your next step.";

/**
 * An AI SDK tool (built without importing the SDK: the input schema is the SDK's `jsonSchema` shape)
 * that searches the index. Add it to `tools` and to `alwaysActive`; `prepareStep` activates what it
 * finds on the next steps. Options are validated here.
 */
export function createSearchTool(
  index: ToolSelector,
  define: (name: string) => Promise<SearchDefinition | undefined>,
  options: SearchToolOptions = {},
): Tool<{ query: string }, SearchToolOutput> {
  const where = "searchTool";
  const given = knownOptions(where, options, ["maxResults", "description"]) ?? {};
  const maxResults = countOption(where, "maxResults", given.maxResults, 5);
  const description = stringOption(where, "description", given.description, DEFAULT_DESCRIPTION);
  const inputSchema = {
    [AI_SCHEMA]: true,
    _type: undefined as unknown as { query: string },
    jsonSchema: {
      type: "object",
      properties: { query: { type: "string", description: "What you need a tool for, in a few words." } },
      required: ["query"],
      additionalProperties: false,
    },
    async validate(value: unknown) {
      const query = (value as { query?: unknown } | null)?.query;
      return typeof query === "string"
        ? { success: true as const, value: { query } }
        : {
            success: false as const,
            error: new TypeError(`search_tools expects { query: string }, got ${JSON.stringify(value)}`),
          };
    },
  };
  return {
    type: "function",
    description,
    inputSchema: inputSchema as unknown as FlexibleSchema<{ query: string }>,
    execute: ({ query }: { query: string }): Promise<SearchToolOutput> =>
      readByTheModel(async () => {
        const { results } = await index.selectWithScores(query, { ...MODEL_SEARCH, maxTools: maxResults });
        return searchAnswer(results, maxResults, define);
      }),
  };
}

/** `toolSearch` sends the definitions of the names it gets itself: the answer's order and limit are what count. */
const NAME_ONLY: SearchDefinition = { description: "", inputSchema: {} };

/**
 * A `search` function for AI SDK 7's `toolSearch({ search })`: ranks the deferred tools the SDK offers
 * with toolsift (only among them), best first. Index the same tools you mark `deferLoading`.
 */
export function createToolSearchFunction(index: ToolSelector, options: ToolSearchFunctionOptions = {}) {
  const where = "toolSearchFunction";
  const given = knownOptions(where, options, ["maxResults"]) ?? {};
  const maxResults = countOption(where, "maxResults", given.maxResults);
  const search = async ({ query, tools }: { query: string; tools: ReadonlyArray<{ name: string }> }) => {
    const allowed = tools.map((tool) => tool.name);
    if (allowed.length === 0 || query.trim().length === 0) return [];
    const maxTools = maxResults ?? Math.min(allowed.length, 20);
    const { results } = await index.selectWithScores(query, { ...MODEL_SEARCH, maxTools, allowedTools: allowed });
    const offered = new Set(allowed);
    const answer = await searchAnswer(results, maxTools, (name) => (offered.has(name) ? NAME_ONLY : undefined));
    return answer.tools.map((tool) => tool.name);
  };
  // The SDK's toolSearch tool calls it in its execute: what it throws, the model reads.
  return (input: { query: string; tools: ReadonlyArray<{ name: string }> }): Promise<string[]> =>
    readByTheModel(() => search(input));
}
