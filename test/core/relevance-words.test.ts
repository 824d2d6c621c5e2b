// How relevance weighs a query's words: catalog words by IDF, values and conversation low or not at all.
import { describe, expect, it } from "vitest";
import { buildPostings } from "../../src/core/bm25f.js";
import { DEFAULT_FIELD_WEIGHTS, type ToolFields } from "../../src/core/fields.js";
import { queryWords } from "../../src/core/relevance.js";
import { isSmallTalk } from "../../src/core/relevance-words.js";
import { isChitChat } from "../../src/conversation/small-talk.js";
import { tokenize } from "../../src/core/tokenizer.js";

const tool = (name: string, description: string): ToolFields => ({
  name,
  description,
  parameterNames: "",
  parameterDescriptions: "",
  enumValues: "",
});

const postings = buildPostings(
  [
    tool("move_file", "Move a file to a folder."),
    tool("copy_file", "Copy a file to a folder."),
    tool("send_email", "Send an email."),
  ],
  DEFAULT_FIELD_WEIGHTS,
);

const weights = (text: string) =>
  Object.fromEntries(queryWords(postings, tokenize(text), text).map((word) => [word.surface, word.weight]));

describe("queryWords", () => {
  it("weighs a catalog word by its IDF against a word the catalog lacks (1)", () => {
    const { move, file, banana } = weights("move file banana");
    expect(banana).toBe(1);
    // "move" is in one tool of three, "file" in two: rarer is heavier, both under an unknown word.
    expect(move).toBeLessThan(1);
    expect(file).toBeLessThan(move);
  });

  it("weighs values low: quoted text, identifiers and paths, words with digits, names inside the query", () => {
    const found = weights("move 'quarterly' and report_2024.pdf to Lisbon 5th");
    for (const value of ["quarterly", "report", "pdf", "lisbon", "5th"]) expect(found[value]).toBe(0.3);
  });

  it("gives conversation, conversational phrases and repeats no weight", () => {
    const found = queryWords(postings, tokenize("thanks, sounds good: move move"), "thanks, sounds good: move move");
    expect(found.map((word) => [word.surface, word.weight > 0])).toEqual([
      ["thanks", false],
      ["sounds", false],
      ["good", false],
      ["move", true],
      ["move", false],
    ]);
  });

  it("reads 'tell' as conversation only when it is told to me or us: telling someone else is a message", () => {
    expect(weights("tell me a joke").tell).toBe(0);
    expect(weights("tell us about it").tell).toBe(0);
    expect(weights("tell marcus the standup moved").tell).toBeGreaterThan(0);
    expect(isSmallTalk("tell me a joke")).toBe(true);
    expect(isSmallTalk("thanks, tell me")).toBe(true);
    expect(isSmallTalk("thanks, tell marcus")).toBe(false);
    // The wider chat reading (what a turn is offered) too: "on it" is chat, telling them so is a reply to send.
    expect(isChitChat("on it, thanks")).toBe(true);
    expect(isChitChat("tell them we're on it")).toBe(false);
    expect(isChitChat("tell me a joke")).toBe(true);
  });

  it("reads a conversational phrase with words that say when as chat; a question about a time asks", () => {
    expect(isChitChat("how are you today?")).toBe(true);
    expect(isChitChat("see you tomorrow")).toBe(true);
    expect(isChitChat("what's on today")).toBe(false);
    expect(isChitChat("ok, tomorrow then")).toBe(false);
    // A reply that settles a time, or names a slot, is about a task.
    expect(isChitChat("sounds good, 3pm then")).toBe(false);
    expect(isChitChat("ok see you at 3pm")).toBe(false);
    expect(isChitChat("how are you today? book the 3pm")).toBe(false);
  });

  it("shares are of the whole query, or of two unknown words' worth when the query holds more", () => {
    const thirty = buildPostings(
      Array.from({ length: 30 }, (_, i) => tool(`tool_${i}`, `Tool number ${i}.`)),
      DEFAULT_FIELD_WEIGHTS,
    );
    const short = queryWords(thirty, tokenize("banana"), "banana");
    expect(short[0].share).toBe(1);
    const long = queryWords(thirty, tokenize("banana cherry mango papaya"), "banana cherry mango papaya");
    for (const word of long) expect(word.share).toBe(0.5);
  });

  it("scales shares up in a catalog of fewer than 30 tools, by (30 / tools) ** 0.12", () => {
    const short = queryWords(postings, tokenize("banana"), "banana");
    expect(short[0].share).toBeCloseTo(10 ** 0.12, 10);
    const long = queryWords(postings, tokenize("banana cherry mango papaya"), "banana cherry mango papaya");
    for (const word of long) expect(word.share).toBeCloseTo(10 ** 0.12 / 2, 10);
  });
});

describe("small talk", () => {
  it("is a turn of conversation only; a number or identifier to act on is not", () => {
    for (const text of ["thanks!", "ok, great", "thank you so much", "lol ok", ""])
      expect(isSmallTalk(text), text).toBe(true);
    // An elliptic request carries its object as a value ("same for 10519", "and PROJ-78?").
    for (const text of ["same for 10519", "ok now 4412", "and PROJ-78?"]) expect(isSmallTalk(text), text).toBe(false);
  });
});
