// Hostile catalog text (issue 13): a malformed $ref is INVALID_SCHEMA naming the tool and the pointer, and the
// compound split does work linear in a word's length (counted through the lookups it makes, not timed).
import { describe, expect, it } from "vitest";
import { MAX_COMPOUND_LENGTH, splitIntoKnownWords } from "../../src/core/bm25f.js";
import { createToolIndex } from "../../src/index.js";

describe("a malformed $ref", () => {
  it("is INVALID_SCHEMA naming the tool and the pointer, not a raw URIError", async () => {
    const index = createToolIndex({
      lookup: {
        description: "Look something up.",
        inputSchema: { type: "object", properties: { a: { $ref: "#/%" } } },
      },
    });
    const error = await index.warmUp().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({
      name: "ToolsiftError",
      code: "INVALID_SCHEMA",
      details: { tool: "lookup", pointer: "#/%" },
    });
    expect((error as Error).message).toContain('Tool "lookup"');
    expect((error as Error).message).toContain('"#/%"');
  });
});

/** A known-words map that counts the characters of every key it is asked for (what hashing and slicing cost). */
function countingMap(words: string[]) {
  const map = new Map(words.map((word, id) => [word, id]));
  let characters = 0;
  const counting = {
    get(key: string) {
      characters += key.length;
      return map.get(key);
    },
  } as unknown as ReadonlyMap<string, number>;
  return { counting, characters: () => characters };
}

describe("compound splitting cost", () => {
  it("looks up at most a constant number of characters, however long the word", () => {
    const costs = [10_000, 20_000, 1_048_576].map((length) => {
      const { counting, characters } = countingMap(["git", "hub", "a".repeat(length)]);
      expect(splitIntoKnownWords(counting, "a".repeat(length))).toBeUndefined();
      return characters();
    });
    // A word longer than MAX_COMPOUND_LENGTH is not split at all: no lookups, whatever its length.
    expect(costs).toEqual([0, 0, 0]);
  });

  it("still splits real closed compounds, up to MAX_COMPOUND_LENGTH letters", () => {
    const { counting } = countingMap(["git", "hub"]);
    expect(splitIntoKnownWords(counting, "github")).toEqual([0, 1]);
    const long = "x".repeat(MAX_COMPOUND_LENGTH / 2);
    const { counting: halves } = countingMap([long.slice(0, -1) + "y", long]);
    expect(splitIntoKnownWords(halves, `${long.slice(0, -1)}y${long}`)).toEqual([0, 1]);
    // At the limit the lookups stay within (length)² characters: bounded, since length ≤ MAX_COMPOUND_LENGTH.
  });

  it("indexes a catalog with a 1 MiB tool name and selects from it", async () => {
    const name = "z".repeat(1_048_576);
    // Over the default name limit (256): allowed here to measure the indexing cost of such a name.
    const index = createToolIndex(
      [
        { name, description: "A tool with an absurd name." },
        { name: "send_email", description: "Send an email." },
      ],
      { catalog: { limits: { nameLength: name.length } } },
    );
    expect(await index.select("send an email")).toEqual(["send_email"]);
  });
});
