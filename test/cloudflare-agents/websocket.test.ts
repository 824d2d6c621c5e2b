// toolsift/cloudflare-agents driven the way the Agents SDK's chat client drives an AIChatAgent: a WebSocket to
// /agents/<binding>/<name>, each turn a `cf_agent_use_chat_request` frame carrying the whole conversation as UI
// messages (`{ messages, trigger: "submit-message" }` as the request body), answered by `cf_agent_use_chat_response`
// frames whose bodies are UI message stream chunks (agents' WebSocketChatTransport), read back into the assistant
// message with the AI SDK's own readUIMessageStream. The model calls a turn's next tool only when its request makes
// that tool callable (offered in `tools`, or defined in a delivery message with the dispatcher offered), else answers
// with text: a miss.
import { env as bindings, exports } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from "ai";
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { definedIn } from "../agent/delivery-model.js";
import { session, type Env, type Session } from "./worker.js";

const env = bindings as unknown as Env;
const agent = (name: string) => env.CHAT.get(env.CHAT.idFromName(name));

interface ServerSocket {
  accept(): void;
  send(data: string): void;
  close(code?: number): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}

/** Opens the chat WebSocket of `name`'s agent (the CHAT binding, routed by routeAgentRequest). */
async function connect(name: string): Promise<ServerSocket> {
  const response = await exports.default.fetch(
    new Request(`http://agents.test/agents/chat/${name}`, { headers: { Upgrade: "websocket" } }),
  );
  const socket = (response as unknown as { webSocket: ServerSocket | null }).webSocket;
  expect(response.status, "the WebSocket upgrade").toBe(101);
  socket!.accept();
  return socket!;
}

/** One turn as the chat client sends it: the conversation so far and the new user message; returns the reply. */
async function send(socket: ServerSocket, messages: UIMessage[], requestId: string): Promise<UIMessage> {
  let listener: (event: { data: unknown }) => void = () => undefined;
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      listener = (event) => {
        const frame = JSON.parse(String(event.data)) as { type: string; id?: string; body?: string; done?: boolean };
        if (frame.type !== "cf_agent_use_chat_response" || frame.id !== requestId) return;
        if ((frame as { error?: boolean }).error) controller.error(new Error(frame.body ?? "stream error"));
        else if (frame.body?.trim()) controller.enqueue(JSON.parse(frame.body) as UIMessageChunk);
        if (frame.done) {
          socket.removeEventListener("message", listener);
          controller.close();
        }
      };
      socket.addEventListener("message", listener);
    },
  });
  socket.send(
    JSON.stringify({
      id: requestId,
      init: { method: "POST", body: JSON.stringify({ messages, trigger: "submit-message" }) },
      type: "cf_agent_use_chat_request",
    }),
  );
  let reply: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream, terminateOnError: true })) reply = message;
  expect(reply?.role).toBe("assistant");
  return reply!;
}

/** A chat client: the conversation it holds, sent whole each turn. */
function chat(name: string) {
  const messages: UIMessage[] = [];
  let socket: ServerSocket | undefined;
  let turn = 0;
  return {
    async say(text: string) {
      socket ??= await connect(name);
      const id = `${name}-${++turn}`;
      messages.push({ id, role: "user", parts: [{ type: "text", text }] });
      messages.push(await send(socket, messages, `request-${id}`));
    },
    /** The socket was closed by the eviction: the next turn connects again. */
    dropConnection() {
      socket = undefined;
    },
    messages,
  };
}

type Call = { name: string; input: unknown };

/** The text of every delivery message of the prompt (the dispatcher's definition lines). */
function deliveries(prompt: LanguageModelV4CallOptions["prompt"]): string[] {
  return prompt
    .filter((message) => message.role === "user")
    .flatMap((message) => message.content.map((part) => (part.type === "text" ? part.text : "")))
    .filter((text) => text.startsWith("Tools to call with call_tool:"));
}

/**
 * The model of the sessions harness: `plan.calls` is the turn's calls not made yet; each request calls the first of
 * them if the request makes it callable (as itself when offered in `tools`; through `call_tool` when the prompt
 * defines it in a delivery), else answers with text and counts a miss. With no call left it answers "Done.".
 */
function callableModel(plan: { calls: Call[]; misses: string[] }) {
  return (options: LanguageModelV4CallOptions) => {
    const [next] = plan.calls;
    if (next === undefined) return { text: "Done." };
    const offered = (options.tools ?? []).map((entry) => entry.name);
    if (offered.includes(next.name)) {
      plan.calls.shift();
      return { toolCalls: [{ toolName: next.name, input: next.input }] };
    }
    if (offered.includes("call_tool") && definedIn(deliveries(options.prompt), next.name)) {
      plan.calls.shift();
      return { toolCalls: [{ toolName: "call_tool", input: { name: next.name, input: next.input } }] };
    }
    plan.misses.push(next.name);
    plan.calls = [];
    return { text: `I cannot call ${next.name}.` };
  };
}

const bodies = (s: Session) =>
  s.model.doStreamCalls.map((call) => ({ tools: JSON.stringify(call.tools), prompt: JSON.stringify(call.prompt) }));

describe("toolsiftChat over the Agents SDK's chat WebSocket", () => {
  it("serves a multi-turn chat through an eviction: one tools block, each request extending the last, no re-embedding, users apart", async () => {
    const alicePlan = { calls: [] as Call[], misses: [] as string[] };
    const alice = session("ws-alice", callableModel(alicePlan));
    const bobPlan = { calls: [] as Call[], misses: [] as string[] };
    const bob = session("ws-bob", callableModel(bobPlan));
    const aliceChat = chat("ws-alice");
    const bobChat = chat("ws-bob");

    alicePlan.calls = [
      { name: "stripe_list_charges", input: { customer: "cus_1" } },
      { name: "stripe_create_refund", input: { charge: "ch_2" } },
    ];
    await aliceChat.say("Customer cus_1 was charged twice: find the duplicate charge and refund it.");
    bobPlan.calls = [{ name: "github_create_pull_request", input: { repo: "acme/api", head: "fix-login" } }];
    await bobChat.say("Open a pull request for the fix-login branch of acme/api on GitHub.");
    alicePlan.calls = [
      { name: "stripe_list_charges", input: { customer: "cus_7" } },
      { name: "stripe_create_refund", input: { charge: "ch_1" } },
    ];
    await aliceChat.say("Same for customer cus_7: list the charges and refund the duplicate charge.");

    const learnt = await agent("ws-alice").usageRow();
    expect(learnt).toContain("stripe_create_refund");
    const embeddedBefore = alice.embedded.length;
    await evictDurableObject(agent("ws-alice"));
    aliceChat.dropConnection();
    alicePlan.calls = [{ name: "weather_forecast", input: { city: "Lisbon" } }];
    await aliceChat.say("What is the weather forecast for Lisbon tomorrow?");

    // Every call was callable when the model needed it.
    expect(alicePlan.misses).toEqual([]);
    expect(bobPlan.misses).toEqual([]);
    // The chat the client holds has the tools' results (the dispatcher ran them on the server).
    expect(JSON.stringify(aliceChat.messages)).toContain('"action":"refunded"');

    // One tools block for every request of every turn, and each request extends the one before, through the eviction.
    const requests = bodies(alice);
    expect(requests.length).toBe(3 + 3 + 2);
    expect(new Set(requests.map((request) => request.tools)).size).toBe(1);
    for (let call = 1; call < requests.length; call++) {
      expect(
        requests[call].prompt.startsWith(requests[call - 1].prompt.slice(0, -1)),
        `request ${call + 1} extends request ${call}`,
      ).toBe(true);
    }

    // The woken agent read what it learnt, and embedded nothing but the new turn's query (no tool, no earlier turn).
    expect(await agent("ws-alice").usageRow()).toContain("stripe_create_refund");
    const after = alice.embedded.slice(embeddedBefore);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((text) => text.startsWith("What is the weather forecast for Lisbon tomorrow?"))).toBe(true);

    // Two users, two agents: neither learnt the other's tools.
    const aliceUsage = (await agent("ws-alice").usageRow())!;
    const bobUsage = (await agent("ws-bob").usageRow())!;
    expect(aliceUsage).not.toContain("github_create_pull_request");
    expect(bobUsage).toContain("github_create_pull_request");
    expect(bobUsage).not.toContain("stripe_");
    expect(bob.model.doStreamCalls.some((call) => JSON.stringify(call.prompt).includes("charged twice"))).toBe(false);
  });
});
