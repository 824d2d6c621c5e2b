// toolsiftChat(agent, tools, options): what an AIChatAgent's onChatMessage spreads into streamText — toolsift's one
// selection over the agent's own tools and its MCP servers', with usage and vectors kept in the agent's own SQLite.

import type { ModelMessage, ToolSet } from "ai";
import type { PrepareStepOptions } from "../agent/prepare-step-options.js";
import type { InConversationOptions } from "../agent/delivery/in-conversation.js";
import { DEFAULT_DISPATCHER_NAME, withDispatchedCalls } from "../agent/delivery/dispatched-calls.js";
import type { ToolDefinition } from "../core/catalog.js";
import { fromModelMessages, type MessageLike } from "../conversation/model-messages.js";
import { queryFromConversation } from "../conversation/query-rule.js";
import { deliveredBy } from "../agent/delivery/conversation-deliveries.js";
import { prefixHashes } from "../agent/delivery/prefix-hashes.js";
import { toolSetFollower } from "../agent/tool-set-follower.js";
import { learnedTurns } from "../usage/learn-turns.js";
import type { ToolsiftEvent } from "../events.js";
import type { NoMatchEvent } from "../agent/offer-policy.js";
import type { PrepareStepEvent } from "../agent/prepare-step-options.js";
import { checkSeparator } from "../mcp/namespace.js";
import type { ToolIndexOptions } from "../options.js";
import { consoleEvents } from "../support/event-log.js";
import { invalidOption, optionsObject, rejectUnknownOptions } from "../support/validate-options.js";
import { createToolIndex } from "../tool-index.js";
import { resolveLimits } from "../tool-index/resolve-options.js";
import type { ToolIndex } from "../tool-index/types.js";
import { readAgentMcp, type AgentMcpLike } from "./agent-mcp.js";
import { storeDeliveries, withStoredDeliveries } from "./stored-deliveries.js";
import { adapterPrepareStep } from "../agent/index-methods.js";
import {
  agentSqlDeliveryStore,
  agentSqlEmbeddingCache,
  agentSqlLearntTurn,
  agentSqlStableDecisions,
  agentSqlUsageStore,
  type AgentDeliveryStore,
  type AgentSql,
} from "./agent-storage.js";

/** Options of `toolsiftChat`. Read on an agent instance's first turn; later turns reuse what it made. */
export interface ToolsiftChatOptions {
  /**
   * `"in-conversation"` (default): `index.inConversation` — a fixed tools block (`call_tool`, `search_tools`, the
   * `alwaysActive` tools) and each turn's definitions in the conversation, the cheapest row of docs/deliveries.md's
   * bill; `"prepare-step"`: `index.prepareStep` over every tool, the stable set by default, a new set each step with
   * `prepareStep: { stableTools: false }`.
   */
  delivery?: "in-conversation" | "prepare-step";
  /** Options of `index.inConversation` (delivery `"in-conversation"`). */
  inConversation?: InConversationOptions;
  /** Options of `index.prepareStep` (delivery `"prepare-step"`). */
  prepareStep?: PrepareStepOptions;
  /**
   * `createToolIndex` options. `embedding.cache` defaults to the agent's SQLite; learnt usage is read from it and
   * written back after each turn (`learning.usage` seeds an agent that has learnt nothing yet). Its `onEvent`
   * defaults to this function's.
   */
  index?: ToolIndexOptions;
  /** Between an MCP server's name and its tool's in tool names (`github__create_issue`). Default `"__"`. */
  separator?: string;
  /**
   * Every event of the agent's selection: the index's, the delivery's (`no-match`, `tool-call-refused`,
   * `tools-changed`) and the MCP servers' (`mcp-server-failed` for a server that is down, reported once per change;
   * `mcp-tool-skipped`). Default: a console warning the first time each kind of event but `no-match` and
   * `tools-changed` (how an agent works, not something that went wrong) happens; `index.runtime.warnings: false`
   * turns it off.
   */
  onEvent?: (event: ToolsiftChatEvent) => void;
  /** Called after the turn was learnt and saved: pass `onChatMessage`'s `onFinish` here. */
  onEnd?: (event: never) => unknown;
}

/** What `onEvent` receives. */
export type ToolsiftChatEvent = ToolsiftEvent | NoMatchEvent | PrepareStepEvent;

/** The agent `toolsiftChat` reads: an `agents` Agent (`AIChatAgent`), by its public `sql` and `mcp`. */
export interface ToolsiftChatAgent {
  readonly sql: AgentSql;
  readonly mcp: AgentMcpLike;
}

/** What `toolsiftChat` returns: spread it into `streamText` (with `model`, `messages`, `stopWhen`...). */
export interface ToolsiftChatTurn {
  readonly tools: ToolSet;
  readonly prepareStep: (step: { readonly messages: readonly ModelMessage[] }) => Promise<object>;
  /**
   * Learns the turn (`index.learn`; a continuation of the turn learnt last, only its new calls) and saves what the
   * agent learnt in its SQLite; then calls `options.onEnd`.
   */
  readonly onEnd: (event: { readonly responseMessages: readonly ModelMessage[] }) => Promise<void>;
  /** The agent's index (the same across this instance's turns): `selectWithScores`, `explain`, `usage`... */
  readonly index: ToolIndex;
}

interface AgentState {
  index: ToolIndex;
  /** The index follows the agent's tools and its servers' (the one rule of every adapter: tool-set-follower.ts). */
  follower: ReturnType<typeof toolSetFollower>;
  failures: Map<string, string>;
  /**
   * `index.prepareStep` for the current catalog (delivery "prepare-step"), its stable set's decisions kept in the
   * agent's SQLite (what an earlier point sent stays what it sent, also after a catalog change or an eviction); made
   * again when the catalog changes.
   */
  prepareStep: ((step: never) => Promise<object>) | undefined;
  /** inConversation's delivery messages in the agent's SQLite, and the points this instance stored or read. */
  deliveries: AgentDeliveryStore;
  storedPoints: Set<string>;
}

const WHERE = "toolsiftChat";
const OPTIONS = ["delivery", "inConversation", "prepareStep", "index", "separator", "onEvent", "onEnd"] as const;
const states = new WeakMap<object, Promise<AgentState>>();

function ownDefinitions(tools: ToolSet): ToolDefinition[] {
  return Object.entries(tools).map(([name, tool]) => {
    const entry = tool as { type?: string; title?: string; description?: unknown; inputSchema?: unknown };
    return {
      name,
      ...(entry.type === undefined ? {} : { type: entry.type }),
      ...(entry.title === undefined ? {} : { title: entry.title }),
      description: entry.description as string,
      inputSchema: entry.inputSchema,
    };
  });
}

/**
 * The tools and hooks of one chat turn of `agent` (an `AIChatAgent`, passed as `this`): toolsift's selection over
 * `tools` (the agent's own) and the tools of every MCP server of `agent.mcp` that is ready (named
 * `<server>__<tool>`). The agent's index is made on its instance's first turn, from the usage and vectors its SQLite
 * holds; a server that connected or dropped, or an own tool defined differently (description, input schema...), since
 * the last turn is synced into it (only new or changed tools are embedded). What each point of the conversation
 * delivered (inConversation's delivery, prepareStep's stable set) is kept in the SQLite too, so a woken agent delivers
 * there what it delivered before, without choosing (or embedding a query) again.
 *
 * ```ts
 * async onChatMessage(onFinish) {
 *   const chat = await toolsiftChat(this, tools, { onEnd: onFinish });
 *   const messages = await convertToModelMessages(this.messages);
 *   return streamText({ model, messages, ...chat, stopWhen: isStepCount(8) }).toUIMessageStreamResponse();
 * }
 * ```
 */
export async function toolsiftChat(
  agent: ToolsiftChatAgent,
  tools: ToolSet,
  options: ToolsiftChatOptions = {},
): Promise<ToolsiftChatTurn> {
  rejectUnknownOptions(WHERE, optionsObject(WHERE, options), OPTIONS);
  const given = options;
  if (typeof agent?.sql !== "function" || typeof agent.mcp?.listServers !== "function") {
    invalidOption(WHERE, "agent", "an Agent of `agents` (pass `this` from an AIChatAgent)", agent);
  }
  if (typeof tools !== "object" || tools === null || Array.isArray(tools)) {
    invalidOption(WHERE, "tools", "an AI SDK ToolSet (an object of tools by name)", tools);
  }
  const mode = given.delivery ?? "in-conversation";
  if (mode !== "in-conversation" && mode !== "prepare-step") {
    invalidOption(WHERE, "delivery", '"in-conversation" or "prepare-step"', mode);
  }
  const separator = checkSeparator(WHERE, given.separator);
  const log = consoleEvents(WHERE);
  const emit = (event: ToolsiftChatEvent) => {
    if (given.onEvent !== undefined) given.onEvent(event);
    else if (given.index?.runtime?.warnings !== false)
      log({ type: event.type, message: "message" in event ? String(event.message) : undefined });
  };
  const indexOptions: ToolIndexOptions = { ...given.index, onEvent: given.index?.onEvent ?? emit };

  const limits = resolveLimits(indexOptions.catalog?.limits);
  const mcp = readAgentMcp(agent.mcp, { separator, limits, taken: new Set(Object.keys(tools)) });
  const ownTools = ownDefinitions(tools);
  const definitions = [...ownTools, ...mcp.definitions];
  const sql = agent.sql.bind(agent) as AgentSql;
  const usage = agentSqlUsageStore(sql);
  const learntTurn = agentSqlLearntTurn(sql);

  let made = states.get(agent);
  if (made === undefined) {
    made = (async (): Promise<AgentState> => {
      const stored = await usage.load();
      const seed = stored ?? indexOptions.learning?.usage;
      const cache = indexOptions.embedding?.cache ?? agentSqlEmbeddingCache(sql);
      const index = createToolIndex(definitions, {
        ...indexOptions,
        embedding: { ...indexOptions.embedding, cache },
        learning: { ...indexOptions.learning, ...(seed === undefined ? {} : { usage: seed }) },
      }) as unknown as ToolIndex;
      return {
        index,
        follower: toolSetFollower(index, { initial: definitions, limits }),
        failures: new Map(),
        prepareStep: undefined,
        deliveries: agentSqlDeliveryStore(sql),
        storedPoints: new Set(),
      };
    })();
    states.set(agent, made);
    made.catch(() => states.delete(agent));
  }
  const state = await made;

  // Report each server's failure once per change, and every tool left out of the catalog.
  for (const event of mcp.events) {
    if (event.type === "mcp-server-failed" && state.failures.get(event.server) === String(event.error)) continue;
    emit(event);
  }
  state.failures = mcp.failures;
  const change = await state.follower.follow(definitions);
  if (change.added.length + change.changed.length + change.removed.length > 0) state.prepareStep = undefined;
  // This turn's tool objects run its calls (tools made in onChatMessage close over their turn). inConversation is
  // made each turn over them: what it delivered at earlier points comes back from the SQLite, not from its memo.
  const toolSet: ToolSet = { ...tools, ...mcp.tools };
  const delivery =
    mode === "in-conversation"
      ? state.index.inConversation(toolSet, { ...given.inConversation, onEvent: given.inConversation?.onEvent ?? emit })
      : {
          tools: toolSet,
          prepareStep: (state.prepareStep ??= adapterPrepareStep(
            state.index,
            { ...given.prepareStep, onEvent: given.prepareStep?.onEvent ?? emit },
            { decisions: agentSqlStableDecisions(sql) },
          )),
        };
  const dispatcher = given.inConversation?.metaTools?.dispatcherName ?? DEFAULT_DISPATCHER_NAME;

  let prompt: readonly ModelMessage[] | undefined;
  return {
    tools: delivery.tools,
    index: state.index,
    prepareStep: async (step) => {
      prompt ??= step.messages;
      if (mode !== "in-conversation") return delivery.prepareStep(step as never);
      const messages = withStoredDeliveries(step.messages, state.deliveries);
      const result = (await delivery.prepareStep({ ...step, messages } as never)) as { messages: MessageLike[] };
      storeDeliveries(result.messages, state.deliveries, state.storedPoints);
      return result;
    },
    onEnd: async (event) => {
      const all = [...(prompt ?? []), ...event.responseMessages].filter(
        (message) => deliveredBy(message) === undefined,
      );
      const conversation = mode === "in-conversation" ? withDispatchedCalls(all, dispatcher) : all;
      let lastUser = conversation.length - 1;
      while (lastUser > 0 && conversation[lastUser].role !== "user") lastUser--;
      const turn = conversation.slice(Math.max(lastUser, 0));
      const [learnt] = learnedTurns(turn);
      if (learnt !== undefined) {
        // A continuation (auto-continue after a tool result, continueLastTurn, recovery) ends the same user turn
        // again: only the calls after those learnt at its first end are new.
        const key = prefixHashes(conversation.slice(0, lastUser + 1)).at(-1)!;
        const before = learntTurn.load();
        const continued =
          before?.turn === key &&
          before.calls.length <= learnt.calls.length &&
          before.calls.every((name, at) => learnt.calls[at] === name);
        if (!continued) state.index.learn(turn);
        else if (learnt.calls.length > before.calls.length) {
          const query = queryFromConversation(fromModelMessages(turn).slice(0, 1));
          state.index.learnStep(query, before.calls, learnt.calls.slice(before.calls.length));
        }
        learntTurn.save({ turn: key, calls: learnt.calls });
      }
      await usage.save(state.index.usage());
      await given.onEnd?.(event as never);
    },
  };
}
