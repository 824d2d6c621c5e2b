// index.prepareStep(): per-step activeTools for generateText, streamText and ToolLoopAgent, from what the SDK passes in.

import type { SelectOptions } from "../options.js";
import type { SelectionResult } from "../tool-index.js";
import { conversationQuery, type MessageLike } from "./conversation-query.js";

/** Rules that say which tools a step may use (e.g. `createToolSet` from toolsift; ai-tool-set's input shape). */
export interface ToolRules {
  allowedTools(input: { messages: unknown[]; steps: unknown[]; toolSetContext: unknown }): readonly string[];
}

/** Options of `index.prepareStep()`. */
export interface PrepareStepOptions extends SelectOptions {
  /**
   * Keep tools the model called in the last `recentToolWindow` steps active, so a multi-step task
   * does not lose its tools when the query drifts. Default `true`.
   */
  recentToolBoost?: boolean;
  /** How many past steps count as recent. Default 2; integer ≥ 1. */
  recentToolWindow?: number;
  /** Companions pulled in with a selected tool: `{ github_create_pr: ["github_list_branches"] }`. Default none. */
  relatedTools?: Readonly<Record<string, readonly string[]>>;
  /**
   * Miss-driven escalation: after a step with no tool call the next step gets the next page of the
   * ranking (every tool when the ranking has no next page); after two such steps in a row, every
   * tool. Default `true`.
   */
  escalate?: boolean;
  /** Only tools these rules allow are ranked or activated (`createToolSet(...)`). Default none. */
  rules?: ToolRules;
  /** The `toolSetContext` passed to `rules`. Default: the step's `runtimeContext`. */
  context?: unknown;
  /** Name of the search meta-tool (`index.searchTool()`): tools it found become active on the next steps. Default `"search_tools"`. */
  searchToolName?: string;
}

/** What a step of the SDK hands to prepareStep (only the fields toolsift reads). */
export interface StepLike {
  readonly toolCalls: ReadonlyArray<{ readonly toolName: string }>;
  readonly toolResults?: ReadonlyArray<{ readonly toolName: string; readonly output?: unknown }>;
}

export interface PrepareStepInput {
  readonly steps: readonly StepLike[];
  readonly messages: readonly MessageLike[];
  readonly runtimeContext?: unknown;
}

/** The selection calls prepareStep makes (a ToolIndex has them). */
export interface StepSelector {
  selectWithScores(query: string, options?: SelectOptions): Promise<SelectionResult>;
}

/** Names a search-tool result carries: `{ tools: [{ name }] }`. */
function foundTools(output: unknown): string[] {
  const tools = (output as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return [];
  return tools.map((tool) => (tool as { name?: unknown }).name).filter((name): name is string => typeof name === "string");
}

/**
 * Builds the prepareStep function. Everything it uses comes from the step options the SDK passes
 * (steps, messages, runtimeContext): no state is kept between calls or conversations.
 */
export function createPrepareStep(index: StepSelector, options: PrepareStepOptions = {}) {
  const { recentToolBoost = true, recentToolWindow = 2, relatedTools = {}, escalate = true, rules, searchToolName = "search_tools", ...selectOptions } = options;
  const maxTools = selectOptions.maxTools ?? 5;
  return async (step: PrepareStepInput): Promise<{ activeTools?: string[] }> => {
    const messages = step.messages ?? [];
    const steps = step.steps ?? [];
    const allowed = rules === undefined ? undefined : new Set(rules.allowedTools({ messages: [...messages], steps: [...steps], toolSetContext: options.context ?? step.runtimeContext }));
    let misses = 0;
    for (let i = steps.length - 1; i >= 0 && steps[i].toolCalls.length === 0; i--) misses++;
    if (escalate && misses >= 2) return allowed === undefined ? {} : { activeTools: [...allowed] };

    const page = escalate ? misses : 0;
    const query = conversationQuery(messages);
    const active = new Set<string>();
    const pinned: string[] = [];
    if (query.length > 0) {
      const selection = await index.selectWithScores(query, {
        ...selectOptions,
        maxTools: maxTools * (page + 1),
        adaptive: page === 0 ? selectOptions.adaptive : false,
        ...(allowed !== undefined ? { allowedTools: [...allowed] } : {}),
      });
      const ranked = selection.results.filter((result) => result.pinned === undefined).map((result) => result.name);
      const paged = ranked.slice(page * maxTools, (page + 1) * maxTools);
      // Nothing left to page to: escalate to every tool at once.
      if (page > 0 && paged.length === 0) return allowed === undefined ? {} : { activeTools: [...allowed] };
      for (const name of paged) active.add(name);
      for (const result of selection.results) if (result.pinned !== undefined) pinned.push(result.name);
    } else {
      for (const name of selectOptions.alwaysActive ?? []) pinned.push(name);
    }
    for (const name of [...active]) for (const companion of relatedTools[name] ?? []) active.add(companion);
    for (const recent of steps.slice(-recentToolWindow)) {
      if (recentToolBoost) for (const call of recent.toolCalls) if (call.toolName !== searchToolName) active.add(call.toolName);
      for (const result of recent.toolResults ?? []) if (result.toolName === searchToolName) for (const name of foundTools(result.output)) active.add(name);
    }
    for (const name of pinned) active.add(name);
    const activeTools = [...active].filter((name) => allowed === undefined || allowed.has(name) || name === searchToolName);
    return { activeTools };
  };
}
