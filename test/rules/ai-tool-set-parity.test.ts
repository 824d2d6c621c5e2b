// Parity with ai-tool-set@2.3.0 itself (a devDependency): the shared spec against its code, and random rule programs
// run
// on both.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fc from "fast-check";
import { createToolSet as aiToolSetCreateToolSet } from "ai-tool-set";
import { describe, expect, it } from "vitest";
import { createToolSet } from "../../src/index.js";
import { allNames, messagesWithPendingOrder, orderTools } from "./order-tools.js";
import { runToolSetSpec, type CreateToolSet } from "./tool-set-spec.js";

// The same API by design; the cast only bridges the two packages' generic signatures.
const reference = aiToolSetCreateToolSet as unknown as CreateToolSet;

runToolSetSpec("ai-tool-set@2.3.0", reference);

/**
 * What a generated predicate returns, by name (covers true, false, undefined, truthy and falsy non-booleans,
 * input-dependent).
 */
const behaviours = {
  yes: () => true,
  no: () => false,
  undecided: () => undefined,
  truthy: () => "yes",
  falsy: () => 0,
  flagged: (input: Input) => input.toolSetContext?.flag === true,
  longChat: (input: Input) => (input.messages === undefined ? undefined : input.messages.length > 1),
} satisfies Record<string, (input: Input) => unknown>;

type Input = { messages?: unknown[]; toolSetContext?: Record<string, unknown> };
type Behaviour = keyof typeof behaviours;
type Operation =
  | { kind: "activate" | "deactivate"; names: string[] }
  | { kind: "activateWhen" | "deactivateWhen"; form: "single" | "record"; rules: Array<[string, Behaviour]> }
  | { kind: "clone"; mutable: boolean };

const toolName = fc.constantFrom(...allNames);
const behaviour = fc.constantFrom(...(Object.keys(behaviours) as Behaviour[]));
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constantFrom("activate" as const, "deactivate" as const),
    names: fc.array(toolName, { maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constantFrom("activateWhen" as const, "deactivateWhen" as const),
    form: fc.constantFrom("single" as const, "record" as const),
    rules: fc.uniqueArray(fc.tuple(toolName, behaviour), { minLength: 1, maxLength: 4, selector: ([name]) => name }),
  }),
  fc.record({ kind: fc.constant("clone" as const), mutable: fc.boolean() }),
);

const inputs: Array<Input | undefined> = [
  undefined,
  {},
  { toolSetContext: { flag: true } },
  { messages: messagesWithPendingOrder },
  { messages: [], toolSetContext: { flag: false } },
];

/** Runs a rule program on one implementation; returns, per input, the active tools and the predicates evaluated. */
function run(
  create: CreateToolSet,
  mutable: boolean,
  program: Operation[],
): Array<{ activeTools: string[]; evaluated: string[]; sameTools: boolean }> {
  const evaluated: string[] = [];
  const predicate = (name: string, chosen: Behaviour) => (input: Input) => {
    evaluated.push(`${name}:${chosen}`);
    return behaviours[chosen](input) as boolean;
  };
  // One untyped view of both kinds of set: the program is data, so compile-time name tracking does not apply.
  type AnySet = {
    activate(names: string[]): AnySet;
    deactivate(names: string[]): AnySet;
    activateWhen(nameOrRecord: unknown, predicate?: unknown): AnySet;
    deactivateWhen(nameOrRecord: unknown, predicate?: unknown): AnySet;
    clone(options: { mutable: boolean }): AnySet;
    inferTools(input?: Input): { tools: unknown; activeTools: string[] };
  };
  let set = create({ tools: orderTools, mutable } as never) as unknown as AnySet;
  for (const step of program) {
    if ("mutable" in step) set = set.clone({ mutable: step.mutable });
    else if ("names" in step) set = set[step.kind](step.names);
    else if (step.form === "single")
      for (const [name, chosen] of step.rules) set = set[step.kind](name, predicate(name, chosen));
    else set = set[step.kind](Object.fromEntries(step.rules.map(([name, chosen]) => [name, predicate(name, chosen)])));
  }
  return inputs.map((input) => {
    evaluated.length = 0;
    const { tools, activeTools } = set.inferTools(input);
    return { activeTools, evaluated: [...evaluated], sameTools: tools === orderTools };
  });
}

describe("ai-tool-set@2.3.0 parity", () => {
  it("compares against version 2.3.0 of ai-tool-set", () => {
    const manifest = createRequire(import.meta.url).resolve("ai-tool-set/package.json");
    expect(JSON.parse(readFileSync(manifest, "utf8")).version).toBe("2.3.0");
  });

  it("random rule programs give the same active tools and evaluate the same predicates, in the same order", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(operation, { maxLength: 12 }), (mutable, program) => {
        expect(run(createToolSet, mutable, program)).toEqual(run(reference, mutable, program));
      }),
      { numRuns: 500 },
    );
  });

  it("the README's scenario resolves identically", () => {
    for (const create of [createToolSet, reference]) {
      const toolSet = create({ tools: orderTools })
        .deactivate(["cancel_order"])
        .activate(["list_orders"])
        .activateWhen("cancel_order", ({ messages }) =>
          messages?.some((message) => message.parts.some((part) => part.type === "tool-list_orders")),
        );
      expect(toolSet.inferTools().activeTools).toEqual(["search", "list_orders", "get_weather"]);
      expect(toolSet.inferTools({ messages: messagesWithPendingOrder }).activeTools).toEqual(allNames);
    }
  });
});
