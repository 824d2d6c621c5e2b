// Scripted providers for the deferral tests: a recording `fetch` that answers as Anthropic's Messages API and
// OpenAI's Responses API do, and calls a tool only when the request makes it callable.
import { jsonSchema, tool } from "ai";

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

/** An AI SDK ToolSet of the catalog; `executed` records every call that ran. */
export function catalogTools(executed: string[]) {
  return Object.fromEntries(
    Object.entries(CATALOG).map(([name, [description, fields]]) => [
      name,
      tool({
        description,
        inputSchema: jsonSchema<Record<string, unknown>>({
          type: "object",
          properties: Object.fromEntries(Object.entries(fields).map(([field, type]) => [field, { type }])),
        }),
        execute: async () => {
          executed.push(name);
          return { ok: true };
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

function json(value: unknown): Response {
  return new Response(JSON.stringify(value), { status: 200, headers: { "content-type": "application/json" } });
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
    const content =
      answer.kind === "text"
        ? [{ type: "text", text: "Done, or no tool for it." }]
        : [
            {
              type: "tool_use",
              id: `toolu_${id}`,
              name: answer.kind === "call" ? answer.name : searchToolName,
              input: answer.kind === "call" ? answer.input : { query: answer.query },
            },
          ];
    return json({
      id: `msg_${id}`,
      type: "message",
      role: "assistant",
      model: "claude-test",
      content,
      stop_reason: answer.kind === "text" ? "end_turn" : "tool_use",
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5 },
    });
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
    const output =
      answer.kind === "text"
        ? [
            {
              type: "message",
              role: "assistant",
              id: `msg_${id}`,
              status: "completed",
              content: [{ type: "output_text", text: "Done, or no tool for it.", annotations: [] }],
            },
          ]
        : answer.kind === "call"
          ? [
              {
                type: "function_call",
                id: `fc_${id}`,
                call_id: `call_${id}`,
                name: answer.name,
                arguments: JSON.stringify(answer.input),
                status: "completed",
              },
            ]
          : [
              {
                type: "tool_search_call",
                id: `tsc_${id}`,
                execution: "client",
                call_id: `call_${id}`,
                status: "completed",
                arguments: { query: answer.query },
              },
            ];
    return json({
      id: `resp_${id}`,
      object: "response",
      created_at: 1_700_000_000,
      model: "gpt-test",
      status: "completed",
      output,
      incomplete_details: null,
      usage: {
        input_tokens: 10,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 5,
        output_tokens_details: { reasoning_tokens: 0 },
      },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, recording };
}
