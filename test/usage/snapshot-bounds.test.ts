// A hostile or overflowing usage snapshot is refused by field and value when read, and never written.
import { describe, expect, it } from "vitest";
import { createToolIndex, mergeUsage, type UsageSnapshot } from "../../src/index.js";
import { memoryUsageStore } from "../../src/storage/index.js";
import { UsageGraph } from "../../src/usage/usage-graph.js";
import { toSnapshot } from "../../src/usage/usage-snapshot.js";
import { conversation } from "./conversations.js";

const tools = {
  a_tool: { description: "open the door" },
  b_tool: { description: "close the window" },
  c_tool: { description: "turn on the light" },
};

function learnt(): Extract<UsageSnapshot, { version: 2 }> {
  const index = createToolIndex(tools);
  for (let turn = 0; turn < 3; turn++)
    index.learn(conversation([{ user: "open the door", calls: ["a_tool", "b_tool"] }]));
  return index.usage() as Extract<UsageSnapshot, { version: 2 }>;
}

/** The snapshot with each list's total (the decimal before ":") replaced. */
const withTotal = (snapshot: ReturnType<typeof learnt>, total: string) => ({
  ...snapshot,
  starts: snapshot.starts.replace(/^[^:]*/, total),
  next: snapshot.next.map((row) => row.replace(/^[^:]*/, total)),
});

const escaped = (text: string) => text.replace(/[[\]+.]/g, "\\$&");
const refusal = (field: string, value: string) =>
  expect.objectContaining({
    code: "INVALID_USAGE",
    message: expect.stringMatching(new RegExp(`"${escaped(field)}" must be .*, got ${escaped(value)}\\.`)),
  });

describe("usage snapshot bounds", () => {
  const good = learnt();

  it("the learnt snapshot loads (the cases below differ from it in one value)", () => {
    expect(good.conversations).toBe(3);
    expect(good.next.length).toBeGreaterThan(0);
    expect(createToolIndex(tools, { learning: { usage: good } }).usage()).toEqual(good);
  });

  it.each([NaN, -1e9, Infinity, 1.5, -1])("refuses conversations %s, naming the field and value", (conversations) => {
    expect(() => createToolIndex(tools, { learning: { usage: { ...good, conversations } } })).toThrow(
      refusal("conversations", String(conversations)),
    );
  });

  it("refuses a share above 1000 thousandths", () => {
    // "__" is the largest 2-digit share, 4095.
    const share = { ...good, next: good.next.map((row) => row.slice(0, -2) + "__") };
    expect(() => createToolIndex(tools, { learning: { usage: share } })).toThrow(refusal("next[0]", "4095"));
  });

  it("refuses a total above the bound", () => {
    expect(() => createToolIndex(tools, { learning: { usage: withTotal(good, "1e308") } })).toThrow(
      refusal("starts", "1e+308"),
    );
  });

  it("a store refuses to save what it could not load", async () => {
    await expect(memoryUsageStore().save({ ...good, conversations: NaN })).rejects.toMatchObject({
      code: "INVALID_USAGE",
    });
  });

  it("mergeUsage refuses a sum past the bound instead of writing a snapshot no load reads", () => {
    const large = withTotal(good, "6e11");
    expect(() => createToolIndex(tools, { learning: { usage: large } })).not.toThrow();
    expect(() => mergeUsage(large, large)).toThrow(
      expect.objectContaining({ code: "INVALID_USAGE", message: expect.stringMatching(/^mergeUsage: .*"starts"/) }),
    );
  });

  it("index.usage() never writes a non-finite value", () => {
    const graph = new UsageGraph();
    graph.conversations = Number.NaN;
    expect(() => toSnapshot(graph)).toThrow(refusal("conversations", "NaN"));
  });
});
