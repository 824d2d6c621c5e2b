// onNoMatch "guess" (the default above 20 tools): a request nothing reached the relevance bar of is offered the
// ranking's best few guesses when the best shows evidence of a task, in real AI SDK loops with a scripted model that
// refuses tools it was not offered; an off-topic question still gets none.
import { readFileSync } from "node:fs";
import { generateText, isStepCount, jsonSchema } from "ai";
import { describe, expect, it } from "vitest";
import { isWeakGuess } from "../../src/agent/offer-policy.js";
import type { PrepareStepEvent } from "../../src/agent/prepare-step.js";
import { createToolIndex } from "../../src/index.js";
import { terseCatalog } from "./terse-catalog.js";
import { scriptedModel, ToolNotOfferedError } from "./mock-model.js";

const catalog = terseCatalog;
const index = createToolIndex(catalog);
const object = (...names: string[]) => ({
  type: "object",
  properties: Object.fromEntries(names.map((name) => [name, { type: "string" }])),
});
const jsonObject = jsonSchema<Record<string, unknown>>({ type: "object", properties: {} });
const user = (content: string) => [{ role: "user" as const, content }];

function recorded(options: Parameters<typeof index.prepareStep>[0] = {}) {
  const events: PrepareStepEvent[] = [];
  const prepare = index.prepareStep({ stableTools: false, ...options, onEvent: (event) => events.push(event) });
  return { prepare, events };
}

describe('onNoMatch "guess"', () => {
  it("offers the best guesses for a typo of a tool's name, and the model can call the one it needs", async () => {
    const text = "slak priya im running late";
    // Nothing reaches the relevance bar: select alone gives nothing.
    expect(await index.select(text)).toEqual([]);
    const { prepare, events } = recorded();
    const model = scriptedModel([
      { toolCalls: [{ toolName: "slack_post_message", input: { name: "priya", text: "running late" } }] },
      { text: "Sent." },
    ]);
    const tools = Object.fromEntries(
      catalog.map(({ name, description }) => [
        name,
        { description, inputSchema: jsonObject, execute: async () => "ok" },
      ]),
    );
    const result = await generateText({
      model: model.model,
      tools,
      prepareStep: prepare,
      stopWhen: isStepCount(3),
      prompt: text,
    });
    expect(result.text).toBe("Sent.");
    expect(model.offered[0]).toContain("slack_post_message");
    expect(model.offered[0].length).toBeLessThanOrEqual(3);
    expect(events[0]).toEqual({
      type: "no-match",
      query: text,
      reason: "nothing-relevant",
      offered: "guess",
      guesses: model.offered[0],
      message: `no tool is relevant to the query; this call is offered the ranking's best guesses (${model.offered[0].join(", ")})`,
    });
  });

  it("offers guesses for two words met in a tool, one in its name", async () => {
    const text = "ditch the sync meeting on friday";
    expect(await index.select(text)).toEqual([]);
    const { prepare } = recorded();
    const { activeTools } = await prepare({ steps: [], messages: user(text) });
    expect(activeTools?.[0]).toBe("gcal_delete_event");
  });

  it("offers guesses for a value the request gives that a tool takes: a handle, an address", async () => {
    const { prepare } = recorded();
    // "@jwu" is a handle: a user. Without the @ it is an unknown word, and nothing is offered.
    expect((await prepare({ steps: [], messages: user("who's @jwu, what team is he on") })).activeTools).toContain(
      "slack_get_user",
    );
    expect(await prepare({ steps: [], messages: user("who's jwu, what team is he on") })).toEqual({ activeTools: [] });
    // A key is something to act on: with a word of the request met ("tag" as a note's word), the best guesses.
    const tagged = await prepare({ steps: [], messages: user("tag ENG-377 with regression") });
    expect(tagged.activeTools).toContain("jira_get_issue");
  });

  it("offers guesses for a word English seldom uses, met as a tool's name writes it", async () => {
    const withS3 = createToolIndex([
      ...catalog,
      { name: "aws_s3_get_object", description: "Get an object" },
      { name: "aws_s3_list", description: "List a bucket" },
    ]);
    // "s3" inside a path is a value: no select, but a guess.
    const text = "cat /mnt/s3/acme-config/app.yaml";
    expect(await withS3.select(text)).toEqual([]);
    const prepare = withS3.prepareStep({ stableTools: false });
    expect((await prepare({ steps: [], messages: user(text) })).activeTools).toContain("aws_s3_get_object");
    // As an address's scheme it names the system the address is in: selected outright.
    expect(await withS3.select("cat s3://acme-config/prod/app.yaml")).toContain("aws_s3_get_object");
  });

  it("offers guesses for shorthand met in a tool's name as the word it shortens", async () => {
    const withIt = createToolIndex([
      ...catalog,
      { name: "it_reset_password", description: "Reset a login" },
      { name: "it_request_access", description: "Request access to an app" },
    ]);
    const text = "forgot my pw";
    expect(await withIt.select(text)).toEqual([]);
    const prepare = withIt.prepareStep({ stableTools: false });
    expect((await prepare({ steps: [], messages: user(text) })).activeTools?.[0]).toBe("it_reset_password");
    // The word written out is read as itself: selected outright.
    expect(await withIt.select("forgot my password")).toEqual(["it_reset_password"]);
  });

  it("offers guesses for a request led by a word of a tool's name that gives a name", async () => {
    const text = "bill Initech $2,400 for the march retainer";
    expect(await index.select(text)).toEqual([]);
    const { prepare } = recorded();
    expect((await prepare({ steps: [], messages: user(text) })).activeTools).toContain("stripe_get_invoice");
    // Led by a word of a name, naming nothing (a day is no name): the model writes it, no tool.
    const haiku = recorded();
    expect(await haiku.prepare({ steps: [], messages: user("write me a haiku about Mondays") })).toEqual({
      activeTools: [],
    });
  });

  it("offers nothing to an off-topic question, however a common word meets a parameter", async () => {
    for (const text of ["what's a good name for a cat", "how many moons does Jupiter have?"]) {
      const { prepare, events } = recorded();
      expect(await prepare({ steps: [], messages: user(text) })).toEqual({ activeTools: [] });
      expect(events).toEqual([expect.objectContaining({ reason: "nothing-relevant", offered: "none" })]);
    }
  });

  it("reads a time as the parameters that take one, but offers no guess for a time alone", async () => {
    const timed = createToolIndex([
      ...catalog,
      {
        name: "cal_list_events",
        description: "List events",
        parameters: { type: "object", properties: { time_min: { type: "string" }, time_max: { type: "string" } } },
      },
      {
        name: "cal_update_event",
        description: "Update event",
        parameters: { type: "object", properties: { event_id: { type: "string" }, start: { type: "string" } } },
      },
    ]);
    // "3pm" shares no word with any tool: it says when, and the tools taking a time rank first.
    const ranked = await timed.selectWithScores("push my 3pm to 4", { minRelevance: 0, maxTools: 2 });
    expect(ranked.results.map((tool) => tool.name).sort()).toEqual(["cal_list_events", "cal_update_event"]);
    expect(ranked.results[0].match).toEqual([expect.objectContaining({ word: "3pm", kind: "synonym" })]);
    // With a word of the request met ("move"), the tools taking a time come with the mover.
    expect(await timed.select("move my 3pm to friday")).toEqual(
      expect.arrayContaining(["gdrive_move", "cal_update_event", "cal_list_events"]),
    );
    // Beside a sure match, a tool only the time meets does not come along: the time says when that task is.
    const travel = createToolIndex([
      { name: "get_weather", description: "Get the current weather forecast for a city", parameters: object("city") },
      { name: "create_calendar_event", description: "Create an event in the calendar", parameters: object("date") },
      { name: "book_hotel", description: "Book a hotel room in a city", parameters: object("city", "nights") },
      { name: "translate_text", description: "Translate text into another language", parameters: object("text") },
    ]);
    expect(await travel.select("What's the weather forecast in Paris today?")).toEqual(["get_weather"]);
    expect(await travel.select("What's on today? Anything in the calendar?")).toEqual(["create_calendar_event"]);
    // Nor where a name writes a time's reading: "tomorrow" read as the `end` of `zoom_end_meeting` is no name word.
    const named = createToolIndex([
      ...catalog,
      { name: "zoom_end_meeting", description: "End a meeting" },
      { name: "zoom_start_recording", description: "Start a recording" },
    ]).prepareStep({ stableTools: false });
    expect(await named({ steps: [], messages: user("what's a good name for my dog tomorrow") })).toEqual({
      activeTools: [],
    });
    // A time alone says when, not what: an off-topic question with one gets no guess.
    const events: PrepareStepEvent[] = [];
    const prepare = timed.prepareStep({ stableTools: false, onEvent: (event) => events.push(event) });
    expect(await prepare({ steps: [], messages: user("weather in berlin tomorrow") })).toEqual({ activeTools: [] });
    expect(events).toEqual([expect.objectContaining({ reason: "nothing-relevant", offered: "none" })]);
  });

  it("offers an opening request the tools whose name or description it meets, on no other turn", async () => {
    // "charge" is met as written in stripe_refund's description ("Refund a charge"): no evidence of a task, but
    // what the tool says it does. Only that tool is offered, and reported as a guess.
    const text = "that charge looked weird";
    expect(await index.select(text)).toEqual([]);
    const { prepare, events } = recorded();
    expect(await prepare({ steps: [], messages: user(text) })).toEqual({ activeTools: ["stripe_refund"] });
    expect(events).toEqual([expect.objectContaining({ offered: "guess", guesses: ["stripe_refund"] })]);
    // Later in a conversation the same words get none: a follow-up's words are read with the turn before.
    const later = [...user("hi"), { role: "assistant" as const, content: "Hi! What can I do?" }, ...user(text)];
    expect(await prepare({ steps: [], messages: later })).toEqual({ activeTools: [] });
    // Only the tools that show the evidence come, without another tool's companions.
    const related = createToolIndex(catalog, { relatedTools: { hs_create_contact: ["gcal_delete_event"] } });
    const relatedPrepare = related.prepareStep({ stableTools: false });
    expect(await relatedPrepare({ steps: [], messages: user(text) })).toEqual({ activeTools: ["stripe_refund"] });
    // A word that says when is no evidence, even written in a description.
    const digest = createToolIndex([
      ...catalog,
      { name: "misc_daily_digest", description: "Summarize today's activity" },
    ]);
    const digestPrepare = digest.prepareStep({ stableTools: false });
    expect(await digestPrepare({ steps: [], messages: user("who won the game today") })).toEqual({ activeTools: [] });
    // An everyday reading ("write" as create) is not what a tool says it does.
    expect(await prepare({ steps: [], messages: user("write me a haiku about Mondays") })).toEqual({ activeTools: [] });
    // A word as written among the values a parameter takes ("paid" of a status filter) is what the tool reads by.
    const invoices = {
      name: "stripe_list_invoices",
      description: "List invoices, filter by cust/status",
      parameters: {
        type: "object",
        properties: { status: { type: "string", enum: ["draft", "open", "paid", "void"] } },
      },
    };
    const withStatus = createToolIndex([...catalog, invoices]).prepareStep({ stableTools: false });
    expect(await withStatus({ steps: [], messages: user("has Globex paid what they owe us") })).toEqual({
      activeTools: ["stripe_list_invoices"],
    });
    const met = { word: "charge", term: "charg", kind: "exact", credit: 0.1 } as const;
    expect(isWeakGuess([{ ...met, field: "description" }])).toBe(true);
    expect(isWeakGuess([{ ...met, field: "parameterDescriptions" }])).toBe(false);
    expect(isWeakGuess([{ ...met, field: "name", kind: "synonym" }])).toBe(false);
  });

  it('"none" never guesses; "guess" guesses on a catalog the small-catalog rule would offer whole', async () => {
    const text = "slak priya im running late";
    const none = recorded({ onNoMatch: "none" });
    expect(await none.prepare({ steps: [], messages: user(text) })).toEqual({ activeTools: [] });
    const tools = Object.fromEntries(
      catalog.map(({ name, description }) => [name, { description, inputSchema: jsonObject }]),
    );
    const eager = scriptedModel([{ toolCalls: [{ toolName: "slack_post_message", input: {} }] }]);
    await expect(
      generateText({ model: eager.model, tools, prepareStep: none.prepare, prompt: text }),
    ).rejects.toBeInstanceOf(ToolNotOfferedError);
    const small = createToolIndex(catalog.slice(0, 12)).prepareStep({ stableTools: false, onNoMatch: "guess" });
    const guessed = await small({ steps: [], messages: user(text) });
    expect(guessed.activeTools).toContain("slack_post_message");
    expect(guessed.activeTools!.length).toBeLessThanOrEqual(3);
  });

  it("offers up to five guesses in a catalog of at most 100 tools, three above", async () => {
    // bench/everyday's 60-tool SaaS catalog, as its developers wrote it: the DM tool is the ranking's fourth guess.
    const saas = (
      JSON.parse(readFileSync(new URL("../../bench/everyday/catalogs/saas.json", import.meta.url), "utf8")) as {
        tools: { name: string; description: string; inputSchema: object }[];
      }
    ).tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
    const text = "tell marcus the standup moved to 10";
    const offered = async (tools: typeof saas) =>
      (await createToolIndex(tools).prepareStep({ stableTools: false })({ steps: [], messages: user(text) }))
        .activeTools!;
    const mid = await offered(saas);
    // Five ranked guesses (the DM tool fourth), and the finder of the first one's event id.
    expect(mid).toEqual([
      "gcal_delete_event",
      "gmail_send",
      "gcal_create_event",
      "slack_send_dm",
      "gcal_update_event",
      "gcal_list_events",
    ]);
    // The same catalog with 41 more tools no word of the request meets: three guesses, and the finder.
    const padding = Array.from({ length: 41 }, (_, at) => ({
      name: `ledger_archive_${at}`,
      description: `Archive ledger partition ${at}`,
      inputSchema: object("partition"),
    }));
    expect(await offered([...saas, ...padding])).toEqual([
      "gcal_delete_event",
      "gmail_send",
      "gcal_create_event",
      "gcal_list_events",
    ]);
  });

  it("guesses only at a turn's first step", async () => {
    const { prepare } = recorded({ steps: { escalate: false } });
    const text = "slak priya im running late";
    const step = { toolCalls: [{ toolName: "slack_get_user" }], toolResults: [] };
    const later = await prepare({ steps: [step] as never, messages: user(text) });
    expect(later.activeTools).toEqual(["slack_get_user"]);
  });
});
