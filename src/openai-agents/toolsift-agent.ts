// toolsiftAgent: an OpenAI Agents SDK agent whose model calls are offered only the tools its conversation needs.

import type {
  Agent,
  AgentOutputType,
  FunctionTool,
  MCPServer,
  MCPToolFilterCallable,
  MCPToolFilterContext,
  RunContext,
  Tool,
} from "@openai/agents";
import { selectForCall, type CallSelectionSetup } from "../agent/call-selection.js";
import { catalogToolCounter, offerPolicy } from "../agent/offer-policy.js";
import type { ToolDefinition } from "../core/catalog.js";
import type { ConversationMessage } from "../conversation/query-rule.js";
import { RECENT_TOOL_WINDOW, recentTools } from "../agent/recent-tools.js";
import { createSerialQueue } from "../support/serial-queue.js";
import { invalidOption } from "../support/validate-options.js";
import { createToolIndex } from "../tool-index.js";
import { resolveLimits } from "../tool-index/resolve-options.js";
import type { ToolIndex } from "../tool-index/types.js";
import { fromAgentItems } from "./agent-items.js";
import { guardedServer, listServerTools, mcpCatalogName } from "./mcp-server-tools.js";
import { resolveAgentOptions, type ToolsiftAgentEvent, type ToolsiftAgentOptions } from "./options.js";

const WHERE = "toolsiftAgent";

/** What `toolsiftAgent` returns. */
export interface ToolsiftAgent<TContext, TOutput extends AgentOutputType> {
  /** The agent to run (`run(agent, input)`): a clone of the one given, its function tools and MCP servers selected. */
  readonly agent: Agent<TContext, TOutput>;
  /** The index over the agent's function tools and its MCP servers' tools (`<server>__<tool>`). */
  readonly index: ToolIndex;
  /** Lists the MCP servers' tools and builds the index now (embedding the tools with a model), so a run starts fast. */
  warmUp(): Promise<void>;
}

/** One run's conversation as the hooks saw it, and the selection of its current model call. */
interface RunConversation {
  messages: ConversationMessage[];
  /** The names each model turn of this run called, in order: the latest ones stay offered (as prepareStep's). */
  steps: string[][];
  /** Whether the latest assistant message is the current model turn's (its calls are still coming in). */
  turnOpen: boolean;
  /** Counts what the hooks added: a new count is a new model call to select for. */
  version: number;
  /** Whether this run listed the MCP servers' tools yet (once per run: changed tools count from the next run). */
  listed: boolean;
  selection?: { readonly version: number; readonly offered: Promise<ReadonlySet<string> | undefined> };
}

/** Whether an MCP tool passes a filter the server already had (the SDK's static lists, or a function). */
async function passesOwnFilter(
  filter: MCPServer["toolFilter"],
  context: MCPToolFilterContext,
  tool: Parameters<MCPToolFilterCallable>[1],
): Promise<boolean> {
  if (filter === undefined) return true;
  if (typeof filter === "function") return filter(context, tool);
  const { allowedToolNames = [], blockedToolNames = [] } = filter;
  if (allowedToolNames.length > 0 && !allowedToolNames.includes(tool.name)) return false;
  return !blockedToolNames.includes(tool.name);
}

/** Whether a function tool is enabled by its own `isEnabled` (a function, a boolean, or none). */
async function ownEnabled(tool: FunctionTool<any, any, any>, context: RunContext<any>, agent: Agent<any, any>) {
  const own: unknown = tool.isEnabled;
  return typeof own === "function" ? (own as FunctionTool["isEnabled"])(context, agent) : own !== false;
}

/**
 * An OpenAI Agents SDK agent that offers each model call only the tools the run's conversation needs: a clone of
 * `agent` whose function tools are enabled (`isEnabled`) and whose MCP servers' tools pass (`toolFilter`) only when
 * toolsift selects them for the query read from the run's input and history (the same rule, selection and no-match
 * policy as `prepareStep` and the LangChain middleware). MCP tools are indexed under `<server>__<tool>` (server
 * identity kept, as in toolsift/mcp), listed through the servers once per run; a server that fails to list is
 * reported (`mcp-server-failed`) and its tools left out of that call, never thrown. The clone holds each server behind
 * a proxy with toolsift's `toolFilter` (the server's own applied first): the agent and servers given are not changed.
 *
 * Throws `ToolsiftError` for invalid or unknown options and for an `alwaysActive` name no tool of the agent has.
 */
export function toolsiftAgent<TContext, TOutput extends AgentOutputType>(
  agent: Agent<TContext, TOutput>,
  options: ToolsiftAgentOptions = {},
): ToolsiftAgent<TContext, TOutput> {
  const resolved = resolveAgentOptions(WHERE, options);
  const { maxTools, minRelevance, adaptive, alwaysActive, allowedTools, onError } = resolved;
  const emit = (event: ToolsiftAgentEvent): void => {
    if (options.runtime?.debug) console.debug("[toolsift]", event);
    resolved.onEvent?.(event);
  };
  const policy = offerPolicy(WHERE, { onNoMatch: options.onNoMatch, maxOfferAll: options.maxOfferAll }, emit);
  const functionTools = agent.tools.filter(
    (tool): tool is FunctionTool<TContext, any, any> => tool.type === "function",
  );
  const functionNames = new Set(functionTools.map((tool) => tool.name));
  const serverPrefixes = agent.mcpServers.map((server) => mcpCatalogName(server.name, ""));
  alwaysActive.forEach((name, position) => {
    if (functionNames.has(name) || serverPrefixes.some((prefix) => name.startsWith(prefix))) return;
    invalidOption(
      WHERE,
      `alwaysActive[${position}]`,
      `the name of one of the agent's function tools (${[...functionNames].join(", ") || "none"}) or <server>__<tool> for one of its MCP servers`,
      name,
    );
  });
  const functionDefinitions: ToolDefinition[] = functionTools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.parameters as Record<string, unknown>,
  }));
  const index = createToolIndex(functionDefinitions, { ...resolved.indexOptions, onError, onEvent: emit });
  const limits = resolveLimits(resolved.indexOptions.catalog?.limits);
  const catalogTools = catalogToolCounter(() => index.toolNames);

  // The MCP servers' last listed tools, by server; catalog changes run one at a time.
  let serverTools = new Map<string, ToolDefinition[]>();
  let serverKey = "";
  const catalogChanges = createSerialQueue();
  function listServers(servers: readonly MCPServer[]): Promise<void> {
    if (servers.length === 0) return Promise.resolve();
    return catalogChanges.run(async () => {
      const listed = await listServerTools(servers, serverTools, { limits, taken: functionNames });
      listed.events.forEach(emit);
      serverTools = listed.byServer;
      const definitions = [...functionDefinitions, ...[...serverTools.values()].flat()];
      const key = JSON.stringify(definitions);
      if (key === serverKey) return;
      await index.sync(definitions);
      serverKey = key;
    });
  }

  const runs = new WeakMap<RunContext<TContext>, RunConversation>();
  function conversationOf(context: RunContext<TContext>): RunConversation {
    let conversation = runs.get(context);
    if (conversation === undefined) {
      conversation = { messages: [], steps: [], turnOpen: false, version: 0, listed: false };
      runs.set(context, conversation);
    }
    return conversation;
  }

  const selection: CallSelectionSetup = {
    index,
    maxTools,
    minRelevance,
    adaptive,
    policy,
    onError,
    everyTool: allowedTools === undefined ? "every tool" : "every allowed tool",
    emit,
  };

  /** The names one model call is offered, or `undefined` for every tool. */
  async function select(conversation: RunConversation): Promise<ReadonlySet<string> | undefined> {
    // The tools the run called in its latest model turns stay offered, so a task keeps its tools.
    const kept = [...alwaysActive, ...recentTools(conversation.steps, RECENT_TOOL_WINDOW)];
    const names = await selectForCall(selection, {
      conversation: conversation.messages,
      pinned: kept,
      ranking: () => ({
        alwaysActive: kept.filter((name) => index.toolNames.includes(name)),
        ...(allowedTools === undefined ? {} : { allowedTools: [...allowedTools] }),
      }),
      toolCount: () => catalogTools(allowedTools),
      available: () => index.toolNames.length,
      prepare: async () => {
        if (conversation.listed) return;
        conversation.listed = true;
        await listServers(agent.mcpServers);
      },
    });
    return names === undefined ? allowedTools : new Set(names);
  }

  /** Whether the current model call of the run is offered `name` (a selection made once per model call). */
  async function offered(context: RunContext<TContext>, name: string): Promise<boolean> {
    const conversation = conversationOf(context);
    if (conversation.selection?.version !== conversation.version) {
      conversation.turnOpen = false;
      conversation.selection = { version: conversation.version, offered: select(conversation) };
    }
    const names = await conversation.selection.offered;
    return names === undefined || names.has(name);
  }

  const tools: Tool<TContext>[] = agent.tools.map((tool) =>
    tool.type !== "function"
      ? tool
      : {
          ...tool,
          isEnabled: async (context, current) =>
            (await ownEnabled(tool, context, current)) && offered(context, tool.name),
        },
  );
  const mcpServers = agent.mcpServers.map((server) =>
    guardedServer(
      server,
      async (context, tool) =>
        (await passesOwnFilter(server.toolFilter, context, tool)) &&
        offered(context.runContext as RunContext<TContext>, mcpCatalogName(context.serverName, tool.name)),
      emit,
    ),
  );
  const sifted = agent.clone({ tools, mcpServers });
  sifted.on("agent_start", (context, _agent, turnInput) => {
    const conversation = conversationOf(context);
    conversation.messages = fromAgentItems(turnInput ?? []);
    conversation.steps = [];
    conversation.turnOpen = false;
    conversation.version++;
  });
  sifted.on("agent_tool_start", (context, _tool, { toolCall }) => {
    const name = (toolCall as { name?: unknown }).name;
    if (typeof name !== "string") return;
    const conversation = conversationOf(context);
    const last = conversation.messages.at(-1);
    // One model turn's calls are one assistant message, as the rule reads a turn.
    if (conversation.turnOpen && last?.role === "assistant") {
      conversation.messages[conversation.messages.length - 1] = { ...last, toolCalls: [...last.toolCalls, name] };
      conversation.steps.at(-1)?.push(name);
    } else {
      conversation.messages.push({ role: "assistant", text: "", toolCalls: [name] });
      conversation.steps.push([name]);
      conversation.turnOpen = true;
    }
    conversation.version++;
  });

  return {
    agent: sifted,
    index,
    async warmUp() {
      await listServers(agent.mcpServers);
      await index.warmUp();
    },
  };
}
