// The selection service's HTTP API inside workerd: routes, error codes, auth, limits, CORS, the default export.

import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createService, ERROR_STATUS } from "../../src/worker/index.js";
import serviceReadme from "../../src/worker/README.md?raw";
import {
  expectError,
  ADMIN_TOKEN,
  BILLING,
  DOCUMENTED_STATUS,
  MESSAGING,
  READ_TOKEN,
  freshId,
  Isolate,
  serviceEnv,
} from "./service-harness.js";

/** The README's error table, as written (status → codes): the oracle for every status below. */
const README_ERRORS: Record<number, string[]> = {
  400: [
    "INVALID_JSON",
    "INVALID_REQUEST",
    "INVALID_CATALOG_ID",
    "INVALID_CATALOG",
    "INVALID_TOOL",
    "DUPLICATE_TOOL",
    "INVALID_SCHEMA",
    "INVALID_OPTION",
    "INVALID_QUERY",
    "INVALID_MESSAGES",
    "UNKNOWN_TOOL",
  ],
  401: ["UNAUTHORIZED"],
  403: ["FORBIDDEN"],
  404: ["NOT_FOUND", "CATALOG_NOT_FOUND", "TOKEN_NOT_FOUND"],
  405: ["METHOD_NOT_ALLOWED"],
  413: ["PAYLOAD_TOO_LARGE", "TOO_MANY_TOOLS", "DESCRIPTION_TOO_LONG", "QUERY_TOO_LONG", "LIMIT_EXCEEDED"],
  415: ["UNSUPPORTED_MEDIA_TYPE"],
  500: ["INVALID_CONFIGURATION", "INTERNAL"],
  503: ["STORAGE_UNAVAILABLE"],
};

describe("the README's error table (the oracle for statuses)", () => {
  it("is parsed into every code and status it lists", () => {
    const expected = Object.entries(README_ERRORS).flatMap(([status, codes]) =>
      codes.map((code) => [code, Number(status)]),
    );
    expect(expected).toHaveLength(26);
    expect([...DOCUMENTED_STATUS].sort()).toEqual(expected.sort());
  });

  it("agrees with the status the code gives each code (ERROR_STATUS)", () => {
    const entries = Object.entries(ERROR_STATUS);
    expect(entries).toHaveLength(DOCUMENTED_STATUS.size);
    for (const [code, status] of entries) expect([code, DOCUMENTED_STATUS.get(code)]).toEqual([code, status]);
  });
});

describe("createService options", () => {
  it("rejects a misspelt option with the nearest name, and an embeddingModel that is not a function", () => {
    expect(() => createService({ embedingModel: () => undefined } as never)).toThrow(
      /unknown option "embedingModel"; did you mean "embeddingModel"/,
    );
    expect(() => createService({ embeddingModel: "toolsift/local" } as never)).toThrow(
      'createService: option "embeddingModel" must be a function, got the string "toolsift/local".',
    );
    expect(() => createService("local" as never)).toThrow(/option "options" must be an object/);
  });
});

describe("routes", () => {
  it("GET /health answers ok with the embedding model, without a token", async () => {
    const answer = await new Isolate().request("GET", "/health", { token: null });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: "ok", embedding: "toolsift/local-glove-100d-v2" });
  });

  it("GET / describes the routes (the playground's index.html takes this path once built)", async () => {
    const answer = await new Isolate().request("GET", "/", { token: null });
    expect(answer.status).toBe(200);
    expect(answer.body.routes).toContain("POST /v1/catalogs/:id/select");
  });

  it("HEAD answers like GET without a body", async () => {
    const answer = await new Isolate().request("HEAD", "/health", { token: null });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("");
  });

  it("PUT publishes a new catalog (201), GET returns it as uploaded, PUT again replaces it (200)", async () => {
    const isolate = new Isolate();
    const id = freshId();
    const created = await isolate.put(id, BILLING);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id,
      version: expect.stringMatching(/^[a-z0-9]+-[a-z0-9]+$/),
      tools: 3,
      updatedAt: expect.any(String),
      // The PUT answer alone reports its embedding pass (the local model counts no tokens).
      embeddings: {
        model: "toolsift/local-glove-100d-v2",
        status: "stored",
        vectors: 3,
        embedded: 3,
        fromCache: 0,
        tokens: 0,
      },
    });
    const read = await isolate.get(id);
    expect(read.status).toBe(200);
    const published = { model: "toolsift/local-glove-100d-v2", status: "stored", vectors: 3 };
    expect(read.body).toEqual({ ...created.body, embeddings: published, catalog: BILLING });

    const replaced = await isolate.put(id, MESSAGING);
    expect(replaced.status).toBe(200);
    expect(replaced.body.previousVersion).toBe(created.body.version);
    expect(replaced.body.version).not.toBe(created.body.version);
    expect((await isolate.get(id)).body.catalog).toEqual(MESSAGING);
  });

  it("PUT of a schema whose types are not JSON Schema's (BFCL's dict, float) publishes it with a warning per type", async () => {
    const isolate = new Isolate();
    const id = freshId();
    const weather = {
      name: "get_weather",
      description: "Get the current weather in a city.",
      parameters: {
        type: "dict",
        properties: { city: { type: "string" }, days: { type: "array", items: { type: "float" } } },
      },
    };
    const created = await isolate.put(id, [weather, ...BILLING]);
    expect(created.status).toBe(201);
    expect(created.body.warnings).toEqual([
      {
        code: "CATALOG_WARNING",
        message: expect.stringMatching(
          /^Tool "get_weather": its inputSchema has "type": "dict" at the top, .*"object"/,
        ),
      },
      {
        code: "CATALOG_WARNING",
        message: expect.stringMatching(/"type": "float" at properties\.days\.items, .*"number"/),
      },
    ]);
    // Stored as it was given: the warning is the report, not a rewrite.
    expect((await isolate.get(id)).body.catalog[0]).toEqual(weather);
  });

  it("the README's demo select (curl) answers the tools its comment shows, in order", async () => {
    // The README's first example: its request body and the `# → {"tools":[…]…}` line under it.
    const example = /catalogs\/demo\/select [^\n]*\\\n\s*-d '([^']+)'\n# → \{"tools":(\[[^\]]*\])/.exec(serviceReadme);
    expect(example, "the README's demo select example and its answer").not.toBeNull();
    const [, body, tools] = example!;
    const seed = freshId("readme");
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_SEED_DEMO: seed }));
    const answer = await isolate.select(seed, JSON.parse(body), { token: null });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.tools).toEqual(JSON.parse(tools));
    await isolate.settle();
  });

  it("POST select ranks the catalog: tools, per-tool scores with their keyword and semantic parts, the strategy and version", async () => {
    const isolate = new Isolate();
    const id = freshId();
    const { body: published } = await isolate.put(id, [...BILLING, ...MESSAGING]);
    const answer = await isolate.select(id, { query: "refund the duplicate charge", maxTools: 3 });
    expect(answer.status).toBe(200);
    expect(answer.body.tools[0]).toBe("stripe_create_refund");
    expect(answer.body.tools.length).toBeLessThanOrEqual(3);
    expect(answer.body.strategy).toBe("combined");
    expect(answer.body.fallback).toBeUndefined();
    expect(answer.body.warnings).toBeUndefined();
    expect(answer.body.catalog).toEqual({ id, version: published.version });
    const top = answer.body.results[0];
    expect(Object.keys(top).sort()).toEqual(["keyword", "name", "score", "semantic"]);
    expect(top.keyword + top.semantic).toBeCloseTo(top.score, 6);
  });

  it("POST select of a query the local model knows no word of: keyword ranking, said by fallback, no warning", async () => {
    const isolate = new Isolate();
    const id = freshId();
    await isolate.put(id, [...BILLING, ...MESSAGING]);
    const answer = await isolate.select(id, { query: "zqxj vbnmw", maxTools: 3 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      strategy: "keyword",
      fallback: "keyword",
      fallbackReason: "query-not-embedded",
      tools: [],
    });
    // Was: an EMBEDDING_FAILED warning for a query of no known word, which is no failure of the model.
    expect(answer.body.warnings).toBeUndefined();
  });

  it("select options: maxTools, adaptive and alwaysActive (pinned, after the ranked tools)", async () => {
    const isolate = new Isolate();
    const id = freshId();
    await isolate.put(id, [...BILLING, ...MESSAGING]);
    const all = await isolate.select(id, { query: "stripe customer", maxTools: 7, adaptive: false });
    expect(all.body.tools.length).toBeGreaterThan(3);
    // minRelevance reaches the index: the fuzz test (service-fuzz.test.ts) compares answers with the library's.
    // A pinned name the catalog lacks is left out (toolpick's rule): only catalog tools are returned.
    const alwaysActive = ["weather_forecast", "search_tools"];
    const pinned = await isolate.select(id, { query: "refund", maxTools: 1, alwaysActive });
    expect(pinned.body.tools).toEqual(["stripe_create_refund", "weather_forecast"]);
    expect(pinned.body.results[1]).toEqual({ name: "weather_forecast", score: 1, pinned: "alwaysActive" });
  });

  it("select reads a conversation (messages) as prepareStep does, and explain says why", async () => {
    const isolate = new Isolate();
    const id = freshId();
    await isolate.put(id, [...BILLING, ...MESSAGING]);
    const answer = await isolate.select(id, {
      messages: [
        { role: "user", content: "Post the release notes in Slack" },
        { role: "assistant", content: [{ type: "text", text: "Done." }] },
        {
          role: "user",
          content: [{ type: "text", text: "and email them to sam@example.com too, with the attachment" }],
        },
      ],
      explain: true,
      maxTools: 2,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.query).toBe("and email them to sam@example.com too, with the attachment");
    expect(answer.body.tools[0]).toBe("gmail_send_email");
    expect(answer.body.results[0]).toMatchObject({
      name: "gmail_send_email",
      keywordScore: expect.any(Number),
      similarity: expect.any(Number),
      matchedTerms: expect.arrayContaining(["email"]),
    });
    expect(answer.body.results[0].keywordScore).toBeGreaterThan(0);
  });

  it("under TOOLSIFT_MAX_QUERY_LENGTH the query read from messages keeps the latest request", async () => {
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_MAX_QUERY_LENGTH: "60" }));
    const id = freshId();
    await isolate.put(id, [...BILLING, ...MESSAGING]);
    const answer = await isolate.select(id, {
      messages: [
        { role: "user", content: "Post the release notes in the engineering channel on Slack, then wait for me." },
        { role: "user", content: "and email them too" },
      ],
      explain: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.query).toHaveLength(60);
    expect(answer.body.query.endsWith("\nand email them too")).toBe(true);
  });

  it("accepts every catalog shape createToolIndex reads", async () => {
    const isolate = new Isolate();
    const shapes = {
      toolSet: {
        stripe_create_refund: {
          description: "Refund a charge",
          inputSchema: { type: "object", properties: { charge: { type: "string" } } },
        },
      },
      mcpResult: {
        tools: [{ name: "stripe_create_refund", description: "Refund a charge", inputSchema: { type: "object" } }],
      },
      openAiChat: [
        {
          type: "function",
          function: { name: "stripe_create_refund", description: "Refund a charge", parameters: { type: "object" } },
        },
      ],
      openAiResponses: [
        {
          type: "function",
          name: "stripe_create_refund",
          description: "Refund a charge",
          parameters: { type: "object" },
        },
      ],
      anthropic: [
        { name: "stripe_create_refund", description: "Refund a charge", input_schema: { type: "object" } },
        { type: "web_search_20250305", name: "web_search" },
      ],
    };
    for (const [shape, catalog] of Object.entries(shapes)) {
      const id = freshId(shape);
      expect((await isolate.put(id, catalog)).status, shape).toBe(201);
      const answer = await isolate.select(id, { query: "refund a charge" });
      expect(answer.body.tools[0], shape).toBe("stripe_create_refund");
    }
    // Provider tools are never hidden: returned as pinned.
    const anthropic = await isolate.select((await isolate.put(freshId(), shapes.anthropic)).body.id, {
      query: "refund",
    });
    expect(anthropic.body.results.at(-1)).toEqual({ name: "web_search", score: 1, pinned: "provider" });
  });

  it("the writer's index (built from the tools it read) ranks exactly as a reader's (built from the stored JSON)", async () => {
    const catalog = {
      tools: [
        { name: "refund", title: "Refund a payment", description: "Give money back", inputSchema: { type: "object" } },
        {
          name: "ship",
          description: "Send a parcel",
          inputSchema: { type: "object", properties: { carrier: { type: "string", enum: ["ups", "dhl"] } } },
        },
        { name: "notify", title: "Tell the customer", description: "Email a customer about their order" },
        { type: "web_search_20250305", name: "web_search" },
      ],
    };
    const writer = new Isolate(serviceEnv({ TOOLSIFT_RECHECK_SECONDS: "3600" }));
    const id = freshId();
    expect((await writer.put(id, catalog)).status).toBe(201);
    for (const query of ["refund the payment", "dhl parcel", "tell the customer", "weather"]) {
      const body = { query, maxTools: 4, adaptive: false, explain: true };
      const fromWriter = await writer.select(id, body);
      const fromReader = await new Isolate().select(id, body);
      expect(fromWriter.status).toBe(200);
      expect(fromWriter.body.results.length).toBeGreaterThan(0);
      expect(fromWriter.body.results).toEqual(fromReader.body.results);
    }
  });

  it("an empty catalog is published and selects nothing", async () => {
    const isolate = new Isolate();
    const id = freshId();
    expect((await isolate.put(id, [])).body).toMatchObject({ tools: 0, embeddings: { status: "stored", vectors: 0 } });
    expect((await isolate.select(id, { query: "anything" })).body.tools).toEqual([]);
  });

  it("DELETE unpublishes: then GET, select and DELETE answer CATALOG_NOT_FOUND", async () => {
    const isolate = new Isolate();
    const id = freshId();
    const { body: published } = await isolate.put(id, BILLING);
    await isolate.select(id, { query: "refund" });
    const deleted = await isolate.request("DELETE", `/v1/catalogs/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id, deleted: true, version: published.version });
    expectError(await isolate.get(id), "CATALOG_NOT_FOUND", id);
    expectError(await isolate.select(id, { query: "refund" }), "CATALOG_NOT_FOUND");
    expectError(await isolate.request("DELETE", `/v1/catalogs/${id}`), "CATALOG_NOT_FOUND");
    // A reader in another isolate that held it warm sees it gone at its next pointer check.
    expectError(await new Isolate().select(id, { query: "refund" }), "CATALOG_NOT_FOUND");
  });

  it("the Worker's default export (wrangler.toml main) serves the same API", async () => {
    const health = await exports.default.fetch(new Request("http://toolsift.test/health"));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", embedding: "toolsift/local-glove-100d-v2" });
    // wrangler.toml sets no admin token, so writes are refused.
    const put = await exports.default.fetch(
      new Request(`http://toolsift.test/v1/catalogs/${freshId()}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: "[]",
      }),
    );
    expect(put.status).toBe(401);
    expect(((await put.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
  });
});

describe("error answers", () => {
  const isolate = new Isolate();

  it("unknown paths: NOT_FOUND; known paths with another method: METHOD_NOT_ALLOWED with Allow", async () => {
    for (const path of [
      "/nope",
      "/v1/catalogs",
      "/v1/catalogs/",
      "/v1/catalogs/a/select/extra",
      "/v1/catalogs//select",
      "/health/",
    ]) {
      expectError(await isolate.request("GET", path), "NOT_FOUND");
    }
    const post = await isolate.request("POST", "/health", { token: null });
    expectError(post, "METHOD_NOT_ALLOWED");
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
    const patch = await isolate.request("PATCH", "/v1/catalogs/x", { body: {} });
    expectError(patch, "METHOD_NOT_ALLOWED");
    expect(patch.headers.get("Allow")).toBe("GET, PUT, DELETE, HEAD");
    expect((await isolate.request("GET", "/v1/catalogs/x/select")).headers.get("Allow")).toBe("POST");
  });

  it("every method workerd lets through is answered 405 METHOD_NOT_ALLOWED on each route; CONNECT and FOO cannot reach it", async () => {
    // The method names workerd's HTTP layer knows besides the routes' own (from its kj HttpMethod table).
    const others = ["PATCH", "PURGE", "TRACE", "COPY", "LOCK", "MKCOL", "MOVE", "PROPFIND", "PROPPATCH", "SEARCH"];
    others.push("UNLOCK", "ACL", "REPORT", "MKACTIVITY", "CHECKOUT", "MERGE", "NOTIFY", "SUBSCRIBE", "UNSUBSCRIBE");
    others.push("QUERY");
    const routes = ["/health", "/", "/v1/catalogs/x", "/v1/catalogs/x/select", "/v1/catalogs/x/learn"];
    routes.push("/v1/catalogs/x/usage", "/v1/tokens", "/v1/tokens/0123456789abcdef");
    for (const method of others) {
      for (const path of routes) {
        const answer = await isolate.request(method, path, { token: null });
        expectError(answer, "METHOD_NOT_ALLOWED", method, path);
        expect(answer.headers.get("Allow")).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
      }
    }
    // The runtime refuses these before any Worker code runs: no Request can carry them (documented in the README,
    // with what wrangler dev answers instead; test/service/wrangler-dev-methods.test.ts sends them over HTTP).
    for (const method of ["CONNECT", "FOO", "foo-bar"])
      expect(() => new Request("http://toolsift.test/health", { method })).toThrow(/method/i);
  });

  it("INVALID_CATALOG_ID for ids that could not be KV key parts", async () => {
    for (const id of ["bad%20id", "_leading", "-leading", "a".repeat(65), "d%2Fe", "caf%C3%A9"]) {
      expectError(await isolate.get(id), "INVALID_CATALOG_ID", "1–64 characters");
    }
    expect((await isolate.get("A".repeat(64))).status).toBe(404);
  });

  it("INVALID_JSON for bodies that are not JSON, empty or not UTF-8", async () => {
    const id = freshId();
    expectError(await isolate.put(id, undefined, { raw: "{not json" }), "INVALID_JSON", "not valid JSON");
    expectError(
      await isolate.put(id, undefined, { raw: "", contentType: "application/json" }),
      "INVALID_JSON",
      "empty",
    );
    expectError(
      await isolate.put(id, undefined, { raw: new Uint8Array([0x5b, 0xff, 0xfe, 0x5d]) }),
      "INVALID_JSON",
      "UTF-8",
    );
    expectError(await isolate.select(id, undefined, { raw: "[1," }), "INVALID_JSON");
  });

  it("UNSUPPORTED_MEDIA_TYPE for bodies that are not declared JSON; +json types are accepted", async () => {
    const id = freshId();
    expectError(
      await isolate.put(id, undefined, { raw: "[]", contentType: "text/plain" }),
      "UNSUPPORTED_MEDIA_TYPE",
      "text/plain",
    );
    expectError(await isolate.put(id, undefined, { raw: "[]", contentType: null }), "UNSUPPORTED_MEDIA_TYPE");
    expectError(
      await isolate.select(id, undefined, { raw: "query=x", contentType: "application/x-www-form-urlencoded" }),
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expect(
      (await isolate.put(id, undefined, { raw: "[]", contentType: "application/vnd.api+json; charset=utf-8" })).status,
    ).toBe(201);
  });

  it("INVALID_CATALOG, INVALID_TOOL, DUPLICATE_TOOL, INVALID_SCHEMA: toolsift's catalog checks, naming the tool", async () => {
    const id = freshId();
    for (const body of ["a string", 42, null, true])
      expectError(await isolate.put(id, body), "INVALID_CATALOG", "catalog");
    expectError(await isolate.put(id, [{ description: "no name" }]), "INVALID_TOOL", "index 0");
    expectError(await isolate.put(id, [{ name: "a", description: 5 }]), "INVALID_TOOL", '"a"');
    expectError(await isolate.put(id, { tools: [{ name: "a" }, { name: "a" }] }), "DUPLICATE_TOOL", "index 0 and 1");
    expectError(await isolate.put(id, [{ name: "a", inputSchema: 5 }]), "INVALID_SCHEMA", '"a"');
    expectError(await isolate.get(id), "CATALOG_NOT_FOUND");
  });

  it("INVALID_REQUEST for select bodies of the wrong shape, naming the field", async () => {
    const id = freshId();
    await isolate.put(id, BILLING);
    const cases: [unknown, string][] = [
      [{}, '"query"'],
      [{ query: "a", messages: [] }, "exactly one"],
      [{ query: 5 }, "query"],
      [{ query: "a", maxTools: 0 }, "maxTools"],
      [{ query: "a", maxTools: 2.5 }, "maxTools"],
      [{ query: "a", maxTools: 101 }, "maxTools"],
      [{ query: "a", minRelevance: 2 }, "minRelevance"],
      [{ query: "a", threshold: 0.2 }, "threshold"],
      [{ query: "a", adaptive: "yes" }, "adaptive"],
      [{ query: "a", alwaysActive: [1] }, "alwaysActive[0]"],
      [{ query: "a", max_tools: 3 }, "max_tools"],
      [{ query: "a", maxtools: 3 }, 'maxtools: unknown field; did you mean "maxTools"?'],
      [[], "body"],
      ["refund", "body"],
    ];
    for (const [body, field] of cases) expectError(await isolate.select(id, body), "INVALID_REQUEST", field);
    // The messages themselves: INVALID_MESSAGES, as learn answers them (service-learn.test.ts has the full list).
    expectError(await isolate.select(id, { messages: [{ content: "hi" }] }), "INVALID_MESSAGES", "messages[0].role");
    expectError(await isolate.select(id, { messages: null }), "INVALID_MESSAGES", "messages: expected array");
  });

  it("INVALID_CONFIGURATION names the variable; INTERNAL hides the cause", async () => {
    expectError(
      await new Isolate(serviceEnv({ TOOLSIFT_MAX_TOOLS: "many" })).request("GET", "/health"),
      "INVALID_CONFIGURATION",
      "TOOLSIFT_MAX_TOOLS",
    );
    expectError(
      await new Isolate(serviceEnv({ TOOLSIFT_EMBEDDING: "openai" })).request("GET", "/health"),
      "INVALID_CONFIGURATION",
      "TOOLSIFT_EMBEDDING",
    );
    expectError(
      await new Isolate(serviceEnv({ TOOLSIFT_KV: undefined })).request("GET", "/health"),
      "INVALID_CONFIGURATION",
      "TOOLSIFT_KV",
    );
    const broken = new Isolate(serviceEnv(), {
      embeddingModel: () => {
        throw new Error("secret detail at /srv/app/model.ts:12");
      },
    });
    const answer = await broken.request("GET", "/health");
    expectError(answer, "INTERNAL");
    expect(answer.text).not.toContain("secret");
    expect(answer.text).not.toContain("model.ts");
  });
});

describe("auth", () => {
  it("writes need the admin token; a wrong or missing one is UNAUTHORIZED with a Bearer challenge", async () => {
    const isolate = new Isolate();
    const id = freshId();
    const missing = await isolate.put(id, BILLING, { token: null });
    expectError(missing, "UNAUTHORIZED", "Authorization: Bearer");
    expect(missing.headers.get("WWW-Authenticate")).toBe('Bearer realm="toolsift"');
    const wrong = await isolate.put(id, BILLING, { token: `${ADMIN_TOKEN}x` });
    expectError(wrong, "UNAUTHORIZED", "not the admin token");
    expect(wrong.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
    expectError(await isolate.put(id, BILLING, { token: ADMIN_TOKEN.slice(0, -1) }), "UNAUTHORIZED");
    expectError(
      await isolate.put(id, BILLING, {
        headers: { Authorization: `Basic ${btoa(`admin:${ADMIN_TOKEN}`)}` },
        token: null,
      }),
      "UNAUTHORIZED",
    );
    expectError(await isolate.request("DELETE", `/v1/catalogs/${id}`, { token: "nope" }), "UNAUTHORIZED");
    expect(
      (await isolate.put(id, BILLING, { headers: { Authorization: `bearer ${ADMIN_TOKEN}` }, token: null })).status,
    ).toBe(201);
    // Auth is checked before the body is read: an unauthenticated oversized or malformed upload is still 401.
    expectError(await isolate.put(id, undefined, { raw: "{nope", token: null }), "UNAUTHORIZED");
  });

  it("with no TOOLSIFT_ADMIN_TOKEN, writes are refused", async () => {
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_ADMIN_TOKEN: undefined }));
    expectError(await isolate.put(freshId(), BILLING), "UNAUTHORIZED", "no TOOLSIFT_ADMIN_TOKEN");
    expectError(await new Isolate(serviceEnv({ TOOLSIFT_ADMIN_TOKEN: "" })).put(freshId(), BILLING), "UNAUTHORIZED");
  });

  it("with TOOLSIFT_READ_TOKEN, reads need it or the admin token; /health stays open", async () => {
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_READ_TOKEN: READ_TOKEN }));
    const id = freshId();
    await isolate.put(id, BILLING);
    expectError(await isolate.get(id, { token: null }), "UNAUTHORIZED", "read token");
    expectError(await isolate.select(id, { query: "refund" }, { token: "wrong" }), "UNAUTHORIZED");
    expect((await isolate.get(id, { token: READ_TOKEN })).status).toBe(200);
    expect((await isolate.select(id, { query: "refund" }, { token: READ_TOKEN })).status).toBe(200);
    expect((await isolate.select(id, { query: "refund" }, { token: ADMIN_TOKEN })).status).toBe(200);
    expectError(await isolate.put(id, BILLING, { token: READ_TOKEN }), "UNAUTHORIZED", "admin token");
    expect((await isolate.request("GET", "/health", { token: null })).status).toBe(200);
    // Without a read token, reads are open.
    expect((await new Isolate().get(id, { token: null })).status).toBe(200);
  });
});

describe("limits", () => {
  it("PAYLOAD_TOO_LARGE past TOOLSIFT_MAX_BODY_BYTES, from Content-Length or while reading a streamed body", async () => {
    const isolate = new Isolate(
      serviceEnv({ TOOLSIFT_MAX_BODY_BYTES: "1024", TOOLSIFT_MAX_SELECT_BODY_BYTES: "2048" }),
    );
    const id = freshId();
    const big = JSON.stringify(catalogOfSize(40));
    expect(big.length).toBeGreaterThan(1024);
    expectError(await isolate.put(id, undefined, { raw: big }), "PAYLOAD_TOO_LARGE", "1024 bytes");
    const encoded = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < encoded.length; offset += 100)
          controller.enqueue(encoded.slice(offset, offset + 100));
        controller.close();
      },
    });
    const streamed = await isolate.fetch(
      new Request(`http://toolsift.test/v1/catalogs/${id}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
        body: stream,
      }),
    );
    expectError(streamed, "PAYLOAD_TOO_LARGE");
    expect((await isolate.put(id, catalogOfSize(3))).status).toBe(201);
    expectError(
      await isolate.select(id, {
        query: "x".repeat(1000),
        messages: undefined,
        alwaysActive: Array(30).fill("y".repeat(40)),
      }),
      "PAYLOAD_TOO_LARGE",
      "2048 bytes",
    );
  });

  it("TOO_MANY_TOOLS past TOOLSIFT_MAX_TOOLS, DESCRIPTION_TOO_LONG past TOOLSIFT_MAX_DESCRIPTION_LENGTH (naming the tool)", async () => {
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_MAX_TOOLS: 3, TOOLSIFT_MAX_DESCRIPTION_LENGTH: "40" }));
    const id = freshId();
    expectError(await isolate.put(id, catalogOfSize(4)), "TOO_MANY_TOOLS", "4 tools; the limit is 3");
    expect((await isolate.put(id, catalogOfSize(3))).status).toBe(201);
    expectError(
      await isolate.put(id, [{ name: "wordy", description: "d".repeat(41) }]),
      "DESCRIPTION_TOO_LONG",
      '"wordy"',
    );
    expectError(
      await isolate.put(id, [{ name: "titled", title: "t".repeat(41), description: "ok" }]),
      "DESCRIPTION_TOO_LONG",
      "title",
    );
    // The failed writes left the published version alone.
    expect((await isolate.get(id)).body.tools).toBe(3);
  });

  it("QUERY_TOO_LONG past TOOLSIFT_MAX_QUERY_LENGTH; a query read from messages is cut to it instead", async () => {
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_MAX_QUERY_LENGTH: "20" }));
    const id = freshId();
    await isolate.put(id, BILLING);
    expect((await isolate.select(id, { query: "r".repeat(20) })).status).toBe(200);
    expectError(
      await isolate.select(id, { query: "r".repeat(21) }),
      "QUERY_TOO_LONG",
      "21 characters; the limit is 20",
    );
    const fromMessages = await isolate.select(id, {
      messages: [{ role: "user", content: `refund ${"please ".repeat(20)}` }],
      explain: true,
    });
    expect(fromMessages.status).toBe(200);
    expect(fromMessages.body.query).toHaveLength(20);
  });
});

describe("CORS", () => {
  const origin = "https://app.example";

  it("off by default: a preflight gets Allow and no CORS headers", async () => {
    const answer = await new Isolate().request("OPTIONS", "/v1/catalogs/x/select", {
      token: null,
      headers: { Origin: origin, "Access-Control-Request-Method": "POST" },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get("Allow")).toBe("POST, OPTIONS");
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("an allowed origin's preflight may send Authorization and Content-Type; other origins get nothing", async () => {
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_CORS_ORIGINS: `${origin}, https://other.example` }));
    const preflight = await isolate.request("OPTIONS", "/v1/catalogs/x", {
      token: null,
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    // Header lists compared as lists: "a, b" and "a,b" say the same.
    const list = (name: string) => (preflight.headers.get(name) ?? "").split(",").map((part) => part.trim());
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe(origin);
    expect(list("Access-Control-Allow-Methods")).toEqual(["GET", "PUT", "DELETE", "HEAD", "OPTIONS"]);
    expect(list("Access-Control-Allow-Headers")).toEqual(["Authorization", "Content-Type", "Mcp-Protocol-Version"]);
    expect(preflight.headers.get("Access-Control-Max-Age")).toBe("86400");
    expect(list("Vary")).toContain("Origin");
    expect(preflight.headers.get("Allow")).toBe("GET, PUT, DELETE, HEAD, OPTIONS");
    const stranger = await isolate.request("OPTIONS", "/v1/catalogs/x", {
      token: null,
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "PUT" },
    });
    expect(stranger.status).toBe(204);
    expect(stranger.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect((stranger.headers.get("Vary") ?? "").split(",").map((part) => part.trim())).toContain("Origin");
    expectError(await isolate.request("OPTIONS", "/nope", { token: null, headers: { Origin: origin } }), "NOT_FOUND");
  });

  it("answers, errors included, carry the allowed origin; `*` allows every origin", async () => {
    const isolate = new Isolate(serviceEnv({ TOOLSIFT_CORS_ORIGINS: origin }));
    const health = await isolate.request("GET", "/health", { token: null, headers: { Origin: origin } });
    expect(health.headers.get("Access-Control-Allow-Origin")).toBe(origin);
    const denied = await isolate.put(freshId(), BILLING, { token: null, headers: { Origin: origin } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get("Access-Control-Allow-Origin")).toBe(origin);
    expect(denied.headers.get("Access-Control-Expose-Headers")).toContain("WWW-Authenticate");
    const any = new Isolate(serviceEnv({ TOOLSIFT_CORS_ORIGINS: "*" }));
    expect(
      (await any.request("GET", "/health", { token: null, headers: { Origin: "https://anyone.example" } })).headers.get(
        "Access-Control-Allow-Origin",
      ),
    ).toBe("*");
    expect(
      (await any.request("GET", "/health", { token: null })).headers.get("Access-Control-Allow-Origin"),
    ).toBeNull();
  });
});

function catalogOfSize(count: number) {
  return Array.from({ length: count }, (_, n) => ({ name: `tool_${n}`, description: `Tool number ${n}` }));
}
