// One OpenAI Agents SDK run as toolsiftAgent sees it through the SDK's hooks: its input, its model turns' calls,
// and the selection of its current model call.

import type { RunContext } from "@openai/agents";
import type { ConversationMessage } from "../conversation/query-rule.js";

/** What one model call is offered: these names (`undefined`: every tool), in the set's `order` with `stableTools`. */
export interface CallOffer {
  readonly names: ReadonlySet<string> | undefined;
  readonly order?: readonly string[];
}

/** One run's conversation as the hooks saw it, and the selection of its current model call. */
export interface RunConversation {
  /** The run's input items (the user's message, the history passed in). */
  input: ConversationMessage[];
  /** The names each model turn of this run called, in order. */
  steps: string[][];
  /** Whether the latest assistant message is the current model turn's (its calls are still coming in). */
  turnOpen: boolean;
  /** Counts what the hooks added: a new count is a new model call to select for. */
  version: number;
  /** Whether this run listed the MCP servers' tools yet (once per run: changed tools count from the next run). */
  listed: boolean;
  selection?: { readonly version: number; readonly offer: Promise<CallOffer> };
  /** The catalog names of the MCP tools the servers' filters passed for the current model call, by server. */
  passed: Map<string, string[]>;
}

/**
 * The run's conversation: its input, then each model turn of the run as the next run's input items will read (a
 * `function_call` item per call, then an output item per call): the same messages, so a cache-keeping set decided in
 * this run is found again by the next one. A model turn's text beside its calls is not seen (no hook carries it).
 */
export function runMessages(conversation: RunConversation): ConversationMessage[] {
  return [
    ...conversation.input,
    ...conversation.steps.flatMap((calls): ConversationMessage[] => [
      { role: "assistant", text: "", toolCalls: [...calls] },
      ...calls.map((): ConversationMessage => ({ role: "other", text: "", toolCalls: [] })),
    ]),
  ];
}

/** The conversation of each run, by its run context (one per `run()`), made on first use. */
export function runConversations<TContext>(): (context: RunContext<TContext>) => RunConversation {
  const runs = new WeakMap<RunContext<TContext>, RunConversation>();
  return (context) => {
    let conversation = runs.get(context);
    if (conversation === undefined) {
      conversation = { input: [], steps: [], turnOpen: false, version: 0, listed: false, passed: new Map() };
      runs.set(context, conversation);
    }
    return conversation;
  };
}

/** The SDK's `agent_start`: the run (or the agent, after a handoff) starts from these input items. */
export function runStarted(conversation: RunConversation, turnInput: readonly unknown[]): void {
  conversation.input = fromAgentItems(turnInput);
  conversation.steps = [];
  conversation.turnOpen = false;
  conversation.version++;
}

/** The SDK's `agent_tool_start`: the current model turn called this tool. */
export function toolStarted(conversation: RunConversation, toolCall: unknown): void {
  const name = (toolCall as { name?: unknown }).name;
  if (typeof name !== "string") return;
  // One model turn's calls are one assistant message, as the rule reads a turn.
  const open = conversation.turnOpen ? conversation.steps.at(-1) : undefined;
  if (open !== undefined) open.push(name);
  else {
    conversation.steps.push([name]);
    conversation.turnOpen = true;
  }
  conversation.version++;
}

// The OpenAI Agents SDK's input items (a run's input and history) in the query rule's neutral message shape.

/** The text of an item's content: a string, or its `input_text` / `output_text` parts joined with newlines. */
function itemText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const texts: string[] = [];
  for (const part of content) {
    if (typeof part !== "object" || part === null) continue;
    const { type, text } = part as { type?: unknown; text?: unknown };
    if ((type === "input_text" || type === "output_text") && typeof text === "string") texts.push(text);
  }
  return texts.join("\n");
}

/**
 * A run's input items (`AgentInputItem`s: messages, function calls, their outputs, reasoning...) as the query rule
 * reads them: user and assistant messages with their text; each run of `function_call` items after an assistant
 * message (or after another function call) becomes that turn's tool calls, by name. Tool outputs, reasoning and
 * hosted tool calls are `other` (never part of a query).
 */
export function fromAgentItems(items: readonly unknown[]): ConversationMessage[] {
  const messages: ConversationMessage[] = [];
  for (const item of items) {
    if (typeof item !== "object" || item === null) continue;
    const { type, role, content, name } = item as { type?: unknown; role?: unknown; content?: unknown; name?: unknown };
    if (type === "function_call" && typeof name === "string") {
      const last = messages.at(-1);
      // A model turn's text and its calls come as separate items: they are one assistant message to the rule.
      if (last?.role === "assistant") messages[messages.length - 1] = { ...last, toolCalls: [...last.toolCalls, name] };
      else messages.push({ role: "assistant", text: "", toolCalls: [name] });
    } else if ((type === undefined || type === "message") && (role === "user" || role === "assistant")) {
      messages.push({ role, text: itemText(content), toolCalls: [] });
    } else {
      messages.push({ role: "other", text: "", toolCalls: [] });
    }
  }
  return messages;
}
