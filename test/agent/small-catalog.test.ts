// smallCatalog: a catalog of at most 20 tools whose definitions take at most ~3000 tokens is offered whole, ranked
// tools first, on every step of a turn that asks for something; a turn of conversation only ("thanks!") still gets
// none; `false` always selects, `{ tools, tokens }` sets the bounds. Real AI SDK loops (prepareStep, the middleware)
// and Mastra's agent loop, with scripted models that cannot call a tool they were not offered.
import { Agent } from "@mastra/core/agent";
import { createTool } from "@mastra/core/tools";
import { generateText, isStepCount, tool, wrapLanguageModel, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toolsiftProcessor } from "../../src/mastra/index.js";
import { createToolIndex } from "../../src/index.js";
import { scriptedModel as mastraScriptedModel } from "../mastra/scripted-model.js";
import { scriptedModel, ToolNotOfferedError, type ScriptStep } from "./mock-model.js";

const sent: string[] = [];
const define = (name: string, description: string, notes = "") =>
  tool({
    description,
    inputSchema: z.object({ text: z.string().describe(notes || "What to act on") }),
    execute: async () => (sent.push(name), { ok: true, tool: name }),
  });

/** Seven tools with terse descriptions, as many real catalogs have them. */
const terse = {
  gmail_send: define("gmail_send", "Send email"),
  gcal_create: define("gcal_create", "Create calendar event"),
  drive_share: define("drive_share", "Share file"),
  slack_post: define("slack_post", "Post message"),
  todo_add: define("todo_add", "Add task"),
  weather_get: define("weather_get", "Get weather"),
  stripe_invoice: define("stripe_invoice", "Create invoice"),
};
const names = Object.keys(terse);
const sorted = (list: readonly string[]) => [...list].sort();

// Shares no word with gmail_send's name or description ("Send email"), one with stripe_invoice's.
const NOTE = "let Tom know the invoice went out";
const user = (content: string): ModelMessage => ({ role: "user", content });
const sendNote: ScriptStep[] = [
  { toolCalls: [{ toolName: "gmail_send", input: { text: "Invoice sent" } }] },
  { text: "Told Tom." },
];

/** The ranked tools of `query` (the selection's own ranking, no companion), best first. */
async function rankedFor(index: ReturnType<typeof createToolIndex>, query: string) {
  const { results } = await index.selectWithScores(query);
  return results.filter((result) => result.reason === "ranked").map((result) => result.name);
}

/** The terse catalog's names and descriptions (seven tools, a few words each). */
const TERSE: Readonly<Record<string, string>> = {
  gmail_send: "Send email",
  gcal_create: "Create calendar event",
  drive_share: "Share file",
  slack_post: "Post message",
  todo_add: "Add task",
  weather_get: "Get weather",
  stripe_invoice: "Create invoice",
};
describe("a small catalog is offered whole (prepareStep, the default)", () => {
  const index = createToolIndex(terse);

  it("a request sharing no word with the tool it needs gets every tool, and the model's call succeeds", async () => {
    // The selection alone misses it: only the invoice tool ranks.
    expect(await rankedFor(index, NOTE)).toEqual(["stripe_invoice"]);
    for (const stableTools of [true, false]) {
      const { model, offered } = scriptedModel(sendNote);
      const result = await generateText({
        model,
        tools: terse,
        prepareStep: index.prepareStep({ stableTools }),
        stopWhen: isStepCount(3),
        prompt: NOTE,
      });
      expect(result.text).toBe("Told Tom.");
      expect(result.steps[0].toolCalls.map((call) => call.toolName)).toEqual(["gmail_send"]);
      // Every step of the turn: the whole catalog (after the call too). The stable set sends it ranked tool first
      // (toolOrder); without it the AI SDK sends activeTools in the order of `tools`.
      expect(offered).toHaveLength(2);
      for (const step of offered) expect(sorted(step)).toEqual(sorted(names));
      if (stableTools) expect(offered[0][0]).toBe("stripe_invoice");
    }
  });

  it("smallCatalog: false selects: the needed tool is not offered, and the model cannot call it", async () => {
    const prepare = index.prepareStep({ stableTools: false, smallCatalog: false });
    expect(await prepare({ steps: [], messages: [user(NOTE)] })).toEqual({ activeTools: ["stripe_invoice"] });
    const { model, offered } = scriptedModel(sendNote);
    const run = generateText({
      model,
      tools: terse,
      prepareStep: index.prepareStep({ smallCatalog: false }),
      stopWhen: isStepCount(3),
      prompt: NOTE,
    });
    await expect(run).rejects.toBeInstanceOf(ToolNotOfferedError);
    expect(offered).toEqual([["stripe_invoice"]]);
  });

  it("smallCatalog: true is the default", async () => {
    const given = await index.prepareStep({ stableTools: false, smallCatalog: true })({
      steps: [],
      messages: [user(NOTE)],
    });
    const byDefault = await index.prepareStep({ stableTools: false })({ steps: [], messages: [user(NOTE)] });
    expect(given).toEqual(byDefault);
    expect(sorted(given.activeTools!)).toEqual(sorted(names));
  });

  it("the ranked tools come first, in their order, then the rest (stableTools: false, activeTools order)", async () => {
    const prepare = index.prepareStep({ stableTools: false });
    for (const query of ["post a message about the new invoice", "share the file and add a task", NOTE]) {
      const ranked = await rankedFor(index, query);
      expect(ranked.length).toBeGreaterThan(0);
      const { activeTools } = await prepare({ steps: [], messages: [user(query)] });
      expect(sorted(activeTools!)).toEqual(sorted(names));
      expect(activeTools!.slice(0, ranked.length)).toEqual(ranked);
    }
    // Two requests, two orders: each its own tools first.
    const post = (await prepare({ steps: [], messages: [user("post a message about the new invoice")] })).activeTools!;
    const share = (await prepare({ steps: [], messages: [user("share the file and add a task")] })).activeTools!;
    expect(post[0]).not.toBe(share[0]);
  });
});

describe('a turn of conversation only ("thanks!") still gets no catalog tool', () => {
  const index = createToolIndex(terse);

  for (const stableTools of [true, false]) {
    it(`after a task, with stableTools ${stableTools}`, async () => {
      const prepareStep = index.prepareStep({ stableTools });
      // The task: the whole catalog, and the model sends the note.
      const task = scriptedModel(sendNote);
      const first = await generateText({
        model: task.model,
        tools: terse,
        prepareStep,
        stopWhen: isStepCount(3),
        messages: [user(NOTE)],
      });
      expect(first.text).toBe("Told Tom.");
      expect(sorted(task.offered[0])).toEqual(sorted(names));
      const messages = [user(NOTE), ...first.responseMessages, user("thanks!")];
      // The thank-you: no tool at all, so the model answers in text...
      const chat = scriptedModel([{ text: "You're welcome!" }]);
      const reply = await generateText({ model: chat.model, tools: terse, prepareStep, messages });
      expect(reply.text).toBe("You're welcome!");
      expect(chat.offered).toEqual([[]]);
      // ...and a model that would call a tool cannot.
      const eager = scriptedModel(sendNote);
      const run = generateText({ model: eager.model, tools: terse, prepareStep, stopWhen: isStepCount(2), messages });
      await expect(run).rejects.toBeInstanceOf(ToolNotOfferedError);
      expect(eager.offered).toEqual([[]]);
    });
  }
});

describe("a turn of chat around a few common words or about a topic gets no tool; one that points at a task does", () => {
  const index = createToolIndex(terse);
  const prepareStep = index.prepareStep({ stableTools: false });
  const after = (text: string) => [user(NOTE), { role: "assistant" as const, content: "Told Tom." }, user(text)];

  it.each([
    "found it, thanks!",
    "lol ok nothing important then",
    "thanks, that's all for today",
    "tell me a joke about PMs",
    "lol tell me a fun fact about octopuses",
    // Chat shorthand (bench/everyday/lexicon/chat-shorthand.json, written blind).
    "ok be right back",
    "gtg ttyl",
  ])("%s: no tool", async (text) => {
    expect(await prepareStep({ steps: [], messages: after(text) })).toEqual({ activeTools: [] });
  });

  it.each([
    "thanks, now send it to Bob too",
    "ok do the same for next week",
    "cool, the one from last week",
    "ok, what about tomorrow?",
    "thanks! and ping Dana",
    "tell me about the PR",
    "what do you know about Globex",
  ])("%s: tools", async (text) => {
    expect((await prepareStep({ steps: [], messages: after(text) })).activeTools!.length).toBeGreaterThan(0);
  });
});

describe("a catalog over the bounds is selected, not offered whole", () => {
  it("25 terse tools (over 20): the selection, without the tool the request does not name", async () => {
    const fillers = Object.fromEntries(
      Array.from({ length: 18 }, (_, i) => [`lookup_${i}`, define(`lookup_${i}`, `Look up record ${i}`)]),
    );
    const large = { ...terse, ...fillers };
    expect(Object.keys(large)).toHaveLength(25);
    const index = createToolIndex(large);
    const { activeTools } = await index.prepareStep({ stableTools: false })({ steps: [], messages: [user(NOTE)] });
    expect(activeTools).toEqual(["stripe_invoice"]);
    const { model, offered } = scriptedModel(sendNote);
    const run = generateText({
      model,
      tools: large,
      prepareStep: index.prepareStep(),
      stopWhen: isStepCount(3),
      prompt: NOTE,
    });
    await expect(run).rejects.toBeInstanceOf(ToolNotOfferedError);
    expect(offered).toEqual([["stripe_invoice"]]);
  });

  it("seven tools whose definitions take more than 3000 tokens: selected", async () => {
    // About 1,800 characters of parameter description each: 7 × ~1,850 characters > 12,000 (3000 tokens).
    const verbose = Object.fromEntries(
      Object.entries(TERSE).map(([name, description]) => [name, define(name, description, "x".repeat(1800))]),
    );
    const index = createToolIndex(verbose);
    const { activeTools } = await index.prepareStep({ stableTools: false })({ steps: [], messages: [user(NOTE)] });
    expect(activeTools).toEqual(["stripe_invoice"]);
    // The same catalog within a bound of 4000 tokens is offered whole again.
    const roomy = index.prepareStep({ stableTools: false, smallCatalog: { tokens: 4000 } });
    expect(sorted((await roomy({ steps: [], messages: [user(NOTE)] })).activeTools!)).toEqual(sorted(names));
  });

  it("smallCatalog { tools } and { tokens } set the bounds, each alone (the other keeps its default)", async () => {
    const index = createToolIndex(terse);
    const offered = async (smallCatalog: { tools?: number; tokens?: number }) =>
      (await index.prepareStep({ stableTools: false, smallCatalog })({ steps: [], messages: [user(NOTE)] }))
        .activeTools;
    expect(await offered({ tools: 3 })).toEqual(["stripe_invoice"]);
    expect(await offered({ tokens: 50 })).toEqual(["stripe_invoice"]);
    expect(await offered({ tools: 0 })).toEqual(["stripe_invoice"]);
    // At most `tools`: a catalog of exactly that many is offered whole; one more is selected.
    expect(sorted((await offered({ tools: names.length }))!)).toEqual(sorted(names));
    expect(await offered({ tools: names.length - 1 })).toEqual(["stripe_invoice"]);
    // In a loop: with a bound of 3 the tool the request does not name is not offered.
    const { model } = scriptedModel(sendNote);
    const run = generateText({
      model,
      tools: terse,
      prepareStep: index.prepareStep({ smallCatalog: { tools: 3 } }),
      stopWhen: isStepCount(3),
      prompt: NOTE,
    });
    await expect(run).rejects.toBeInstanceOf(ToolNotOfferedError);
  });
});

describe("the middleware and Mastra's processor apply the same rule", () => {
  it("index.middleware() under wrapLanguageModel: the whole catalog by default, the selection with false", async () => {
    const index = createToolIndex(terse);
    const whole = scriptedModel(sendNote);
    const result = await generateText({
      model: wrapLanguageModel({ model: whole.model, middleware: index.middleware() }),
      tools: terse,
      stopWhen: isStepCount(3),
      prompt: NOTE,
    });
    expect(result.text).toBe("Told Tom.");
    // Every step: the whole catalog (the middleware keeps the call's own order of tools).
    expect(whole.offered).toHaveLength(2);
    for (const step of whole.offered) expect(sorted(step)).toEqual(sorted(names));
    const strict = scriptedModel(sendNote);
    const run = generateText({
      model: wrapLanguageModel({ model: strict.model, middleware: index.middleware({ smallCatalog: false }) }),
      tools: terse,
      stopWhen: isStepCount(3),
      prompt: NOTE,
    });
    await expect(run).rejects.toBeInstanceOf(ToolNotOfferedError);
    expect(strict.offered).toEqual([["stripe_invoice"]]);
    // A thank-you gets no catalog tool through the middleware either.
    const chat = scriptedModel([{ text: "You're welcome!" }]);
    const reply = await generateText({
      model: wrapLanguageModel({ model: chat.model, middleware: index.middleware() }),
      tools: terse,
      messages: [user(NOTE), { role: "assistant", content: "Told Tom." }, user("thanks!")],
    });
    expect(reply.text).toBe("You're welcome!");
    expect(chat.offered).toEqual([[]]);
  });

  it("toolsiftProcessor in Mastra's agent loop: the whole catalog by default, the selection with false", async () => {
    const calls: string[] = [];
    const mastraTools = Object.fromEntries(
      Object.entries(TERSE).map(([id, description]) => [
        id,
        createTool({
          id,
          description,
          inputSchema: z.object({ text: z.string() }),
          execute: async () => (calls.push(id), `${id} done`),
        }),
      ]),
    );
    const agentWith = (options: { smallCatalog?: false }) => {
      const scripted = mastraScriptedModel([
        { call: "gmail_send", input: { text: "Invoice sent" } },
        { text: "Told Tom." },
      ]);
      const index = createToolIndex(mastraTools);
      const agent = new Agent({
        id: "assistant",
        name: "assistant",
        instructions: "Help the user.",
        model: scripted.model as never,
        tools: mastraTools,
        inputProcessors: [toolsiftProcessor(index, options)],
      });
      return { agent, ...scripted };
    };
    const whole = agentWith({});
    const result = await whole.agent.generate(NOTE);
    expect(result.text).toBe("Told Tom.");
    expect(whole.refused).toEqual([]);
    expect(calls).toEqual(["gmail_send"]);
    expect(whole.offered.length).toBeGreaterThan(0);
    for (const step of whole.offered) expect(sorted(step)).toEqual(sorted(names));
    const selected = agentWith({ smallCatalog: false });
    const refused = await selected.agent.generate(NOTE);
    expect(selected.refused).toEqual(["gmail_send"]);
    expect(refused.text).toBe("not offered: gmail_send");
    expect(selected.offered[0]).toEqual(["stripe_invoice"]);
    expect(calls).toEqual(["gmail_send"]);
  });
});

describe("invalid smallCatalog values are refused, naming the option", () => {
  const index = createToolIndex(terse);
  const adapters = {
    prepareStep: (options: object) => index.prepareStep(options as never),
    middleware: (options: object) => index.middleware(options as never),
    toolsiftProcessor: (options: object) => toolsiftProcessor(index, options as never),
  };

  for (const [where, make] of Object.entries(adapters)) {
    it(`${where}`, () => {
      expect(() => make({ smallCatalog: "yes" })).toThrow(
        expect.objectContaining({
          code: "INVALID_OPTION",
          message: expect.stringContaining(
            `${where}: option "smallCatalog" must be true, false or { tools?, tokens? }, got the string "yes"`,
          ),
        }),
      );
      expect(() => make({ smallCatalog: { tools: -1 } })).toThrow(
        expect.objectContaining({
          code: "INVALID_OPTION",
          message: expect.stringContaining(`${where}: option "smallCatalog.tools" must be an integer ≥ 0, got -1`),
        }),
      );
      expect(() => make({ smallCatalog: { tokens: 2.5 } })).toThrow(/option "smallCatalog.tokens" must be an integer/);
      expect(() => make({ smallCatalog: null })).toThrow(/option "smallCatalog" must be true, false or/);
      expect(() => make({ smallCatalog: [20] })).toThrow(/option "smallCatalog" must be true, false or/);
      expect(() => make({ smallCatalog: { token: 5 } })).toThrow(
        expect.objectContaining({
          code: "UNKNOWN_OPTION",
          message: expect.stringContaining(
            `${where}: unknown option "smallCatalog.token"; did you mean "smallCatalog.tokens"?`,
          ),
        }),
      );
      // A misspelt option name itself gets "did you mean" too.
      expect(() => make({ smallCatalogue: false })).toThrow(
        /unknown option "smallCatalogue"; did you mean "smallCatalog"\?/,
      );
    });
  }
});

describe("inConversation delivers a small catalog whole at the first turn that asks for something", () => {
  const delivered = (messages: readonly ModelMessage[]) =>
    messages.flatMap(
      (message) => (message.providerOptions?.toolsift as { delivered?: string[] } | undefined)?.delivered ?? [],
    );

  it("every definition, ranked tools first, for a request that shares no word with the tool it needs", async () => {
    const index = createToolIndex(terse);
    const { messages } = await index.inConversation(terse).prepareStep({ messages: [user(NOTE)] });
    const names = delivered(messages);
    expect(sorted(names)).toEqual(sorted(Object.keys(terse)));
    expect(names[0]).toBe((await rankedFor(index, NOTE))[0]);
    // smallCatalog: false selects as before: gmail_send is not among the ranked tools of this request.
    const selected = await index.inConversation(terse, { smallCatalog: false }).prepareStep({ messages: [user(NOTE)] });
    expect(delivered(selected.messages)).not.toContain("gmail_send");
  });

  it("nothing to a turn of chat only", async () => {
    const { messages } = await createToolIndex(terse)
      .inConversation(terse)
      .prepareStep({ messages: [user("thanks, that's all for today")] });
    expect(delivered(messages)).toEqual([]);
  });
});
