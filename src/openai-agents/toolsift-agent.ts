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
import { frameworkCallSelection } from "../agent/call-selection.js";
import { toolSetFollower } from "../agent/tool-set-follower.js";
import type { ToolDefinition } from "../core/catalog.js";
import { refuseUnknownNames } from "../support/unknown-names.js";
import { createToolIndex } from "../tool-index.js";
import { resolveLimits } from "../tool-index/resolve-options.js";
import type { ToolIndex } from "../tool-index/types.js";
import { guardedServer, listServerTools, mcpCatalogName } from "./mcp-server-tools.js";
import { resolveAgentOptions, type ToolsiftAgentEvent, type ToolsiftAgentOptions } from "./options.js";
import {
  runConversations,
  runMessages,
  runStarted,
  toolStarted,
  type CallOffer,
  type RunConversation,
} from "./run-conversation.js";

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
  const { maxTools, minRelevance, adaptive, alwaysActive, allowedTools, onError, stableTools } = resolved;
  const emit = (event: ToolsiftAgentEvent): void => {
    if (options.runtime?.debug) console.debug("[toolsift]", event);
    resolved.onEvent?.(event);
  };
  const functionTools = agent.tools.filter(
    (tool): tool is FunctionTool<TContext, any, any> => tool.type === "function",
  );
  const functionNames = new Set(functionTools.map((tool) => tool.name));
  const serverPrefixes = agent.mcpServers.map((server) => mcpCatalogName(server.name, ""));
  refuseUnknownNames(
    WHERE,
    "alwaysActive",
    alwaysActive.filter((name) => !serverPrefixes.some((prefix) => name.startsWith(prefix))),
    [...functionNames],
    "one of the agent's function tools, or <server>__<tool> for one of its MCP servers",
  );
  const functionDefinitions: ToolDefinition[] = functionTools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.parameters as Record<string, unknown>,
  }));
  // Only a listener the user gave (the index debug-logs its own events): without one, its console line says to pass it.
  const index = createToolIndex(functionDefinitions, { ...resolved.indexOptions, onError, onEvent: resolved.onEvent });
  const limits = resolveLimits(resolved.indexOptions.catalog?.limits);
  // The index follows the agent's tools (the one rule of every adapter: tool-set-follower.ts).
  const follower = toolSetFollower(index, { initial: functionDefinitions, limits });

  // The MCP servers' last listed tools, by server.
  let serverTools = new Map<string, ToolDefinition[]>();
  async function listServers(servers: readonly MCPServer[]): Promise<void> {
    if (servers.length === 0) return;
    const listed = await listServerTools(servers, serverTools, { limits, taken: functionNames });
    listed.events.forEach(emit);
    serverTools = listed.byServer;
    await follower.follow([...functionDefinitions, ...[...serverTools.values()].flat()]);
  }

  const conversationOf = runConversations<TContext>();

  /** Lists the MCP servers' tools for the catalog, once per run. */
  async function listOnce(conversation: RunConversation): Promise<void> {
    if (conversation.listed) return;
    conversation.listed = true;
    await listServers(agent.mcpServers);
  }

  const selectCall = frameworkCallSelection(
    index,
    { where: WHERE, onError, emit, listening: resolved.onEvent !== undefined },
    {
      maxTools,
      minRelevance,
      adaptive,
      alwaysActive: [...alwaysActive],
      ...(allowedTools === undefined ? {} : { allowedTools: [...allowedTools] }),
      onNoMatch: options.onNoMatch,
      maxOfferAll: options.maxOfferAll,
      ...(options.smallCatalog === undefined ? {} : { smallCatalog: options.smallCatalog }),
      stableTools: stableTools ?? false,
    },
  );

  /** What one model call is offered. */
  async function select(conversation: RunConversation): Promise<CallOffer> {
    const names = await selectCall({
      conversation: runMessages(conversation),
      prepare: () => listOnce(conversation),
      present: () => index.toolNames,
      available: () => index.toolNames.length,
    });
    return stableTools === undefined ? { names: new Set(names) } : { names: new Set(names), order: names };
  }

  /** What the current model call of the run is offered (a selection made once per model call). */
  function currentOffer(conversation: RunConversation): Promise<CallOffer> {
    if (conversation.selection?.version !== conversation.version) {
      conversation.turnOpen = false;
      conversation.selection = { version: conversation.version, offer: select(conversation) };
    }
    return conversation.selection.offer;
  }

  /** Whether the current model call of the run is offered `name`. */
  async function offered(context: RunContext<TContext>, name: string): Promise<boolean> {
    const { names } = await currentOffer(conversationOf(context));
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
      async (context, tool) => {
        const runContext = context.runContext as RunContext<TContext>;
        const name = mcpCatalogName(server.name, tool.name);
        const passes = (await passesOwnFilter(server.toolFilter, context, tool)) && (await offered(runContext, name));
        // With stableTools the passes put the MCP tools in the set's order (getAllTools below).
        if (passes && stableTools !== undefined) {
          const passed = conversationOf(runContext).passed;
          passed.set(server.name, [...(passed.get(server.name) ?? []), name]);
        }
        return passes;
      },
      emit,
    ),
  );
  const sifted = agent.clone({ tools, mcpServers });
  if (stableTools !== undefined) {
    // The SDK sends the tools in getAllTools' order (MCP servers', then the agent's): the set's order keeps the cache.
    const own = new Map(tools.map((tool) => [tool, tool.type === "function" ? tool.name : undefined]));
    const allTools = sifted.getAllTools.bind(sifted);
    sifted.getAllTools = async (context, tracingParent) => {
      const conversation = conversationOf(context);
      conversation.passed = new Map();
      const sent = await allTools(context, tracingParent);
      const { order } = await currentOffer(conversation);
      if (order === undefined) return sent;
      const mcp = agent.mcpServers.flatMap((server) => conversation.passed.get(server.name) ?? []);
      return inSetOrder(sent, { own, mcp }, order);
    };
  }
  sifted.on("agent_start", (context, _agent, turnInput) => runStarted(conversationOf(context), turnInput ?? []));
  sifted.on("agent_tool_start", (context, _tool, { toolCall }) => toolStarted(conversationOf(context), toolCall));

  return {
    agent: sifted,
    index,
    async warmUp() {
      await listServers(agent.mcpServers);
      await index.warmUp();
    },
  };
}

// The order of the tools an OpenAI Agents SDK agent sends to the model: a cache-keeping set's, not the agent's.

/** What one model call's tools are matched to catalog names with. */
export interface SentTools<TContext> {
  /** The agent's own tools (function and hosted) as the clone holds them, with its function tools' catalog names. */
  readonly own: ReadonlyMap<Tool<TContext>, string | undefined>;
  /** Catalog names (`<server>__<tool>`) of the MCP tools the filters passed for this call, server by server. */
  readonly mcp: readonly string[];
}

/**
 * The tools of one model call (what the SDK's `getAllTools` returned: the MCP servers' tools, server by server in
 * `mcpServers` order, each server's in its listing order, then the agent's own enabled tools) in the order that keeps
 * the prompt cache: tools outside the set (hosted tools) first, as they came, then the set's tools in `order` (the
 * order they joined it), so a request's tools are the ones before, or extend them. Throws when the MCP tools returned
 * are not the ones the filters passed (an SDK whose `getAllTools` no longer works so).
 */
export function inSetOrder<TContext>(
  tools: readonly Tool<TContext>[],
  sent: SentTools<TContext>,
  order: readonly string[],
): Tool<TContext>[] {
  const fromServers = tools.filter((tool) => !sent.own.has(tool));
  if (fromServers.length !== sent.mcp.length || tools.slice(0, fromServers.length).some((tool) => sent.own.has(tool))) {
    throw new Error(
      `toolsiftAgent: the agent's getAllTools returned ${fromServers.length} MCP tools where the servers' filters passed ` +
        `${sent.mcp.length} (${sent.mcp.join(", ")}), so the tools cannot be put in the set's order`,
    );
  }
  const position = new Map(order.map((name, at) => [name, at]));
  const outside: Tool<TContext>[] = [];
  const inSet: { tool: Tool<TContext>; place: number }[] = [];
  tools.forEach((tool, at) => {
    const name = at < fromServers.length ? sent.mcp[at] : sent.own.get(tool);
    const place = name === undefined ? undefined : position.get(name);
    if (place === undefined) outside.push(tool);
    else inSet.push({ tool, place });
  });
  return [...outside, ...inSet.sort((a, b) => a.place - b.place).map((entry) => entry.tool)];
}
