// toolsift/cloudflare-agents inside workerd: AIChatAgent Durable Objects whose onChatMessage spreads toolsiftChat into
// streamText, driven by their own saveMessages over Durable Object RPC, with a scripted model that can only call a
// tool it was offered (test/agent/mock-model.ts).
import { env as bindings } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tools } from "../../examples/worker-agent/src/tools.js";
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

describe("toolsiftChat in an AIChatAgent (in-conversation delivery, the default)", () => {
  it("serves a multi-turn chat with one tools block, each request extending the last, through an eviction", async () => {
    const s = session("alice", [
      dispatch("stripe_list_charges", { customer: "cus_1" }),
      dispatch("stripe_create_refund", { charge: "ch_2" }),
      { text: "Refunded ch_2." },
      dispatch("stripe_list_charges", { customer: "cus_7" }),
      dispatch("stripe_create_refund", { charge: "ch_1" }),
      { text: "Refunded ch_1." },
      dispatch("weather_forecast", { city: "Lisbon" }),
      { text: "Sunny." },
    ]);
    await say("alice", "u1", "Customer cus_1 was charged twice: find the duplicate charge and refund it.");
    await say("alice", "u2", "Same for customer cus_7, refund the duplicate charge.");
    const learnt = agent("alice").usageRow();
    expect(await learnt).toContain("stripe_create_refund");
    const embeddedBefore = [...s.embedded];

    await evictDurableObject(agent("alice"));
    // A new instance: its index is made from the agent's SQLite, with what it learnt.
    expect(await agent("alice").learntUsage()).toBe(await learnt);
    await say("alice", "u3", "What is the weather forecast for Lisbon tomorrow?");

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
    // After the eviction, queries were embedded (the new turn's, and the earlier turns' as their deliveries were
    // re-derived), but no tool: every tool's text was embedded once, before.
    const descriptions = Object.values(tools).map((entry) => entry.description as string);
    const toolTexts = (texts: string[]) => texts.filter((text) => descriptions.some((d) => text.includes(d)));
    expect(toolTexts(embeddedBefore)).toHaveLength(descriptions.length);
    const after = s.embedded.slice(embeddedBefore.length);
    expect(after.some((text) => text.includes("Lisbon"))).toBe(true);
    expect(toolTexts(after)).toEqual([]);
    expect(s.events.filter((event) => event.type.includes("fail"))).toEqual([]);
  });

  it("two users' agents never see each other's usage", async () => {
    session("carol", [dispatch("stripe_list_charges", { customer: "cus_3" }), { text: "Two charges." }]);
    const bob = session("bob", [{ text: "Hello!" }]);
    await say("carol", "c1", "List the charges of customer cus_3.");
    await say("bob", "b1", "Hi there");
    expect(await agent("carol").usageRow()).toContain("stripe_list_charges");
    expect(await agent("bob").usageRow()).not.toContain("stripe_list_charges");
    expect(JSON.parse(await agent("bob").learntUsage())).toEqual(JSON.parse((await agent("bob").usageRow())!));
    expect(bob.offered).toEqual([["call_tool", "search_tools"]]);
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
    expect(JSON.stringify(s.model.doStreamCalls.at(-1)!.prompt)).not.toMatch(/Tools to call[^"]*files__/);
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
      { delivery: "prepare-step" },
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
