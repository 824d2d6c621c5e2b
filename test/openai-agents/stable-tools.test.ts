// toolsiftAgent's default, stableTools (prepareStep's cache-keeping set), in the OpenAI Agents SDK's own run() loop
// against the scripted Responses server: the tools of the request bodies across the calls of a turn and across turns.
import { run, user, type AgentInputItem } from "@openai/agents";
import { afterEach, describe, expect, it } from "vitest";
import { ToolsiftError } from "../../src/errors.js";
import { toolsiftAgent, type ToolsiftAgentEvent, type ToolsiftAgentOptions } from "../../src/openai-agents/index.js";
import { travelAgent } from "./fixtures.js";
import {
  offeredTools,
  startResponsesServer,
  type ResponsesBody,
  type ResponsesServer,
  type ScriptedTurn,
} from "./responses-server.js";

let server: ResponsesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Three user turns: two hotel and currency tasks (the second needs no new tool), then the weather (a new one). */
const TURNS: { readonly user: string; readonly script: ScriptedTurn[] }[] = [
  {
    user: "Book a hotel room in Rome for 2 nights, then convert 100 EUR to USD",
    script: [
      { call: "book_hotel", arguments: { city: "Rome", nights: 2 } },
      { call: "convert_currency", arguments: { amount: 100, from: "EUR", to: "USD" } },
      { text: "Booked and converted." },
    ],
  },
  {
    user: "Now convert 50 GBP to USD, and book one more night in the Rome hotel",
    script: [
      { call: "convert_currency", arguments: { amount: 50, from: "GBP", to: "USD" } },
      { call: "book_hotel", arguments: { city: "Rome", nights: 1 } },
      { text: "Converted and booked." },
    ],
  },
  {
    user: "What's the weather forecast in Paris today?",
    script: [{ call: "get_weather", arguments: { city: "Paris" } }, { text: "Sunny." }],
  },
];

/** Runs the three turns (each a `run()` from the history so far); the tools of every body, per turn, as sent. */
async function conversation(options: ToolsiftAgentOptions) {
  const script = TURNS.flatMap((turn) => turn.script);
  server = await startResponsesServer((_body, position) => script[position] ?? { text: "done" });
  const calls: string[] = [];
  // a small catalog is offered whole by default; these tests are about selection
  const { agent } = toolsiftAgent(travelAgent(server.baseURL, calls), { smallCatalog: false, ...options });
  let history: AgentInputItem[] = [];
  const perTurn: string[][] = [];
  for (const turn of TURNS) {
    const before = server.bodies.length;
    const result = await run(agent, [...history, user(turn.user)]);
    history = result.history;
    perTurn.push(server.bodies.slice(before).map((body) => JSON.stringify(body.tools ?? [])));
  }
  return { perTurn, calls, bodies: server.bodies, refused: server.refused };
}

/** Positions of the bodies whose tools do not begin with every tool of the body before (compared as sent). */
function notExtending(bodies: readonly ResponsesBody[]): number[] {
  const tools = bodies.map((body) => (body.tools ?? []).map((entry) => JSON.stringify(entry)));
  return tools.flatMap((current, at) =>
    at > 0 && tools[at - 1].some((entry, position) => current[position] !== entry) ? [at] : [],
  );
}

describe("toolsiftAgent stableTools (the default)", () => {
  it("sends one tools array across the calls of a turn and across turns, extended at the end only for a new tool", async () => {
    const events: ToolsiftAgentEvent[] = [];
    const { perTurn, calls, bodies, refused } = await conversation({ onEvent: (event) => events.push(event) });
    expect(refused).toEqual([]);
    expect(calls.map((call) => call.slice(0, call.indexOf("(")))).toEqual([
      "book_hotel",
      "convert_currency",
      "convert_currency",
      "book_hotel",
      "get_weather",
    ]);
    // Turns 1 and 2: every call of both turns sends the same tools, byte for byte.
    for (const tools of [...perTurn[0], ...perTurn[1]]) expect(tools).toBe(perTurn[0][0]);
    // Every request's tools begin with the tools of the request before: what changes is appended.
    expect(notExtending(bodies)).toEqual([]);
    // Turn 3 needs get_weather (the agent's first tool): appended after the tools of turns 1 and 2.
    const kept = offeredTools(bodies[0]);
    expect(kept).not.toContain("get_weather");
    expect(offeredTools(bodies[perTurn[0].length + perTurn[1].length]).slice(kept.length)).toEqual(["get_weather"]);
    const changes = events.filter((event) => event.type === "tools-changed");
    expect(changes.map((change) => change.removed)).toEqual(changes.map(() => []));
    expect(changes[0].added).toEqual(["get_weather"]);
  });

  it("stableTools: false offers each call its own selection, in the agent's order: the same conversation breaks the prefix", async () => {
    const { bodies, refused } = await conversation({ stableTools: false });
    expect(refused).toEqual([]);
    expect(notExtending(bodies).length).toBeGreaterThan(0);
  });

  it("validates stableTools as prepareStep does, naming the option", () => {
    const base = travelAgent("http://127.0.0.1:9/v1", []);
    for (const stableTools of ["yes", { maxTools: 0 }, { maxTool: 3 }]) {
      const make = () => toolsiftAgent(base, { stableTools } as never);
      expect(make).toThrow(ToolsiftError);
      expect(make).toThrow(/stableTools/);
    }
    expect(() => toolsiftAgent(base, { stableTools: { maxTools: 12 } })).not.toThrow();
  });
});
