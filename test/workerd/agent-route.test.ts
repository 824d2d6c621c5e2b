// The example agent route (examples/worker-agent) in workerd: generateText + prepareStep, a scripted model, KV cache.

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createAgentWorker } from "../../examples/worker-agent/src/agent.js";
import { tools } from "../../examples/worker-agent/src/tools.js";
import { scriptedModel, type ScriptStep } from "../agent/mock-model.js";
import { interceptKv } from "./kv-interceptor.js";

const kv = env.CACHE_TEST_KV;
const allTools = Object.keys(tools);

function post(body: unknown, path = "/agent", method = "POST"): Request {
  return new Request(`http://agent.test${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: method === "GET" ? undefined : JSON.stringify(body),
  });
}

/** A worker whose model plays `script`, on the shared test KV (counting its calls). */
function agentWith(script: ScriptStep[]) {
  const { model, offered } = scriptedModel(script);
  const calls: string[] = [];
  const counted = interceptKv(kv, (operation, key, proceed) => {
    calls.push(`${operation} ${key}`);
    return proceed();
  });
  const worker = createAgentWorker({ model: () => model, maxTools: 4 });
  const run = async (body: unknown) => {
    const response = await worker.fetch(post(body), { TOOL_EMBEDDINGS: counted });
    return { status: response.status, body: (await response.json()) as any };
  };
  return { worker, run, offered, calls };
}

describe("examples/worker-agent: POST /agent", () => {
  it("offers each step the whole small catalog, the tools it needs first, and runs the ones the model calls", async () => {
    const agent = agentWith([
      { toolCalls: [{ toolName: "stripe_list_charges", input: { customer: "cus_4821" } }] },
      { toolCalls: [{ toolName: "stripe_create_refund", input: { charge: "ch_2" } }] },
      { text: "Refunded the duplicate charge ch_2." },
    ]);
    const answer = await agent.run({
      prompt: "Customer cus_4821 was charged twice. Find the duplicate charge and refund it.",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.text).toBe("Refunded the duplicate charge ch_2.");
    expect(
      answer.body.steps.map((step: { toolCalls: { toolName: string }[] }) =>
        step.toolCalls.map((call) => call.toolName),
      ),
    ).toEqual([["stripe_list_charges"], ["stripe_create_refund"], []]);
    expect(agent.offered).toHaveLength(3);
    // The example keeps prepareStep's defaults, and its 15 tools are a small catalog (smallCatalog): every step is
    // offered all of them, the ranked ones first, in one order for the whole run (the stable set).
    for (const offered of agent.offered) {
      expect([...offered].sort()).toEqual([...allTools].sort());
      expect(offered).toEqual(agent.offered[0]);
    }
    expect(agent.offered[0].slice(0, 2).sort()).toEqual(["stripe_create_refund", "stripe_list_charges"]);
  });

  it("a different request is offered its own tools first", async () => {
    const agent = agentWith([
      { toolCalls: [{ toolName: "weather_forecast", input: { city: "Lisbon" } }] },
      { text: "Sunny, 24°C." },
    ]);
    const answer = await agent.run({ messages: [{ role: "user", content: "What's the weather in Lisbon tomorrow?" }] });
    expect(answer.status).toBe(200);
    // The whole small catalog again (smallCatalog), ranked for this request: the weather tool first, no Stripe tool
    // before it.
    expect([...agent.offered[0]].sort()).toEqual([...allTools].sort());
    expect(agent.offered[0][0]).toBe("weather_forecast");
  });

  it("caches the tool embeddings in the KV binding: a new isolate reads them and writes nothing", async () => {
    const first = agentWith([{ text: "ok" }]);
    await first.run({ prompt: "open a pull request for my branch" });
    const stored = (await kv.list({ prefix: "toolsift/" })).keys.map((key) => key.name);
    expect(stored.some((name) => name.endsWith("/manifest"))).toBe(true);
    expect(stored.some((name) => name.includes("/chunk/"))).toBe(true);

    const second = agentWith([{ text: "ok" }]);
    await second.run({ prompt: "open a pull request for my branch" });
    expect(second.calls.filter((call) => call.startsWith("get ") && call.endsWith("/manifest"))).toHaveLength(1);
    expect(second.calls.filter((call) => !call.startsWith("get "))).toEqual([]);
    expect(second.offered[0]).toContain("github_create_pull_request");
  });

  it("answers 404, 405 and 400 for other paths, methods and bodies", async () => {
    const { worker } = agentWith([{ text: "unused" }]);
    const kvEnv = { TOOL_EMBEDDINGS: kv };
    expect((await worker.fetch(post({ prompt: "x" }, "/other"), kvEnv)).status).toBe(404);
    const get = await worker.fetch(post(undefined, "/agent", "GET"), kvEnv);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect((await worker.fetch(post({ prompt: "" }), kvEnv)).status).toBe(400);
    expect(
      (await worker.fetch(new Request("http://agent.test/agent", { method: "POST", body: "{nope" }), kvEnv)).status,
    ).toBe(400);
  });
});
