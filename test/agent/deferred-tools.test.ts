// index.deferredTools(): the request bodies the real @ai-sdk/anthropic and @ai-sdk/openai send, over a multi-turn,
// multi-step loop with a recording fetch: every deferred tool marked, tools loaded only by search results, and each
// request an exact extension of the one before.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, isStepCount, type LanguageModel, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";
import { systemPromptText, toolResultText } from "../../scripts/session-cost/tool-results.mjs";
import { anthropicScript, catalogTools, openaiScript, TURNS, type Recording } from "./deferred-tools-script.js";

type Provider = "anthropic" | "openai";

function modelFor(provider: Provider, fetch: typeof globalThis.fetch): LanguageModel {
  return provider === "anthropic"
    ? createAnthropic({ apiKey: "test", fetch })("claude-sonnet-4-5")
    : createOpenAI({ apiKey: "test", fetch }).responses("gpt-5.4");
}

/** Runs the turns as an app does: one generateText per user turn, storing the prompt and response messages. */
async function runSession(
  provider: Provider,
  options: {
    preload: boolean | "tool-changes" | "additional-tools";
    search: boolean;
    learn?: boolean;
    /** Make a new deferredTools result for each turn, as an app that builds it per request does. */
    perTurn?: boolean;
    /** A production agent's bodies (bench/session-cost.mjs): a 2,000-token system prompt, results of 300–500 tokens. */
    production?: boolean;
  },
) {
  const executed: string[] = [];
  const result = (name: string, input: unknown) => toolResultText(name, input, { min: 300, max: 500 });
  const tools = catalogTools(executed, options.production ? result : undefined);
  const index = createToolIndex(tools);
  const script = provider === "anthropic" ? anthropicScript(options) : openaiScript(options);
  const deliver = () => index.deferredTools(tools, { provider, alwaysActive: ["ls"], preload: options.preload });
  let delivery = deliver();
  const messages: ModelMessage[] = [];
  for (const turn of TURNS) {
    if (options.perTurn) delivery = deliver();
    messages.push({ role: "user", content: turn.user });
    const result = await generateText({
      model: modelFor(provider, script.fetch),
      system: options.production ? systemPromptText(2000) : "You work in a file system.",
      messages,
      ...delivery,
      // Anthropic caches only where asked: a request-level breakpoint, which leaves the messages as they are.
      providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } },
      stopWhen: isStepCount(8),
    });
    messages.push(...result.responseMessages);
    // Learning between turns changes the index; the preloads of earlier turns must not change with it.
    if (options.learn) index.learn(messages);
  }
  return { executed, recording: script.recording, tools, delivery };
}

/** The parts of a body a provider caches in render order: tools, system, then the conversation. */
function cachedParts(provider: Provider, text: string) {
  const body = JSON.parse(text) as Record<string, unknown>;
  const conversation = (provider === "anthropic" ? body.messages : body.input) as unknown[];
  return {
    head: JSON.stringify({ ...body, messages: undefined, input: undefined }),
    conversation: conversation.map((entry) => JSON.stringify(entry)),
  };
}

/** Asserts that every request extends the one before it: same tools, system and settings; earlier entries kept. */
function expectPrefixStable(provider: Provider, recording: Recording) {
  expect(recording.bodies.length).toBeGreaterThanOrEqual(6);
  for (let n = 0; n + 1 < recording.bodies.length; n++) {
    const before = cachedParts(provider, recording.bodies[n]);
    const after = cachedParts(provider, recording.bodies[n + 1]);
    expect(after.head, `request ${n + 2}: tools, system and settings`).toBe(before.head);
    expect(
      after.conversation.slice(0, before.conversation.length),
      `request ${n + 2} extends request ${n + 1}`,
    ).toEqual(before.conversation);
    expect(after.conversation.length).toBeGreaterThan(before.conversation.length);
  }
}

describe("index.deferredTools with the real @ai-sdk/anthropic", () => {
  it("marks every deferred tool, preloads each turn's selection, and keeps every request an exact extension", async () => {
    const { executed, recording, tools } = await runSession("anthropic", { preload: true, search: true });
    expectPrefixStable("anthropic", recording);
    const first = JSON.parse(recording.bodies[0]) as {
      tools: { name: string; defer_loading?: boolean }[];
      cache_control?: unknown;
    };
    const deferred = first.tools.filter((entry) => entry.defer_loading === true).map((entry) => entry.name);
    expect(deferred).toEqual(Object.keys(tools).filter((name) => name !== "ls"));
    expect(first.tools.find((entry) => entry.name === "ls")?.defer_loading).toBeUndefined();
    expect(first.cache_control).toEqual({ type: "ephemeral" });
    expect(first.tools.find((entry) => entry.name === "search_tools")?.defer_loading).toBeUndefined();
    // The app's objects are not changed.
    expect((tools.cd as { providerOptions?: unknown }).providerOptions).toBeUndefined();
    // Every ground-truth call was served (each turn: its calls, then a text answer: ≥ 2 steps).
    expect(executed).toEqual(TURNS.flatMap((turn) => turn.calls));
    expect(recording.refused).toEqual([]);
    // The preloaded search result is sent as tool_reference blocks right after the user's message.
    const last = JSON.parse(recording.bodies.at(-1)!) as { messages: { role: string; content: unknown[] }[] };
    expect(last.messages[1]).toMatchObject({
      role: "assistant",
      content: [{ type: "tool_use", name: "search_tools", input: { query: expect.any(String) } }],
    });
    expect(last.messages[2]).toMatchObject({
      role: "user",
      content: [
        { type: "tool_result", content: expect.arrayContaining([{ type: "tool_reference", tool_name: "cd" }]) },
      ],
    });
    // defer_loading and tool_reference need no beta header; the one the package adds is the same on every request.
    expect(new Set(recording.betas)).toEqual(new Set(["structured-outputs-2025-11-13"]));
  });

  it("stays an exact extension with a production agent's bodies; a preload's id and query stay short", async () => {
    for (const provider of ["anthropic", "openai"] as const) {
      const { executed, recording } = await runSession(provider, { preload: true, search: true, production: true });
      expectPrefixStable(provider, recording);
      expect(executed).toEqual(TURNS.flatMap((turn) => turn.calls));
      // Both are billed in every later request: the id names the preload's position, the query says what it was for.
      const text = recording.bodies.at(-1)!;
      const ids = [...text.matchAll(/"(?:tsc_)?toolsift_preload_([^"]*)"/g)].map((match) => match[1]);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.every((id) => /^\d+$/.test(id))).toBe(true);
      const queries = [...text.matchAll(/\\?"query\\?":\\?"((?:[^"\\]|\\.)*?)\\?"/g)].map((match) => match[1]);
      expect(queries.length).toBeGreaterThan(0);
      expect(queries.every((query) => query.length <= 41)).toBe(true);
      expect(queries[0]).toMatch(/…$/);
    }
  });

  it("keeps earlier turns' preloads when the index learns between turns (a new deferredTools per turn)", async () => {
    const options = { preload: true, search: true, learn: true, perTurn: true };
    const { executed, recording } = await runSession("anthropic", options);
    expectPrefixStable("anthropic", recording);
    expect(executed).toEqual(TURNS.flatMap((turn) => turn.calls));
  });

  it('preload "tool-changes" sends tool_addition system messages (with their betas) and stays an exact extension', async () => {
    const { executed, recording } = await runSession("anthropic", { preload: "tool-changes", search: true });
    expectPrefixStable("anthropic", recording);
    expect(executed).toEqual(TURNS.flatMap((turn) => turn.calls));
    expect(recording.searches).toEqual([]);
    const last = JSON.parse(recording.bodies.at(-1)!) as { messages: { role: string; content: unknown[] }[] };
    expect(last.messages[1]).toEqual({
      role: "system",
      content: expect.arrayContaining([{ type: "tool_addition", tool: { type: "tool_reference", name: "cd" } }]),
    });
    expect(new Set(recording.betas)).toEqual(
      new Set([
        "mid-conversation-system-2026-04-07,mid-conversation-tool-changes-2026-07-01,structured-outputs-2025-11-13",
      ]),
    );
  });

  it("without preload, the model's own search loads the tools (a tool_reference result), then it calls them", async () => {
    const { executed, recording } = await runSession("anthropic", { preload: false, search: true });
    expectPrefixStable("anthropic", recording);
    expect(executed).toEqual(TURNS.flatMap((turn) => turn.calls));
    expect(recording.searches.length).toBeGreaterThan(0);
    const bodies = recording.bodies.map((body) => JSON.parse(body) as { messages: { content: unknown[] }[] });
    const references = bodies
      .at(-1)!
      .messages.flatMap((message) =>
        message.content.flatMap((block) => (block as { content?: unknown }).content ?? []),
      );
    expect(references).toContainEqual({ type: "tool_reference", tool_name: "mkdir" });
  });

  it("refuses a deferred tool no search result loaded: the model answers with text (a miss)", async () => {
    const { executed, recording } = await runSession("anthropic", { preload: false, search: false });
    expect(executed).toEqual([]);
    expect(recording.refused).toEqual(["cd", "cd", "sort"]);
  });
});

describe("index.deferredTools with the real @ai-sdk/openai (Responses API)", () => {
  it("defers every tool, adds a client tool_search, preloads, and keeps every request an exact extension", async () => {
    const { executed, recording, tools } = await runSession("openai", { preload: true, search: true });
    expectPrefixStable("openai", recording);
    const first = JSON.parse(recording.bodies[0]) as { tools: Record<string, unknown>[] };
    const deferred = first.tools.filter((entry) => entry.defer_loading === true).map((entry) => entry.name);
    expect(deferred).toEqual(Object.keys(tools).filter((name) => name !== "ls"));
    expect(first.tools.at(-1)).toEqual({
      type: "tool_search",
      execution: "client",
      description: expect.any(String),
      parameters: expect.objectContaining({ required: ["query"] }),
    });
    expect(executed).toEqual(TURNS.flatMap((turn) => turn.calls));
    expect(recording.refused).toEqual([]);
  });

  it('preload "additional-tools" leaves the deferred tools out of the tools array and loads them in the input', async () => {
    const { executed, recording } = await runSession("openai", { preload: "additional-tools", search: true });
    expectPrefixStable("openai", recording);
    expect(executed).toEqual(TURNS.flatMap((turn) => turn.calls));
    expect(recording.searches).toEqual([]);
    const body = JSON.parse(recording.bodies.at(-1)!) as {
      tools: { type: string; name?: string }[];
      input: Record<string, unknown>[];
    };
    expect(body.tools.map((entry) => entry.name ?? entry.type)).toEqual(["ls", "tool_search"]);
    expect(body.input[2]).toEqual({
      type: "additional_tools",
      role: "developer",
      tools: expect.arrayContaining([
        { type: "function", name: "cd", description: expect.any(String), parameters: expect.any(Object) },
      ]),
    });
  });

  it("without preload, the SDK runs toolsift's search and sends tool_search_output with the definitions", async () => {
    const { executed, recording } = await runSession("openai", { preload: false, search: true });
    expectPrefixStable("openai", recording);
    expect(executed).toEqual(TURNS.flatMap((turn) => turn.calls));
    const input = (JSON.parse(recording.bodies.at(-1)!) as { input: Record<string, unknown>[] }).input;
    const output = input.find((item) => item.type === "tool_search_output");
    expect(output).toMatchObject({
      type: "tool_search_output",
      execution: "client",
      tools: expect.arrayContaining([
        expect.objectContaining({ type: "function", name: "cd", parameters: expect.any(Object) }),
      ]),
    });
  });

  it("refuses a deferred tool no search output loaded", async () => {
    const { executed, recording } = await runSession("openai", { preload: false, search: false });
    expect(executed).toEqual([]);
    expect(recording.refused).toEqual(["cd", "cd", "sort"]);
  });
});

describe("index.deferredTools options", () => {
  const tools = catalogTools([]);
  const index = createToolIndex(tools);

  it("refuses unknown options with the nearest name, and bad values naming the option", () => {
    expect(() => index.deferredTools(tools, { provider: "anthropic", maxResult: 3 } as never)).toThrow(
      /unknown option "maxResult"; did you mean "maxResults"/,
    );
    expect(() => index.deferredTools(tools, { provider: "gemini" } as never)).toThrow(/"provider" must be one of/);
    expect(() => index.deferredTools(tools, {} as never)).toThrow(/"provider"/);
    expect(() => index.deferredTools(tools, { provider: "openai", maxResults: 0 })).toThrow(/"maxResults"/);
    expect(() => index.deferredTools(tools, { provider: "openai", alwaysActive: ["nope"] })).toThrow(/nope/);
    expect(() => index.deferredTools(tools, { provider: "openai", adaptive: true } as never)).toThrow(
      /option "adaptive" is not taken here: a search or preload always loads maxResults/,
    );
    expect(() => index.deferredTools(tools, { provider: "openai", searchToolName: "cd" })).toThrow(/searchToolName/);
    expect(() => index.deferredTools({ ...tools, extra: tools.cd }, { provider: "openai" })).toThrow(
      /"extra", which the index does not know/,
    );
    expect(() => index.deferredTools(tools, { provider: "openai", preload: "tool-changes" })).toThrow(
      /"preload" must be true, false or "additional-tools" \(provider "openai"\)/,
    );
    expect(index.deferredTools(tools, { provider: "anthropic", preload: "tool-changes" }).allowSystemInMessages).toBe(
      true,
    );
  });

  it("copies the tools: the app's objects keep their own providerOptions", () => {
    const withOptions = {
      ...tools,
      cd: { ...tools.cd, providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } } },
    };
    const { tools: copies } = index.deferredTools(withOptions, { provider: "anthropic", searchToolName: "find_tools" });
    expect((copies.cd as { providerOptions: unknown }).providerOptions).toEqual({
      anthropic: { cacheControl: { type: "ephemeral" }, deferLoading: true },
    });
    expect(withOptions.cd.providerOptions).toEqual({ anthropic: { cacheControl: { type: "ephemeral" } } });
    expect(Object.keys(copies).at(-1)).toBe("find_tools");
  });
});
