// Tenant tokens at the catalog routes: cross-tenant attempts, access levels, revocation, malformed tokens.

import { describe, expect, it } from "vitest";
import { ScriptedKv } from "./scripted-kv.js";
import {
  expectError,
  BILLING,
  MESSAGING,
  READ_TOKEN,
  faultyKv,
  freshId,
  Isolate,
  closedEnv,
  tokenFor,
  learnEnv,
  type Answer,
} from "./service-harness.js";

/** One conversation that calls BILLING's refund tool. */
const REFUND = [
  { role: "user", content: "refund the customer" },
  {
    role: "assistant",
    content: [{ type: "tool-call", toolCallId: "c1", toolName: "stripe_create_refund", input: {} }],
  },
  {
    role: "tool",
    content: [
      {
        type: "tool-result",
        toolCallId: "c1",
        toolName: "stripe_create_refund",
        output: { type: "text", value: "ok" },
      },
    ],
  },
];

/** Every catalog route, as the holder of `token` calls it on `id`. */
function everyRoute(isolate: Isolate, id: string, token: string): Record<string, () => Promise<Answer>> {
  return {
    read: () => isolate.get(id, { token }),
    select: () => isolate.select(id, { query: "refund" }, { token }),
    usage: () => isolate.usage(id, { token }),
    learn: () => isolate.learn(id, { messages: REFUND }, { token }),
    write: () => isolate.put(id, MESSAGING, { token }),
    delete: () => isolate.request("DELETE", `/v1/catalogs/${id}`, { token }),
  };
}

describe("cross-tenant attempts", () => {
  it("tenant A cannot read, select, read usage of, learn on, write or delete tenant B's catalog", async () => {
    const admin = new Isolate(closedEnv());
    const prefixA = `${freshId("a")}-`;
    const idA = `${prefixA}one`;
    const idB = freshId("b");
    expect((await admin.put(idA, BILLING)).status).toBe(201);
    const versionB = (await admin.put(idB, BILLING)).body.version;
    const a = await tokenFor(admin, [`${prefixA}*`], "write");
    const b = await tokenFor(admin, [idB], "write");
    // Another isolate, as tenants would meet the service.
    const isolate = new Isolate(closedEnv());
    for (const [name, attempt] of Object.entries(everyRoute(isolate, idB, a.token))) {
      expectError(await attempt(), "FORBIDDEN", `does not cover catalog "${idB}"`);
      // The same answer for a catalog that does not exist: the scope is checked before any catalog is read.
      const missing = await everyRoute(isolate, freshId("b"), a.token)[name]();
      expect([missing.status, missing.body.error.code], name).toEqual([403, "FORBIDDEN"]);
    }
    // B's catalog and its usage are untouched.
    const ownRead = await isolate.get(idB, { token: b.token });
    expect([ownRead.status, ownRead.body.version]).toEqual([200, versionB]);
    expect((await isolate.usage(idB, { token: b.token })).body.totals.conversations).toBe(0);
    // B cannot reach A's catalogs either, and A may do everything on its own, new ids under its prefix included.
    expectError(await isolate.get(idA, { token: b.token }), "FORBIDDEN");
    for (const attempt of Object.values(everyRoute(isolate, idA, a.token))) expect((await attempt()).status).toBe(200);
    expect((await isolate.put(`${prefixA}two`, BILLING, { token: a.token })).status).toBe(201);
    // An id that only looks under the prefix is still checked as an id (not decoded, not a path).
    expectError(await isolate.put(`${prefixA}%2F..%2F${idB}`, BILLING, { token: a.token }), "INVALID_CATALOG_ID");
    // A prefix is a prefix of the id, not of a word in it.
    expectError(await isolate.put(`x${prefixA}three`, BILLING, { token: a.token }), "FORBIDDEN");
  });

  it("access levels: read < learn < write", async () => {
    const isolate = new Isolate(closedEnv());
    const id = freshId("levels");
    expect((await isolate.put(id, BILLING)).status).toBe(201);
    const levels = {
      read: await tokenFor(isolate, [id], "read"),
      learn: await tokenFor(isolate, [id], "learn"),
      write: await tokenFor(isolate, [id], "write"),
    };
    const allowed: Record<string, string[]> = {
      read: ["read", "select", "usage"],
      learn: ["read", "select", "usage", "learn"],
      write: ["read", "select", "usage", "learn", "write", "delete"],
    };
    for (const [level, { token }] of Object.entries(levels)) {
      const routes = everyRoute(isolate, id, token);
      // Writes last: a delete would end the others.
      for (const route of ["read", "select", "usage", "learn", "write", "delete"]) {
        const answer = await routes[route]();
        if (allowed[level].includes(route)) expect(answer.status, `${level} ${route}: ${answer.text}`).toBe(200);
        else expectError(answer, "FORBIDDEN", `does not grant "${route === "delete" ? "write" : route}" access`);
      }
    }
  });
});

describe("revoked and malformed tokens", () => {
  it("a revoked token is refused by the next request of the revoking isolate, however long it caches tokens", async () => {
    const cached = closedEnv({ TOOLSIFT_RECHECK_SECONDS: "3600" });
    const admin = new Isolate(cached);
    const id = freshId("revoke");
    await admin.put(id, BILLING);
    const { token, id: tokenId } = await tokenFor(admin, [id], "read");
    const other = new Isolate(closedEnv());
    const lagging = new Isolate(cached);
    for (const isolate of [admin, other, lagging]) expect((await isolate.get(id, { token })).status).toBe(200);
    expect((await admin.request("DELETE", `/v1/tokens/${tokenId}`)).status).toBe(200);
    expectError(await admin.get(id, { token }), "UNAUTHORIZED", "revoked");
    expect((await admin.get(id, { token })).headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
    // An isolate that re-reads tokens on every request (TOOLSIFT_RECHECK_SECONDS=0) refuses it too.
    expectError(await other.get(id, { token }), "UNAUTHORIZED");
    // Documented: another isolate trusts its checked copy for TOOLSIFT_RECHECK_SECONDS.
    expect((await lagging.get(id, { token })).status).toBe(200);
  });

  it("a token check whose KV read is held while the revocation completes does not bring the token back", async () => {
    const kv = new ScriptedKv();
    const isolate = new Isolate(closedEnv({ TOOLSIFT_KV: kv.binding, TOOLSIFT_RECHECK_SECONDS: "3600" }));
    const id = freshId("held");
    await isolate.put(id, BILLING);
    const { token, id: tokenId } = await tokenFor(new Isolate(closedEnv()), [id], "read");
    const held = kv.hold((operation, key) => operation === "get" && key === `token/${tokenId}`);
    const reading = isolate.get(id, { token });
    await held.reached();
    expect((await isolate.request("DELETE", `/v1/tokens/${tokenId}`)).status).toBe(200);
    held.release();
    expect([200, 401]).toContain((await reading).status);
    expectError(await isolate.get(id, { token }), "UNAUTHORIZED");
  });

  it("malformed, unknown and altered tokens are 401; a tenant token is checked even where reads are open", async () => {
    const isolate = new Isolate(closedEnv());
    const id = freshId("malformed");
    await isolate.put(id, BILLING);
    const { token } = await tokenFor(isolate, [id], "write");
    const last = token.at(-1) === "A" ? "B" : "A";
    const attempts = [
      `${token.slice(0, -1)}${last}`, // the right id, a secret one character off
      `tsk_${"0".repeat(16)}_${token.slice(-43)}`, // an unknown id
      token.slice(0, -1), // too short: not the format
      `${token}x`,
      token.toUpperCase(),
      "tsk_",
    ];
    for (const attempt of attempts) expectError(await isolate.put(id, MESSAGING, { token: attempt }), "UNAUTHORIZED");
    for (const attempt of attempts) expectError(await isolate.get(id, { token: attempt }), "UNAUTHORIZED");
    // Reads open (no read token): no token is needed, but a tenant token sent is still checked.
    const open = new Isolate(learnEnv());
    expect((await open.get(id, { token: null })).status).toBe(200);
    expect((await open.get(id, { token: "anything" })).status).toBe(200);
    expectError(await open.get(id, { token: attempts[0] }), "UNAUTHORIZED");
    const other = await tokenFor(isolate, [freshId("other")], "read");
    expectError(await open.select(id, { query: "refund" }, { token: other.token }), "FORBIDDEN");
  });

  it("on open reads (no read token), every malformed tsk_ token is 401 invalid_token: the probe's requests", async () => {
    const admin = new Isolate(learnEnv());
    const id = freshId("open");
    await admin.put(id, BILLING);
    const { token, id: tokenId } = await tokenFor(admin, [id], "read");
    const secret = token.slice(`tsk_${tokenId}_`.length);
    const malformed = {
      "one character added": `${token}A`,
      "a TSK_ prefix": `TSK_${token.slice(4)}`,
      "a Tsk_ prefix": `Tsk_${token.slice(4)}`,
      "a dropped character": token.slice(0, -1),
      "a character dropped from the id": `tsk_${tokenId.slice(1)}_${secret}`,
      "an upper-cased id": `tsk_${tokenId.toUpperCase()}_${secret}`,
      "the prefix alone": "tsk_",
    };
    const open = new Isolate(learnEnv());
    expect((await open.get(id, { token })).status).toBe(200);
    for (const [name, attempt] of Object.entries(malformed)) {
      for (const answer of [await open.get(id, { token: attempt }), await open.usage(id, { token: attempt })]) {
        expectError(answer, "UNAUTHORIZED", "tsk_");
        expect(answer.headers.get("WWW-Authenticate"), name).toContain('error="invalid_token"');
        expect(answer.text, name).not.toContain("stripe_create_refund");
      }
      const selected = await open.select(id, { query: "refund" }, { token: attempt });
      expect(selected.status, name).toBe(401);
    }
    // A token of another shape is not a tenant token: reads stay open to it, as to no token.
    expect((await open.get(id, { token: `x${token}` })).status).toBe(200);
  });

  it("an unknown id and a known id with a wrong secret do the same work: one KV read, then none until the recheck", async () => {
    const admin = new Isolate(closedEnv());
    const id = freshId("work");
    await admin.put(id, BILLING);
    const { token } = await tokenFor(admin, [id], "read");
    const reads: string[] = [];
    const counting = faultyKv((operation, key) => {
      if (operation === "get" && key.startsWith("token/")) reads.push(key);
      return undefined;
    });
    const isolate = new Isolate(closedEnv({ TOOLSIFT_KV: counting, TOOLSIFT_RECHECK_SECONDS: "3600" }));
    const wrongSecret = `${token.slice(0, -1)}${token.at(-1) === "A" ? "B" : "A"}`;
    const unknownId = `tsk_${"0123456789abcdef"}_${token.slice(-43)}`;
    const readsOf = async (attempt: string) => {
      const before = reads.length;
      expectError(await isolate.get(id, { token: attempt }), "UNAUTHORIZED");
      return reads.length - before;
    };
    // First sight: each reads its key once; after that each is answered from what the isolate holds.
    expect([await readsOf(wrongSecret), await readsOf(unknownId)]).toEqual([1, 1]);
    expect([await readsOf(wrongSecret), await readsOf(unknownId)]).toEqual([0, 0]);
    // The real token still works (from what the isolate holds), and a malformed one is refused before any read.
    expect((await isolate.get(id, { token })).status).toBe(200);
    expect(await readsOf(`${token}A`)).toBe(0);
  });

  it("when KV cannot be read, a tenant token is refused with 503 (fails closed); the env's tokens still work", async () => {
    const isolate = new Isolate(closedEnv());
    const id = freshId("closed");
    await isolate.put(id, BILLING);
    const { token } = await tokenFor(isolate, [id], "read");
    const broken = closedEnv({
      TOOLSIFT_KV: faultyKv((operation, key) =>
        operation === "get" && key.startsWith("token/") ? "throw" : undefined,
      ),
    });
    const other = new Isolate(broken);
    expectError(await other.get(id, { token }), "STORAGE_UNAVAILABLE", "token/");
    expect((await other.get(id, { token: READ_TOKEN })).status).toBe(200);
  });
});
