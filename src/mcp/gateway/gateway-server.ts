// The gateway's MCP server for one client session: search_tools, call_tool and the pinned tools, over the catalog.

import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { checkToolInput } from "../../check-tool-input.js";
import { MODEL_SEARCH } from "../../options.js";
import { normalizeQuery } from "../../resolve-select-options.js";
import { describeValue } from "../../support/describe-value.js";
import { closest } from "../../support/validate-options.js";
import type { McpCatalog } from "../mcp-catalog.js";
import { RELEVANCE_PHRASE, searchAnswerSchema } from "../../search/search-answer.js";
import { described, fusePhrasings, gatewayAnswer } from "./search-answer.js";

export const SEARCH_TOOL = "search_tools";
export const CALL_TOOL = "call_tool";
/** Most tools one search returns (`limit`). */
export const MAX_LIMIT = 20;
/** Most other phrasings `search_tools` takes beside its query (`queries`). */
export const MAX_PHRASINGS = 4;

/** What every session of the gateway shares. */
export interface GatewayContext {
  readonly catalog: McpCatalog;
  readonly pinned: readonly string[];
  /** Tools a search returns by default (its `limit` argument goes up to MAX_LIMIT). */
  readonly maxResults: number;
  /** Milliseconds one forwarded call may take. */
  readonly timeout: number;
  /** Records a forwarded call (the query that led to it, the calls since): learning and persisting. */
  readonly learn: (query: string, earlier: readonly string[], tool: string) => void;
  /**
   * List the tools each search found as tools of their own (callable by name) and announce the change with
   * `notifications/tools/list_changed`, for clients that reload their tools on it (`--expose-selected`).
   */
  readonly exposeSelected: boolean;
  /**
   * For a name missing from the catalog: the error of its server when that server is down (named with its last
   * error), so a call says why instead of "no tool"; `undefined` otherwise.
   */
  readonly downError: (name: string) => Error | undefined;
  readonly version: string;
}

/**
 * Whether a session lists tools beyond search and call (pinned ones, or `exposeSelected`), and so declares
 * `tools.listChanged` and is told when an upstream's tools are read again (a server came up, or announced a change).
 */
export function listsChange(context: GatewayContext): boolean {
  return context.exposeSelected || context.pinned.length > 0;
}

/** `search_tools`, its `limit` defaulting to `maxResults` (`--max`). */
const searchTool = (maxResults: number): Tool => ({
  name: SEARCH_TOOL,
  description:
    "Find tools for a task among all connected MCP servers. Describe the task in plain words; returns matching " +
    `tools, best first, with name, description, input schema and ${RELEVANCE_PHRASE}, and a note when none matched ` +
    "well. Then run one with call_tool.",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", description: "What you want to do" },
      limit: {
        type: "integer",
        minimum: 1,
        maximum: MAX_LIMIT,
        description: `Most tools to return (default ${maxResults})`,
      },
      queries: {
        type: "array",
        items: { type: "string" },
        maxItems: MAX_PHRASINGS,
        description: "Optional: the same task in other words (synonyms, the words a tool would use); results are fused",
      },
    },
    required: ["query"],
    additionalProperties: false,
  },
  outputSchema: searchAnswerSchema({ properties: {}, required: [] }) as Tool["outputSchema"],
  annotations: { readOnlyHint: true, openWorldHint: false },
});

const callTool: Tool = {
  name: CALL_TOOL,
  description: "Run a tool found with search_tools: its name and its arguments (an object matching its input schema).",
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string", description: "The tool's name as search_tools gave it" },
      arguments: { type: "object", description: "The tool's arguments" },
    },
    required: ["name"],
    additionalProperties: false,
  },
};

/**
 * An error as the SDK's server should send it. The server sends an error's `message` as it is and the client puts
 * "MCP error <code>: " before what it receives; an McpError's message holds that prefix already (its constructor
 * adds it), so a thrown or forwarded McpError reached the client as "MCP error -32603: MCP error -32603: …".
 */
function withOnePrefix(error: unknown): unknown {
  if (!(error instanceof McpError)) return error;
  const prefix = `MCP error ${error.code}: `;
  if (!error.message.startsWith(prefix)) return error;
  return Object.assign(new Error(error.message.slice(prefix.length)), { code: error.code, data: error.data });
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

/** Refuses an argument `tool` does not take, naming the nearest one it does (`limt` → did you mean "limit"?). */
function knownArguments(args: Record<string, unknown> | undefined, tool: Tool): void {
  const known = Object.keys(tool.inputSchema.properties ?? {});
  for (const key of Object.keys(args ?? {})) {
    if (known.includes(key)) continue;
    const nearest = closest(key, known);
    throw new McpError(
      ErrorCode.InvalidParams,
      `${tool.name}: unknown argument "${key}"${nearest === undefined ? "" : `; did you mean "${nearest}"?`} ` +
        `(it takes ${known.map((name) => `"${name}"`).join(", ")})`,
    );
  }
}

function stringArgument(args: Record<string, unknown> | undefined, name: string, tool: string): string {
  const value = args?.[name];
  if (typeof value !== "string" || value.trim().length === 0) {
    throw new McpError(ErrorCode.InvalidParams, `${tool}: argument "${name}" must be a non-empty string`);
  }
  return value;
}

/** `search_tools`' optional `limit`: an integer in [1, MAX_LIMIT] (an error names the value); `undefined`: absent. */
function limitArgument(args: Record<string, unknown> | undefined): number | undefined {
  const limit = args?.limit;
  if (limit === undefined) return undefined;
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new McpError(
      ErrorCode.InvalidParams,
      `${SEARCH_TOOL}: argument "limit" must be an integer in [1, ${MAX_LIMIT}], got ${describeValue(limit)}`,
    );
  }
  return limit;
}

/** `search_tools`' optional `queries`: at most MAX_PHRASINGS non-empty strings; an error names the element at fault. */
function otherPhrasings(args: Record<string, unknown> | undefined): string[] {
  const value = args?.queries;
  if (value === undefined) return [];
  const refuse = (got: string) => {
    throw new McpError(
      ErrorCode.InvalidParams,
      `${SEARCH_TOOL}: argument "queries" must be an array of at most ${MAX_PHRASINGS} non-empty strings, got ${got}`,
    );
  };
  if (!Array.isArray(value)) refuse(describeValue(value));
  const texts = value as unknown[];
  if (texts.length > MAX_PHRASINGS) refuse(`${texts.length} elements`);
  texts.forEach((text, index) => {
    if (typeof text !== "string" || text.trim().length === 0) refuse(`queries[${index}] = ${describeValue(text)}`);
  });
  return texts as string[];
}

/** A new MCP server for one client session (its own search history for learning). */
export function createGatewayServer(context: GatewayContext): Server {
  const server = new Server(
    { name: "toolsift", version: context.version },
    { capabilities: { tools: { listChanged: listsChange(context) } } },
  );
  let lastQuery = "";
  let callsSinceSearch: string[] = [];
  /** The tools the last search found, listed directly when `exposeSelected` is on. */
  let exposed: readonly string[] = [];
  const listed = () => [...context.pinned, ...exposed.filter((name) => !context.pinned.includes(name))];

  /** Forwards a call; `signal` (the client cancelled, or its session closed) cancels it upstream too. */
  async function forward(name: string, args: unknown, signal: AbortSignal): Promise<CallToolResult> {
    const tool = context.catalog.tool(name);
    if (tool === undefined) {
      const down = context.downError(name);
      if (down !== undefined) throw down;
      return errorResult(`No tool "${name}": find tools with ${SEARCH_TOOL} and use the name it gives.`);
    }
    const given = args ?? {};
    const checked = await checkToolInput(name, tool.inputSchema, given);
    if (!checked.success) return errorResult(checked.message);
    const result = (await context.catalog.callTool(name, given as Record<string, unknown>, {
      timeout: context.timeout,
      signal,
    })) as CallToolResult;
    if (result.isError !== true) {
      context.learn(lastQuery, callsSinceSearch, name);
      callsSinceSearch = [...callsSinceSearch, name];
    }
    return result;
  }

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      searchTool(context.maxResults),
      callTool,
      ...listed().flatMap((name) => {
        const tool = context.catalog.tool(name);
        if (tool === undefined) return [];
        const definition = described(tool);
        const output = tool.outputSchema as Tool["outputSchema"];
        return [output === undefined ? definition : { ...definition, outputSchema: output }];
      }),
    ],
  }));

  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    callRequest(request.params, extra.signal).catch((error: unknown) => {
      throw withOnePrefix(error);
    }),
  );
  return server;

  async function callRequest(
    { name, arguments: args }: { name: string; arguments?: Record<string, unknown> },
    signal: AbortSignal,
  ): Promise<CallToolResult> {
    if (name === SEARCH_TOOL) {
      knownArguments(args, searchTool(context.maxResults));
      const phrasings = [stringArgument(args, "query", SEARCH_TOOL), ...otherPhrasings(args)];
      const maxTools = limitArgument(args) ?? context.maxResults;
      const selections = await Promise.all(
        phrasings.map(
          async (text) => (await context.catalog.index.selectWithScores(text, { ...MODEL_SEARCH, maxTools })).results,
        ),
      );
      // Every phrasing's words are learnt with the call that follows: the model's synonyms become the catalog's. Each
      // is cut as ranking cuts it, so a long first phrasing does not push the others out of what is learnt.
      lastQuery = phrasings.map((text) => normalizeQuery(text).text).join("\n");
      callsSinceSearch = [];
      const answer = await gatewayAnswer(context.catalog, fusePhrasings(selections), maxTools);
      const names = answer.tools.map((tool) => tool.name);
      if (context.exposeSelected && names.join("\n") !== exposed.join("\n")) {
        exposed = names;
        await server.sendToolListChanged();
      }
      return { content: [{ type: "text", text: JSON.stringify(answer) }], structuredContent: { ...answer } };
    }
    if (name === CALL_TOOL) {
      knownArguments(args, callTool);
      return forward(stringArgument(args, "name", CALL_TOOL), args?.arguments, signal);
    }
    if (listed().includes(name)) return forward(name, args, signal);
    throw new McpError(
      ErrorCode.InvalidParams,
      `Unknown tool "${name}": this gateway offers ${SEARCH_TOOL} and ${CALL_TOOL}.`,
    );
  }
}
