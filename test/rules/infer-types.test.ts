// Compile-time behaviour of the tool set types, checked by `tsc -p tsconfig.json` (`npm run typecheck`, part of
// `npm test`): vitest's expectTypeOf does nothing at run time; each `@ts-expect-error` asserts that a misuse does not
// compile (tsc also fails when a directive has no error to expect).
import type { InferUITool, ModelMessage, UIMessage } from "ai";
import { describe, expectTypeOf, it } from "vitest";
import {
  createToolSet,
  type AnyToolSet,
  type ImmutableToolSet,
  type InferActiveTools,
  type InferAllTools,
  type InferInactiveTools,
  type InferToolSet,
  type InferToolsInput,
  type InferUIToolSet,
  type MutableToolSet,
} from "../../src/index.js";
import { orderTools, type OrderMessage } from "./order-tools.js";

type Tools = typeof orderTools;
type Name = keyof Tools & string;

/** Type-level views of a set value, so that each assertion names the set it is about. */
const activeOf = <SET extends AnyToolSet>(_set: SET) => expectTypeOf<InferActiveTools<SET>>();
const inactiveOf = <SET extends AnyToolSet>(_set: SET) => expectTypeOf<InferInactiveTools<SET>>();
const allOf = <SET extends AnyToolSet>(_set: SET) => expectTypeOf<InferAllTools<SET>>();
const recordOf = <SET extends AnyToolSet>(_set: SET) => expectTypeOf<InferToolSet<SET>>();

describe("InferActiveTools / InferInactiveTools", () => {
  it("start with every tool active", () => {
    const toolSet = createToolSet({ tools: orderTools });
    activeOf(toolSet).toEqualTypeOf<Name>();
    inactiveOf(toolSet).toEqualTypeOf<never>();
  });

  it("deactivate moves a tool from active to inactive, activate moves it back", () => {
    const deactivated = createToolSet({ tools: orderTools }).deactivate(["cancel_order"]);
    activeOf(deactivated).toEqualTypeOf<"search" | "list_orders" | "get_weather">();
    inactiveOf(deactivated).toEqualTypeOf<"cancel_order">();
    const reactivated = deactivated.activate(["cancel_order"]);
    activeOf(reactivated).toEqualTypeOf<Name>();
    inactiveOf(reactivated).toEqualTypeOf<never>();
  });

  it("a single name is tracked as [name] is (a toolsift extension)", () => {
    const deactivated = createToolSet({ tools: orderTools }).deactivate("cancel_order");
    activeOf(deactivated).toEqualTypeOf<"search" | "list_orders" | "get_weather">();
    inactiveOf(deactivated).toEqualTypeOf<"cancel_order">();
    activeOf(deactivated.activate("cancel_order")).toEqualTypeOf<Name>();
    expectTypeOf(
      createToolSet({ tools: orderTools, mutable: true }).deactivate("search").activate("search"),
    ).toEqualTypeOf<MutableToolSet<Tools, OrderMessage>>();
  });

  it("activateWhen counts as inactive, deactivateWhen as active (single and record forms)", () => {
    const single = createToolSet({ tools: orderTools }).activateWhen("cancel_order", () => true);
    inactiveOf(single).toEqualTypeOf<"cancel_order">();
    const record = createToolSet({ tools: orderTools })
      .deactivate(["search"])
      .activateWhen({ list_orders: () => true, cancel_order: () => false })
      .deactivateWhen({ search: () => false });
    activeOf(record).toEqualTypeOf<"search" | "get_weather">();
    inactiveOf(record).toEqualTypeOf<"list_orders" | "cancel_order">();
    const undone = single.deactivateWhen("cancel_order", () => false);
    activeOf(undone).toEqualTypeOf<Name>();
  });

  it("clone() of an immutable set keeps the tracking; of a mutable set, types every tool as active", () => {
    const base = createToolSet({ tools: orderTools }).deactivate(["search"]);
    expectTypeOf<InferInactiveTools<ReturnType<typeof base.clone>>>().toEqualTypeOf<"search">();
    const snapshot = base.clone({ mutable: true }).deactivate(["get_weather"]).clone();
    activeOf(snapshot).toEqualTypeOf<Name>();
    inactiveOf(snapshot).toEqualTypeOf<never>();
  });

  it("are never for a mutable set", () => {
    const mutable = createToolSet({ tools: orderTools, mutable: true }).deactivate(["search"]);
    activeOf(mutable).toEqualTypeOf<never>();
    inactiveOf(mutable).toEqualTypeOf<never>();
  });
});

describe("InferAllTools / InferToolSet / InferUIToolSet", () => {
  it("InferAllTools is every name, for both kinds of set", () => {
    const immutable = createToolSet({ tools: orderTools }).deactivate(["search"]);
    const mutable = createToolSet({ tools: orderTools, mutable: true });
    allOf(immutable).toEqualTypeOf<Name>();
    allOf(mutable).toEqualTypeOf<Name>();
  });

  it("InferToolSet gives the record of a set, and a record as is", () => {
    const immutable = createToolSet({ tools: orderTools }).activateWhen("search", () => true);
    const mutable = createToolSet({ tools: orderTools, mutable: true });
    recordOf(immutable).toEqualTypeOf<Tools>();
    recordOf(mutable).toEqualTypeOf<Tools>();
    expectTypeOf<InferToolSet<Tools>>().toEqualTypeOf<Tools>();
  });

  it("InferUIToolSet types each tool's input and output, from a record or a set", () => {
    const toolSet = createToolSet({ tools: orderTools });
    const ofSet = <SET extends AnyToolSet>(_set: SET) => expectTypeOf<InferUIToolSet<SET>>();
    ofSet(toolSet).toEqualTypeOf<InferUIToolSet<Tools>>();
    expectTypeOf<InferUIToolSet<Tools>["cancel_order"]>().toEqualTypeOf<InferUITool<Tools["cancel_order"]>>();
    expectTypeOf<InferUIToolSet<Tools>["search"]["input"]>().toEqualTypeOf<{ query: string }>();
    expectTypeOf<InferUIToolSet<Tools>["cancel_order"]["output"]>().toEqualTypeOf<{ cancelled: string }>();
    expectTypeOf<keyof InferUIToolSet<Tools>>().toEqualTypeOf<Name>();
  });
});

describe("methods", () => {
  it("inferTools returns the record and its names; allowedTools the names", () => {
    const toolSet = createToolSet({ tools: orderTools });
    expectTypeOf(toolSet.inferTools().tools).toEqualTypeOf<Tools>();
    expectTypeOf(toolSet.inferTools().activeTools).toEqualTypeOf<Name[]>();
    expectTypeOf(toolSet.allowedTools()).toEqualTypeOf<Name[]>();
  });

  it("immutable methods return immutable sets; mutable methods return the set itself", () => {
    const immutable = createToolSet({ tools: orderTools });
    expectTypeOf(immutable.activate(["search"])).toExtend<
      ImmutableToolSet<Tools, OrderMessage, Record<string, unknown>, Record<string, unknown>, Name, never>
    >();
    expectTypeOf(immutable.clone({ mutable: true })).toEqualTypeOf<MutableToolSet<Tools, OrderMessage>>();
    const mutable = createToolSet({ tools: orderTools, mutable: true });
    expectTypeOf(mutable).toEqualTypeOf<MutableToolSet<Tools, OrderMessage>>();
    expectTypeOf(mutable.activate(["search"]).deactivateWhen("search", () => true)).toEqualTypeOf(mutable);
  });

  it("rejects names that are not tools of the set", () => {
    const immutable = createToolSet({ tools: orderTools });
    const mutable = createToolSet({ tools: orderTools, mutable: true });
    // @ts-expect-error: "refund" is not a tool of the set
    void (() => immutable.activate(["refund"]));
    // @ts-expect-error: "refund" is not a tool of the set
    void (() => mutable.deactivate(["refund"]));
    // @ts-expect-error: "refund" is not a tool of the set
    void (() => immutable.activateWhen("refund", () => true));
    // @ts-expect-error: "refund" is not a tool of the set
    void (() => mutable.deactivateWhen({ refund: () => true }));
    // @ts-expect-error: "refund" is not a tool of the set (single-name form)
    void (() => immutable.deactivate("refund"));
  });

  it("rejects options other than tools and mutable", () => {
    // @ts-expect-error: "mutible" is not an option of createToolSet
    void (() => createToolSet({ tools: orderTools, mutible: true }));
    // @ts-expect-error: clone takes { mutable } only
    void (() => createToolSet({ tools: orderTools }).clone({ mutable: true, deep: true }));
  });
});

describe("predicate input", () => {
  it("defaults to UI messages typed by the tools and a record context", () => {
    createToolSet({ tools: orderTools }).activateWhen("cancel_order", (input) => {
      expectTypeOf(input).toEqualTypeOf<InferToolsInput<Tools, OrderMessage>>();
      expectTypeOf(input.messages).toEqualTypeOf<OrderMessage[] | undefined>();
      expectTypeOf(input.toolSetContext).toEqualTypeOf<Record<string, unknown> | undefined>();
      return true;
    });
  });

  it("takes the message and context types given as generics", () => {
    type Context = { isAdmin: boolean };
    const toolSet = createToolSet<Tools, ModelMessage, Context>({ tools: orderTools }).deactivateWhen(
      "cancel_order",
      ({ messages, toolSetContext }) => {
        expectTypeOf(messages).toEqualTypeOf<ModelMessage[] | undefined>();
        expectTypeOf(toolSetContext).toEqualTypeOf<Context | undefined>();
        return !toolSetContext?.isAdmin;
      },
    );
    toolSet.inferTools({ messages: [{ role: "user", content: "hi" }], toolSetContext: { isAdmin: true } });
    // @ts-expect-error: toolSetContext must match the declared context type
    void (() => toolSet.inferTools({ toolSetContext: { isAdmin: "yes" } }));
    // @ts-expect-error: UI messages are not model messages
    void (() => toolSet.inferTools({ messages: [{ id: "1", role: "user", parts: [] } satisfies UIMessage] }));
  });

  it("predicates return boolean or undefined", () => {
    // @ts-expect-error: a predicate returning a string does not type-check (it would still count as truthy)
    void (() => createToolSet({ tools: orderTools }).activateWhen("search", () => "yes"));
  });
});
