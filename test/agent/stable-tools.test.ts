// prepareStep({ stableTools: true }): the rule (grow only when a tool is needed, append, cap at turns) and its memo.
import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import type { PrepareStepEvent } from "../../src/agent/prepare-step.js";
import {
  EMPTY_STABLE_SET,
  nextStableSet,
  offeredChange,
  type StableSet,
  type StepNeed,
} from "../../src/agent/delivery/stable-tool-rule.js";
import type { StableDecisionStore } from "../../src/agent/delivery/stable-decisions.js";
import { adapterPrepareStep } from "../../src/agent/index-methods.js";
import { createToolIndex } from "../../src/index.js";
import { agentTools } from "./agent-tools.js";

const turn = (selected: StepNeed["selected"], extra: Partial<StepNeed> = {}): StepNeed => ({
  selected,
  turnStart: true,
  called: [],
  ...extra,
});
const step = (selected: StepNeed["selected"], extra: Partial<StepNeed> = {}) =>
  turn(selected, { turnStart: false, ...extra });

function run(needs: StepNeed[], max = 24): StableSet[] {
  const sets: StableSet[] = [];
  let set = EMPTY_STABLE_SET;
  for (const need of needs) sets.push((set = nextStableSet(set, need, max)));
  return sets;
}

describe("the stable-tools rule", () => {
  it("appends a needed tool at the end and keeps every earlier tool in its place within a call", () => {
    const [first, second, third] = run([turn(["a", "b", "c"]), step(["d", "a"]), step(["c", "b"])]);
    expect(first.tools).toEqual(["a", "b", "c"]);
    expect(second.tools).toEqual(["a", "b", "c", "d"]);
    // A reshuffle, or a step that needs fewer tools, changes nothing.
    expect(third.tools).toEqual(["a", "b", "c", "d"]);
  });

  it("changes only for a missing needed tool, then adds every missing tool of the selection", () => {
    const sets = run([
      turn(["a", "b"], { needed: [] }), // the first step takes its whole selection
      step(["a", "x", "y"], { needed: ["a"] }), // x and y are selected but not needed: no change
      step(["a", "x", "z"], { needed: ["z"] }),
    ]);
    expect(sets.map((set) => set.tools)).toEqual([
      ["a", "b"],
      ["a", "b"],
      ["a", "b", "x", "z"],
    ]);
  });

  it("keeps the set across user turns until a turn needs a tool it does not offer", () => {
    const sets = run([turn(["a", "b"]), turn(["b"]), turn(["b", "a"]), turn(["e", "a"])]);
    expect(sets.map((set) => set.tools)).toEqual([
      ["a", "b"],
      ["a", "b"],
      ["a", "b"],
      ["a", "b", "e"],
    ]);
  });

  it("cuts the set to maxStableTools at a turn that changes it anyway, least recently needed first", () => {
    const sets = run([turn(["a", "b"]), step(["c"]), turn(["a", "c"]), turn(["d"]), step(["e"])], 3);
    // Turn 3 needs d: the set would be a, b, c, d; b was needed longest ago and leaves.
    expect(sets[3].tools).toEqual(["a", "c", "d"]);
    // Within a call nothing leaves, whatever the cap.
    expect(sets[4].tools).toEqual(["a", "c", "d", "e"]);
    // Tools the turn selected never leave, even over the cap.
    expect(run([turn(["a", "b"]), turn(["c", "d", "e"])], 2)[1].tools).toEqual(["c", "d", "e"]);
  });

  it("drops a tool the rules no longer allow at once", () => {
    const [, second] = run([turn(["a", "b", "c"]), step(["c"], { allowed: new Set(["a", "c"]) })]);
    expect(second.tools).toEqual(["a", "c"]);
  });

  it("escalates to every tool for the rest of the call and returns to the set at the next turn", () => {
    const sets = run([turn(["a"]), step("escalate"), step(["z"]), turn(["a"])]);
    expect(sets.map((set) => set.everyTool)).toEqual([false, true, true, false]);
    expect(sets[2].tools).toEqual(["a"]);
    expect(sets[3].tools).toEqual(["a"]);
  });

  it("keeps its set when a turn's ranking is empty, and offers every tool when it has none", () => {
    expect(run([turn(["a"]), turn("no-match")])[1]).toMatchObject({ tools: ["a"], everyTool: false });
    expect(run([turn("no-match")])[0]).toMatchObject({ tools: [], everyTool: true });
  });

  it("reports the first changed position, what was added and what was removed", () => {
    expect(offeredChange(["a", "b"], ["a", "b"])).toBeUndefined();
    expect(offeredChange(["a", "b"], ["a", "b", "c"])).toEqual({ added: ["c"], removed: [], changeAt: 2 });
    expect(offeredChange(["a", "b", "c"], ["a", "c", "d"])).toEqual({ added: ["d"], removed: ["b"], changeAt: 1 });
  });
});

const user = (content: string): ModelMessage => ({ role: "user", content });
const called = (id: string, toolName: string): ModelMessage[] => [
  { role: "assistant", content: [{ type: "tool-call", toolCallId: id, toolName, input: {} }] },
  {
    role: "tool",
    content: [{ type: "tool-result", toolCallId: id, toolName, output: { type: "json", value: { ok: true } } }],
  },
];
const answered: ModelMessage = { role: "assistant", content: [{ type: "text", text: "Done." }] };

describe("prepareStep({ stableTools: true })", () => {
  it("returns activeTools with a toolOrder that only grows within a call, and reports each change", async () => {
    const events: PrepareStepEvent[] = [];
    // a small catalog is offered whole by default; this test is about selection
    const prepare = createToolIndex(agentTools).prepareStep({
      stableTools: true,
      maxTools: 2,
      smallCatalog: false,
      onEvent: (event) => events.push(event),
    });
    const prompt = [user("List the Stripe payments of customer 42")];
    const first = await prepare({ steps: [], messages: prompt });
    expect(first.activeTools).toEqual(first.toolOrder);
    expect(first.toolOrder).toContain("stripe_list_payments");
    expect(events).toEqual([]); // the first request of a conversation re-bills nothing
    const messages = [
      ...prompt,
      ...called("c1", "stripe_list_payments"),
      user("Post the weather forecast for Rome to Slack"),
    ];
    const next = await prepare({ steps: [], messages });
    expect(next.toolOrder!.slice(0, first.toolOrder!.length)).toEqual(first.toolOrder);
    expect(next.toolOrder).toEqual(expect.arrayContaining(["weather_forecast", "slack_post_message"]));
    const change = events.find((event) => event.type === "tools-changed");
    expect(change).toMatchObject({ type: "tools-changed", removed: [] });
    if (change?.type !== "tools-changed") throw new Error("no tools-changed event");
    expect(change.added).toEqual(next.toolOrder!.slice(first.toolOrder!.length));
    expect(change.estimatedTokens).toBeGreaterThan(0);
  });

  it("keeps a conversation's decisions when learning changes the index between turns; a new process replays", async () => {
    const index = createToolIndex(agentTools);
    const prepare = index.prepareStep({ stableTools: true, maxTools: 2 });
    const turn1 = [user("What is the weather in Rome?")];
    await prepare({ steps: [], messages: turn1 });
    const turn2 = [...turn1, ...called("c1", "weather_forecast"), answered, user("Book a hotel there for 3 nights")];
    const before = await prepare({ steps: [], messages: turn2 });
    for (let i = 0; i < 5; i++) {
      index.learn([
        user("Book a hotel there for 3 nights"),
        ...called(`l${i}`, "translate_text"),
        ...called(`m${i}`, "s3_upload_file"),
      ]);
    }
    expect(await prepare({ steps: [], messages: turn2 })).toEqual(before);
    // A prepareStep that never saw turn 1 (another process) re-derives the set from the conversation.
    const fresh = await createToolIndex(agentTools).prepareStep({ stableTools: true, maxTools: 2 })({
      steps: [],
      messages: turn2,
    });
    expect(fresh).toEqual(before);
  });

  it("with a store an adapter gives, a new process finds each point's decision instead of replaying it", async () => {
    // The store keeps JSON text, as the agent's SQLite does.
    const rows = new Map<string, string>();
    const store: StableDecisionStore = {
      get: async (point) => (rows.has(point) ? JSON.parse(rows.get(point)!) : undefined),
      set: (point, decision) => void rows.set(point, JSON.stringify(decision)),
    };
    // a small catalog is offered whole by default; this test is about selection
    const options = { stableTools: true, maxTools: 2, smallCatalog: false } as const;
    const prepare = adapterPrepareStep(createToolIndex(agentTools), options, { decisions: store });
    const turn1 = [user("What is the weather in Rome?")];
    await prepare({ steps: [], messages: turn1 });
    const turn2 = [...turn1, ...called("c1", "weather_forecast"), answered, user("Book a hotel there for 3 nights")];
    const before = await prepare({ steps: [], messages: turn2 });
    // Turn 1, the step after its tool result (replayed: this loop never asked for it), turn 2.
    expect(rows.size).toBe(3);

    // Another process, whose index learnt since (from other conversations): it ranks only the new turn's query, and
    // sends at turn 2 what was sent there, where a replay through its selection decides otherwise.
    const woken = createToolIndex(agentTools);
    for (let i = 0; i < 5; i++) {
      woken.learn([
        user("What is the weather in Rome?"),
        ...called(`l${i}`, "translate_text"),
        ...called(`m${i}`, "s3_upload_file"),
      ]);
    }
    expect(await woken.prepareStep(options)({ steps: [], messages: turn2 })).not.toEqual(before);
    const ranked: string[] = [];
    const selectWithScores = woken.selectWithScores.bind(woken);
    woken.selectWithScores = (query, selectOptions) => (ranked.push(query), selectWithScores(query, selectOptions));
    const again = adapterPrepareStep(woken, options, { decisions: store });
    expect(await again({ steps: [], messages: turn2 })).toEqual(before);
    const turn3 = [...turn2, answered, user("Upload the receipt to S3")];
    const next = await again({ steps: [], messages: turn3 });
    expect(ranked).toHaveLength(1);
    expect(ranked[0]).toContain("Upload the receipt");
    expect(next.toolOrder!.slice(0, before.toolOrder!.length)).toEqual(before.toolOrder);

    // A stored decision that is not one is refused, naming its point and field: a failed selection, which the one
    // failure policy reports and answers with every tool (at most maxOfferAll), as every adapter does.
    for (const point of rows.keys()) rows.set(point, JSON.stringify({ set: { tools: "weather_forecast" } }));
    const failures: unknown[] = [];
    const damaged = adapterPrepareStep(
      createToolIndex(agentTools),
      { ...options, onEvent: (event) => failures.push(event) },
      { decisions: store },
    );
    expect(await damaged({ steps: [], messages: turn1 })).toEqual({ activeTools: Object.keys(agentTools) });
    expect(failures).toEqual([
      expect.objectContaining({
        type: "selection-failed",
        fallback: "all",
        error: expect.objectContaining({
          code: "CACHE_READ_FAILED",
          message: expect.stringMatching(/stored decision at "\w+" has no valid set\.tools/),
        }),
      }),
    ]);
  });

  it("offers a pinned search meta-tool from the first step; a thank-you gets only it, and the set comes back", async () => {
    // a small catalog is offered whole by default; this test is about selection
    const prepare = createToolIndex(agentTools).prepareStep({
      stableTools: true,
      alwaysActive: ["search_tools"],
      onNoMatch: "none",
      smallCatalog: false,
    });
    const greeting = [user("Hello there, how are you today?")];
    expect(await prepare({ steps: [], messages: greeting })).toEqual({
      activeTools: ["search_tools"],
      toolOrder: ["search_tools"],
    });
    const first = await prepare({ steps: [], messages: [user("Book a hotel room in Rome for 3 nights")] });
    expect(first.toolOrder![0]).toBe("hotel_booking");
    const thanks = [user("Book a hotel room in Rome for 3 nights"), answered, user("Thanks, how are you?")];
    expect(await prepare({ steps: [], messages: thanks })).toEqual({
      activeTools: ["search_tools"],
      toolOrder: ["search_tools"],
    });
    const again = [...thanks, answered, user("Book another hotel room in Rome for 2 nights")];
    const order = (await prepare({ steps: [], messages: again })).toolOrder!;
    expect(order.slice(0, first.toolOrder!.length)).toEqual(first.toolOrder);
  });

  it("validates its options", () => {
    const index = createToolIndex(agentTools);
    expect(() => index.prepareStep({ stableTool: true } as never)).toThrow(/did you mean "stableTools"/);
    expect(() => index.prepareStep({ maxStableTools: 5 } as never)).toThrow(/unknown option "maxStableTools"/);
    expect(() => index.prepareStep({ stableTools: { maxTools: 0 } })).toThrow(/"stableTools.maxTools"/);
    expect(() => index.prepareStep({ stableTools: { maxTool: 5 } as never })).toThrow(
      /did you mean "stableTools.maxTools"/,
    );
    expect(() => index.prepareStep({ stableTools: "yes" as never })).toThrow(
      /"stableTools" must be true, false or \{ maxTools \}, got the string "yes"/,
    );
  });
});
