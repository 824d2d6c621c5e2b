// toolsift's createToolSet: the shared ai-tool-set spec, plus allowedTools and input validation (toolsift-only).
import { describe, expect, it, vi } from "vitest";
import { createToolSet, ToolsiftError } from "../../src/index.js";
import { allNames, hasUnfulfilledOrders, messagesWithPendingOrder, orderTools } from "./order-tools.js";
import { runToolSetSpec } from "./tool-set-spec.js";

runToolSetSpec("toolsift", createToolSet);

function thrown(action: () => unknown): ToolsiftError {
  try {
    action();
  } catch (error) {
    expect(ToolsiftError.isInstance(error)).toBe(true);
    return error as ToolsiftError;
  }
  return expect.fail("expected a ToolsiftError");
}

describe("allowedTools", () => {
  it("returns the names inferTools would activate, for the same input", () => {
    const toolSet = createToolSet({ tools: orderTools }).deactivate(["get_weather"]).activateWhen("cancel_order", ({ messages }) => hasUnfulfilledOrders(messages));
    for (const input of [undefined, {}, { messages: [] }, { messages: messagesWithPendingOrder }]) {
      expect(toolSet.allowedTools(input)).toEqual(toolSet.inferTools(input).activeTools);
    }
    expect(toolSet.allowedTools()).toEqual(["search", "list_orders"]);
    expect(toolSet.allowedTools({ messages: messagesWithPendingOrder })).toEqual(["search", "list_orders", "cancel_order"]);
  });

  it("is on mutable sets and follows their changes", () => {
    const toolSet = createToolSet({ tools: orderTools, mutable: true });
    expect(toolSet.allowedTools()).toEqual(allNames);
    toolSet.deactivate(["search"]);
    expect(toolSet.allowedTools()).toEqual(["list_orders", "cancel_order", "get_weather"]);
  });

  it("evaluates each latest predicate once, with the input given", () => {
    const predicate = vi.fn(() => true);
    const input = { toolSetContext: { plan: "pro" } };
    createToolSet({ tools: orderTools }).activateWhen("search", predicate).allowedTools(input);
    expect(predicate).toHaveBeenCalledTimes(1);
    expect((predicate.mock.calls[0] as unknown[])[0]).toBe(input);
  });
});

describe("validation", () => {
  const toolSet = createToolSet({ tools: orderTools });
  const mutable = createToolSet({ tools: orderTools, mutable: true });
  const untyped = toolSet as unknown as Record<string, (...parameters: unknown[]) => unknown>;

  it.each([
    ["activate", () => toolSet.activate(["serach" as "search"])],
    ["deactivate", () => mutable.deactivate(["search", "refund" as "search"])],
    ["activateWhen", () => toolSet.activateWhen("refund" as "search", () => true)],
    ["deactivateWhen", () => mutable.deactivateWhen({ refund: () => true } as never)],
  ])("%s rejects a name that is not in the set with UNKNOWN_TOOL naming it and the known tools", (method, action) => {
    const error = thrown(action);
    expect(error.code).toBe("UNKNOWN_TOOL");
    expect(error.message).toContain(method);
    expect(error.message).toMatch(/"(serach|refund)"/);
    expect(error.message).toContain('"search", "list_orders", "cancel_order", "get_weather"');
    expect(error.details.tool).toMatch(/serach|refund/);
  });

  it("lists at most 8 known tools in the message", () => {
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`tool_${index}`, orderTools.search]));
    const error = thrown(() => createToolSet({ tools: many }).activate(["tool_12" as "tool_1"]));
    expect(error.message).toContain('"tool_7" and 4 more');
    expect(error.message).not.toContain('"tool_8"');
  });

  it("does not treat inherited properties as tools", () => {
    expect(thrown(() => toolSet.activate(["toString" as "search"])).code).toBe("UNKNOWN_TOOL");
    expect(thrown(() => toolSet.activateWhen("constructor" as "search", () => true)).code).toBe("UNKNOWN_TOOL");
  });

  it.each([
    ["a string", "yes"],
    ["a boolean", true],
    ["null", null],
    ["missing", undefined],
  ])("rejects a predicate that is %s with INVALID_OPTION naming the tool", (_label, predicate) => {
    for (const method of ["activateWhen", "deactivateWhen"]) {
      const error = thrown(() => untyped[method].call(toolSet, "search", predicate));
      expect(error.code).toBe("INVALID_OPTION");
      expect(error.message).toContain(`${method}: the predicate for tool "search" must be a function`);
      expect(error.details.tool).toBe("search");
    }
  });

  it("rejects a non-function in the record form, but skips null and undefined entries as ai-tool-set does", () => {
    const error = thrown(() => toolSet.activateWhen({ search: () => true, cancel_order: "true" as never }));
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toContain('"cancel_order"');
    expect(toolSet.activateWhen({ search: undefined, cancel_order: null as never }).inferTools().activeTools).toEqual(allNames);
  });

  it("applies nothing from a call that fails (a mutable set keeps its rules)", () => {
    const set = createToolSet({ tools: orderTools, mutable: true });
    thrown(() => set.deactivate(["search", "nope" as "search"]));
    thrown(() => set.deactivateWhen({ search: () => true, get_weather: 42 as never }));
    expect(set.inferTools().activeTools).toEqual(allNames);
  });

  it.each([
    ["a string instead of an array", () => untyped.activate.call(toolSet, "search"), /expected an array of tool names, got the string "search" \(wrap a single name: activate\(\["search"\]\)\)/],
    ["a non-string name", () => untyped.deactivate.call(toolSet, [42]), /deactivate: tool names must be strings, got number/],
    ["neither a name nor a record", () => untyped.activateWhen.call(toolSet, 42), /activateWhen: expected a tool name and a predicate, or a record/],
    ["an array as the record", () => untyped.deactivateWhen.call(toolSet, [() => true]), /got an array/],
    ["a non-object inferTools input", () => untyped.inferTools.call(toolSet, "hello"), /inferTools: expected \{ messages\?, steps\?, toolSetContext\? \}/],
    ["a non-object allowedTools input", () => untyped.allowedTools.call(toolSet, 7), /allowedTools: expected/],
    ["clone options of the wrong type", () => untyped.clone.call(toolSet, { mutable: "yes" }), /clone: expected \{ mutable\?: boolean \}/],
  ])("rejects %s with INVALID_OPTION", (_label, action, message) => {
    const error = thrown(action);
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toMatch(message);
  });

  it("accepts a null inferTools input as no input (as ai-tool-set does)", () => {
    expect(untyped.inferTools.call(toolSet, null)).toEqual({ tools: orderTools, activeTools: allNames });
  });

  it.each([
    [undefined, "INVALID_OPTION", /expected options \{ tools, mutable\? \}, got undefined/],
    [{}, "INVALID_OPTION", /`tools` must be a record of AI SDK tools .* got undefined/],
    [{ tools: [orderTools.search] }, "INVALID_OPTION", /`tools` must be .* got an array/],
    [{ tools: orderTools, mutable: "yes" }, "INVALID_OPTION", /`mutable` must be true or false, got the string "yes"/],
    [{ tools: { search: orderTools.search, broken: 42 } }, "INVALID_TOOL", /tool "broken" must be an AI SDK tool object, got number/],
  ])("createToolSet(%j) throws %s", (options, code, message) => {
    const error = thrown(() => createToolSet(options as never));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });
});
