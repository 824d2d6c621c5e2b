// One behaviour spec for createToolSet, run against toolsift and (when installed) ai-tool-set@2.3.0 itself.
import type { UIMessage } from "ai";
import { describe, expect, it, vi } from "vitest";
import type { ImmutableToolSet, createToolSet as toolsiftCreateToolSet } from "../../src/index.js";
import {
  allNames,
  hasUnfulfilledOrders,
  messagesWithPendingOrder,
  orderTools,
  type OrderMessage,
} from "./order-tools.js";

/** A `createToolSet` to test: toolsift's, or another implementation of the same API. */
export type CreateToolSet = typeof toolsiftCreateToolSet;

const without = (...names: string[]): string[] => allNames.filter((name) => !names.includes(name));

export function runToolSetSpec(implementation: string, createToolSet: CreateToolSet): void {
  describe(`${implementation}: defaults`, () => {
    it("starts with every tool active, in the record's order", () => {
      const { tools, activeTools } = createToolSet({ tools: orderTools }).inferTools();
      expect(activeTools).toEqual(allNames);
      expect(tools).toBe(orderTools);
    });

    it("exposes the record given as .tools, on every derived and cloned set", () => {
      const toolSet = createToolSet({ tools: orderTools });
      expect(toolSet.tools).toBe(orderTools);
      expect(toolSet.deactivate(["search"]).tools).toBe(orderTools);
      expect(toolSet.clone({ mutable: true }).tools).toBe(orderTools);
      expect(createToolSet({ tools: orderTools, mutable: true }).deactivate(["search"]).inferTools().tools).toBe(
        orderTools,
      );
    });

    it("returns a fresh activeTools array per call", () => {
      const toolSet = createToolSet({ tools: orderTools });
      const first = toolSet.inferTools().activeTools;
      first.pop();
      expect(toolSet.inferTools().activeTools).toEqual(allNames);
    });

    it("resolves an empty tool record to no active tools", () => {
      expect(createToolSet({ tools: {} }).inferTools().activeTools).toEqual([]);
    });
  });

  describe(`${implementation}: activate and deactivate`, () => {
    it("deactivate removes tools, activate brings them back", () => {
      const toolSet = createToolSet({ tools: orderTools }).deactivate(["cancel_order", "search"]);
      expect(toolSet.inferTools().activeTools).toEqual(without("cancel_order", "search"));
      expect(toolSet.activate(["search"]).inferTools().activeTools).toEqual(without("cancel_order"));
    });

    it("keeps the record's order whatever order the calls name tools in", () => {
      const toolSet = createToolSet({ tools: orderTools })
        .deactivate(["get_weather", "search", "list_orders"])
        .activate(["get_weather", "search"]);
      expect(toolSet.inferTools().activeTools).toEqual(["search", "cancel_order", "get_weather"]);
    });

    it("treats an empty list as no change, and a repeated name like one", () => {
      const toolSet = createToolSet({ tools: orderTools }).activate([]).deactivate(["search", "search"]);
      expect(toolSet.inferTools().activeTools).toEqual(without("search"));
    });

    it("can deactivate every tool", () => {
      const toolSet = createToolSet({ tools: orderTools }).deactivate([
        "search",
        "list_orders",
        "cancel_order",
        "get_weather",
      ]);
      expect(toolSet.inferTools().activeTools).toEqual([]);
    });
  });

  describe(`${implementation}: last call wins`, () => {
    it.each([
      ["activate → deactivate", (set: Base) => set.activate(["cancel_order"]).deactivate(["cancel_order"]), false],
      ["deactivate → activate", (set: Base) => set.deactivate(["cancel_order"]).activate(["cancel_order"]), true],
      [
        "activate → activateWhen(false)",
        (set: Base) => set.activate(["cancel_order"]).activateWhen("cancel_order", () => false),
        false,
      ],
      [
        "activateWhen(true) → deactivate",
        (set: Base) => set.activateWhen("cancel_order", () => true).deactivate(["cancel_order"]),
        false,
      ],
      [
        "deactivate → deactivateWhen(false)",
        (set: Base) => set.deactivate(["cancel_order"]).deactivateWhen("cancel_order", () => false),
        true,
      ],
      [
        "deactivateWhen(true) → activate",
        (set: Base) => set.deactivateWhen("cancel_order", () => true).activate(["cancel_order"]),
        true,
      ],
      [
        "activateWhen(false) → deactivateWhen(false)",
        (set: Base) => set.activateWhen("cancel_order", () => false).deactivateWhen("cancel_order", () => false),
        true,
      ],
      [
        "deactivateWhen(false) → activateWhen(false)",
        (set: Base) => set.deactivateWhen("cancel_order", () => false).activateWhen("cancel_order", () => false),
        false,
      ],
      [
        "record form after single form",
        (set: Base) => set.activateWhen("cancel_order", () => true).deactivateWhen({ cancel_order: () => true }),
        false,
      ],
    ] as const)("%s", (_label, build, active) => {
      const activeTools = build(createToolSet({ tools: orderTools })).inferTools().activeTools;
      expect(activeTools.includes("cancel_order")).toBe(active);
      expect(activeTools.filter((name) => name !== "cancel_order")).toEqual(without("cancel_order"));
    });

    it("evaluates only the latest predicate of a tool", () => {
      const earlier = vi.fn(() => true);
      const latest = vi.fn(() => false);
      const toolSet = createToolSet({ tools: orderTools })
        .activateWhen("search", earlier)
        .deactivateWhen("search", latest);
      expect(toolSet.inferTools().activeTools).toEqual(allNames);
      expect(earlier).not.toHaveBeenCalled();
      expect(latest).toHaveBeenCalledTimes(1);
    });

    it("never evaluates a predicate a static rule replaced", () => {
      const replaced = vi.fn(() => {
        throw new Error("must not run");
      });
      const toolSet = createToolSet({ tools: orderTools }).activateWhen("search", replaced).activate(["search"]);
      expect(toolSet.inferTools().activeTools).toEqual(allNames);
      expect(replaced).not.toHaveBeenCalled();
    });
  });

  describe(`${implementation}: activateWhen and deactivateWhen`, () => {
    it("activateWhen: inactive without input, when false or undefined; active when true", () => {
      const toolSet = createToolSet({ tools: orderTools }).activateWhen("cancel_order", ({ messages }) =>
        hasUnfulfilledOrders(messages),
      );
      expect(toolSet.inferTools().activeTools).toEqual(without("cancel_order"));
      expect(toolSet.inferTools({ messages: [] }).activeTools).toEqual(without("cancel_order"));
      expect(toolSet.inferTools({ messages: messagesWithPendingOrder }).activeTools).toEqual(allNames);
    });

    it("deactivateWhen: active without input, when false or undefined; inactive when true", () => {
      const toolSet = createToolSet({ tools: orderTools }).deactivateWhen(
        "search",
        ({ messages }) => messages && messages.length > 1,
      );
      expect(toolSet.inferTools().activeTools).toEqual(allNames);
      expect(toolSet.inferTools({ messages: messagesWithPendingOrder.slice(0, 1) }).activeTools).toEqual(allNames);
      expect(toolSet.inferTools({ messages: messagesWithPendingOrder }).activeTools).toEqual(without("search"));
    });

    it("reads a predicate's result as truthy or falsy", () => {
      const truthy = (() => "yes") as unknown as () => boolean;
      const falsy = (() => 0) as unknown as () => boolean;
      const toolSet = createToolSet({ tools: orderTools })
        .activateWhen({ search: truthy, list_orders: falsy })
        .deactivateWhen({ cancel_order: truthy, get_weather: falsy });
      expect(toolSet.inferTools().activeTools).toEqual(["search", "get_weather"]);
    });

    it("decides from toolSetContext", () => {
      const toolSet = createToolSet<typeof orderTools, UIMessage, { isAuthenticated: boolean }>({
        tools: orderTools,
      }).activateWhen("list_orders", ({ toolSetContext }) => toolSetContext?.isAuthenticated);
      expect(toolSet.inferTools({ toolSetContext: { isAuthenticated: false } }).activeTools).toEqual(
        without("list_orders"),
      );
      expect(toolSet.inferTools({ toolSetContext: { isAuthenticated: true } }).activeTools).toEqual(allNames);
    });

    it("decides from steps", () => {
      const toolSet = createToolSet({ tools: orderTools }).deactivateWhen("search", ({ steps }) =>
        steps?.some((step) => step.toolCalls.some((call) => call.toolName === "search")),
      );
      const searched = [{ toolCalls: [{ toolName: "search" }] }] as never;
      const listed = [{ toolCalls: [{ toolName: "list_orders" }] }] as never;
      expect(toolSet.inferTools({ steps: listed }).activeTools).toEqual(allNames);
      expect(toolSet.inferTools({ steps: searched }).activeTools).toEqual(without("search"));
    });

    it("sets several tools at once with the record form", () => {
      const toolSet = createToolSet({ tools: orderTools })
        .activateWhen({
          list_orders: ({ toolSetContext }) => toolSetContext?.signedIn === true,
          cancel_order: ({ messages }) => hasUnfulfilledOrders(messages),
        })
        .deactivateWhen({ get_weather: ({ toolSetContext }) => toolSetContext?.signedIn === true });
      expect(toolSet.inferTools().activeTools).toEqual(["search", "get_weather"]);
      expect(toolSet.inferTools({ toolSetContext: { signedIn: true } }).activeTools).toEqual(["search", "list_orders"]);
      expect(
        toolSet.inferTools({ toolSetContext: { signedIn: true }, messages: messagesWithPendingOrder }).activeTools,
      ).toEqual(["search", "list_orders", "cancel_order"]);
    });

    it("skips undefined entries of the record form: the tool keeps its earlier rule", () => {
      const toolSet = createToolSet({ tools: orderTools })
        .deactivate(["search"])
        .activateWhen({ search: undefined, list_orders: () => true });
      expect(toolSet.inferTools().activeTools).toEqual(without("search"));
    });

    it("re-evaluates on every call (nothing is cached between inputs)", () => {
      let open = false;
      const toolSet = createToolSet({ tools: orderTools }).activateWhen("cancel_order", () => open);
      expect(toolSet.inferTools().activeTools).not.toContain("cancel_order");
      open = true;
      expect(toolSet.inferTools().activeTools).toContain("cancel_order");
    });
  });

  describe(`${implementation}: what predicates receive`, () => {
    it("passes the inferTools input object itself", () => {
      const predicate = vi.fn(() => true);
      const input = { messages: [], toolSetContext: { tenant: "acme" } };
      createToolSet({ tools: orderTools }).activateWhen("search", predicate).inferTools(input);
      expect(predicate).toHaveBeenCalledTimes(1);
      expect(predicate.mock.calls[0]).toEqual([input]);
      expect((predicate.mock.calls[0] as unknown[])[0]).toBe(input);
    });

    it("passes an empty object when inferTools gets no input", () => {
      const predicate = vi.fn(() => true);
      createToolSet({ tools: orderTools }).deactivateWhen("search", predicate).inferTools();
      expect(predicate.mock.calls[0]).toEqual([{}]);
    });

    it("runs each tool's predicate once per call, in the record's order", () => {
      const calls: string[] = [];
      const track = (name: string) => () => {
        calls.push(name);
        return true;
      };
      const toolSet = createToolSet({ tools: orderTools })
        .activateWhen("get_weather", track("get_weather"))
        .deactivateWhen("list_orders", track("list_orders"))
        .activateWhen("search", track("search"));
      toolSet.inferTools();
      expect(calls).toEqual(["search", "list_orders", "get_weather"]);
    });

    it("lets an error thrown by a predicate propagate unchanged", () => {
      const failure = new Error("context service down");
      const toolSet = createToolSet({ tools: orderTools }).activateWhen("search", () => {
        throw failure;
      });
      expect(() => toolSet.inferTools()).toThrow(failure);
    });
  });

  describe(`${implementation}: immutable and mutable`, () => {
    it("immutable (default): every method returns a new set and leaves the original as it was", () => {
      const base = createToolSet({ tools: orderTools }).deactivate(["list_orders", "cancel_order"]);
      const derived = [
        base.activate(["list_orders"]),
        base.deactivate(["search"]),
        base.activateWhen("search", () => false),
        base.deactivateWhen("search", () => true),
        base.activateWhen({ get_weather: () => false }),
        base.deactivateWhen({ get_weather: () => true }),
      ];
      for (const set of derived) expect(set).not.toBe(base);
      expect(base.inferTools().activeTools).toEqual(["search", "get_weather"]);
      expect(derived[0].inferTools().activeTools).toEqual(["search", "list_orders", "get_weather"]);
    });

    it("immutable: sets derived from one base do not see each other's rules", () => {
      const base = createToolSet({ tools: orderTools }).deactivate(["cancel_order"]);
      const admin = base.activate(["cancel_order"]);
      const guest = base.deactivate(["list_orders"]);
      expect(admin.inferTools().activeTools).toEqual(allNames);
      expect(guest.inferTools().activeTools).toEqual(["search", "get_weather"]);
    });

    it("mutable: every method changes the set in place and returns it", () => {
      const toolSet = createToolSet({ tools: orderTools, mutable: true });
      expect(toolSet.deactivate(["search"])).toBe(toolSet);
      expect(toolSet.activate(["search"])).toBe(toolSet);
      expect(toolSet.activateWhen("cancel_order", () => false)).toBe(toolSet);
      expect(toolSet.deactivateWhen({ get_weather: () => true })).toBe(toolSet);
      expect(toolSet.inferTools().activeTools).toEqual(["search", "list_orders"]);
      toolSet.deactivate(["list_orders"]);
      expect(toolSet.inferTools().activeTools).toEqual(["search"]);
    });

    it("mutable: last call wins as in the immutable set", () => {
      const toolSet = createToolSet({ tools: orderTools, mutable: true })
        .activate(["cancel_order"])
        .deactivate(["cancel_order"])
        .activateWhen("cancel_order", ({ messages }) => hasUnfulfilledOrders(messages));
      expect(toolSet.inferTools().activeTools).toEqual(without("cancel_order"));
      expect(toolSet.inferTools({ messages: messagesWithPendingOrder }).activeTools).toEqual(allNames);
    });
  });

  describe(`${implementation}: clone`, () => {
    it("clone() of an immutable set is a new immutable set with the same rules", () => {
      const base = createToolSet({ tools: orderTools }).deactivate(["search"]);
      const copy = base.clone();
      expect(copy).not.toBe(base);
      expect(copy.inferTools().activeTools).toEqual(without("search"));
      expect(copy.activate(["search"])).not.toBe(copy);
    });

    it("clone({ mutable: true }) gives a mutable copy whose changes do not reach the original", () => {
      const base = createToolSet({ tools: orderTools }).deactivate(["list_orders", "cancel_order"]);
      const perRequest = base.clone({ mutable: true });
      expect(perRequest.activate(["list_orders"])).toBe(perRequest);
      expect(perRequest.inferTools().activeTools).toEqual(["search", "list_orders", "get_weather"]);
      expect(base.inferTools().activeTools).toEqual(["search", "get_weather"]);
    });

    it("clone() of a mutable set is an immutable snapshot", () => {
      const mutable = createToolSet({ tools: orderTools, mutable: true }).deactivate(["search"]);
      const snapshot = mutable.clone();
      mutable.deactivate(["get_weather"]);
      expect(snapshot.inferTools().activeTools).toEqual(without("search"));
      expect(snapshot.activate(["search"])).not.toBe(snapshot);
      expect(mutable.inferTools().activeTools).toEqual(without("search", "get_weather"));
    });

    it("clone({ mutable: true }) of a mutable set is independent in both directions", () => {
      const first = createToolSet({ tools: orderTools, mutable: true }).deactivate(["search"]);
      const second = first.clone({ mutable: true });
      first.deactivate(["list_orders"]);
      second.activate(["search"]).deactivate(["get_weather"]);
      expect(first.inferTools().activeTools).toEqual(["cancel_order", "get_weather"]);
      expect(second.inferTools().activeTools).toEqual(["search", "list_orders", "cancel_order"]);
    });

    it("keeps conditional rules across clones", () => {
      const base = createToolSet({ tools: orderTools }).activateWhen("cancel_order", ({ messages }) =>
        hasUnfulfilledOrders(messages),
      );
      for (const copy of [base.clone(), base.clone({ mutable: true }), base.clone({ mutable: true }).clone()]) {
        expect(copy.inferTools().activeTools).toEqual(without("cancel_order"));
        expect(copy.inferTools({ messages: messagesWithPendingOrder }).activeTools).toEqual(allNames);
      }
    });
  });

  describe(`${implementation}: the tool record`, () => {
    it("reads the record's keys on every call: a tool added later is active and can take rules", () => {
      const tools: Record<string, (typeof orderTools)["search"]> = { search: orderTools.search };
      const toolSet = createToolSet({ tools, mutable: true });
      tools.lookup = orderTools.search;
      expect(toolSet.inferTools().activeTools).toEqual(["search", "lookup"]);
      expect(toolSet.deactivate(["lookup"]).inferTools().activeTools).toEqual(["search"]);
    });
  });
}

/** What `createToolSet({ tools: orderTools })` returns. */
type Base = ImmutableToolSet<
  typeof orderTools,
  OrderMessage,
  Record<string, unknown>,
  Record<string, unknown>,
  keyof typeof orderTools & string
>;
