// The session-cost bench's bill model (scripts/session-cost/bill.mjs) on hand-computed requests: the expected
// figures come from js-tiktoken and the cache rules the bench writes down, not from the module under test.
import { getEncoding } from "js-tiktoken";
import { describe, expect, it } from "vitest";
import { createBillLedger, openaiCachedTokens } from "../../scripts/session-cost/bill.mjs";
import { systemPromptText, toolResultText } from "../../scripts/session-cost/tool-results.mjs";

const encoding = getEncoding("o200k_base");
const tokens = (part: unknown) => encoding.encode(JSON.stringify(part)).length;
const sum = (parts: unknown[]) => parts.reduce<number>((total, part) => total + tokens(part), 0);

const tool = (name: string) => ({
  name,
  description: `Does ${name}: ${toolResultText(name, {}).slice(0, 200)}`,
  input_schema: { type: "object", properties: { path: { type: "string" } } },
});
const message = (role: string, text: string) => ({ role, content: [{ type: "text", text }] });
const user = message("user", "list the files of the docs folder");
const answer = message("assistant", "Here they are.");
const followUp = message("user", "and the sizes?");

describe("the Anthropic cache model", () => {
  it("bills an exact extension as a read of the earlier request and a write of what it adds", () => {
    const tools = [tool("ls"), tool("cd")];
    const ledger = createBillLedger("anthropic");
    const first = ledger.add({ tools, messages: [user] });
    expect(first).toEqual({
      input: sum([...tools, user]),
      read: 0,
      write: sum([...tools, user]),
      uncached: 0,
      bill: 1.25 * sum([...tools, user]),
    });
    const second = ledger.add({ tools, messages: [user, answer, followUp] });
    const read = sum([...tools, user]);
    const write = sum([answer, followUp]);
    expect(second).toEqual({ input: read + write, read, write, uncached: 0, bill: 0.1 * read + 1.25 * write });
  });

  it("rewrites everything after a change in the tools, and reads the tools when only the messages change", () => {
    const ledger = createBillLedger("anthropic");
    ledger.add({ tools: [tool("ls"), tool("cd")], messages: [user] });
    const changed = ledger.add({ tools: [tool("ls"), tool("pwd")], messages: [user, answer] });
    const all = sum([tool("ls"), tool("pwd"), user, answer]);
    expect(changed).toEqual({ input: all, read: 0, write: all, uncached: 0, bill: 1.25 * all });
    // Same tools, a different first message: the breakpoint after the tools was written, the rest was not.
    const other = ledger.add({ tools: [tool("ls"), tool("pwd")], messages: [followUp] });
    const toolsTokens = sum([tool("ls"), tool("pwd")]);
    expect(other).toMatchObject({ read: toolsTokens, write: tokens(followUp), uncached: 0 });
  });

  it("freeTools (the floor row) bills tool definitions at 0 and everything else as before", () => {
    const tools = [tool("ls"), tool("cd")];
    const ledger = createBillLedger("anthropic", { freeTools: true });
    expect(ledger.add({ tools, messages: [user] })).toEqual({
      input: tokens(user),
      read: 0,
      write: tokens(user),
      uncached: 0,
      bill: 1.25 * tokens(user),
    });
    // The tools still key the prefix: a changed tool set re-bills the messages.
    expect(ledger.add({ tools: [tool("ls")], messages: [user, answer] })).toMatchObject({
      read: 0,
      write: sum([user, answer]),
    });
  });

  it("bills a deferred tool at 0 until a tool_reference loads it, then its definition where it appears", () => {
    const deferred = { ...tool("ls"), defer_loading: true };
    const ledger = createBillLedger("anthropic");
    expect(ledger.add({ tools: [deferred], messages: [user] }).input).toBe(tokens(user));
    const reference = {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "t1", content: [{ type: "tool_reference", tool_name: "ls" }] }],
    };
    const call = { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "search", input: {} }] };
    const loaded = ledger.add({ tools: [deferred], messages: [user, call, reference] });
    expect(loaded.input).toBe(sum([user, call, reference]) + tokens(deferred));
    expect(loaded.read).toBe(tokens(user));
  });

  it("does not count a cache_control marker as prompt text, and adds the breakpoints it sets", () => {
    const ledger = createBillLedger("anthropic");
    const marked = { ...user, content: [{ ...user.content[0], cache_control: { type: "ephemeral" } }] };
    ledger.add({ tools: [tool("ls")], messages: [marked, answer] });
    // The marked first message was written, so a request that keeps it and changes what follows reads it.
    expect(ledger.add({ tools: [tool("ls")], messages: [user, followUp] })).toMatchObject({
      read: sum([tool("ls"), user]),
      write: tokens(followUp),
    });
  });
});

describe("the OpenAI cache model", () => {
  it("caches nothing under 1,024 tokens and then whole steps of 128", () => {
    expect(openaiCachedTokens(0)).toBe(0);
    expect(openaiCachedTokens(1023)).toBe(0);
    expect(openaiCachedTokens(1024)).toBe(1024);
    expect(openaiCachedTokens(1151)).toBe(1024);
    expect(openaiCachedTokens(1152)).toBe(1152);
    expect(openaiCachedTokens(2000)).toBe(1024 + 7 * 128);
  });

  it("prices a request's prefix shared with an earlier one by that rule, and a short prefix at full price", () => {
    const functionTool = (name: string) => ({
      type: "function",
      name,
      description: toolResultText(name, {}),
      parameters: {},
    });
    const tools = ["ls", "cd", "pwd", "mv", "cp", "rm", "cat", "grep", "find", "touch"].map(functionTool);
    const input = [{ role: "user", content: [{ type: "input_text", text: "list the files" }] }];
    const more = [...input, { role: "assistant", content: [{ type: "output_text", text: "Done." }] }];
    const shared = sum([...tools, ...input]);
    expect(shared).toBeGreaterThan(1024);
    const ledger = createBillLedger("openai");
    expect(ledger.add({ tools, input })).toMatchObject({ read: 0, uncached: shared });
    const next = ledger.add({ tools, input: more });
    const cached = 1024 + Math.floor((shared - 1024) / 128) * 128;
    expect(next).toMatchObject({ read: cached, uncached: shared + tokens(more[1]) - cached });
    expect(next.bill).toBeCloseTo(0.1 * cached + (shared + tokens(more[1]) - cached));

    const small = createBillLedger("openai");
    small.add({ tools: tools.slice(0, 1), input });
    expect(small.add({ tools: tools.slice(0, 1), input: more }).read).toBe(0);
  });
});

describe("the tools' results", () => {
  it("are 120–300 o200k tokens, the same for the same call", () => {
    const lengths = Array.from({ length: 200 }, (_, i) => encoding.encode(toolResultText("ls", { i })).length);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(120);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(300);
    expect(toolResultText("ls", { i: 3 })).toBe(toolResultText("ls", { i: 3 }));
    expect(toolResultText("ls", { i: 3 })).not.toBe(toolResultText("cd", { i: 3 }));
  });

  it("take the production size's range (300–500), and the system prompt its size", () => {
    const range = { min: 300, max: 500 };
    const lengths = Array.from({ length: 200 }, (_, i) => encoding.encode(toolResultText("ls", { i }, range)).length);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(300);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(500);
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeGreaterThan(100);
    expect(encoding.encode(systemPromptText(2000)).length).toBeGreaterThanOrEqual(1990);
    expect(encoding.encode(systemPromptText(2000)).length).toBeLessThanOrEqual(2010);
    expect(systemPromptText(0)).toBe("");
  });
});
