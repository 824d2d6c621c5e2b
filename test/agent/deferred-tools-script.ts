// Scripted providers for the deferral tests: a recording `fetch` that answers as Anthropic's Messages API and
// OpenAI's Responses API do, and calls a tool only when the request makes it callable.
import { jsonSchema, tool } from "ai";
import {
  anthropicMessage,
  jsonResponse,
  openaiResponse,
  type MessageDecision,
  type ProviderDecision,
} from "../../scripts/session-cost/provider-responses.mjs";

/** A catalog in the manner of BFCL's multi-turn file system and messaging APIs. */
const CATALOG: Record<string, [string, Record<string, "string" | "number">]> = {
  cd: ["Change the current working directory to a folder.", { folder: "string" }],
  mkdir: ["Create a new directory in the current directory.", { dir_name: "string" }],
  mv: ["Move a file or directory to a destination.", { source: "string", destination: "string" }],
  grep: ["Search a file for lines that match a pattern.", { file_name: "string", pattern: "string" }],
  sort: ["Sort the lines of a file.", { file_name: "string" }],
  diff: ["Compare two files line by line and show the differences.", { file_name1: "string", file_name2: "string" }],
  ls: ["List the contents of the current directory.", {}],
  cat: ["Display the contents of a file.", { file_name: "string" }],
  touch: ["Create a new empty file.", { file_name: "string" }],
  wc: ["Count the lines, words or characters of a file.", { file_name: "string" }],
  send_message: ["Send a message to another user.", { receiver_id: "string", message: "string" }],
  get_stock_info: ["Get the current price of a stock by its symbol.", { symbol: "string" }],
  place_order: ["Place a buy or sell order for a stock.", { symbol: "string", amount: "number" }],
  book_flight: ["Book a flight between two airports on a date.", { from: "string", to: "string", date: "string" }],
  post_tweet: ["Post a tweet with content and tags.", { content: "string" }],
};

/**
 * An AI SDK ToolSet of the catalog; `executed` records every call that ran. `result(name, input)`, when given, is what
 * a call returns (default `{ ok: true }`).
 */
export function catalogTools(executed: string[], result?: (name: string, input: unknown) => unknown) {
  return Object.fromEntries(
    Object.entries(CATALOG).map(([name, [description, fields]]) => [
      name,
      tool({
        description,
        inputSchema: jsonSchema<Record<string, unknown>>({
          type: "object",
          properties: Object.fromEntries(Object.entries(fields).map(([field, type]) => [field, { type }])),
        }),
        execute: async (input) => {
          executed.push(name);
          return result === undefined ? { ok: true } : result(name, input);
        },
      }),
    ]),
  );
}

/** Three user turns (BFCL multi_turn_base_0) and the tools each needs, in order. */
export const TURNS: ReadonlyArray<{ user: string; calls: readonly string[] }> = [
  {
    user: "Move 'final_report.pdf' within document directory to 'temp' directory in document. Make sure to create the directory",
    calls: ["cd", "mkdir", "mv"],
  },
  {
    user: "Perform a detailed search using grep to identify sections in the file pertaining to 'budget analysis'.",
    calls: ["cd", "grep"],
  },
  {
    user: "Upon identifying the requisite 'budget analysis' content, sort the 'final_report.pdf' by line for improved clarity.",
    calls: ["sort"],
  },
];

export interface Recording {
  readonly bodies: string[];
  readonly betas: (string | null)[];
  /** Tools the script wanted but the request did not make callable (it answered with text: a miss). */
  readonly refused: string[];
  readonly searches: string[];
}

/** How the scripted model reads one request, provider-neutral. */
interface RequestView {
  /** Index of the user turn (counting user text messages). */
  turn: number;
  /** Tools callable in this request: not deferred, or loaded by a search result earlier in it. */
  callable: Set<string>;
  /** Real tools called since the last user text. */
  made: string[];
  /** Queries searched since the last user text. */
  searched: string[];
}

type Answer = { kind: "call"; name: string; input: unknown } | { kind: "search"; query: string } | { kind: "text" };

/** The script: the next call of the turn when callable; else a search (once per tool, when allowed); else text. */
function decide(view: RequestView, turns: typeof TURNS, search: boolean, recording: Recording): Answer {
  const next = turns[view.turn]?.calls[view.made.length];
  if (next === undefined) return { kind: "text" };
  if (view.callable.has(next)) return { kind: "call", name: next, input: {} };
  const query = CATALOG[next][0];
  if (search && !view.searched.includes(query)) {
    recording.searches.push(query);
    return { kind: "search", query };
  }
  recording.refused.push(next);
  return { kind: "text" };
}

/** The provider decision for a call or a text answer (each provider asks for a tool search in its own way). */
function callOrText(answer: Exclude<Answer, { kind: "search" }>): MessageDecision {
  return answer.kind === "call"
    ? { type: "call", name: answer.name, input: answer.input }
    : { type: "text", text: "Done, or no tool for it." };
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name);
}

/** A recording fetch answering as Anthropic's Messages API. */
export function anthropicScript(options: { search: boolean; turns?: typeof TURNS; searchToolName?: string }) {
  const recording: Recording = { bodies: [], betas: [], refused: [], searches: [] };
  const searchToolName = options.searchToolName ?? "search_tools";
  let id = 0;
  const fetch = async (_url: unknown, init?: RequestInit) => {
    const text = String(init?.body);
    recording.bodies.push(text);
    recording.betas.push(headerOf(init, "anthropic-beta"));
    const body = JSON.parse(text) as {
      tools: { name: string; defer_loading?: boolean }[];
      messages: { role: string; content: { type: string; [key: string]: unknown }[] }[];
    };
    const callable = new Set(body.tools.filter((entry) => entry.defer_loading !== true).map((entry) => entry.name));
    let turn = -1;
    let since: typeof body.messages = [];
    body.messages.forEach((message, position) => {
      for (const block of message.content) {
        if (block.type === "tool_addition") callable.add((block.tool as { name: string }).name);
        if (block.type === "tool_result" && Array.isArray(block.content)) {
          for (const part of block.content as { type: string; tool_name?: string }[]) {
            if (part.type === "tool_reference") callable.add(part.tool_name!);
          }
        }
      }
      if (message.role === "user" && message.content.some((block) => block.type === "text")) {
        turn++;
        since = body.messages.slice(position + 1);
      }
    });
    const uses = since.flatMap((message) =>
      message.role === "assistant" ? message.content.filter((block) => block.type === "tool_use") : [],
    );
    const view: RequestView = {
      turn,
      callable,
      made: uses.filter((use) => use.name !== searchToolName).map((use) => use.name as string),
      searched: uses.filter((use) => use.name === searchToolName).map((use) => (use.input as { query: string }).query),
    };
    const answer = decide(view, options.turns ?? TURNS, options.search, recording);
    id++;
    const decision: MessageDecision =
      answer.kind === "search"
        ? { type: "call", name: searchToolName, input: { query: answer.query } }
        : callOrText(answer);
    return jsonResponse(anthropicMessage(decision, id));
  };
  return { fetch: fetch as typeof globalThis.fetch, recording };
}

/** A recording fetch answering as OpenAI's Responses API (client-executed tool search). */
export function openaiScript(options: { search: boolean; turns?: typeof TURNS }) {
  const recording: Recording = { bodies: [], betas: [], refused: [], searches: [] };
  let id = 0;
  const fetch = async (_url: unknown, init?: RequestInit) => {
    const text = String(init?.body);
    recording.bodies.push(text);
    recording.betas.push(null);
    const body = JSON.parse(text) as {
      tools: { type: string; name?: string; defer_loading?: boolean }[];
      input: { type?: string; role?: string; name?: string; arguments?: unknown; tools?: { name?: string }[] }[];
    };
    const callable = new Set(
      body.tools
        .filter((entry) => entry.type === "function" && entry.defer_loading !== true)
        .map((entry) => entry.name!),
    );
    let turn = -1;
    let since: typeof body.input = [];
    body.input.forEach((item, position) => {
      if (item.type === "tool_search_output" || item.type === "additional_tools") {
        for (const loaded of item.tools ?? []) callable.add(loaded.name!);
      }
      if (item.role === "user") {
        turn++;
        since = body.input.slice(position + 1);
      }
    });
    const view: RequestView = {
      turn,
      callable,
      made: since.filter((item) => item.type === "function_call").map((item) => item.name!),
      searched: since
        .filter((item) => item.type === "tool_search_call")
        .map((item) => (item.arguments as { query: string }).query),
    };
    const answer = decide(view, options.turns ?? TURNS, options.search, recording);
    id++;
    const decision: ProviderDecision =
      answer.kind === "search" ? { type: "search", query: answer.query } : callOrText(answer);
    return jsonResponse(openaiResponse(decision, id));
  };
  return { fetch: fetch as typeof globalThis.fetch, recording };
}
