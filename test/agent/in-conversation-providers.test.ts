// Prefix stability of in-conversation delivery (issue 18, item 3) through the real provider packages: every request of
// a multi-turn, multi-step conversation extends the one before it byte for byte in the parts a prompt cache keeps
// (tools, system, messages), while the app stores only the SDK's response messages between turns.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, isStepCount, tool, type LanguageModel, type ModelMessage } from "ai";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createToolIndex } from "../../src/index.js";
import type { ToolCallRefusedEvent } from "../../src/events.js";
import {
  anthropicMessage,
  jsonResponse,
  openaiResponse,
  type MessageDecision,
} from "../../scripts/session-cost/provider-responses.mjs";
import { callableTools } from "../../scripts/session-cost/callable-tools.mjs";
import { systemPromptText, toolResultText } from "../../scripts/session-cost/tool-results.mjs";
import { definedIn } from "./delivery-model.js";

/** What the file tools' descriptions open with at production size: one API's tools, as real catalogs have them. */
const FILE_OPENING =
  "This tool belongs to the workspace file system, where the user keeps documents. Tool description:";
const FILE_TOOLS = new Set(["cd", "ls", "cat", "mkdir", "mv", "grep"]);

/**
 * The tools; each returns `{ ok, name, input }`, or with `production` a result of 300–500 tokens (the bench's), the
 * file tools' descriptions then opening with `FILE_OPENING`.
 */
function fileTools(production = false) {
  const ran = vi.fn((name: string, input: unknown) =>
    production ? toolResultText(name, input, { min: 300, max: 500 }) : { ok: true, name, input },
  );
  const make = (name: string, description: string, shape: z.ZodRawShape) =>
    tool({
      description: production && FILE_TOOLS.has(name) ? `${FILE_OPENING} ${description}` : description,
      inputSchema: z.object(shape),
      execute: async (input) => ran(name, input),
    });
  const tools = {
    cd: make("cd", "Go into a folder: change the current working directory to it.", { folder: z.string() }),
    ls: make("ls", "List the files and folders in the current directory.", { all: z.boolean().optional() }),
    cat: make("cat", "Display the contents of a file in the current directory.", { file_name: z.string() }),
    mkdir: make("mkdir", "Create a new folder in the current directory.", { dir_name: z.string() }),
    mv: make("mv", "Move a file into another folder, or rename it.", { source: z.string(), destination: z.string() }),
    grep: make("grep", "Search a file for lines that match a pattern.", { file_name: z.string(), pattern: z.string() }),
    send_message: make("send_message", "Send a chat message to a user.", { receiver: z.string(), text: z.string() }),
    get_weather: make("get_weather", "Get the weather forecast for a city.", { city: z.string() }),
    book_hotel: make("book_hotel", "Book a hotel room in a city for some nights.", {
      city: z.string(),
      nights: z.number(),
    }),
    translate: make("translate", "Translate a text into another language.", { text: z.string(), language: z.string() }),
  };
  return { tools, ran };
}

type Call = { readonly name: string; readonly input: Record<string, unknown> };

/** The user turns and the calls the scripted model makes for each, in order (book_hotel is never delivered). */
const TURNS: { user: string; calls: Call[] }[] = [
  {
    user: "Go into the documents folder and list the files there.",
    calls: [
      { name: "cd", input: { folder: "documents" } },
      { name: "ls", input: {} },
    ],
  },
  {
    user: "Create a new folder called archive and move the file report.txt into it.",
    calls: [
      { name: "mkdir", input: { dir_name: "archive" } },
      { name: "mv", input: { source: 3, destination: "archive" } }, // invalid: refused, then made right
      { name: "mv", input: { source: "report.txt", destination: "archive" } },
    ],
  },
  {
    user: "Display the contents of report.txt in the archive folder, then send it to Alice as a chat message.",
    calls: [
      { name: "cd", input: { folder: "archive" } },
      { name: "cat", input: { file_name: "report.txt" } },
      { name: "send_message", input: { receiver: "Alice", text: "the report" } },
    ],
  },
  {
    user: "Search report.txt for lines about the budget.",
    calls: [
      { name: "grep", input: { file_name: "report.txt", pattern: "budget" } },
      { name: "book_hotel", input: { city: "Rome", nights: 2 } },
    ],
  },
];

type Provider = "anthropic" | "openai";

/** The tools that run over TURNS through the dispatcher, in order (the invalid mv refused, book_hotel a miss). */
const RAN = ["cd", "ls", "mkdir", "mv", "cd", "cat", "send_message", "grep"];

/** Every string on the user side of a request (user text, tool results): where delivered definitions can be. */
function userSideStrings(body: Record<string, unknown>, provider: Provider): string[] {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(walk);
  };
  if (provider === "anthropic") {
    for (const message of body.messages as { role: string }[]) if (message.role === "user") walk(message);
  } else {
    for (const item of body.input as { role?: string; type?: string }[]) {
      if (item.role === "user" || item.type === "function_call_output") walk(item);
    }
  }
  return strings;
}

/**
 * A provider behind its real package, answering from a script: it calls the next scripted tool through call_tool when
 * the request offers call_tool and holds the tool's definition, and otherwise answers with text (a miss).
 */
function scriptedProvider(provider: Provider) {
  const bodies: Record<string, unknown>[] = [];
  const misses: string[] = [];
  let script: Call[] = [];
  let id = 0;
  const fetch = async (_url: unknown, init?: { body?: unknown }) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push(body);
    id++;
    const offered = (body.tools as { name: string }[]).map((entry) => entry.name);
    const next = script[0];
    let answer: MessageDecision = { type: "text", text: "Done." };
    if (next !== undefined) {
      const defined = definedIn(userSideStrings(body, provider), next.name);
      if (offered.includes("call_tool") && defined) {
        script.shift();
        answer = { type: "call", name: "call_tool", input: { name: next.name, input: next.input } };
      } else {
        misses.push(next.name);
        script = [];
        answer = { type: "text", text: "I have no tool for that." };
      }
    }
    return jsonResponse(provider === "anthropic" ? anthropicMessage(answer, id) : openaiResponse(answer, id));
  };
  const model: LanguageModel =
    provider === "anthropic"
      ? createAnthropic({ apiKey: "test", fetch: fetch as typeof globalThis.fetch })("claude-sonnet-4-5")
      : createOpenAI({ apiKey: "test", fetch: fetch as typeof globalThis.fetch }).responses("gpt-4.1");
  return { model, bodies, misses, play: (calls: Call[]) => (script = [...calls]) };
}

/** `earlier`'s JSON up to its closing brackets are the first bytes of `later`'s: a cache that kept one keeps both. */
function extendsBytes(earlier: unknown, later: unknown): boolean {
  const before = JSON.stringify(earlier ?? null).replace(/[\]}]+$/, "");
  return JSON.stringify(later ?? null).startsWith(before);
}

type Delivery = ReturnType<ReturnType<typeof createToolIndex>["inConversation"]>;

/**
 * Plays TURNS through `provider`, the app storing its prompt and `responseMessages`; `wrap` may alter prepareStep;
 * `production`: a production agent's bodies (bench/session-cost.mjs: a 2,000-token system prompt, results of 300–500
 * tokens).
 */
async function playConversation(
  provider: Provider,
  wrap = (prepareStep: Delivery["prepareStep"]) => prepareStep,
  production = false,
) {
  const { tools, ran } = fileTools(production);
  const refused: ToolCallRefusedEvent[] = [];
  const delivery = createToolIndex(tools).inConversation(tools, {
    // Deliveries turn by turn are what this test follows: the small catalog is not delivered whole.
    smallCatalog: false,
    onEvent: (event) => void (event.type === "tool-call-refused" && refused.push(event)),
  });
  const scripted = scriptedProvider(provider);
  const messages: ModelMessage[] = [];
  const stepsPerTurn: number[] = [];
  for (const turn of TURNS) {
    messages.push({ role: "user", content: turn.user });
    scripted.play(turn.calls);
    const result = await generateText({
      model: scripted.model,
      system: production ? systemPromptText(2000) : "You are a careful file assistant.",
      messages,
      tools: delivery.tools,
      prepareStep: wrap(delivery.prepareStep),
      stopWhen: isStepCount(8),
    });
    stepsPerTurn.push(result.steps.length);
    messages.push(...result.responseMessages);
  }
  const conversation = provider === "anthropic" ? "messages" : "input";
  /** Requests (1-based) that do not extend the one before in tools, system or the conversation. */
  const breaks: string[] = [];
  const { bodies } = scripted;
  for (let n = 1; n < bodies.length; n++) {
    const [before, after] = [bodies[n - 1], bodies[n]];
    if (JSON.stringify(after.tools) !== JSON.stringify(before.tools)) breaks.push(`tools of request ${n + 1}`);
    if (JSON.stringify(after.system) !== JSON.stringify(before.system)) breaks.push(`system of request ${n + 1}`);
    if (!extendsBytes(before[conversation], after[conversation])) breaks.push(`${conversation} of request ${n + 1}`);
  }
  return { ran, refused, scripted, stepsPerTurn, bodies, breaks };
}

describe.each(["anthropic", "openai"] as const)("inConversation through @ai-sdk/%s", (provider) => {
  it("each request extends the one before byte for byte over 4 turns, the app storing only responseMessages", async () => {
    const { ran, refused, scripted, stepsPerTurn, bodies, breaks } = await playConversation(provider);
    // ≥ 2 steps per turn; one miss (book_hotel was never delivered), answered with text; one invalid input refused.
    expect(stepsPerTurn.every((steps) => steps >= 2)).toBe(true);
    expect(scripted.misses).toEqual(["book_hotel"]);
    expect(refused.map((event) => [event.tool, event.reason])).toEqual([["mv", "invalid-input"]]);
    // The real tools ran through the dispatcher, with the inputs their schemas accept.
    expect(ran.mock.calls.map(([name]) => name)).toEqual(RAN);
    expect(ran.mock.calls[3]).toEqual(["mv", { source: "report.txt", destination: "archive" }]);
    // Deliveries are in the conversation, never in the tools block, which is the same two tools in every request.
    expect(JSON.stringify(bodies.at(-1))).toContain("Tools to call with call_tool:");
    expect((bodies[0].tools as { name: string }[]).map((entry) => entry.name)).toEqual(["call_tool", "search_tools"]);
    expect(bodies.length).toBe(stepsPerTurn.reduce((sum, steps) => sum + steps, 0));
    expect(breaks).toEqual([]);
  });

  it("each request extends the one before with a production agent's system prompt and tool results", async () => {
    const { ran, scripted, bodies, breaks } = await playConversation(provider, undefined, true);
    expect(scripted.misses).toEqual(["book_hotel"]);
    expect(ran.mock.calls.map(([name]) => name)).toEqual(RAN);
    expect(JSON.stringify(bodies.at(-1)).length).toBeGreaterThan(8 * 2000);
    expect(breaks).toEqual([]);
    // The file tools' opening is stated in full once; later deliveries refer to it, and the bench's check (which
    // accepts a reference only to an opening stated before it in the same request) reads every file tool that ran
    // as delivered in the last request.
    const last = JSON.stringify(bodies.at(-1));
    expect(last.split(`## ${FILE_OPENING}`).length - 1).toBe(1);
    expect(last).toContain("## This tool belongs to the…");
    const { tools } = fileTools(true);
    const callable = callableTools(bodies.at(-1)!, provider);
    for (const name of new Set(RAN.filter((name) => FILE_TOOLS.has(name))))
      expect(callable.delivered({ name, description: String(tools[name as keyof typeof tools].description) })).toBe(
        true,
      );
  });

  it("the check sees a break: deliveries kept only within the call in which they were made", async () => {
    // What an app would get from a mode that leaves earlier deliveries to the app's stored messages (it has none).
    const { breaks } = await playConversation(provider, (prepareStep) => async (step) => {
      const result = await prepareStep(step);
      const delivery = (message: object) =>
        (message as { providerOptions?: { toolsift?: unknown } }).providerOptions?.toolsift !== undefined;
      // Later steps of a call get what the first step sent (the SDK carries it): alter only first steps.
      if (step.messages.some(delivery)) return result;
      let turnStart = result.messages.length - 1;
      while (turnStart > 0 && (result.messages[turnStart].role !== "user" || delivery(result.messages[turnStart])))
        turnStart--;
      return { messages: result.messages.filter((message, position) => !delivery(message) || position > turnStart) };
    });
    expect(breaks.length).toBeGreaterThan(0);
    expect(breaks.every((where) => where.startsWith(provider === "anthropic" ? "messages" : "input"))).toBe(true);
  });
});
