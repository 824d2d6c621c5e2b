// toolsiftMiddleware's default delivery in a real createAgent loop: the tools bound to the model (what each request
// sends) stay the same across the calls of a turn and across turns, and only grow, at the end, when a turn needs a
// tool the set lacks: prepareStep's cache-keeping set (stableTools), not a new selection per call.
import { HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { createAgent, createMiddleware } from "langchain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ToolsiftMiddlewareEvent } from "../../src/langchain/events.js";
import { toolsiftMiddleware, type ToolsiftMiddlewareOptions } from "../../src/langchain/index.js";
import { calculateTip, catalog, scriptedChatModel, type ChatReply } from "./fixtures.js";

/** One API's tools: their descriptions open with the same sentence, so they are one family. */
const GIT = "Git repository tools for the team's shared code base.";
function gitTools() {
  const make = (name: string, what: string) =>
    tool(async () => "done", { name, description: `${GIT} ${what}`, schema: z.object({ branch: z.string() }) });
  return [
    make("git_commit", "Record the staged changes as a commit with a message."),
    make("git_branch", "Create a new branch from the current commit."),
    make("git_log", "List the latest commits of a branch."),
  ];
}

/** Runs the turns on one conversation; returns the tool names bound per model call and the events. */
async function run(turns: readonly string[], script: readonly ChatReply[], options: ToolsiftMiddlewareOptions = {}) {
  const tools = [...catalog(), ...gitTools()];
  const recorder = scriptedChatModel(script);
  const events: ToolsiftMiddlewareEvent[] = [];
  // a small catalog is offered whole by default; these tests are about selection
  const middleware = toolsiftMiddleware({
    tools,
    maxTools: 3,
    smallCatalog: false,
    ...options,
    onEvent: (event) => events.push(event),
  });
  const agent = createAgent({ model: recorder.model, tools, middleware: [middleware] });
  let messages: BaseMessage[] = [];
  for (const turn of turns)
    messages = (await agent.invoke({ messages: [...messages, new HumanMessage(turn)] })).messages;
  return { bound: recorder.names(), events };
}

const TURNS = [
  "Commit my staged changes on the main branch",
  "Now list the latest commits of the main branch",
  "What's the weather like in Lisbon right now?",
];
const SCRIPT: ChatReply[] = [
  { call: "git_commit", args: { branch: "main" } },
  "Committed.",
  { call: "git_log", args: { branch: "main" } },
  "Here they are.",
  { call: "get_weather", args: { city: "Lisbon" } },
  "Sunny.",
];

describe("toolsiftMiddleware keeps the prompt cache by default (stableTools)", () => {
  it("binds the same tools on every call of a turn and across turns that need no new tool family", async () => {
    const { bound, events } = await run(TURNS, SCRIPT);
    expect(bound).toHaveLength(6);
    // Turn 1 (two calls) and turn 2 (two calls): one tools array; git_log came with git_commit's family.
    for (const names of bound.slice(1, 4)) expect(names).toEqual(bound[0]);
    expect(bound[0]).toEqual(expect.arrayContaining(["git_commit", "git_branch", "git_log"]));
    expect(bound[0]).not.toContain("get_weather");
    // Turn 3 needs the weather tool: the array before it is kept whole, new tools come after it (its second call's
    // best-ranked tool, outside any family, joins there too, as prepareStep's rule has it within a call).
    expect(bound[4]).toContain("get_weather");
    for (let call = 1; call < bound.length; call++)
      expect(bound[call].slice(0, bound[call - 1].length)).toEqual(bound[call - 1]);
    const changes = events.filter((event) => event.type === "tools-changed");
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) expect(change).toMatchObject({ removed: [] });
    expect(events.filter((event) => event.type === "tools-selected")).toHaveLength(6);
  });

  it("stableTools: false binds each call its own selection (the tools array changes within the conversation)", async () => {
    const { bound, events } = await run(TURNS, SCRIPT, { stableTools: false });
    expect(bound).toHaveLength(6);
    expect(bound.some((names) => JSON.stringify(names) !== JSON.stringify(bound[0]))).toBe(true);
    expect(bound[2]).not.toEqual(bound[0]);
    expect(events.filter((event) => event.type === "tools-changed")).toHaveLength(0);
  });

  it("indexes a tool another middleware adds later and appends it; a tool the call lacks is never bound", async () => {
    const tools = [...catalog(), ...gitTools()];
    let late = false;
    // From the second turn on another middleware adds calculate_tip (and runs it) and removes git_log.
    const lateTools = createMiddleware({
      name: "LateTools",
      wrapModelCall: (request, handler) =>
        handler(
          late
            ? { ...request, tools: [...request.tools.filter((entry) => entry.name !== "git_log"), calculateTip] }
            : request,
        ),
      wrapToolCall: async (request, handler) => {
        if (request.toolCall.name !== "calculate_tip") return handler(request);
        return new ToolMessage({ content: "Tip: $9.00", tool_call_id: request.toolCall.id ?? "" });
      },
    });
    const recorder = scriptedChatModel([
      { call: "git_commit", args: { branch: "main" } },
      "Committed.",
      { call: "calculate_tip", args: { bill_amount: 45 } },
      "Tip is $9.",
    ]);
    const events: ToolsiftMiddlewareEvent[] = [];
    const middleware = toolsiftMiddleware({ tools, maxTools: 3, onEvent: (event) => events.push(event) });
    const agent = createAgent({ model: recorder.model, tools, middleware: [lateTools, middleware] });
    const first = await agent.invoke({ messages: [new HumanMessage(TURNS[0])] });
    late = true;
    await agent.invoke({
      messages: [...first.messages, new HumanMessage("Calculate the tip for a restaurant bill of 45 dollars")],
    });
    const bound = recorder.names();
    expect(bound[0]).toContain("git_log");
    expect(bound[2]).toEqual([...bound[0].filter((name) => name !== "git_log"), "calculate_tip"]);
    expect(bound[3]).toEqual(bound[2]);
    expect(events).toContainEqual({ type: "tools-indexed", tools: ["calculate_tip"] });
  });

  it("stableTools: { maxTools } bounds the set; a bad value is refused at creation, naming the middleware", () => {
    expect(() => toolsiftMiddleware({ stableTools: { maxTools: 0 } })).toThrow(
      /toolsiftMiddleware: option "stableTools.maxTools"/,
    );
    expect(() => toolsiftMiddleware({ stableTools: "yes" as never })).toThrow(
      /toolsiftMiddleware: option "stableTools"/,
    );
    expect(() => toolsiftMiddleware({ stableTools: { max: 3 } as never })).toThrow(/stableTools/);
  });
});
