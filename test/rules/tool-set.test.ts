// toolsift's createToolSet: the shared ai-tool-set spec, plus allowedTools and input validation (toolsift-only).
import { describe, expect, it, vi } from "vitest";
import { createToolSet } from "../../src/index.js";
import { allNames, hasUnfulfilledOrders, messagesWithPendingOrder, orderTools } from "./order-tools.js";
import { runToolSetSpec } from "./tool-set-spec.js";
import { thrown } from "../support/toolsift-error.js";

runToolSetSpec("toolsift", createToolSet);

describe("allowedTools", () => {
  it("returns the names inferTools would activate, for the same input", () => {
    const toolSet = createToolSet({ tools: orderTools })
      .deactivate(["get_weather"])
      .activateWhen("cancel_order", ({ messages }) => hasUnfulfilledOrders(messages));
    for (const input of [undefined, {}, { messages: [] }, { messages: messagesWithPendingOrder }]) {
      expect(toolSet.allowedTools(input)).toEqual(toolSet.inferTools(input).activeTools);
    }
    expect(toolSet.allowedTools()).toEqual(["search", "list_orders"]);
    expect(toolSet.allowedTools({ messages: messagesWithPendingOrder })).toEqual([
      "search",
      "list_orders",
      "cancel_order",
    ]);
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

describe("a single tool name (a toolsift extension: ai-tool-set@2.3.0 takes arrays only)", () => {
  it("activate and deactivate take one name as they take [name], immutable and mutable", () => {
    const immutable = createToolSet({ tools: orderTools });
    expect(immutable.deactivate("search").allowedTools()).toEqual(immutable.deactivate(["search"]).allowedTools());
    expect(immutable.deactivate("search").activate("search").allowedTools()).toEqual(allNames);
    const mutable = createToolSet({ tools: orderTools, mutable: true }).deactivate("get_weather");
    expect(mutable.allowedTools()).toEqual(["search", "list_orders", "cancel_order"]);
    expect(mutable.activate("get_weather").allowedTools()).toEqual(allNames);
  });

  it("refuses a single name outside the set with UNKNOWN_TOOL, as for an array", () => {
    const error = thrown(() => createToolSet({ tools: orderTools }).deactivate("serach" as "search"));
    expect(error.code).toBe("UNKNOWN_TOOL");
    expect(error.message).toContain('deactivate: "serach" is not a tool of this tool set (did you mean "search"?');
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
      expect(error.message).toContain(
        `${method}: option "predicate" (the predicate for tool "search") must be a function`,
      );
      expect(error.details.tool).toBe("search");
    }
  });

  it("rejects a non-function in the record form, but skips null and undefined entries as ai-tool-set does", () => {
    const error = thrown(() => toolSet.activateWhen({ search: () => true, cancel_order: "true" as never }));
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toContain('"cancel_order"');
    expect(toolSet.activateWhen({ search: undefined, cancel_order: null as never }).inferTools().activeTools).toEqual(
      allNames,
    );
  });

  it("applies nothing from a call that fails (a mutable set keeps its rules)", () => {
    const set = createToolSet({ tools: orderTools, mutable: true });
    thrown(() => set.deactivate(["search", "nope" as "search"]));
    thrown(() => set.deactivateWhen({ search: () => true, get_weather: 42 as never }));
    expect(set.inferTools().activeTools).toEqual(allNames);
  });

  it.each([
    [
      "a number instead of a name or an array",
      () => untyped.activate.call(toolSet, 42),
      'activate: option "names" must be a tool name or an array of tool names, got 42.',
    ],
    [
      "a non-string name",
      () => untyped.deactivate.call(toolSet, [42]),
      'deactivate: option "names[0]" must be a tool name (string), got 42.',
    ],
    [
      "neither a name nor a record",
      () => untyped.activateWhen.call(toolSet, 42),
      'activateWhen: option "predicates" must be a tool name and a predicate, or a record { toolName: predicate }, got 42.',
    ],
    [
      "an array as the record",
      () => untyped.deactivateWhen.call(toolSet, [() => true]),
      'deactivateWhen: option "predicates" must be a tool name and a predicate, or a record { toolName: predicate }, got an array.',
    ],
    [
      "a non-object inferTools input",
      () => untyped.inferTools.call(toolSet, "hello"),
      'inferTools: option "input" must be an object, got the string "hello".',
    ],
    [
      "a non-object allowedTools input",
      () => untyped.allowedTools.call(toolSet, 7),
      'allowedTools: option "input" must be an object, got 7.',
    ],
    [
      "clone options of the wrong type",
      () => untyped.clone.call(toolSet, { mutable: "yes" }),
      'clone: option "mutable" must be a boolean, got the string "yes".',
    ],
  ])("rejects %s with INVALID_OPTION", (_label, action, message) => {
    const error = thrown(action);
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toBe(message);
  });

  it.each([
    ["createToolSet", () => createToolSet({ tools: orderTools, mutible: true } as never), "mutible", "mutable"],
    ["clone", () => untyped.clone.call(toolSet, { mutabel: true }), "mutabel", "mutable"],
    [
      "inferTools",
      () => untyped.inferTools.call(toolSet, { toolsetContext: {} }),
      "input.toolsetContext",
      "input.toolSetContext",
    ],
    ["allowedTools", () => untyped.allowedTools.call(toolSet, { message: [] }), "input.message", "input.messages"],
  ])(
    "%s refuses a misspelt option with UNKNOWN_OPTION, naming the nearest valid one",
    (where, action, option, nearest) => {
      const error = thrown(action);
      expect(error.code).toBe("UNKNOWN_OPTION");
      expect(error.message).toContain(`${where}: unknown option "${option}"; did you mean "${nearest}"?`);
      expect(error.details).toEqual({ option, suggestion: nearest });
    },
  );

  it("suggests the nearest tool name for a misspelt one", () => {
    const error = thrown(() => toolSet.activate(["serach" as "search"]));
    expect(error.message).toContain('did you mean "search"?');
    expect(error.details.suggestion).toBe("search");
    expect(thrown(() => toolSet.activate(["refund" as "search"])).details.suggestion).toBeUndefined();
  });

  it("accepts a null inferTools input as no input (as ai-tool-set does)", () => {
    expect(untyped.inferTools.call(toolSet, null)).toEqual({ tools: orderTools, activeTools: allNames });
  });

  it.each([
    [
      undefined,
      "INVALID_OPTION",
      'createToolSet: option "options" must be an object { tools, mutable? }, got undefined.',
    ],
    [
      {},
      "INVALID_OPTION",
      'createToolSet: option "tools" must be a record of AI SDK tools ({ name: tool(...) }), got undefined.',
    ],
    [
      { tools: [orderTools.search] },
      "INVALID_OPTION",
      'createToolSet: option "tools" must be a record of AI SDK tools ({ name: tool(...) }), got an array.',
    ],
    [
      { tools: orderTools, mutable: "yes" },
      "INVALID_OPTION",
      'createToolSet: option "mutable" must be a boolean, got the string "yes".',
    ],
    [
      { tools: { search: orderTools.search, broken: 42 } },
      "INVALID_TOOL",
      'createToolSet: tool "broken" must be an AI SDK tool object, got 42.',
    ],
  ])("createToolSet(%j) throws %s", (options, code, message) => {
    const error = thrown(() => createToolSet(options as never));
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
  });
});
