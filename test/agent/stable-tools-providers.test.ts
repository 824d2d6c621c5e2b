// Prefix stability of prepareStep({ stableTools: true }) in the request bodies the real @ai-sdk/anthropic and
// @ai-sdk/openai packages send, over a multi-turn, multi-step generateText loop with a scripted provider.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, isStepCount, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import type { PrepareStepEvent } from "../../src/agent/prepare-step.js";
import { createToolIndex } from "../../src/index.js";
import { anthropicMessage, jsonResponse, openaiResponse } from "../../scripts/session-cost/provider-responses.mjs";
import { agentTools } from "./agent-tools.js";

type Provider = "anthropic" | "openai";
type Call = { name: string; input: Record<string, unknown> };

/** Each turn: the user's message and the calls the scripted model makes, in order, before it answers "Done.". */
const TURNS: { user: string; calls: Call[] }[] = [
  {
    user: "List the Stripe payments of customer 42 and refund the last one",
    calls: [
      { name: "stripe_list_payments", input: { customer: "42" } },
      { name: "stripe_refund_payment", input: { payment: "py_1" } },
    ],
  },
  {
    // Needs only tools the set already offers: no change.
    user: "Refund the Stripe payment py_2 as well, then list the Stripe payments of customer 42 again",
    calls: [
      { name: "stripe_refund_payment", input: { payment: "py_2" } },
      { name: "stripe_list_payments", input: { customer: "42" } },
    ],
  },
  {
    user: "What is the weather forecast for Rome? Post it to the #general Slack channel",
    calls: [
      { name: "weather_forecast", input: { city: "Rome" } },
      { name: "slack_post_message", input: { channel: "#general", text: "Sunny" } },
    ],
  },
  {
    // A turn of conversation only: it is offered no tool at all (the model wants one anyway: not callable, so the model
    // answers in text). This one request sends no tools; the set is kept for the next request.
    user: "Thanks, that is all for now",
    calls: [{ name: "hotel_booking", input: { city: "Rome", nights: 3 } }],
  },
];

/** Tool names in a request body (both providers put `name` on each tool). */
const toolNames = (body: Record<string, unknown>) =>
  ((body.tools ?? []) as { name: string }[]).map((definition) => definition.name);

/**
 * A provider whose `fetch` records each request body and plays the current turn's calls: the next call when the
 * request's tools hold it, text otherwise (a refusal: the turn ends there); "Done." once the turn's calls are made.
 */
function scriptedProvider(provider: Provider) {
  const bodies: Record<string, unknown>[] = [];
  const refusals: string[] = [];
  let queue: Call[] = [];
  const fetch = async (_url: unknown, init?: { body?: unknown }) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push(body);
    let call = queue.shift();
    if (call !== undefined && !toolNames(body).includes(call.name)) {
      refusals.push(call.name);
      queue = [];
      call = undefined;
    }
    const answer = call ? ({ type: "call", ...call } as const) : ({ type: "text", text: "Done." } as const);
    const id = bodies.length;
    return jsonResponse(provider === "anthropic" ? anthropicMessage(answer, id) : openaiResponse(answer, id));
  };
  const model =
    provider === "anthropic"
      ? createAnthropic({ apiKey: "test", fetch: fetch as typeof globalThis.fetch })("claude-sonnet-4-5")
      : createOpenAI({ apiKey: "test", fetch: fetch as typeof globalThis.fetch }).responses("gpt-4.1");
  return { model, bodies, refusals, play: (calls: Call[]) => (queue = [...calls]) };
}

/** Runs every turn as one generateText call; the app stores the response messages, as an agent does. */
async function converse(provider: Provider, stableTools: boolean) {
  const events: PrepareStepEvent[] = [];
  // a small catalog is offered whole by default; these tests are about selection
  const prepareStep = createToolIndex(agentTools).prepareStep({
    maxTools: 2,
    smallCatalog: false,
    stableTools,
    onEvent: (event) => events.push(event),
  });
  const scripted = scriptedProvider(provider);
  const turnStarts: number[] = [];
  let messages: ModelMessage[] = [];
  for (const turn of TURNS) {
    messages = [...messages, { role: "user", content: turn.user }];
    scripted.play(turn.calls);
    turnStarts.push(scripted.bodies.length);
    const result = await generateText({
      model: scripted.model,
      tools: agentTools,
      system: "You are a helpful operations assistant.",
      messages,
      prepareStep,
      stopWhen: isStepCount(6),
    });
    messages = [...messages, ...result.responseMessages];
  }
  const changes = events.filter((event) => event.type === "tools-changed");
  return { ...scripted, changes, turnStarts };
}

/** The parts a provider caches, in the order it renders them. */
const cachedParts = (provider: Provider, body: Record<string, unknown>) =>
  provider === "anthropic"
    ? { tools: (body.tools ?? []) as unknown[], system: body.system, messages: body.messages as unknown[] }
    : { tools: (body.tools ?? []) as unknown[], system: body.instructions, messages: body.input as unknown[] };

/** `next` holds every element of `previous`, byte for byte, at the same position. */
const extends_ = (previous: unknown[], next: unknown[]) =>
  next.length >= previous.length && previous.every((item, i) => JSON.stringify(item) === JSON.stringify(next[i]));

for (const provider of ["anthropic", "openai"] as const) {
  describe(`stableTools through @ai-sdk/${provider}`, () => {
    it("sends requests that each extend the one before; the tools change only where a new tool is needed", async () => {
      const { bodies, refusals, changes, turnStarts } = await converse(provider, true);

      // 3 turns of 2 calls and "Done.", and a turn whose call is refused.
      expect(bodies).toHaveLength(10);
      expect(refusals).toEqual(["hotel_booking"]);
      let toolChanges = 0;
      // The thank-you's request is offered no tool: the one request whose tools do not extend the one before.
      const thanks = turnStarts[3];
      expect(toolNames(bodies[thanks])).toEqual([]);
      for (let n = 1; n < bodies.length; n++) {
        const previous = cachedParts(provider, bodies[n - 1]);
        const next = cachedParts(provider, bodies[n]);
        expect(JSON.stringify(next.system)).toBe(JSON.stringify(previous.system));
        expect(extends_(previous.messages, next.messages), `request ${n + 1}'s messages`).toBe(true);
        if (n === thanks) continue;
        // The documented change: tools appended at the end; never removed or moved.
        expect(extends_(previous.tools, next.tools), `request ${n + 1}'s tools`).toBe(true);
        if (next.tools.length > previous.tools.length) toolChanges++;
      }
      // Each added tool is reported, and so is the thank-you's request, which sends none of the set: it is billed again
      // from its first tool on.
      const removed = changes.map((change) => (change.type === "tools-changed" ? change.removed : []));
      expect(changes).toHaveLength(toolChanges + 1);
      expect(removed.filter((names) => names.length > 0)).toEqual([toolNames(bodies[thanks - 1])]);
      // Turn 2 needs only tools turn 1 offered: its requests send turn 1's last tools array unchanged.
      const turn1Tools = JSON.stringify(bodies[turnStarts[1] - 1].tools);
      for (let n = turnStarts[1]; n < turnStarts[2]; n++) expect(JSON.stringify(bodies[n].tools)).toBe(turn1Tools);
      // Turn 3 needs the weather and Slack tools: they are added at its first request, after the earlier tools.
      const turn3 = toolNames(bodies[turnStarts[2]]);
      expect(turn3.slice(-2).sort()).toEqual(["slack_post_message", "weather_forecast"].sort());
      expect(toolChanges).toBeLessThanOrEqual(3);
    });

    it("plain prepareStep, in the same loop, rewrites the tools array mid-prefix (what stableTools prevents)", async () => {
      const { bodies } = await converse(provider, false);
      const broken = bodies
        .slice(1)
        .filter((body, n) => !extends_((bodies[n].tools ?? []) as unknown[], (body.tools ?? []) as unknown[]));
      expect(broken.length).toBeGreaterThan(0);
    });
  });
}
