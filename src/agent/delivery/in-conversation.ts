// index.inConversation(): a fixed tools block (pinned tools, call_tool, search_tools) and the definitions of the tools
// each turn needs added to the conversation once, where they are first selected, so every request extends the last.

import type { ModelMessage, Tool, ToolSet } from "ai";
import { endsInSmallTalk, fromModelMessages, type MessageLike } from "../../conversation/model-messages.js";
import {
  CONVERSATION,
  isSmallTalkTurn,
  queryFromConversation,
  type ConversationMessage,
} from "../../conversation/query-rule.js";
import { remarkAtTurn } from "../../conversation/remark.js";
import { isChitChat } from "../../conversation/small-talk.js";
import type { ToolCallRefusedEvent } from "../../events.js";
import { LOOP_SEARCH } from "../../options.js";
import {
  booleanOption,
  choiceOption,
  countOption,
  integerOption,
  invalidOption,
  knownOptions,
  optionsObject,
  rejectUnknownOptions,
  stringOption,
} from "../../support/validate-options.js";
import { refuseUnknownNames } from "../../support/unknown-names.js";
import { companionCount, isSmallCatalog, offerPolicy, rankedNames, type NoMatchEvent } from "../offer-policy.js";
import { pickSelectOptions, SELECT_OPTION_NAMES, type AdapterSelectOptions } from "../select-options.js";
import type { ToolSelector } from "../tool-selector.js";
import { ConversationDeliveries, deliveryMessage, type DeliveryPoint } from "./conversation-deliveries.js";
import { statedHeadings } from "./definition-text.js";
import { refuseUnindexedTools } from "./unindexed-tools.js";
import { DEFAULT_DISPATCHER_NAME, refusedDispatches, withDispatchedCalls } from "./dispatched-calls.js";
import { createDefinitionSearch, createDispatcher, namesInSearchOutput } from "./meta-tools.js";
import { catalogDefinitionLength } from "./stable-tools.js";
import { ToolDefinitions } from "./tool-definitions.js";
import { searchAnswer } from "../../search/search-answer.js";

/** Options of `index.inConversation()`: select options (what each turn delivers) and the fixed block's two tools. */
export interface InConversationOptions extends AdapterSelectOptions {
  /**
   * `maxTools`: tools ranked for a turn (or step) whose definitions are delivered, before companions; those delivered
   * earlier in the conversation are not delivered again. Default 5 (as `prepareStep`). `alwaysActive`: tools sent
   * with their real definitions in the fixed tools block, callable directly. The other select options as `select`.
   */
  maxTools?: number;
  /** The fixed block's two tools: the dispatcher `({ name, input })` and the search tool `({ query })`. */
  metaTools?: {
    /** Name of the dispatcher tool. Default `"call_tool"`; a non-empty string no tool has. */
    dispatcherName?: string;
    /** Name of the search tool. Default `"search_tools"`; a non-empty string no tool has. */
    searchToolName?: string;
    /** Definitions a search returns at most (as `searchTool`'s `maxResults`). Default 5; integer ≥ 1. */
    maxResults?: number;
  };
  /** How definitions are delivered: their format, how many new ones a turn gets, after steps too, remembered where. */
  delivery?: {
    /**
     * How delivered definitions are written: `"compact"` the name and the description, then one line per parameter
     * (`  param?: type — note`, constraints such as `{"default":10}` kept as JSON), tools whose descriptions open with
     * the same sentences grouped under that opening, stated once per conversation and referred to by its first words
     * in later deliveries — 0.54× the tokens of `"json"` (bench/in-conversation.mjs, cold: 1,049 against 1,942 a
     * conversation); `"json"` one `{"name","description","inputSchema"}` JSON line per tool. Default
     * `"compact"`.
     */
    format?: DefinitionFormat;
    /**
     * At a user turn, at least this many definitions the conversation has not had yet are delivered: when fewer of
     * the best-ranked `maxTools` are new, the best-ranked new tools are added (a new request usually needs something
     * new). Default 3 (bench/in-conversation.mjs, cold: 0 → 79.8% of calls deliverable, 3 → 82.0%, 5 → 84.6%, for
     * 999, 1,049 and 1,199 definition tokens a conversation); integer in [0, `maxTools`] (default `maxTools` when
     * that is below 3).
     */
    minNewTools?: number;
    /**
     * Also deliver after each step's tool results (the tools the calls so far lead to: learnt next tools, catalog
     * prerequisites), appended as well. Default `true`; `false` delivers only after user messages.
     */
    midTurn?: boolean;
    /**
     * Delivery points remembered in this process, keyed by a hash of the conversation up to each point, so what a
     * request delivered is delivered identically in every later request even after the index learnt more. Default
     * 10,000; integer ≥ 1. A point forgotten (or another process) is chosen again from the index as it is then.
     */
    memoSize?: number;
  };
  /**
   * A catalog small enough to deliver whole: when the ToolSet's deliverable tools are at most `tools` and their
   * definitions take at most about `tokens` tokens (characters / 4 of names, descriptions and JSON schemas), the first
   * turn that is not chat only gets every definition, ranked tools first (as `prepareStep`'s `smallCatalog`: a terse
   * catalog shares few words with what users type, and its definitions cost little once). `false`: always select.
   * Default `{ tools: 20, tokens: 3000 }`; either field may be given alone.
   */
  smallCatalog?: boolean | { tools?: number; tokens?: number };
  /** Receives `no-match` (nothing selected for a turn) and `tool-call-refused` events. Default: none. */
  onEvent?: (event: NoMatchEvent | ToolCallRefusedEvent) => void;
}

/** What to spread into `generateText`, `streamText` or `new ToolLoopAgent({...})`. */
export interface InConversationDelivery {
  /** The fixed tools block: the `alwaysActive` and provider tools (ToolSet order), the dispatcher, the search tool. */
  readonly tools: ToolSet;
  /**
   * Returns the step's `messages` with each turn's new definitions after the point they were selected for; at a turn
   * that asks for nothing (chat only, or a remark that reads no task) also `activeTools`: the pinned tools alone,
   * neither the dispatcher nor the search tool.
   */
  readonly prepareStep: (step: {
    readonly messages: readonly MessageLike[];
  }) => Promise<{ messages: ModelMessage[]; activeTools?: string[] }>;
}

/** How `inConversation` writes the definitions it delivers. */
export type DefinitionFormat = "compact" | "json";

const OWN_OPTIONS = [
  "delivery",
  "metaTools",
  "smallCatalog",
  "onEvent",
] as const satisfies readonly (keyof InConversationOptions)[];

const where = "inConversation";

/** inConversation's nested options: a key of one given at the top level is pointed at its path ("did you mean"). */
const NESTED_OPTIONS = [
  "delivery.format",
  "delivery.minNewTools",
  "delivery.midTurn",
  "delivery.memoSize",
  "metaTools.dispatcherName",
  "metaTools.searchToolName",
  "metaTools.maxResults",
];

/** Builds the delivery; the tools and every option are validated here. */
export function createInConversation(
  index: ToolSelector,
  tools: ToolSet,
  options: InConversationOptions = {},
): InConversationDelivery {
  if (typeof tools !== "object" || tools === null || Array.isArray(tools)) {
    invalidOption(where, "tools", "an AI SDK ToolSet (an object of tools by name)", tools);
  }
  const given = optionsObject(where, options) ?? {};
  rejectUnknownOptions(where, given, [...SELECT_OPTION_NAMES, ...OWN_OPTIONS], "", NESTED_OPTIONS);
  const { maxTools = 5, ...selectOptions } = pickSelectOptions(where, given);
  const meta =
    knownOptions(where, given.metaTools, ["dispatcherName", "searchToolName", "maxResults"], "metaTools") ?? {};
  const names = Object.keys(tools);
  const freeName = (option: string, fallback: string) => {
    const name = stringOption(where, `metaTools.${option}`, meta[option], fallback);
    if (names.includes(name)) invalidOption(where, `metaTools.${option}`, "a name no tool of the ToolSet has", name);
    return name;
  };
  const dispatcherName = freeName("dispatcherName", DEFAULT_DISPATCHER_NAME);
  const searchToolName = freeName("searchToolName", "search_tools");
  if (searchToolName === dispatcherName)
    invalidOption(where, "metaTools.searchToolName", "not the dispatcher's name", searchToolName);
  const maxResults = countOption(where, "metaTools.maxResults", meta.maxResults, 5);
  const delivery =
    knownOptions(where, given.delivery, ["format", "minNewTools", "midTurn", "memoSize"], "delivery") ?? {};
  const midTurn = booleanOption(where, "delivery.midTurn", delivery.midTurn, true);
  const memoSize = countOption(where, "delivery.memoSize", delivery.memoSize, 10_000);
  const minNewTools = integerOption(
    where,
    "delivery.minNewTools",
    delivery.minNewTools,
    0,
    maxTools,
    Math.min(3, maxTools),
  );
  const format = choiceOption(where, "delivery.format", delivery.format, ["compact", "json"], "compact");
  const policy = offerPolicy(where, {
    onNoMatch: "none",
    smallCatalog: given.smallCatalog,
    onEvent: given.onEvent as InConversationOptions["onEvent"],
  });
  const onEvent = options.onEvent;
  const pinned = [...(selectOptions.alwaysActive ?? [])];
  refuseUnknownNames(where, "alwaysActive", pinned, names, "a tool of the ToolSet");
  const definitions = new ToolDefinitions(tools);
  /** The deliverable tools when they are a small catalog (`smallCatalog`), else undefined. */
  const smallCatalog = (candidates: readonly string[]): readonly string[] | undefined => {
    const small = policy.smallCatalog;
    const length = (name: string) => catalogDefinitionLength(definitions.tools, name);
    return small !== undefined && isSmallCatalog(small, candidates, length) ? candidates : undefined;
  };
  const isProvider = (name: string) => {
    const type = (tools[name] as { type?: unknown }).type;
    return type === "provider" || type === "provider-defined";
  };
  const fixed = names.filter((name) => pinned.includes(name) || isProvider(name));
  refuseUnindexedTools(where, index.toolNames, names, (name) => fixed.includes(name));
  const allowed = selectOptions.allowedTools === undefined ? undefined : new Set(selectOptions.allowedTools);
  /** Tools that can be delivered: the ToolSet's function tools in the index, outside the fixed block, allowed. */
  const deliverable = () => {
    const inIndex = new Set(index.toolNames);
    return names.filter((name) => inIndex.has(name) && !fixed.includes(name) && (allowed?.has(name) ?? true));
  };

  /**
   * Whether a turn opens with a remark in whose own words the ranking reads no task ("greta is a legend lol" after a
   * task), in a catalog not delivered whole: it asks for nothing, as `prepareStep` reads it.
   */
  // The last remark ranked: its turn's delivery point and its prepareStep ask of the same text (fixed candidates).
  let lastRemark: { readonly text: string; readonly only: boolean } | undefined;
  const remarkOnly = async (conversation: readonly ConversationMessage[], candidates: readonly string[]) => {
    const latest = remarkAtTurn(conversation);
    if (latest === undefined || smallCatalog(candidates) !== undefined) return false;
    if (lastRemark?.text === latest) return lastRemark.only;
    const { results } = await index.selectWithScores(latest, {
      ...selectOptions,
      // The remark as a turn of its own: read as a remark (by its words alone, not an embedding's neighbours).
      [CONVERSATION]: [{ role: "user", text: latest, toolCalls: [] }],
      alwaysActive: [],
      allowedTools: [...candidates],
    });
    lastRemark = { text: latest, only: !results.some((result) => result.reason === "ranked") };
    return lastRemark.only;
  };

  const choose = async (point: DeliveryPoint): Promise<readonly string[]> => {
    const { kind, prefix } = point;
    const conversation = withDispatchedCalls(prefix, dispatcherName);
    // Read once: the query, and (at a turn) the user's latest words alone.
    const neutral = fromModelMessages(conversation);
    const query = queryFromConversation(neutral);
    if (query.length === 0) {
      // Nothing is ever offered in bulk here ("none"), so the count of tools does not matter.
      if (kind === "turn") policy.noMatch(query, 0);
      return [];
    }
    // Tools delivered earlier are ranked too (and then not delivered again): ranking only the rest would fill every
    // point with new definitions (bench/in-conversation.mjs: +40% of definitions for +2.7 points of calls, cold).
    const candidates = deliverable();
    // "thanks!" after a task asks for nothing: the query joins it with the task (already served), and minNewTools
    // would top that up with tools nobody asked for. Such a turn delivers nothing, read by the rule every delivery
    // reads it with ("yes" to the assistant's question carries the task on), and is reported as small talk.
    if (kind === "turn" && (isSmallTalkTurn(neutral, isChitChat) || (await remarkOnly(neutral, candidates)))) {
      policy.noMatch(query, candidates.length, false, false, true);
      return [];
    }
    const { results } = await index.selectWithScores(query, {
      ...selectOptions,
      alwaysActive: [],
      maxTools,
      messages: conversation,
      allowedTools: candidates,
    });
    // A small catalog is delivered whole at a turn that is not chat only, ranked tools first.
    const whole = kind === "turn" ? smallCatalog(candidates) : undefined;
    if (whole === undefined && kind === "turn" && rankedNames(results).length === 0 && companionCount(results) === 0)
      policy.noMatch(query, candidates.length);
    const open = new Set(candidates);
    // A tool the model called by name before it was delivered was refused with the promise that it comes next.
    const refused = kind === "step" ? refusedInLastStep(prefix, dispatcherName) : [];
    // After a step, ranked tools count too: the query then names the tools just called, which finds what comes next
    // (companions alone there, minNewTools 0: 75.6% of calls deliverable cold instead of 78.6%,
    // bench/in-conversation.mjs).
    const fresh = [...new Set([...refused, ...results.map((result) => result.name)])].filter(
      (name) => open.has(name) && !point.delivered.has(name),
    );
    if (whole !== undefined)
      return [...fresh, ...whole.filter((name) => !point.delivered.has(name) && !fresh.includes(name))];
    if (kind === "turn" && fresh.length < minNewTools) {
      // A new request usually needs something the conversation does not have: the best-ranked new tools fill up.
      const rest = candidates.filter((name) => !point.delivered.has(name) && !fresh.includes(name));
      const wanted = minNewTools - fresh.length;
      const more = await index.selectWithScores(query, {
        ...selectOptions,
        alwaysActive: [],
        maxTools: wanted,
        messages: conversation,
        allowedTools: rest,
      });
      const open = new Set(rest);
      fresh.push(
        ...rankedNames(more.results)
          .filter((name) => open.has(name))
          .slice(0, wanted),
      );
    }
    return fresh;
  };
  // One short line: how to call them is in the dispatcher's description, sent once in the cached tools block.
  const instruction = `Tools to call with ${dispatcherName}:`;
  const deliveries = new ConversationDeliveries(
    {
      fixed,
      midTurn,
      found: (message) => searchFinds(message, searchToolName).filter((name) => definitions.has(name)),
      choose,
      render: async (delivered, earlier) =>
        deliveryMessage(delivered, instruction, await definitions.text(delivered, format, statedHeadings(earlier))),
    },
    memoSize,
  );

  const search = async (query: string) => {
    const candidates = deliverable();
    const { results } = await index.selectWithScores(query, {
      ...LOOP_SEARCH,
      maxTools: maxResults,
      allowedTools: candidates,
    });
    const open = new Set(candidates);
    return searchAnswer(results, maxResults, (name) => (open.has(name) ? definitions.definition(name) : undefined));
  };
  const fixedTools: Record<string, Tool> = {};
  for (const name of fixed) fixedTools[name] = tools[name];
  fixedTools[dispatcherName] = createDispatcher({
    name: dispatcherName,
    searchToolName,
    format,
    tools,
    delivered: async (messages) => (await deliveries.derive(messages ?? [])).delivered,
    deliversRefused: (name) => midTurn && deliverable().includes(name),
    onRefused: (event) => onEvent?.(event),
  }) as Tool;
  fixedTools[searchToolName] = createDefinitionSearch(search, dispatcherName) as Tool;
  return {
    tools: fixedTools,
    async prepareStep({ messages }) {
      const derived = (await deliveries.derive(messages ?? [])).messages as ModelMessage[];
      // A turn of conversation only ("thanks!"), or a remark at a turn's start that reads no task, is offered no tool:
      // neither the dispatcher nor the search tool.
      const atTurn = messages !== undefined && messages.length > 0 && messages[messages.length - 1].role === "user";
      const chat =
        endsInSmallTalk(messages ?? [], isChitChat) ||
        (atTurn && (await remarkOnly(fromModelMessages(messages), deliverable())));
      return chat
        ? { messages: derived, activeTools: fixed.filter((name) => pinned.includes(name)) }
        : { messages: derived };
    },
  };
}

/** The tools the dispatcher refused as not delivered in the last step of `prefix` (its last assistant message on). */
function refusedInLastStep(prefix: readonly MessageLike[], dispatcherName: string): string[] {
  let start = prefix.length - 1;
  while (start > 0 && prefix[start].role !== "assistant") start--;
  const step = prefix.slice(start);
  const refused = [...refusedDispatches(step, dispatcherName).values()];
  return refused.flatMap((call) => (call.notDelivered ? [call.name] : []));
}

/** The tools a `search_tools` result in a tool message names. */
function searchFinds(message: MessageLike, searchToolName: string): string[] {
  if (message.role !== "tool" || !Array.isArray(message.content)) return [];
  const found: string[] = [];
  for (const part of message.content as unknown[]) {
    const { type, toolName, output } = (part ?? {}) as { type?: unknown; toolName?: unknown; output?: unknown };
    if (type === "tool-result" && toolName === searchToolName) found.push(...namesInSearchOutput(output));
  }
  return found;
}
