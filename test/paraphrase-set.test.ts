// The paraphrase benchmark set (test/fixtures/paraphrase/): big enough, well formed, and every query shares no
// analysed term with its expected tool's name or description, so keyword search alone cannot carry it. The checker
// that says so is itself checked on hand-made sets, one per documented rule, and the overlap rule once more without it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkParaphraseSet, type ParaphraseQuery, type ParaphraseTool } from "./fixtures/paraphrase/check.mjs";
import { tokenize } from "../src/core/tokenizer.js";

const load = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`./fixtures/paraphrase/${file}`, import.meta.url), "utf8")) as T;
const catalog = load<ParaphraseTool[]>("catalog.json");
const queries = load<ParaphraseQuery[]>("queries.json");

describe("paraphrase set", () => {
  it("has at least 60 queries over at least 30 tools", () => {
    expect(queries.length).toBeGreaterThanOrEqual(60);
    expect(catalog.length).toBeGreaterThanOrEqual(30);
  });

  it("breaks no rule", () => {
    expect(checkParaphraseSet(catalog, queries, tokenize)).toEqual([]);
  });

  it("gives every tool at least one query", () => {
    const expected = new Set(queries.map((query) => query.expected));
    expect(catalog.map((tool) => tool.name).filter((name) => !expected.has(name))).toEqual([]);
  });

  // fixtures/paraphrase/README.md: "none of those words appear in the right tool's name or description". Checked here
  // without toolsift's tokenizer (which the checker uses): the query's words as written, minus English function
  // words, against the words of the tool's name (split at underscores) and description.
  it("no query repeats a word of its expected tool's name or description, as written", () => {
    const tools = new Map(catalog.map((tool) => [tool.name, tool]));
    const shared = queries.flatMap(({ query, expected }) => {
      const tool = tools.get(expected)!;
      const toolWords = new Set(writtenWords(`${tool.name.replaceAll("_", " ")} ${tool.description}`));
      return writtenWords(query)
        .filter((word) => !FUNCTION_WORDS.has(word) && toolWords.has(word))
        .map((word) => `"${query}" → ${expected}: ${word}`);
    });
    expect(shared).toEqual([]);
  });
});

/** Lower-cased words as written: runs of letters and digits. */
const writtenWords = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** English articles, pronouns, prepositions, conjunctions and auxiliaries: words no tool is found by. */
const FUNCTION_WORDS = new Set(
  (
    "a an the this that these those my your our their his her its it i we you they me us them " +
    "to in on at of for from with by into onto off up out over about as and or but if so than then when while " +
    "is are was were be been am do does did can could will would should may might must has have had not no"
  ).split(" "),
);

// The rules as fixtures/paraphrase/README.md states them, on a hand-made set that keeps them all and on copies that
// each break one: the checker must pass the first and name exactly the broken rule in each copy.
describe("checkParaphraseSet on known-good and known-bad sets", () => {
  const refund: ParaphraseTool = {
    name: "stripe_create_refund",
    description: "Refund a payment to the card it came from.",
    parameters: { type: "object", properties: { charge: { description: "The charge identifier." } } },
  };
  const message: ParaphraseTool = {
    name: "slack_send_message",
    description: "Post a message to a channel.",
    parameters: {
      type: "object",
      properties: { channel: { description: "Channel name." }, text: { description: "Message text." } },
      required: ["channel", "text"],
    },
  };
  const good: ParaphraseQuery[] = [
    { query: "give the customer their money back", expected: "stripe_create_refund" },
    // Overlap with the tool's parameters ("charge") is allowed.
    { query: "undo the charge on order 1042", expected: "stripe_create_refund" },
    // Overlap with another tool ("refund") is allowed: a distractor.
    { query: "tell the team the refund went through", expected: "slack_send_message", alternatives: [] },
    { query: "ping everyone about the outage", expected: "slack_send_message" },
  ];
  const check = (catalog: ParaphraseTool[], queries: ParaphraseQuery[]) =>
    checkParaphraseSet(catalog, queries, tokenize).map((violation) => violation.kind);
  const withQuery = (query: ParaphraseQuery) => check([refund, message], [...good, query]);
  const withTool = (tool: ParaphraseTool) => check([refund, message, tool], good);
  const otherTool = (change: Partial<ParaphraseTool>): ParaphraseTool => ({
    name: "zoom_create_meeting",
    description: "Schedule a video meeting.",
    parameters: { type: "object", properties: { topic: { description: "Meeting topic." } } },
    ...change,
  });

  it("passes a set that keeps every rule", () => {
    expect(check([refund, message], good)).toEqual([]);
  });

  it("overlap: a word of the tool's name or description, stemmed, or a part of its name", () => {
    expect(withQuery({ query: "refunds for my order please", expected: "stripe_create_refund" })).toEqual(["overlap"]);
    expect(withQuery({ query: "put it back on both cards", expected: "stripe_create_refund" })).toEqual(["overlap"]);
    expect(withQuery({ query: "drop a note on slack", expected: "slack_send_message" })).toEqual(["overlap"]);
  });

  it("duplicate-query: the same query up to case and punctuation", () => {
    expect(withQuery({ query: "Give the customer their money back!", expected: "stripe_create_refund" })).toEqual([
      "duplicate-query",
    ]);
  });

  it("missing-tool: an expected or alternative tool outside the catalog", () => {
    expect(withQuery({ query: "book a room for friday", expected: "google_calendar_book_room" })).toEqual([
      "missing-tool",
    ]);
    expect(
      withQuery({ query: "book a room for friday", expected: "slack_send_message", alternatives: ["room_book"] }),
    ).toEqual(["missing-tool"]);
  });

  it("query: 2–15 words, and an alternative is not the expected tool", () => {
    expect(withQuery({ query: "cashback", expected: "stripe_create_refund" })).toEqual(["query"]);
    const sixteen = "we need to give this person back every cent they spent with us on that order";
    expect(sixteen.split(" ")).toHaveLength(16);
    expect(withQuery({ query: sixteen, expected: "stripe_create_refund" })).toEqual(["query"]);
    expect(
      withQuery({ query: "shout it out loud", expected: "slack_send_message", alternatives: ["slack_send_message"] }),
    ).toEqual(["query"]);
  });

  it("per-tool-cap: at most 3 queries expect one tool", () => {
    expect(withQuery({ query: "make the buyer whole again", expected: "stripe_create_refund" })).toEqual([]);
    expect(
      check(
        [refund, message],
        [
          ...good,
          { query: "make the buyer whole again", expected: "stripe_create_refund" },
          { query: "return the cash", expected: "stripe_create_refund" },
        ],
      ),
    ).toEqual(["per-tool-cap"]);
  });

  it("duplicate-tool and catalog: unique snake_case names, a description, 1–4 described parameters", () => {
    expect(withTool(refund)).toEqual(["duplicate-tool"]);
    expect(withTool(otherTool({}))).toEqual([]);
    expect(withTool(otherTool({ name: "ZoomCreateMeeting" }))).toEqual(["catalog"]);
    expect(withTool(otherTool({ description: " " }))).toEqual(["catalog"]);
    expect(withTool(otherTool({ parameters: { type: "object", properties: {} } }))).toEqual(["catalog"]);
    const five = Object.fromEntries(["a", "b", "c", "d", "e"].map((name) => [name, { description: `Field ${name}.` }]));
    expect(withTool(otherTool({ parameters: { type: "object", properties: five } }))).toEqual(["catalog"]);
    expect(withTool(otherTool({ parameters: { type: "object", properties: { topic: {} } } }))).toEqual(["catalog"]);
    expect(
      withTool(
        otherTool({
          parameters: { type: "object", properties: { topic: { description: "Topic." } }, required: ["agenda"] },
        }),
      ),
    ).toEqual(["catalog"]);
  });
});
