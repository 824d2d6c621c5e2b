// Per provider, the plain objects deferral needs: a deferred copy of a tool, the search tool, a search's messages.
// Built without importing `ai` or `@ai-sdk/*`; the shapes are those @ai-sdk/anthropic 4 and @ai-sdk/openai 4 read
// (checked against the real packages' request bodies in test/agent/deferred-tools.test.ts).

import type { FlexibleSchema, Tool } from "ai";
import { loadAi } from "../../ai-sdk.js";
import { AI_SCHEMA } from "../../core/ai-schema.js";
import { NO_MATCH_NOTE, type SearchAnswer } from "../../search/search-answer.js";
import { readByTheModel } from "../model-facing-error.js";

export type DeferralProvider = "anthropic" | "openai";

export const DEFERRAL_PROVIDERS: readonly DeferralProvider[] = ["anthropic", "openai"];

/** A model message as the AI SDK keeps it (only what these shapes write and read). */
export interface DeferralMessage {
  readonly role: string;
  readonly content: unknown;
}

/** What a provider's deferral is made of. */
export interface ProviderShapes {
  /** What a preloaded search call's id starts with (the prefix the provider gives the items of its kind). */
  readonly itemIdPrefix: string;
  /** A copy of `tool` marked deferred (`providerOptions.<provider>.deferLoading: true`); the app's object is kept. */
  deferred(tool: unknown): unknown;
  /**
   * The search tool: its `execute` runs toolsift's `search`; its result loads the tools found, in the answer's order.
   * The provider's result format carries the tools (Anthropic: references by name; OpenAI: function definitions) and,
   * where it has room for text (Anthropic, an answer with no tool), the answer's note; relevance has no place in it.
   */
  searchTool(parts: {
    description: string;
    search: (query: string) => Promise<SearchAnswer>;
    tools: Readonly<Record<string, unknown>>;
  }): Tool;
  /** A search call and its result loading `names`, as the model's own search would leave them in the messages. */
  searchMessages(
    callId: string,
    searchToolName: string,
    query: string,
    names: readonly string[],
    tools: Readonly<Record<string, unknown>>,
  ): Promise<[DeferralMessage, DeferralMessage]>;
  /** The tool names a search result (a tool-result part's `output`) loaded. */
  loadedNames(output: unknown): string[];
}

const QUERY_SCHEMA = {
  type: "object",
  properties: { query: { type: "string", description: "What you need a tool for, in a few words." } },
  required: ["query"],
  additionalProperties: false,
};

function readQuery(value: unknown): { query: string } | undefined {
  const query = (value as { query?: unknown } | null)?.query;
  return typeof query === "string" ? { query } : undefined;
}

function withProviderOption(tool: unknown, provider: DeferralProvider, option: Record<string, true>): unknown {
  const original = tool as { providerOptions?: Record<string, Record<string, unknown> | undefined> };
  const providerOptions = original.providerOptions ?? {};
  return {
    ...original,
    providerOptions: { ...providerOptions, [provider]: { ...providerOptions[provider], ...option } },
  };
}

/**
 * A copy of `tool` that @ai-sdk/openai leaves out of the request's tools array (`omitFromRequestTools`) but still
 * validates and executes: for tools loaded by `additional_tools` items in the conversation.
 */
export function omittedFromRequest(tool: unknown): unknown {
  return withProviderOption(tool, "openai", { omitFromRequestTools: true });
}

const anthropic: ProviderShapes = {
  itemIdPrefix: "",
  deferred: (tool) => withProviderOption(tool, "anthropic", { deferLoading: true }),
  searchTool({ description, search }) {
    return {
      type: "function",
      description,
      inputSchema: plainSchema(QUERY_SCHEMA, readQuery, "search_tools"),
      execute: ({ query }: { query: string }) => readByTheModel(() => search(query)),
      toModelOutput: ({ output }: { output: SearchAnswer }) =>
        toolReferences(
          output.tools.map((tool) => tool.name),
          output.note,
        ),
    } as unknown as Tool;
  },
  async searchMessages(callId, searchToolName, query, names) {
    return [
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: callId, toolName: searchToolName, input: { query } }],
      },
      {
        role: "tool",
        content: [{ type: "tool-result", toolCallId: callId, toolName: searchToolName, output: toolReferences(names) }],
      },
    ];
  },
  loadedNames(output) {
    const { type, value } = (output ?? {}) as { type?: unknown; value?: unknown };
    if (type !== "content" || !Array.isArray(value)) return [];
    return value
      .map((part: { providerOptions?: { anthropic?: { type?: unknown; toolName?: unknown } } }) => {
        const reference = part?.providerOptions?.anthropic;
        return reference?.type === "tool-reference" ? reference.toolName : undefined;
      })
      .filter((name): name is string => typeof name === "string");
  },
};

/**
 * A tool result @ai-sdk/anthropic sends as `tool_result.content: [{ type: "tool_reference", tool_name }]`: the API
 * loads those deferred definitions right there in the conversation, so the tools and system prefix are unchanged.
 */
function toolReferences(names: readonly string[], note = NO_MATCH_NOTE) {
  if (names.length === 0) return { type: "text" as const, value: note };
  return {
    type: "content" as const,
    value: names.map((toolName) => ({
      type: "custom" as const,
      providerOptions: { anthropic: { type: "tool-reference", toolName } },
    })),
  };
}

/**
 * A Responses API function definition of `tool`: what a `tool_search_output` loads (marked `defer_loading`, as the
 * tools it was found among) or an `additional_tools` item (not marked).
 */
export async function functionDefinition(name: string, tool: unknown, deferred = true) {
  const { description, inputSchema } = tool as { description?: string; inputSchema?: unknown };
  const { asSchema } = await loadAi();
  const parameters = (await asSchema(inputSchema as FlexibleInput).jsonSchema) as Record<string, unknown>;
  return {
    type: "function" as const,
    name,
    description: description ?? "",
    parameters,
    ...(deferred ? { defer_loading: true } : {}),
  };
}

type FlexibleInput = Parameters<Awaited<ReturnType<typeof loadAi>>["asSchema"]>[0];

interface OpenAiSearchInput {
  arguments?: unknown;
  call_id?: string | null;
}

function readSearchInput(value: unknown): OpenAiSearchInput | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { arguments: args, call_id: callId } = value as OpenAiSearchInput;
  if (callId !== undefined && callId !== null && typeof callId !== "string") return undefined;
  return { arguments: args, call_id: callId };
}

const openai: ProviderShapes = {
  // The Responses API's own tool_search_call ids start "tsc_"; the package sends the call id as the item id.
  itemIdPrefix: "tsc_",
  deferred: (tool) => withProviderOption(tool, "openai", { deferLoading: true }),
  searchTool({ description, search, tools }) {
    return {
      // What openai.tools.toolSearch({ execution: "client", description, parameters }) builds.
      type: "provider",
      id: "openai.tool_search",
      isProviderExecuted: false,
      args: { execution: "client", description, parameters: QUERY_SCHEMA },
      inputSchema: plainSchema(
        { type: "object", properties: { arguments: {}, call_id: { type: ["string", "null"] } } },
        readSearchInput,
        "tool_search",
      ),
      execute: (input: OpenAiSearchInput) =>
        readByTheModel(async () => {
          const query = readQuery(input.arguments)?.query ?? JSON.stringify(input.arguments ?? "");
          const { tools: found } = await search(query);
          return { tools: await Promise.all(found.map(({ name }) => functionDefinition(name, tools[name]))) };
        }),
    } as unknown as Tool;
  },
  async searchMessages(callId, searchToolName, query, names, tools) {
    const definitions = await Promise.all(names.map((name) => functionDefinition(name, tools[name])));
    return [
      {
        role: "assistant",
        content: [
          {
            type: "tool-call",
            toolCallId: callId,
            toolName: searchToolName,
            input: { arguments: { query }, call_id: callId },
          },
        ],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: callId,
            toolName: searchToolName,
            output: { type: "json", value: { tools: definitions } },
          },
        ],
      },
    ];
  },
  loadedNames(output) {
    const { type, value } = (output ?? {}) as { type?: unknown; value?: { tools?: unknown } };
    if (type !== "json" || !Array.isArray(value?.tools)) return [];
    return value.tools
      .map((tool: { name?: unknown }) => tool?.name)
      .filter((name): name is string => typeof name === "string");
  },
};

export function providerShapes(provider: DeferralProvider): ProviderShapes {
  return provider === "anthropic" ? anthropic : openai;
}

/**
 * An input schema in the AI SDK's `jsonSchema` shape (built without importing the SDK, `ai` being an optional peer),
 * validated by `check`.
 */
function plainSchema<T>(jsonSchema: object, check: (value: unknown) => T | undefined, what: string) {
  return {
    [AI_SCHEMA]: true,
    _type: undefined as unknown as T,
    jsonSchema,
    async validate(value: unknown) {
      const checked = check(value);
      return checked !== undefined
        ? { success: true as const, value: checked }
        : {
            success: false as const,
            error: new TypeError(`${what} expects ${JSON.stringify(jsonSchema)}, got ${JSON.stringify(value)}`),
          };
    },
  } as unknown as FlexibleSchema<T>;
}
