// Learning in the selection service: POST …/learn into the catalog's Durable Object, GET …/usage, selections using it.

import type { DurableObjectStateLike } from "../../src/worker/usage/usage-object.js";
import { describe, expect, it } from "vitest";
import { ToolsiftUsage } from "../../src/worker/index.js";
import { snapshotRows, USAGE_VERSION } from "../../src/usage/usage-snapshot.js";
import {
  expectError,
  ADMIN_TOKEN,
  LEARN_TOKEN,
  READ_TOKEN,
  catalogOf,
  freshId,
  Isolate,
  learnEnv,
  serviceEnv,
  type Answer,
} from "./service-harness.js";

const SOCIAL = catalogOf({
  authenticate_twitter: "Log in to the Twitter account with a username and password.",
  post_tweet: "Post a tweet with text, tags and mentions.",
  weather_forecast: "Get the weather forecast for a city.",
  create_calendar_event: "Add an event to the calendar at a date and time.",
});

/** One AI SDK conversation: per turn, the user's words and the tools called for them, in order. */
function conversation(turns: readonly { user: string; calls: readonly string[] }[]): object[] {
  let callId = 0;
  return turns.flatMap(({ user, calls }) => [
    { role: "user", content: user },
    ...calls.flatMap((toolName) => {
      const toolCallId = `call-${callId++}`;
      return [
        { role: "assistant", content: [{ type: "tool-call", toolCallId, toolName, input: {} }] },
        {
          role: "tool",
          content: [{ type: "tool-result", toolCallId, toolName, output: { type: "text", value: "ok" } }],
        },
      ];
    }),
    { role: "assistant", content: [{ type: "text", text: "Done." }] },
  ]);
}

const TWEET = conversation([{ user: "Tweet that version 2 is out", calls: ["authenticate_twitter", "post_tweet"] }]);

/** A tool call of TWEET's first turn, its `toolName` replaced (`undefined`: left out). */
function callNamed(toolName: unknown): object[] {
  const call: Record<string, unknown> = { type: "tool-call", toolCallId: "call-0", input: {} };
  if (toolName !== undefined) call.toolName = toolName;
  return [TWEET[0], { role: "assistant", content: [call] }, ...TWEET.slice(2)];
}

/**
 * Conversations outside the AI SDK's ModelMessage shape that learn used to count (issue 22): refused by learn and by
 * select alike, with the message and field named.
 */
const REFUSED_MESSAGES: Record<string, { messages: unknown; field: string }> = {
  "no message at all": { messages: [], field: "messages" },
  "content that is a number": { messages: [{ role: "user", content: 42 }, ...TWEET], field: "messages[0].content" },
  "content that is an object": {
    messages: [...TWEET, { role: "user", content: { text: "again" } }],
    field: `messages[${TWEET.length}].content`,
  },
  "a tool call without toolName": { messages: callNamed(undefined), field: "messages[1].content[0].toolName" },
  "a tool call whose toolName is a number": { messages: callNamed(7), field: "messages[1].content[0].toolName" },
  "a system message with parts": {
    messages: [{ role: "system", content: [{ type: "text", text: "be brief" }] }, ...TWEET],
    field: "messages[0].content",
  },
  "a part of an unknown type": {
    messages: [{ role: "user", content: [{ type: "tweet", text: "hi" }] }, ...TWEET],
    field: "messages[0].content[0].type",
  },
};

/** A fresh catalog id with SOCIAL published (through `isolate`). */
async function publish(isolate: Isolate): Promise<string> {
  const id = freshId("learn");
  expect((await isolate.put(id, SOCIAL)).status).toBe(201);
  return id;
}

describe("POST /v1/catalogs/:id/learn", () => {
  it("learns one conversation and answers what it learnt and the totals; GET …/usage returns them", async () => {
    const isolate = new Isolate(learnEnv());
    const id = await publish(isolate);
    const learnt = await isolate.learn(id, { messages: TWEET });
    expect(learnt.status, learnt.text).toBe(200);
    expect(learnt.body).toEqual({
      id,
      learnt: { turns: 1, calls: 2 },
      totals: { conversations: 1, turns: 1, calls: 2 },
      revision: 1,
      catalog: { id, version: expect.any(String) },
    });
    const usage = await isolate.usage(id);
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({ id, revision: 1, totals: { conversations: 1, turns: 1, calls: 2 } });
    expect(usage.body.usage).toMatchObject({ format: "toolsift-usage", version: USAGE_VERSION, conversations: 1 });
    expect([...usage.body.usage.tools].sort()).toEqual(["authenticate_twitter", "post_tweet"]);
    // Only tool names, counts and hashed terms are stored: none of the user's words.
    expect(JSON.stringify(usage.body.usage)).not.toMatch(/version 2|Tweet that/i);
  });

  it("loses no count under 20 concurrent learn requests through 4 isolates: the totals are the sum of what was sent", async () => {
    const writer = new Isolate(learnEnv());
    const id = await publish(writer);
    const isolates = Array.from({ length: 4 }, () => new Isolate(learnEnv()));
    const sent = Array.from({ length: 20 }, (_, n) => {
      const turns = (n % 4) + 1;
      const calls = Array.from({ length: turns }, (_, t) =>
        t % 2 === 0 ? ["authenticate_twitter", "post_tweet"] : ["weather_forecast"],
      );
      return {
        turns,
        calls: calls.flat().length,
        messages: conversation(calls.map((c) => ({ user: "do it", calls: c }))),
      };
    });
    const answers = await Promise.all(
      sent.map((request, n) => isolates[n % 4].learn(id, { messages: request.messages }, { token: LEARN_TOKEN })),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    // Each request was applied on its own: the revisions are 1…20, each once.
    expect(answers.map((answer) => answer.body.revision).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, n) => n + 1),
    );
    const turns = sent.reduce((sum, request) => sum + request.turns, 0);
    const calls = sent.reduce((sum, request) => sum + request.calls, 0);
    const { body } = await new Isolate(learnEnv()).usage(id);
    expect(body.totals).toEqual({ conversations: 20, turns, calls });
    expect(body.revision).toBe(20);
    expect(body.usage.conversations).toBe(20);
    // starts[0] is how many turns had a call, in units of one new observation: older ones have decayed by a few
    // thousandths over 20 conversations (half-life 5,000), far less than the one turn a lost request would take.
    expect(Math.abs(snapshotRows(body.usage)!.starts[0] - turns)).toBeLessThan(0.5);
  });

  it("a learnt companion appears, with its reason, in selections through another isolate", async () => {
    const learner = new Isolate(learnEnv());
    const reader = new Isolate(learnEnv());
    const id = await publish(learner);
    const ask = { messages: [{ role: "user", content: "post a tweet about the launch" }], maxTools: 1 };
    const before = await reader.select(id, ask);
    expect(before.status, before.text).toBe(200);
    expect(before.body.tools[0]).toBe("post_tweet");
    expect(before.body.tools).not.toContain("authenticate_twitter");

    for (let n = 0; n < 3; n++) expect((await learner.learn(id, { messages: TWEET })).status).toBe(200);
    const after = await reader.select(id, ask);
    expect(after.status, after.text).toBe(200);
    expect(after.body.tools.slice(0, 2)).toEqual(["post_tweet", "authenticate_twitter"]);
    const companion = after.body.results.find((result: { name: string }) => result.name === "authenticate_twitter");
    expect(companion.reason).toMatch(/^learned-(companion|query)$/);
    expect(after.body.results[0]).not.toHaveProperty("reason");
  });

  it("an isolate's learn request is seen by its own next selection, however long it caches usage", async () => {
    const cached = learnEnv({ TOOLSIFT_RECHECK_SECONDS: "3600" });
    const learner = new Isolate(cached);
    const other = new Isolate(cached);
    const id = await publish(learner);
    const ask = { messages: [{ role: "user", content: "post a tweet about the launch" }], maxTools: 1 };
    expect((await learner.select(id, ask)).body.tools).toEqual(["post_tweet"]);
    expect((await other.select(id, ask)).body.tools).toEqual(["post_tweet"]);
    for (let n = 0; n < 3; n++) expect((await learner.learn(id, { messages: TWEET })).status).toBe(200);
    expect((await learner.select(id, ask)).body.tools).toEqual(["post_tweet", "authenticate_twitter"]);
    // Another isolate serves its copy until TOOLSIFT_RECHECK_SECONDS pass (documented).
    expect((await other.select(id, ask)).body.tools).toEqual(["post_tweet"]);
  });

  describe("bad traces are refused with documented codes and change nothing", () => {
    const unknownTool = conversation([{ user: "Tweet it", calls: ["authenticate_twitter", "delete_account"] }]);
    const cases: [string, () => Promise<Answer>, string, string?][] = [];
    const isolate = new Isolate(learnEnv());
    let id = "";
    const add = (name: string, send: () => Promise<Answer>, code: string, messagePart?: string) =>
      cases.push([name, send, code, messagePart]);
    add("messages not an array", () => isolate.learn(id, { messages: "hello" }), "INVALID_MESSAGES", "array");
    add(
      "an unknown role",
      () => isolate.learn(id, { messages: [...TWEET, { role: "robot", content: "beep" }] }),
      "INVALID_MESSAGES",
      '"robot"',
    );
    for (const [name, { messages, field }] of Object.entries(REFUSED_MESSAGES))
      add(name, () => isolate.learn(id, { messages }), "INVALID_MESSAGES", field);
    add(
      "a call to a tool outside the catalog",
      () => isolate.learn(id, { messages: unknownTool }),
      "UNKNOWN_TOOL",
      '"delete_account"',
    );
    add("no messages", () => isolate.learn(id, {}), "INVALID_REQUEST", "messages");
    add("an unknown field", () => isolate.learn(id, { messages: TWEET, weight: 5 }), "INVALID_REQUEST", "weight");
    add("a body that is not JSON", () => isolate.learn(id, undefined, { raw: "{messages:" }), "INVALID_JSON");
    add(
      "a 10 MB body",
      () =>
        isolate.learn(id, {
          messages: [...TWEET, { role: "user", content: "x".repeat(10 * 1024 * 1024) }],
        }),
      "PAYLOAD_TOO_LARGE",
      "1048576 bytes",
    );

    it.each(cases.map(([name]) => name))("%s", async (name) => {
      id = await publish(isolate);
      expect((await isolate.learn(id, { messages: TWEET })).status).toBe(200);
      const before = (await isolate.usage(id)).body;
      const [, send, code, messagePart] = cases.find(([named]) => named === name)!;
      expectError(await send(), code, ...(messagePart === undefined ? [] : [messagePart]));
      const after = (await isolate.usage(id)).body;
      expect(after).toEqual(before);
      expect(after.totals).toEqual({ conversations: 1, turns: 1, calls: 2 });
    });

    it("select refuses the same messages with the same code: one message schema for both", async () => {
      id = await publish(isolate);
      for (const [name, { messages, field }] of Object.entries(REFUSED_MESSAGES)) {
        const answer = await isolate.select(id, { messages });
        expect(answer.body.error?.code, name).toBe("INVALID_MESSAGES");
        expectError(answer, "INVALID_MESSAGES", field);
      }
      // What both accept: the AI SDK's shapes, string or part content, extra fields (providerOptions) included.
      const accepted = [
        ...TWEET,
        {
          role: "user",
          content: [{ type: "text", text: "and the weather?" }],
          providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } },
        },
      ];
      expect((await isolate.select(id, { messages: accepted })).status).toBe(200);
      expect((await isolate.learn(id, { messages: accepted })).status).toBe(200);
    });

    it("a catalog that is not published: 404 CATALOG_NOT_FOUND, for learn and usage", async () => {
      const missing = freshId("none");
      expectError(await isolate.learn(missing, { messages: TWEET }), "CATALOG_NOT_FOUND");
      expectError(await isolate.usage(missing), "CATALOG_NOT_FOUND");
    });
  });
});

describe("DELETE erases what was learnt", () => {
  const ask = { messages: [{ role: "user", content: "post a tweet about the launch" }], maxTools: 1 };

  it("GET …/usage after DELETE is 404; a catalog re-created under the id starts cold, here and elsewhere", async () => {
    const learner = new Isolate(learnEnv({ TOOLSIFT_RECHECK_SECONDS: "3600" }));
    const other = new Isolate(learnEnv());
    const id = await publish(learner);
    for (let n = 0; n < 3; n++) expect((await learner.learn(id, { messages: TWEET })).status).toBe(200);
    expect((await learner.select(id, ask)).body.tools).toEqual(["post_tweet", "authenticate_twitter"]);
    expect((await other.select(id, ask)).body.tools).toEqual(["post_tweet", "authenticate_twitter"]);
    const learnt = (await learner.usage(id)).body.revision;

    expect((await learner.request("DELETE", `/v1/catalogs/${id}`)).status).toBe(200);
    expectError(await learner.usage(id), "CATALOG_NOT_FOUND", id);
    expectError(await other.usage(id), "CATALOG_NOT_FOUND", id);
    expect((await learner.put(id, SOCIAL)).status).toBe(201);
    const usage = await learner.usage(id);
    expect(usage.body.totals).toEqual({ conversations: 0, turns: 0, calls: 0 });
    expect(usage.body.usage.conversations).toBe(0);
    expect(usage.body.usage.tools).toEqual([]);
    // Revisions never go back, so isolates holding the old usage see that it changed.
    expect(usage.body.revision).toBeGreaterThan(learnt);
    expect((await learner.select(id, ask)).body.tools).toEqual(["post_tweet"]);
    expect((await other.select(id, ask)).body.tools).toEqual(["post_tweet"]);
    // Learning starts again from nothing.
    const again = await learner.learn(id, { messages: TWEET });
    expect(again.body.totals).toEqual({ conversations: 1, turns: 1, calls: 2 });
  });

  it("an isolate that re-creates a catalog another isolate deleted does not install its old copy of the usage", async () => {
    const cached = learnEnv({ TOOLSIFT_RECHECK_SECONDS: "3600" });
    const deleter = new Isolate(cached);
    const recreator = new Isolate(cached);
    const id = await publish(deleter);
    for (let n = 0; n < 3; n++) expect((await deleter.learn(id, { messages: TWEET })).status).toBe(200);
    expect((await recreator.select(id, ask)).body.tools).toEqual(["post_tweet", "authenticate_twitter"]);
    expect((await deleter.request("DELETE", `/v1/catalogs/${id}`)).status).toBe(200);
    expect((await recreator.put(id, SOCIAL)).status).toBe(201);
    // Its copy of the usage is minutes fresh, but the version is new: the usage is read again.
    expect((await recreator.select(id, ask)).body.tools).toEqual(["post_tweet"]);
  });

  it("when the usage object cannot be reached, DELETE still deletes and says USAGE_NOT_ERASED", async () => {
    const down = {
      idFromName: (name: string) => name,
      get: () => ({ fetch: () => Promise.reject(new Error("down")) }),
    };
    const isolate = new Isolate(learnEnv({ TOOLSIFT_USAGE: down }));
    const id = await publish(isolate);
    const deleted = await isolate.request("DELETE", `/v1/catalogs/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.warnings).toEqual([{ code: "USAGE_NOT_ERASED", message: expect.stringContaining("down") }]);
    expect((await isolate.get(id)).status).toBe(404);
  });

  it("the usage object refuses a learn request checked against the deleted version (a learn racing the DELETE)", async () => {
    const state = memoryState();
    const object = new ToolsiftUsage(state);
    const tools = ["authenticate_twitter", "post_tweet"];
    const deleted = { version: "v1", updatedAt: "2026-11-30T00:00:00.000Z" };
    expect(await call(object, "/learn", { catalog: { ...deleted, tools }, messages: TWEET })).toMatchObject({
      revision: 1,
    });
    expect(await call(object, "/erase", { catalog: deleted })).toEqual({ revision: 2 });
    // A new instance (after eviction) keeps the erasure.
    const restarted = new ToolsiftUsage(state);
    expect(await call(restarted, "/snapshot")).toMatchObject({ revision: 2, totals: { conversations: 0 } });
    const late = await call(restarted, "/learn", { catalog: { ...deleted, tools }, messages: TWEET });
    expect(late.error.code).toBe("CATALOG_NOT_FOUND");
    const older = { version: "v0", updatedAt: "2026-11-29T00:00:00.000Z", tools };
    expect((await call(restarted, "/learn", { catalog: older, messages: TWEET })).error.code).toBe("CATALOG_NOT_FOUND");
    const recreated = { version: "v2", updatedAt: "2026-11-30T00:00:00.000Z", tools };
    const learnt = await call(restarted, "/learn", { catalog: recreated, messages: TWEET });
    expect(learnt).toMatchObject({ revision: 3, totals: { conversations: 1, turns: 1, calls: 2 } });
  });
});

describe("auth", () => {
  it("the learn token is accepted for learning and refused for writes; the admin token does both", async () => {
    const isolate = new Isolate(learnEnv());
    const id = await publish(isolate);
    expect((await isolate.learn(id, { messages: TWEET }, { token: LEARN_TOKEN })).status).toBe(200);
    expect((await isolate.learn(id, { messages: TWEET }, { token: ADMIN_TOKEN })).status).toBe(200);
    expectError(await isolate.put(id, SOCIAL, { token: LEARN_TOKEN }), "UNAUTHORIZED", "admin token");
    expectError(await isolate.request("DELETE", `/v1/catalogs/${id}`, { token: LEARN_TOKEN }), "UNAUTHORIZED");
    expectError(await isolate.learn(id, { messages: TWEET }, { token: null }), "UNAUTHORIZED", "learn token");
    expectError(await isolate.learn(id, { messages: TWEET }, { token: READ_TOKEN }), "UNAUTHORIZED", "learn token");
    expect((await isolate.usage(id)).body.totals.conversations).toBe(2);
  });

  it("with a read token set, the learn token grants no reads; usage is read with the read token", async () => {
    const isolate = new Isolate(learnEnv({ TOOLSIFT_READ_TOKEN: READ_TOKEN }));
    const id = await publish(isolate);
    expectError(await isolate.usage(id, { token: LEARN_TOKEN }), "UNAUTHORIZED", "read token");
    expectError(await isolate.select(id, { query: "tweet" }, { token: LEARN_TOKEN }), "UNAUTHORIZED");
    expect((await isolate.usage(id, { token: READ_TOKEN })).status).toBe(200);
  });

  it("with neither a learn token nor an admin token, learning is refused", async () => {
    const writer = new Isolate(learnEnv());
    const id = await publish(writer);
    const locked = new Isolate(learnEnv({ TOOLSIFT_LEARN_TOKEN: undefined, TOOLSIFT_ADMIN_TOKEN: undefined }));
    expectError(await locked.learn(id, { messages: TWEET }, { token: LEARN_TOKEN }), "UNAUTHORIZED", "disabled");
  });
});

describe("without the TOOLSIFT_USAGE binding", () => {
  it("learn and usage answer INVALID_CONFIGURATION naming the binding; selections work without learnt usage", async () => {
    const isolate = new Isolate(serviceEnv());
    const id = freshId("nobinding");
    expect((await isolate.put(id, SOCIAL)).status).toBe(201);
    expectError(await isolate.learn(id, { messages: TWEET }), "INVALID_CONFIGURATION", "TOOLSIFT_USAGE");
    expectError(await isolate.usage(id), "INVALID_CONFIGURATION", "TOOLSIFT_USAGE");
    const selected = await isolate.select(id, { query: "post a tweet", maxTools: 1 });
    expect(selected.body.tools).toEqual(["post_tweet"]);
  });
});

describe("the ToolsiftUsage object's storage", () => {
  it("a snapshot larger than one value is stored in chunks, and a new instance (after eviction) reads it back", async () => {
    const state = memoryState();
    const tools = Array.from({ length: 3_000 }, (_, n) => `tool_${n}_${"x".repeat(80)}`);
    const catalog = { version: "v1", updatedAt: "2026-11-30T00:00:00.000Z", tools };
    const messages = conversation(
      Array.from({ length: 1_500 }, (_, n) => ({ user: `step ${n}`, calls: [tools[2 * n], tools[2 * n + 1]] })),
    );
    const first = new ToolsiftUsage(state);
    const learnt = await call(first, "/learn", { catalog, messages });
    expect(learnt).toMatchObject({ learnt: { turns: 1_500, calls: 3_000 }, revision: 1 });
    expect([...state.values.keys()].filter((key) => key.startsWith("usage/snapshot/")).length).toBeGreaterThan(1);
    const held = await call(first, "/snapshot");

    const restarted = new ToolsiftUsage(state);
    const read = await call(restarted, "/snapshot");
    expect(read).toEqual(held);
    expect(read.usage.tools).toHaveLength(3_000);
    expect(await call(restarted, `/snapshot?known=1`)).toEqual({ revision: 1, totals: held.totals });
    // Learning goes on from what was stored.
    const again = await call(restarted, "/learn", { catalog, messages: oneTurnOf(tools) });
    expect(again.totals).toEqual({ conversations: 2, turns: 1_501, calls: 3_002 });
  });
});

/** Durable Object storage as a Map: values cloned in and out, at most 128 keys and 2 MB a value per put. */
function memoryState(): DurableObjectStateLike & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    storage: {
      async get(keys) {
        return new Map(keys.filter((key) => values.has(key)).map((key) => [key, structuredClone(values.get(key))]));
      },
      async put(entries) {
        expect(Object.keys(entries).length).toBeLessThanOrEqual(128);
        for (const [key, value] of Object.entries(entries)) {
          expect(JSON.stringify(value).length).toBeLessThan(2_000_000);
          values.set(key, structuredClone(value));
        }
      },
      async delete(keys) {
        return keys.filter((key) => values.delete(key)).length;
      },
    },
    blockConcurrencyWhile: (callback) => callback(),
  };
}

const call = (object: ToolsiftUsage, path: string, body?: unknown) =>
  object
    .fetch(
      new Request(`https://usage${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) }),
    )
    .then((response) => response.json() as Promise<any>);

/** A one-turn conversation calling the first two of `tools`. */
function oneTurnOf(tools: readonly string[]): object[] {
  return conversation([{ user: "again", calls: [tools[0], tools[1]] }]);
}
