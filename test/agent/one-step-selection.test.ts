// One step selection under every adapter: the same conversation and tools through AI SDK prepareStep, the AI SDK
// middleware, LangChain's createAgent middleware, Mastra's processor, the OpenAI Agents SDK agent and the Cloudflare
// Agents chat give the same tools; a failed selection and a tool redefined under its name behave the same under each.
import { DatabaseSync } from "node:sqlite";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { tool as langChainTool } from "@langchain/core/tools";
import { createTool } from "@mastra/core/tools";
import { Agent, RunContext, tool as agentsTool, type FunctionTool } from "@openai/agents";
import { tool as aiTool, type ModelMessage, type ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toolsiftChat } from "../../src/cloudflare-agents/index.js";
import { createToolIndex } from "../../src/index.js";
import { toolsiftMiddleware } from "../../src/langchain/index.js";
import { toolsiftProcessor } from "../../src/mastra/index.js";
import { toolsiftAgent } from "../../src/openai-agents/index.js";

/** The catalog, once: name, description, parameters (all strings). */
const CATALOG: [string, string, string[]][] = [
  ["get_weather", "Get the current weather forecast for a city", ["city"]],
  ["send_email", "Send an email message to a recipient", ["to", "subject", "body"]],
  ["create_calendar_event", "Create an event in the user's calendar", ["title", "date"]],
  ["search_flights", "Search flights between two airports", ["origin", "destination"]],
  ["convert_currency", "Convert an amount of money from one currency to another", ["amount", "from", "to"]],
  ["translate_text", "Translate text into another language", ["text", "language"]],
  ["get_stock_price", "Get the latest stock price for a ticker symbol", ["ticker"]],
  ["book_hotel", "Book a hotel room in a city for a number of nights", ["city", "nights"]],
];

type Catalog = typeof CATALOG;
const shape = (parameters: string[]) => z.object(Object.fromEntries(parameters.map((name) => [name, z.string()])));

/** One turn of a conversation: a user's words, or a model turn (its words and the tools it called, each answered). */
type Turn = { user: string } | { assistant: string; calls?: string[] };

/**
 * Conversations every adapter is given: model turns after the last user message are the current run's steps (a step
 * without a call pages on through the ranking, as prepareStep's `steps.escalate` does).
 */
const CONVERSATIONS: Record<string, Turn[]> = {
  task: [{ user: "Book a hotel room in Rome for three nights" }],
  "follow-up": [
    { user: "What's the weather forecast in Rome?" },
    { assistant: "Sunny, 24C.", calls: ["get_weather"] },
    { user: "and in Paris?" },
  ],
  thanks: [
    { user: "Book a hotel room in Rome for three nights" },
    { assistant: "Booked.", calls: ["book_hotel"] },
    { user: "thanks!" },
  ],
  "new short task": [
    { user: "Book a hotel room in Rome for three nights" },
    { assistant: "Booked.", calls: ["book_hotel"] },
    { user: "Convert 100 dollars to euros" },
  ],
  "after a step without a call": [
    { user: "Book a hotel room in Rome and email Bob the confirmation" },
    { assistant: "", calls: ["book_hotel"] },
    { assistant: "I will write to Bob now." },
  ],
  "mid-turn": [
    { user: "Book a hotel room in Rome and email Bob the confirmation" },
    { assistant: "", calls: ["book_hotel"] },
  ],
};

/** Whether the conversation ends inside a run (a model turn after the last user message). */
const runTurns = (turns: Turn[]) => {
  let lastUser = turns.length - 1;
  while (lastUser >= 0 && !("user" in turns[lastUser])) lastUser--;
  return turns.slice(lastUser + 1) as { assistant: string; calls?: string[] }[];
};

// --- each host's messages ---

function modelMessages(turns: Turn[], v4 = false): ModelMessage[] {
  const text = (value: string) => (v4 ? [{ type: "text" as const, text: value }] : value);
  return turns.flatMap((turn, at): ModelMessage[] => {
    if ("user" in turn) return [{ role: "user", content: text(turn.user) } as ModelMessage];
    const calls = (turn.calls ?? []).map((toolName, call) => ({ toolName, toolCallId: `c${at}-${call}` }));
    return [
      {
        role: "assistant",
        content: [
          ...(turn.assistant ? [{ type: "text" as const, text: turn.assistant }] : []),
          ...calls.map((call) => ({ type: "tool-call" as const, ...call, input: {} })),
        ],
      },
      ...(calls.length === 0
        ? []
        : [
            {
              role: "tool" as const,
              content: calls.map((call) => ({
                type: "tool-result" as const,
                ...call,
                output: { type: "text" as const, value: "done" },
              })),
            },
          ]),
    ];
  });
}

/** prepareStep's `steps`: the model turns of the current run. */
const sdkSteps = (turns: Turn[]) =>
  runTurns(turns).map((turn) => ({
    toolCalls: (turn.calls ?? []).map((toolName) => ({ toolName })),
    toolResults: (turn.calls ?? []).map((toolName) => ({ toolName, output: "done" })),
  }));

function langChainMessages(turns: Turn[]): BaseMessage[] {
  return turns.flatMap((turn, at): BaseMessage[] => {
    if ("user" in turn) return [new HumanMessage(turn.user)];
    const calls = (turn.calls ?? []).map((name, call) => ({ name, args: {}, id: `c${at}-${call}`, type: "tool_call" }));
    return [
      new AIMessage({ content: turn.assistant, tool_calls: calls as never }),
      ...calls.map((call) => new ToolMessage({ content: "done", tool_call_id: call.id, name: call.name })),
    ];
  });
}

function mastraMessages(turns: Turn[]) {
  return turns.map((turn, at) => {
    if ("user" in turn) return { role: "user", content: { format: 2, parts: [{ type: "text", text: turn.user }] } };
    const parts: unknown[] = [{ type: "step-start" }];
    if (turn.assistant) parts.push({ type: "text", text: turn.assistant });
    (turn.calls ?? []).forEach((toolName, call) =>
      parts.push({
        type: "tool-invocation",
        toolInvocation: { toolName, toolCallId: `c${at}-${call}`, args: {}, state: "result", result: "done" },
      }),
    );
    return { role: "assistant", content: { format: 2, parts } };
  });
}

function agentItems(turns: Turn[]): unknown[] {
  return turns.flatMap((turn, at): unknown[] => {
    if ("user" in turn) return [{ role: "user", content: turn.user }];
    const calls = (turn.calls ?? []).map((name, call) => ({ name, callId: `c${at}-${call}` }));
    return [
      ...(turn.assistant
        ? [
            {
              type: "message",
              role: "assistant",
              status: "completed",
              content: [{ type: "output_text", text: turn.assistant }],
            },
          ]
        : []),
      ...calls.map((call) => ({ type: "function_call", name: call.name, callId: call.callId, arguments: "{}" })),
      ...calls.map((call) => ({ type: "function_call_result", name: call.name, callId: call.callId, output: "done" })),
    ];
  });
}

// --- each host's tools ---

const aiTools = (catalog: Catalog): ToolSet =>
  Object.fromEntries(
    catalog.map(([name, description, parameters]) => [name, aiTool({ description, inputSchema: shape(parameters) })]),
  );
const v4Tools = (catalog: Catalog) =>
  catalog.map(([name, description, parameters]) => ({
    type: "function" as const,
    name,
    description,
    inputSchema: z.toJSONSchema(shape(parameters)) as Record<string, unknown>,
  }));
const langChainTools = (catalog: Catalog) =>
  catalog.map(([name, description, parameters]) =>
    langChainTool(async () => "done", { name, description, schema: shape(parameters) }),
  );
const mastraTools = (catalog: Catalog) =>
  Object.fromEntries(
    catalog.map(([name, description, parameters]) => [
      name,
      createTool({ id: name, description, inputSchema: shape(parameters), execute: async () => "done" }),
    ]),
  );
const agentsTools = (catalog: Catalog) =>
  catalog.map(([name, description, parameters]) =>
    agentsTool({ name, description, parameters: shape(parameters), execute: async () => "done" }),
  );

/** A Cloudflare agent's `sql` and `mcp` as toolsiftChat reads them: SQLite in memory, no MCP servers. */
function cloudflareAgent() {
  const database = new DatabaseSync(":memory:");
  const sql = (strings: TemplateStringsArray, ...values: unknown[]) =>
    database.prepare(strings.join("?")).all(...(values as never[]));
  const mcp = { mcpConnections: {}, listServers: () => [], callTool: async () => ({}) };
  return { sql, mcp } as never;
}

// --- each adapter, driven through its own hook: the catalog tool names one model call is offered ---

type Options = {
  runtime?: { wasm: Uint8Array };
  maxOfferAll?: number;
  alwaysActive?: string[];
  onNoMatch?: "all" | "none";
  smallCatalog?: false;
  onEvent?: (event: { type: string }) => void;
};
/** An adapter over the host's tools now (`catalog()`, read at each call), made once. */
type Adapter = (catalog: () => Catalog, options?: Options) => (turns: Turn[]) => Promise<string[]>;

/** For the adapters over an index the user made: the user's `index.sync(tools)` when the tools changed. */
function userSync(index: { sync(tools: ToolSet): Promise<void> }, catalog: () => Catalog) {
  let synced = catalog();
  return async () => {
    if (catalog() === synced) return;
    synced = catalog();
    await index.sync(aiTools(synced));
  };
}
const sorted = (names: Iterable<string>) => [...names].sort();
const indexOptions = (options: Options) => (options.runtime === undefined ? {} : { runtime: options.runtime });
const selectOptions = (options: Options) => ({
  stableTools: false,
  ...(options.maxOfferAll === undefined ? {} : { maxOfferAll: options.maxOfferAll }),
  ...(options.alwaysActive === undefined ? {} : { alwaysActive: options.alwaysActive }),
  ...(options.onNoMatch === undefined ? {} : { onNoMatch: options.onNoMatch }),
  ...(options.smallCatalog === undefined ? {} : { smallCatalog: options.smallCatalog }),
  ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
});

const ADAPTERS: Record<string, Adapter> = {
  "AI SDK prepareStep": (catalog, options = {}) => {
    const index = createToolIndex(aiTools(catalog()), indexOptions(options));
    const prepareStep = index.prepareStep(selectOptions(options));
    const sync = userSync(index, catalog);
    return async (turns) => {
      await sync();
      const { activeTools } = await prepareStep({ messages: modelMessages(turns), steps: sdkSteps(turns) });
      return sorted(activeTools ?? index.toolNames);
    };
  },
  "AI SDK middleware": (catalog, options = {}) => {
    const index = createToolIndex(aiTools(catalog()), indexOptions(options));
    const { stableTools: _, ...middlewareOptions } = selectOptions(options);
    const middleware = index.middleware(middlewareOptions);
    const sync = userSync(index, catalog);
    return async (turns) => {
      await sync();
      const params = { prompt: modelMessages(turns, true), tools: v4Tools(catalog()) };
      const out = await middleware.transformParams({ params, type: "generate" });
      return sorted(out.tools.map((tool) => tool.name));
    };
  },
  "LangChain createAgent middleware": (catalog, options = {}) => {
    const middleware = toolsiftMiddleware({
      tools: langChainTools(catalog()),
      ...indexOptions(options),
      ...selectOptions(options),
    });
    return async (turns) => {
      const tools = langChainTools(catalog());
      let bound: readonly { name?: string }[] = [];
      const request = { messages: langChainMessages(turns), tools } as never;
      await middleware.wrapModelCall!(request, async (next: { tools: { name?: string }[] }) => {
        bound = next.tools;
        return new AIMessage("ok");
      });
      return sorted(bound.map((entry) => String(entry.name)));
    };
  },
  "Mastra processor": (catalog, options = {}) => {
    const index = createToolIndex(mastraTools(catalog()), indexOptions(options));
    const processor = toolsiftProcessor(index, selectOptions(options));
    return async (turns) => {
      const tools = mastraTools(catalog());
      const steps = sdkSteps(turns);
      const result = await processor.processInputStep({
        messages: mastraMessages(turns) as never,
        steps,
        stepNumber: steps.length,
        tools,
      });
      return sorted(result?.activeTools ?? Object.keys(tools));
    };
  },
  "OpenAI Agents agent": (catalog, options = {}) => {
    // Its function tools are the agent's, fixed when toolsiftAgent clones it (its MCP servers' are listed per run).
    const agent = new Agent({ name: "assistant", tools: agentsTools(catalog()) });
    const sifted = toolsiftAgent(agent, { ...indexOptions(options), ...selectOptions(options) });
    return async (turns) => {
      const context = new RunContext();
      sifted.agent.emit("agent_start", context, sifted.agent, agentItems(turns) as never);
      const enabled: string[] = [];
      for (const entry of sifted.agent.tools as FunctionTool[]) {
        const isEnabled = entry.isEnabled as (context: RunContext, agent: Agent) => Promise<boolean>;
        if (await isEnabled(context, sifted.agent)) enabled.push(entry.name);
      }
      return sorted(enabled);
    };
  },
  "Cloudflare Agents chat": (catalog, options = {}) => {
    const agent = cloudflareAgent();
    return async (turns) => {
      const chat = await toolsiftChat(agent, aiTools(catalog()), {
        delivery: "prepare-step",
        prepareStep: selectOptions(options),
        index: { ...indexOptions(options), runtime: { ...indexOptions(options).runtime, warnings: false } },
      });
      const step = { messages: modelMessages(turns), steps: sdkSteps(turns) };
      const { activeTools } = (await chat.prepareStep(step)) as { activeTools?: string[] };
      return sorted(activeTools ?? catalog().map(([name]) => name));
    };
  },
};

describe("one step selection, every adapter", () => {
  // Every conversation under the default policy, and with `onNoMatch: "all"` (every tool when nothing matches).
  const cases = Object.keys(CONVERSATIONS).flatMap((name) => [
    { name, onNoMatch: undefined },
    { name, onNoMatch: "all" as const },
  ]);
  it.each(cases)("offers the same tools for the same conversation: $name (onNoMatch $onNoMatch)", async (row) => {
    const turns = CONVERSATIONS[row.name];
    const offered: Record<string, string[]> = {};
    for (const [adapter, make] of Object.entries(ADAPTERS))
      offered[adapter] = await make(() => CATALOG, { onNoMatch: row.onNoMatch })(turns);
    const reference = offered["AI SDK prepareStep"];
    // A thank-you asks for nothing: no tool by default (none is pinned); every other turn gets some.
    expect(reference.length > 0).toBe(row.name !== "thanks" || row.onNoMatch === "all");
    for (const adapter of Object.keys(ADAPTERS))
      expect({ adapter, tools: offered[adapter] }).toEqual({ adapter, tools: reference });
  });

  it("answers a failed selection the same way: every tool up to maxOfferAll, else the pinned tools", async () => {
    // A wasm core that does not load: every selection fails, whichever adapter asks.
    const broken = { runtime: { wasm: new Uint8Array([0, 1, 2, 3]) } };
    const turns = CONVERSATIONS.task;
    for (const [adapter, make] of Object.entries(ADAPTERS)) {
      const events: { type: string }[] = [];
      const onEvent = (event: { type: string }) => events.push(event);
      expect({ adapter, tools: await make(() => CATALOG, { ...broken, onEvent })(turns) }).toEqual({
        adapter,
        tools: sorted(CATALOG.map(([name]) => name)),
      });
      const guarded = { ...broken, maxOfferAll: 3, alwaysActive: ["send_email"], onEvent };
      expect({ adapter, tools: await make(() => CATALOG, guarded)(turns) }).toEqual({ adapter, tools: ["send_email"] });
      // Never silent: each is reported, the second with the bound that refused every tool.
      expect({ adapter, failures: events.filter((event) => event.type === "selection-failed") }).toEqual({
        adapter,
        failures: [
          expect.objectContaining({ fallback: "all" }),
          expect.objectContaining({ fallback: "kept", guard: { maxOfferAll: 3, tools: 8 } }),
        ],
      });
    }
  });

  it("finds a tool by the new words of a description changed under the same name", async () => {
    const before = CATALOG;
    const after: Catalog = CATALOG.map(([name, description, parameters]) =>
      name === "translate_text"
        ? [name, "Transcribe a podcast episode into subtitles", parameters]
        : [name, description, parameters],
    );
    const turns: Turn[] = [{ user: "Transcribe this podcast episode into subtitles" }];
    for (const [adapter, make] of Object.entries(ADAPTERS)) {
      // The OpenAI Agents SDK agent's function tools are fixed when it is cloned: a redefined one is a new agent.
      if (adapter === "OpenAI Agents agent") continue;
      let current = before;
      // a small catalog is offered whole by default; this test is about selection
      const select = make(() => current, { smallCatalog: false });
      expect({ adapter, tools: await select(turns) }).not.toEqual({ adapter, tools: ["translate_text"] });
      current = after;
      expect({ adapter, tools: await select(turns) }).toEqual({ adapter, tools: ["translate_text"] });
    }
  });
});
