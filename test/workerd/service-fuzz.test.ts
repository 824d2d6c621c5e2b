// Property-based fuzzing of the selection service in workerd: 10,000 random HTTP requests and select bodies per run.
//
// Requests go to the service's fetch handler in-process (no network); catalogs live in miniflare's real KV.
// Properties: nothing answers 5xx or throws; every error is a documented code with its documented status;
// every 200 select answer holds only catalog tools (or asked-for pins), within maxTools,
// and equals what the library itself selects for the same query and options.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEMO_TOOLS } from "../../src/demo/demo-catalog.js";
import { createToolIndex } from "../../src/index.js";
import { localEmbeddingModel } from "../../src/local/index.js";
import type { SelectOptions } from "../../src/options.js";
import {
  ADMIN_TOKEN,
  READ_TOKEN,
  freshId,
  isDocumentedError,
  Isolate,
  serviceEnv,
  type Answer,
} from "./service-harness.js";

/** Random inputs per property per run (CI runs both). */
const RUNS = 10_000;
/**
 * A finite limit for each property, far above what it takes (about a minute on two shared cores), so
 * a hang fails the run instead of stalling CI. Not a performance assertion.
 */
const FUZZ_TIMEOUT_MS = 15 * 60_000;

const tricky = fc.constantFrom(
  "\uD800",
  "\uDC00",
  "שלח אימייל",
  "👩‍💻🚀📧",
  "e\u0301\u0301mail",
  "ﬁle",
  "İstanbul",
  "\u0000\u0007\uFEFF\u200B",
  "k8s i18n PR",
  "sned emial",
  "ＳＥＮＤ",
  "__proto__",
  "constructor",
);
const text = (maxLength: number) =>
  fc.oneof(
    fc.string({ unit: "binary", maxLength }),
    fc.string({ unit: "grapheme", maxLength }),
    fc
      .array(
        fc.oneof(
          tricky,
          fc.string({ unit: "grapheme-ascii", maxLength: 12 }),
          fc.constantFrom("refund", "email", "deploy", "pull request", "weather", "slack"),
        ),
        { maxLength: 8 },
      )
      .map((parts) => parts.join(" ")),
  );

/** Header values a Request accepts: visible ASCII. */
const headerValue = fc.stringMatching(/^[\x21-\x7e]{0,40}$/);

// ---- catalogs -------------------------------------------------------------------------------

const toolName = fc.oneof(
  fc.constantFrom("refund", "send_email", "deploy", "a", "weather_forecast"),
  fc.string({ minLength: 1, maxLength: 20 }),
);
const schema = fc.oneof(
  fc.constant(undefined),
  fc.record({
    type: fc.constant("object"),
    properties: fc.dictionary(
      fc.string({ maxLength: 8 }),
      fc.record({ type: fc.constantFrom("string", "integer"), description: text(20) }),
      { maxKeys: 3 },
    ),
  }),
  fc.jsonValue({ maxDepth: 3 }),
);
const mcpTool = fc.record(
  { name: toolName, description: fc.option(text(60), { nil: undefined }), inputSchema: schema },
  { requiredKeys: ["name"] },
);
const catalogValue = fc.oneof(
  fc.array(mcpTool, { maxLength: 6 }),
  fc.record({ tools: fc.array(mcpTool, { maxLength: 6 }) }),
  fc.array(
    fc.record({
      type: fc.constant("function"),
      function: fc.record({ name: toolName, description: text(40), parameters: schema }),
    }),
    { maxLength: 4 },
  ),
  fc.dictionary(toolName, fc.record({ description: text(40), inputSchema: schema }), { maxKeys: 5 }),
  fc.jsonValue({ maxDepth: 4 }),
);

// ---- select bodies --------------------------------------------------------------------------

const part = fc.oneof(
  fc.record({ type: fc.constant("text"), text: text(80) }),
  fc.record({
    type: fc.constant("tool-call"),
    toolCallId: fc.string({ maxLength: 6 }),
    toolName: toolName,
    input: fc.jsonValue({ maxDepth: 2 }),
  }),
  fc.jsonValue({ maxDepth: 2 }),
);
const message = fc.oneof(
  fc.record({
    role: fc.constantFrom("user", "assistant", "system", "tool"),
    content: fc.oneof(text(120), fc.array(part, { maxLength: 4 })),
  }),
  fc.jsonValue({ maxDepth: 3 }),
);
const names = DEMO_TOOLS.map((tool) => (tool as { name: string }).name);
const selectBody = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      {
        // Mostly valid values, sometimes one out of range or of the wrong type.
        query: fc.oneof(
          { weight: 12, arbitrary: text(200) },
          { weight: 1, arbitrary: fc.string({ minLength: 1900, maxLength: 2100 }) },
        ),
        maxTools: fc.oneof(
          { weight: 12, arbitrary: fc.integer({ min: 1, max: 100 }) },
          { weight: 1, arbitrary: fc.constantFrom(0, -1, 2.5, 101, "3", null) },
        ),
        minRelevance: fc.oneof(
          { weight: 12, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) },
          { weight: 1, arbitrary: fc.constantFrom(-0.1, 1.5, "0.5") },
        ),
        adaptive: fc.oneof({ weight: 12, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constant("yes") }),
        alwaysActive: fc.array(fc.oneof(fc.constantFrom(...names, "search_tools"), fc.string({ maxLength: 12 })), {
          maxLength: 4,
        }),
        explain: fc.boolean(),
      },
      { requiredKeys: ["query"] },
    ),
  },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        messages: fc.array(message, { maxLength: 5 }),
        maxTools: fc.integer({ min: 1, max: 10 }),
        explain: fc.boolean(),
      },
      { requiredKeys: ["messages"] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  {
    weight: 1,
    arbitrary: fc.record(
      { query: text(40), messages: fc.array(message, { maxLength: 2 }), extra: fc.jsonValue({ maxDepth: 1 }) },
      { requiredKeys: [] },
    ),
  },
);

function isJsonBody(answer: Answer): boolean {
  return answer.text.length > 0 && answer.body !== undefined;
}

describe("fuzzing the HTTP API", () => {
  it(`${RUNS} random requests: no 5xx, no throw, every error documented`, { timeout: FUZZ_TIMEOUT_MS }, async () => {
    const seeded = freshId("fuzz-http");
    const ids = [seeded, freshId("fuzz-http"), freshId("fuzz-http")];
    const envs = [
      serviceEnv(),
      serviceEnv({ TOOLSIFT_READ_TOKEN: READ_TOKEN, TOOLSIFT_CORS_ORIGINS: "https://app.example" }),
      serviceEnv({
        TOOLSIFT_MAX_TOOLS: "3",
        TOOLSIFT_MAX_BODY_BYTES: "2048",
        TOOLSIFT_MAX_SELECT_BODY_BYTES: "1024",
        TOOLSIFT_MAX_QUERY_LENGTH: "40",
        TOOLSIFT_MAX_DESCRIPTION_LENGTH: "30",
        TOOLSIFT_CORS_ORIGINS: "*",
      }),
    ];
    const isolates = envs.map((env) => new Isolate(env));
    await isolates[0].put(seeded, DEMO_TOOLS);

    const id = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...ids) },
      { weight: 1, arbitrary: fc.string({ maxLength: 70 }).map(encodeURIComponent) },
      { weight: 1, arbitrary: fc.constantFrom("..", "%zz", "a%2Fb", "_x", "x".repeat(65), "") },
    );
    const path = fc.oneof(
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          "/",
          "/health",
          "/v1",
          "/v1/catalogs",
          "/v1/catalogs/",
          "/favicon.ico",
          "//health",
          "/health?x=1",
        ),
      },
      {
        weight: 8,
        arbitrary: fc
          .tuple(id, fc.constantFrom("", "/select", "/select/", "/select/x", "/other"))
          .map(([catalog, suffix]) => `/v1/catalogs/${catalog}${suffix}`),
      },
      { weight: 1, arbitrary: fc.webPath() },
    );
    const body = fc.oneof(
      { weight: 2, arbitrary: fc.constant(undefined) },
      { weight: 3, arbitrary: catalogValue.map((value) => JSON.stringify(value) ?? "null") },
      { weight: 3, arbitrary: selectBody.map((value) => JSON.stringify(value) ?? "null") },
      { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: 1000, max: 6000 })
          .map((length) => JSON.stringify([{ name: "big", description: "d".repeat(length) }])),
      },
    );
    const origin = fc.option(fc.constantFrom("https://app.example", "https://evil.example"), { nil: undefined });
    const isolateIndex = fc.integer({ min: 0, max: isolates.length - 1 });
    // Anything at all: method, path, token, content type and body drawn independently.
    const anyRequest = fc.record({
      isolate: isolateIndex,
      method: fc.constantFrom("GET", "GET", "PUT", "POST", "POST", "DELETE", "PATCH", "OPTIONS", "HEAD"),
      path,
      token: fc.oneof(fc.constant(null), fc.constant(ADMIN_TOKEN), fc.constant(READ_TOKEN), headerValue),
      contentType: fc.oneof(
        fc.constant(null),
        fc.constant("application/json"),
        fc.constant("application/json; charset=utf-8"),
        fc.constant("text/plain"),
        headerValue,
      ),
      origin,
      body,
    });
    // Well-formed API calls (valid path, method, token and content type), random bodies: they reach the success paths.
    const apiCall = fc
      .record({
        isolate: isolateIndex,
        operation: fc.constantFrom("put", "get", "delete", "select", "select", "select"),
        id: fc.constantFrom(...ids),
        catalog: catalogValue,
        select: selectBody,
        token: fc.constantFrom(ADMIN_TOKEN, ADMIN_TOKEN, READ_TOKEN),
        origin,
      })
      .map(({ operation, id: catalogId, catalog, select, ...rest }) => ({
        ...rest,
        method: { put: "PUT", get: "GET", delete: "DELETE", select: "POST" }[operation],
        path: `/v1/catalogs/${catalogId}${operation === "select" ? "/select" : ""}`,
        contentType: "application/json",
        body:
          operation === "put"
            ? (JSON.stringify(catalog) ?? "null")
            : operation === "select"
              ? (JSON.stringify(select) ?? "null")
              : undefined,
      }));
    const request = fc.oneof(anyRequest, apiCall);

    let runs = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        runs++;
        const headers = new Headers();
        if (input.token !== null) headers.set("Authorization", `Bearer ${input.token}`);
        if (input.contentType !== null) headers.set("Content-Type", input.contentType);
        if (input.origin !== undefined) headers.set("Origin", input.origin);
        const hasBody = input.body !== undefined && input.method !== "GET" && input.method !== "HEAD";
        const isolate = isolates[input.isolate];
        const answer = await isolate.fetch(
          new Request(`http://toolsift.test${input.path}`, {
            method: input.method,
            headers,
            body: hasBody ? (input.body as BodyInit) : undefined,
          }),
        );
        await isolate.settle();
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expect(answer.status, answer.text).toBeLessThan(500);
        if (input.method === "HEAD" || answer.status === 204) {
          expect(answer.text).toBe("");
          return;
        }
        expect(isJsonBody(answer), answer.text).toBe(true);
        if (answer.status >= 400) expect(isDocumentedError(answer), answer.text).toBe(true);
        if (answer.status === 200 && input.method === "POST") {
          expect(Array.isArray(answer.body.tools)).toBe(true);
          expect(answer.body.results.map((result: { name: string }) => result.name)).toEqual(answer.body.tools);
        }
      }),
      { numRuns: RUNS },
    );
    expect(runs).toBeGreaterThanOrEqual(RUNS);
    // The generator reaches the success paths as well as the error paths.
    for (const status of [200, 201, 204, 400, 401, 404, 405, 413, 415])
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
    console.log(
      `[service fuzz] HTTP API: ${runs} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
  });
});

describe("fuzzing select", () => {
  it(
    `${RUNS} random select bodies on a warm catalog: answers within the catalog and the options, equal to the library's own`,
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const id = freshId("fuzz-select");
      const isolate = new Isolate(serviceEnv({ TOOLSIFT_RECHECK_SECONDS: "3600" }));
      const catalog = [...DEMO_TOOLS, { type: "web_search_20250305", name: "web_search" }];
      expect((await isolate.put(id, catalog)).status).toBe(201);
      const provider = new Set(["web_search"]);
      // The reference is the library itself, configured as the service documents it (the local model, combined
      // ranking, query expansion by the same model), built here rather than by the service's own builder.
      const model = localEmbeddingModel();
      const reference = createToolIndex(catalog, { embeddingModel: model, keyword: { queryExpansion: model } });

      let runs = 0;
      let answered = 0;
      let ranked = 0;
      await fc.assert(
        fc.asyncProperty(selectBody, async (body) => {
          runs++;
          const answer = await isolate.select(id, body);
          expect([200, 400, 413], answer.text).toContain(answer.status);
          if (answer.status !== 200) {
            expect(isDocumentedError(answer), answer.text).toBe(true);
            return;
          }
          answered++;
          const input = body as {
            query?: string;
            maxTools?: number;
            minRelevance?: number;
            adaptive?: boolean;
            alwaysActive?: string[];
            explain?: boolean;
          };
          const { tools, results, strategy } = answer.body;
          // A query the model embeds as zero (no word it knows: "\u0000") ranks by keywords (fallback "keyword").
          const fallback = answer.body.fallback as string | undefined;
          expect([strategy, fallback]).toEqual(
            fallback === undefined ? ["combined", undefined] : ["keyword", "keyword"],
          );
          expect(results.map((result: { name: string }) => result.name)).toEqual(tools);
          type Result = { pinned?: string; reason?: string };
          const rankedResults = results.filter((result: Result) => result.pinned === undefined && !result.reason);
          ranked += rankedResults.length;
          expect(rankedResults.length).toBeLessThanOrEqual(input.maxTools ?? 5);
          // Companions (a conversation's own tools, learnt or catalog links) come with a reason, at most 3 of them.
          const companions = results.filter((result: Result) => result.reason !== undefined);
          expect(companions.length).toBeLessThanOrEqual(3);
          if (input.query !== undefined) expect(companions).toEqual([]);
          for (const result of results) {
            expect(Number.isFinite(result.score) && result.score >= 0 && result.score <= 1).toBe(true);
            if (result.reason !== undefined) {
              expect(names).toContain(result.name);
              expect(result.pinned).toBeUndefined();
            } else if (result.pinned === undefined) {
              expect(names).toContain(result.name);
            } else {
              expect(
                result.pinned === "provider"
                  ? provider.has(result.name)
                  : (input.alwaysActive ?? []).includes(result.name),
              ).toBe(true);
            }
          }
          if (input.explain) expect(typeof answer.body.query).toBe("string");
          if (input.query !== undefined) {
            const options: SelectOptions = {
              maxTools: input.maxTools,
              minRelevance: input.minRelevance,
              adaptive: input.adaptive,
              alwaysActive: input.alwaysActive,
            };
            const own = await reference.selectWithScores(input.query, options);
            expect([tools, fallback]).toEqual([own.tools, own.fallback]);
          }
        }),
        { numRuns: RUNS },
      );
      expect(runs).toBeGreaterThanOrEqual(RUNS);
      expect(answered).toBeGreaterThan(RUNS / 4);
      console.log(
        `[service fuzz] select: ${runs} bodies, ${answered} answered 200 with ${ranked} ranked tools, the rest documented errors`,
      );
    },
  );
});
