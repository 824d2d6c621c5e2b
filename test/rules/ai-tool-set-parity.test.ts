// Parity with ai-tool-set@2.3.0 itself: the shared spec against its code, and random rule programs run on both.
// ai-tool-set is not a dependency: install it into a temporary folder (or point AI_TOOL_SET_DIR at one);
// without it, these tests are skipped with a notice.
//   mkdir -p /tmp/ats && npm install --prefix /tmp/ats --no-save ai-tool-set@2.3.0
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSet } from "../../src/index.js";
import { allNames, messagesWithPendingOrder, orderTools } from "./order-tools.js";
import { runToolSetSpec, type CreateToolSet } from "./tool-set-spec.js";

const directory = process.env.AI_TOOL_SET_DIR ?? "/tmp/ats/node_modules/ai-tool-set";
const entry = join(directory, "dist", "index.mjs");
const available = existsSync(entry);

if (!available) {
  console.warn(
    `\n⚠ ai-tool-set parity tests SKIPPED: ${entry} not found.\n` +
      "  Install the reference to run them: mkdir -p /tmp/ats && npm install --prefix /tmp/ats --no-save ai-tool-set@2.3.0\n",
  );
}

// A string specifier keeps TypeScript from resolving the module: the project type-checks without it.
const reference: CreateToolSet | undefined = available ? ((await import(pathToFileURL(entry).href)) as { createToolSet: CreateToolSet }).createToolSet : undefined;

if (reference !== undefined) runToolSetSpec("ai-tool-set@2.3.0", reference);

/** What a generated predicate returns, by name (covers true, false, undefined, truthy and falsy non-booleans, input-dependent). */
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
  fc.record({ kind: fc.constantFrom("activate" as const, "deactivate" as const), names: fc.array(toolName, { maxLength: 4 }) }),
  fc.record({
    kind: fc.constantFrom("activateWhen" as const, "deactivateWhen" as const),
    form: fc.constantFrom("single" as const, "record" as const),
    rules: fc.uniqueArray(fc.tuple(toolName, behaviour), { minLength: 1, maxLength: 4, selector: ([name]) => name }),
  }),
  fc.record({ kind: fc.constant("clone" as const), mutable: fc.boolean() }),
);

const inputs: Array<Input | undefined> = [undefined, {}, { toolSetContext: { flag: true } }, { messages: messagesWithPendingOrder }, { messages: [], toolSetContext: { flag: false } }];

/** Runs a rule program on one implementation; returns, per input, the active tools and the predicates evaluated. */
function run(create: CreateToolSet, mutable: boolean, program: Operation[]): Array<{ activeTools: string[]; evaluated: string[]; sameTools: boolean }> {
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
    else if (step.form === "single") for (const [name, chosen] of step.rules) set = set[step.kind](name, predicate(name, chosen));
    else set = set[step.kind](Object.fromEntries(step.rules.map(([name, chosen]) => [name, predicate(name, chosen)])));
  }
  return inputs.map((input) => {
    evaluated.length = 0;
    const { tools, activeTools } = set.inferTools(input);
    return { activeTools, evaluated: [...evaluated], sameTools: tools === orderTools };
  });
}

describe.skipIf(!available)(`ai-tool-set@2.3.0 parity${available ? "" : ` (SKIPPED: ${entry} not found)`}`, () => {
  it("reads version 2.3.0 of ai-tool-set", () => {
    expect(JSON.parse(readFileSync(join(directory, "package.json"), "utf8")).version).toBe("2.3.0");
  });

  it("random rule programs give the same active tools and evaluate the same predicates, in the same order", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(operation, { maxLength: 12 }), (mutable, program) => {
        expect(run(createToolSet, mutable, program)).toEqual(run(reference!, mutable, program));
      }),
      { numRuns: 500 },
    );
  });

  it("the README's scenario resolves identically", () => {
    for (const create of [createToolSet, reference!]) {
      const toolSet = create({ tools: orderTools })
        .deactivate(["cancel_order"])
        .activate(["list_orders"])
        .activateWhen("cancel_order", ({ messages }) => messages?.some((message) => message.parts.some((part) => part.type === "tool-list_orders")));
      expect(toolSet.inferTools().activeTools).toEqual(["search", "list_orders", "get_weather"]);
      expect(toolSet.inferTools({ messages: messagesWithPendingOrder }).activeTools).toEqual(allNames);
    }
  });
});
