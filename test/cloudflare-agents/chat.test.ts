// toolsift/cloudflare-agents inside workerd: AIChatAgent Durable Objects whose onChatMessage spreads toolsiftChat into
// streamText, driven by their own saveMessages over Durable Object RPC, with a scripted model that can only call a
// tool it was offered (test/agent/mock-model.ts).
import { env as bindings } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import { tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { tools } from "../../examples/worker-agent/src/tools.js";
import type { ScriptStep } from "../agent/mock-model.js";
import { session, type Env, type Session } from "./worker.js";

const user = (id: string, text: string) => ({ id, role: "user" as const, parts: [{ type: "text" as const, text }] });
const env = bindings as unknown as Env;
const agent = (name: string) => env.CHAT.get(env.CHAT.idFromName(name));

/** Sends one user message to `name`'s agent and waits for its turn; fails the test unless the turn completed. */
async function say(name: string, id: string, text: string) {
  const result = await agent(name).saveMessages(
    (messages: readonly unknown[]) => [...(messages as never[]), user(id, text)] as never,
  );
  expect(result.status, result.error).toBe("completed");
}

const dispatch = (name: string, input: unknown) => ({ toolCalls: [{ toolName: "call_tool", input: { name, input } }] });
const requests = (s: Session) => s.model.doStreamCalls.map((call) => JSON.stringify(call.prompt));
const toolBlocks = (s: Session) => s.model.doStreamCalls.map((call) => JSON.stringify(call.tools));

const descriptions = Object.values(tools).map((entry) => entry.description as string);
const toolTexts = (texts: readonly string[]) => texts.filter((text) => descriptions.some((d) => text.includes(d)));

/** The model's part of those turns, each tool called through `call` (the dispatcher's or the tool itself). */
const refundsAndWeather = (call: (toolName: string, input: unknown) => ScriptStep): ScriptStep[] => [
  call("stripe_list_charges", { customer: "cus_1" }),
  call("stripe_create_refund", { charge: "ch_2" }),
  { text: "Refunded ch_2." },
  call("stripe_list_charges", { customer: "cus_7" }),
  call("stripe_create_refund", { charge: "ch_1" }),
  { text: "Refunded ch_1." },
  call("weather_forecast", { city: "Lisbon" }),
  { text: "Sunny." },
];

/**
 * `name`'s agent through two refund turns, an eviction and a weather turn. Checks the woken agent's index holds the
 * usage it learnt, and that after the eviction only the new turn's query was embedded: no tool (each was embedded
 * once, before) and no query of an earlier turn (what was delivered at the earlier points comes back from the agent's
 * SQLite).
 */
async function refundsThenEvictionThenWeather(name: string, s: Session) {
  await say(name, `${name}-1`, "Customer cus_1 was charged twice: find the duplicate charge and refund it.");
  await say(name, `${name}-2`, "Same for customer cus_7, refund the duplicate charge.");
  const learnt = agent(name).usageRow();
  expect(await learnt).toContain("stripe_create_refund");
  const embeddedBefore = [...s.embedded];

  await evictDurableObject(agent(name));
  // A new instance: its index is made from the agent's SQLite, with what it learnt.
  expect(await agent(name).learntUsage()).toBe(await learnt);
  await say(name, `${name}-3`, "What is the weather forecast for Lisbon tomorrow?");

  expect(toolTexts(embeddedBefore)).toHaveLength(descriptions.length);
  const after = s.embedded.slice(embeddedBefore.length);
  expect(after.some((text) => text.includes("Lisbon"))).toBe(true);
  expect(toolTexts(after)).toEqual([]);
  expect(after.filter((text) => /cus_|charged twice/.test(text))).toEqual([]);
  expect(s.events.filter((event) => event.type.includes("fail"))).toEqual([]);
}

describe("toolsiftChat in an AIChatAgent (in-conversation delivery, the default)", () => {
  it("serves a multi-turn chat with one tools block, each request extending the last, through an eviction", async () => {
    const s = session("alice", refundsAndWeather(dispatch));
    await refundsThenEvictionThenWeather("alice", s);

    // Every request of the three turns (8 model calls) had the same tools block and extended the request before it.
    expect(s.offered).toHaveLength(8);
    expect(new Set(toolBlocks(s)).size).toBe(1);
    expect(s.offered[0]).toEqual(["call_tool", "search_tools"]);
    const bodies = requests(s);
    for (let call = 1; call < bodies.length; call++) {
      expect(
        bodies[call].startsWith(bodies[call - 1].slice(0, -1)),
        `request ${call + 1} extends request ${call}`,
      ).toBe(true);
    }
  });

  it("two users' agents never see each other's usage", async () => {
    session("carol", [dispatch("stripe_list_charges", { customer: "cus_3" }), { text: "Two charges." }]);
    const bob = session("bob", [{ text: "Hello!" }]);
    await say("carol", "c1", "List the charges of customer cus_3.");
    await say("bob", "b1", "Hi there");
    expect(await agent("carol").usageRow()).toContain("stripe_list_charges");
    expect(await agent("bob").usageRow()).not.toContain("stripe_list_charges");
    expect(JSON.parse(await agent("bob").learntUsage())).toEqual(JSON.parse((await agent("bob").usageRow())!));
    // "Hi there" only converses: the turn is offered no tool at all (not call_tool, not search_tools).
    expect(bob.offered).toEqual([[]]);
  });

  it("a tool name no tool has is refused to the model and reported, and the turn completes", async () => {
    const s = session("dave", [dispatch("stripe_teleport", { to: "mars" }), { text: "I cannot do that." }]);
    await say("dave", "d1", "Teleport customer cus_9 to Mars with Stripe.");
    expect(s.events).toContainEqual(
      expect.objectContaining({ type: "tool-call-refused", tool: "stripe_teleport", reason: "unknown-tool" }),
    );
    const output = JSON.stringify(s.model.doStreamCalls[1].prompt);
    expect(output).toContain("stripe_teleport");
  });
});

describe('toolsiftChat with delivery "prepare-step" through an eviction', () => {
  const call = (toolName: string, input: unknown) => ({ toolCalls: [{ toolName, input }] });

  it("replays no earlier step: no earlier query embedded, every request's tools extending the last", async () => {
    const s = session("olga", refundsAndWeather(call), { delivery: "prepare-step" });
    // The stable set's decisions at the earlier points come back from the agent's SQLite instead of being replayed.
    await refundsThenEvictionThenWeather("olga", s);

    // The tools array of every request (8 model calls over three turns) extends the one before, across the eviction.
    expect(s.offered).toHaveLength(8);
    for (let at = 1; at < s.offered.length; at++) {
      expect(s.offered[at].slice(0, s.offered[at - 1].length), `request ${at + 1} extends request ${at}`).toEqual(
        s.offered[at - 1],
      );
    }
    expect(s.offered[6]).toContain("weather_forecast");
  });

  it("a damaged stored decision fails the turn's selection, naming its table and point: every tool, reported", async () => {
    const s = session("pete", [call("stripe_list_charges", { customer: "cus_1" }), { text: "Two charges." }], {
      delivery: "prepare-step",
    });
    await say("pete", "p1", "List the charges of customer cus_1.");
    await evictDurableObject(agent("pete"));
    await agent("pete").damageStableSets("{");
    const result = await agent("pete").saveMessages(
      (messages: readonly unknown[]) => [...(messages as never[]), user("p2", "Refund the last one.")] as never,
    );
    // The failure policy of every adapter: the turn goes on with every tool and the failure is reported.
    expect(result.status).not.toBe("error");
    expect(s.events).toContainEqual(
      expect.objectContaining({
        type: "selection-failed",
        fallback: "all",
        message: expect.stringMatching(/agent SQLite: the toolsift_stable_sets row "\w+" is not JSON/),
      }),
    );
  });
});

describe("toolsiftChat learning and catalog changes", () => {
  const refundText = "Customer cus_1 was charged twice: find the duplicate charge and refund it.";
  type Snapshot = { conversations: number; tools: string[]; starts: string; next: string[] };
  const usageOf = async (name: string) => JSON.parse((await agent(name).usageRow())!) as Snapshot;

  it("a continued turn (continueLastTurn) is learnt once: only the calls after its first end are added", async () => {
    session("ivan", [
      dispatch("stripe_list_charges", { customer: "cus_1" }),
      { text: "There are two charges of 49 USD." },
      dispatch("stripe_create_refund", { charge: "ch_2" }),
      { text: "Refunded ch_2." },
    ]);
    session("judy", [
      dispatch("stripe_list_charges", { customer: "cus_1" }),
      dispatch("stripe_create_refund", { charge: "ch_2" }),
      { text: "Refunded ch_2." },
    ]);
    await say("ivan", "i1", refundText);
    expect(await agent("ivan").continueTurn()).toBe("completed");
    await say("judy", "j1", refundText);
    const continued = await usageOf("ivan");
    const whole = await usageOf("judy");
    // One conversation, one start (stripe_list_charges), as the same calls made in one go.
    expect(continued.conversations).toBe(1);
    expect(continued.conversations).toBe(whole.conversations);
    expect(continued.starts).toEqual(whole.starts);
    // The continuation's call was learnt, after the first one.
    expect(continued.tools).toEqual(["stripe_list_charges", "stripe_create_refund"]);
    expect(continued.next).toHaveLength(whole.next.length);
  });

  it("an own tool whose input schema changed is rebuilt: embedded again alone, delivered with its new schema", async () => {
    // Deliveries turn by turn (the small catalog not delivered whole at the first turn): the refund tool is first
    // delivered after its schema changed.
    const s = session(
      "kate",
      [
        { text: "Sunny." },
        dispatch("stripe_create_refund", { charge: "ch_2", reason: "duplicate" }),
        { text: "Refunded." },
      ],
      { inConversation: { smallCatalog: false } },
    );
    await say("kate", "k1", "What is the weather forecast for Lisbon tomorrow?");
    const before = s.embedded.length;
    const old = tools.stripe_create_refund;
    s.tools = {
      ...tools,
      stripe_create_refund: tool({
        description: old.description!,
        inputSchema: z.object({
          charge: z.string().describe("Charge id, ch_…"),
          reason: z.enum(["duplicate", "fraudulent", "requested_by_customer"]).describe("Why the charge is refunded"),
        }),
        execute: async () => ({ ok: true }),
      }),
    };
    await say("kate", "k2", "Refund the duplicate charge ch_2 of customer cus_1.");
    const rebuilt = toolTexts(s.embedded.slice(before));
    expect(rebuilt).toHaveLength(1);
    expect(rebuilt[0]).toContain(old.description);
    expect(rebuilt[0]).toContain("Why the charge is refunded");
    expect(JSON.stringify(s.model.doStreamCalls[1].prompt)).toContain("requested_by_customer");
    expect(s.offered.at(-1)).toEqual(["call_tool", "search_tools"]);
  });
});

describe("toolsiftChat runs the tools of the turn", () => {
  // Tools made in onChatMessage close over that turn (its request body, its abort signal...): each turn's call must
  // run that turn's tool, with either delivery.
  for (const delivery of ["in-conversation", "prepare-step"] as const) {
    it(`with delivery "${delivery}", each turn's call runs the tool object passed that turn`, async () => {
      const call = (input: unknown) =>
        delivery === "in-conversation"
          ? dispatch("stripe_list_charges", input)
          : { toolCalls: [{ toolName: "stripe_list_charges", input }] };
      const name = `turns-${delivery}`;
      const s = session(
        name,
        [call({ customer: "cus_1" }), { text: "One." }, call({ customer: "cus_2" }), { text: "Two." }],
        {
          delivery,
        },
      );
      const forTurn = (turn: number) => ({
        ...tools,
        stripe_list_charges: tool({
          description: tools.stripe_list_charges.description!,
          inputSchema: z.object({ customer: z.string().describe("Customer id, cus_…") }),
          execute: async ({ customer }) => ({ customer, turn }),
        }),
      });
      s.tools = forTurn(1);
      await say(name, "t1", "List the charges of customer cus_1.");
      s.tools = forTurn(2);
      await say(name, "t2", "List the charges of customer cus_2.");
      const last = JSON.stringify(s.model.doStreamCalls[3].prompt);
      expect(last).toContain('"customer":"cus_2","turn":2');
    });
  }
});

describe("toolsiftChat over the agent's MCP servers", () => {
  it("adds a server's tools namespaced when it connects and drops them when it goes, embedding only its tools", async () => {
    const s = session("erin", [
      dispatch("stripe_list_charges", { customer: "cus_5" }),
      { text: "Listed." },
      dispatch("files__read_file", { path: "q3/report.txt" }),
      { text: "Here is the report." },
      dispatch("stripe_list_charges", { customer: "cus_5" }),
      { text: "Listed." },
    ]);
    await say("erin", "e0", "List the charges of customer cus_5.");
    const embeddedBefore = s.embedded.length;
    const serverId = await agent("erin").connectFiles();
    await say("erin", "e1", "Read the file q3/report.txt from the file store.");
    const newTexts = s.embedded.slice(embeddedBefore);
    // The two files tools, then the query: none of the 15 own tools again.
    expect(newTexts.filter((text) => !/q3\/report/.test(text))).toHaveLength(2);
    const delivered = JSON.stringify(s.model.doStreamCalls[2].prompt);
    expect(delivered).toContain("files__read_file");
    expect(JSON.stringify(s.model.doStreamCalls[3].prompt)).toContain("contents of q3/report.txt");

    await agent("erin").disconnect(serverId);
    await say("erin", "e2", "List the charges of customer cus_5 again.");
    // What was delivered before stays in the conversation (each request extends the last); nothing after it names
    // the server's tools, and the tools block never changed.
    const last = s.model.doStreamCalls.at(-1)!.prompt;
    const turn = last.slice(last.map((message) => JSON.stringify(message).includes("cus_5 again")).lastIndexOf(true));
    expect(JSON.stringify(turn)).not.toContain("files__");
    expect(new Set(s.offered.map((names) => names.join())).size).toBe(1);
  });

  it("a server that is down is reported through onEvent once, never a crash", async () => {
    const s = session("frank", [{ text: "ok" }]);
    await agent("frank").connectDown();
    await say("frank", "f1", "List the charges of customer cus_2.");
    await say("frank", "f2", "And for cus_3?");
    const failed = s.events.filter((event) => event.type === "mcp-server-failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ server: "down", stage: "connect" });
  });
});

describe("toolsiftChat options", () => {
  it('delivery "prepare-step" offers the real tools, a stable set by default', async () => {
    const s = session(
      "gina",
      [
        { toolCalls: [{ toolName: "stripe_list_charges", input: { customer: "cus_1" } }] },
        { toolCalls: [{ toolName: "stripe_create_refund", input: { charge: "ch_2" } }] },
        { text: "Refunded." },
      ],
      // a small catalog is offered whole by default; this test is about selection
      { delivery: "prepare-step", prepareStep: { smallCatalog: false } },
    );
    await say("gina", "g1", "Customer cus_1 was charged twice: find the duplicate charge and refund it.");
    expect(s.offered).toHaveLength(3);
    for (const offered of s.offered) expect(offered.length).toBeLessThan(15);
    expect(s.offered[1].slice(0, s.offered[0].length)).toEqual(s.offered[0]);
  });

  it("an unknown option is refused by name", async () => {
    session("hank", [{ text: "ok" }]);
    expect(await agent("hank").refusal({ deliver: "prepare-step" })).toMatch(
      'toolsiftChat: unknown option "deliver"; did you mean "delivery"?',
    );
    expect(await agent("hank").refusal({ delivery: "everything" })).toMatch(/delivery.*"everything"/);
  });
});
