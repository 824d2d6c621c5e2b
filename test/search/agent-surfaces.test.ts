// The one search answer through the AI SDK surfaces: index.searchTool(), inConversation's and deferredTools'
// search_tools (Anthropic; OpenAI's tool_search_output carries the same tools in the same order), and
// toolSearchFunction, whose names are the answer's.

import { jsonSchema, tool, type ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";
import { MODEL_SEARCH } from "../../src/options.js";
import type { SearchAnswer } from "../../src/search/search-answer.js";
import { searchAnswerSpec, type SearchSurface } from "./search-answer-spec.js";

const object = (properties: Record<string, object>) =>
  jsonSchema({ type: "object", properties, required: Object.keys(properties) });
const TOOLS = {
  create_github_issue: tool({
    description: "Create an issue in a GitHub repository.",
    inputSchema: object({ repo: { type: "string" }, title: { type: "string" } }),
  }),
  list_github_issues: tool({
    description: "List the open issues of a GitHub repository.",
    inputSchema: object({ repo: { type: "string" } }),
  }),
  send_slack_message: tool({
    description: "Post a message to a Slack channel.",
    inputSchema: object({ channel: { type: "string" }, text: { type: "string" } }),
  }),
  read_file: tool({ description: "Read a text file from disk.", inputSchema: object({ path: { type: "string" } }) }),
  write_file: tool({
    description: "Write text to a file on disk.",
    inputSchema: object({ path: { type: "string" }, content: { type: "string" } }),
  }),
  get_weather: tool({
    description: "The current weather and forecast for a city.",
    inputSchema: object({ city: { type: "string" } }),
  }),
  create_calendar_event: tool({
    description: "Add an event to the user's calendar.",
    inputSchema: object({ title: { type: "string" }, start: { type: "string" } }),
  }),
} satisfies ToolSet;

const index = createToolIndex(TOOLS);
const QUERIES = {
  matched: "create an issue in the github repository",
  guesses: "tell me a joke about penguins and their current mood",
  nothing: "capital of France",
};
const CALL = { toolCallId: "call-1", messages: [] };
const selection: SearchSurface["selection"] = async (query, limit) =>
  (await index.selectWithScores(query, { ...MODEL_SEARCH, maxTools: limit })).results;
const execute = (search: unknown, input: unknown) =>
  (search as { execute(input: unknown, options: unknown): Promise<unknown> }).execute(input, CALL);

searchAnswerSpec("index.searchTool()", () => ({
  queries: QUERIES,
  selection,
  search: async (query, limit) => (await execute(index.searchTool({ maxResults: limit }), { query })) as SearchAnswer,
}));

searchAnswerSpec("inConversation's search_tools", () => ({
  queries: QUERIES,
  selection,
  search: async (query, limit) =>
    (await execute(index.inConversation(TOOLS, { metaTools: { maxResults: limit } }).tools.search_tools, {
      query,
    })) as SearchAnswer,
}));

searchAnswerSpec("deferredTools' search_tools", () => ({
  queries: QUERIES,
  selection,
  search: async (query, limit) =>
    (await execute(index.deferredTools(TOOLS, { provider: "anthropic", maxResults: limit }).tools.search_tools, {
      query,
    })) as SearchAnswer,
}));

describe("the transports that carry only names or definitions", () => {
  const names = (answer: SearchAnswer) => answer.tools.map((found) => found.name);
  const answerOf = async (query: string, limit: number) =>
    (await execute(index.searchTool({ maxResults: limit }), { query })) as SearchAnswer;

  it("deferredTools: Anthropic references and OpenAI definitions in the answer's order, the note when none", async () => {
    for (const query of [QUERIES.matched, QUERIES.guesses]) {
      const expected = names(await answerOf(query, 3));
      const anthropic = index.deferredTools(TOOLS, { provider: "anthropic", maxResults: 3 }).tools.search_tools;
      const output = await execute(anthropic, { query });
      const rendered = (await (anthropic as unknown as { toModelOutput(call: unknown): unknown }).toModelOutput({
        toolCallId: "call-1",
        input: { query },
        output,
      })) as { value: { providerOptions: { anthropic: { toolName: string } } }[] };
      expect(rendered.value.map((part) => part.providerOptions.anthropic.toolName)).toEqual(expected);
      const openai = index.deferredTools(TOOLS, { provider: "openai", maxResults: 3 }).tools.search_tools;
      const found = (await execute(openai, { arguments: { query }, call_id: "c" })) as { tools: { name: string }[] };
      expect(found.tools.map((definition) => definition.name)).toEqual(expected);
    }
    const anthropic = index.deferredTools(TOOLS, { provider: "anthropic" }).tools.search_tools;
    const none = await execute(anthropic, { query: QUERIES.nothing });
    const text = await (anthropic as unknown as { toModelOutput(call: unknown): unknown }).toModelOutput({
      toolCallId: "call-1",
      input: { query: QUERIES.nothing },
      output: none,
    });
    expect(text).toEqual({ type: "text", value: (none as SearchAnswer).note });
  });

  it("toolSearchFunction returns the answer's names", async () => {
    const search = index.toolSearchFunction({ maxResults: 3 });
    const offered = Object.keys(TOOLS).map((name) => ({ name }));
    for (const query of [QUERIES.matched, QUERIES.guesses]) {
      expect(await search({ query, tools: offered })).toEqual(names(await answerOf(query, 3)));
    }
  });
});
