// Tenant tokens: created, listed and revoked by the admin; each reads, learns or writes only its own catalogs.

import { describe, expect, it } from "vitest";
import {
  expectError,
  LEARN_TOKEN,
  READ_TOKEN,
  freshId,
  Isolate,
  closedEnv,
  tokenFor,
  serviceKv,
  type Answer,
} from "./service-harness.js";

/** Creates a token with the admin token; answers the whole creation answer. */
async function createToken(isolate: Isolate, body: unknown): Promise<Answer> {
  return isolate.request("POST", "/v1/tokens", { body });
}

/** An independent SHA-256 (base64url) of a token, the form the README says KV keeps. */
async function sha256Base64url(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

describe("creating, listing and revoking tokens (admin)", () => {
  it("the token is shown once, in the tsk_ format; KV keeps only its SHA-256 and scope; listing shows no secret", async () => {
    const isolate = new Isolate(closedEnv());
    const id = freshId("acme");
    const created = await createToken(isolate, { catalogs: [id, "acme-*", id], access: "learn", label: "acme bot" });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      token: expect.stringMatching(/^tsk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/),
      catalogs: [id, "acme-*"],
      access: "learn",
      label: "acme bot",
      createdAt: expect.any(String),
    });
    const { token, id: tokenId } = created.body;
    expect(token.slice(4, 20)).toBe(tokenId);
    const stored = (await serviceKv.get(`token/${tokenId}`, "text"))!;
    expect(stored).not.toContain(token.slice(21));
    expect(JSON.parse(stored).hash).toBe(await sha256Base64url(token));

    const one = await isolate.request("GET", `/v1/tokens/${tokenId}`);
    expect(one.body).toEqual({
      id: tokenId,
      catalogs: [id, "acme-*"],
      access: "learn",
      label: "acme bot",
      createdAt: created.body.createdAt,
    });
    const listed = await isolate.request("GET", "/v1/tokens");
    expect(listed.status).toBe(200);
    expect(listed.body.tokens).toContainEqual(one.body);
    expect(listed.text).not.toContain(token.slice(21));
    expect(listed.text).not.toContain(JSON.parse(stored).hash);
  });

  it("only the admin token manages tokens: tenant tokens get 403, the read and learn tokens 401", async () => {
    const isolate = new Isolate(closedEnv());
    const catalog = freshId();
    const { token, id } = await tokenFor(isolate, [catalog], "write");
    const asTenant = { token };
    expectError(await isolate.request("GET", "/v1/tokens", asTenant), "FORBIDDEN", "admin token");
    expectError(
      await isolate.request("POST", "/v1/tokens", { ...asTenant, body: { catalogs: ["x"], access: "read" } }),
      "FORBIDDEN",
    );
    expectError(await isolate.request("DELETE", `/v1/tokens/${id}`, asTenant), "FORBIDDEN");
    expectError(await isolate.request("GET", "/v1/tokens", { token: READ_TOKEN }), "UNAUTHORIZED");
    expectError(await isolate.request("POST", "/v1/tokens", { token: LEARN_TOKEN, body: {} }), "UNAUTHORIZED");
    expectError(await isolate.request("GET", "/v1/tokens", { token: null }), "UNAUTHORIZED");
    // Without an admin token nothing manages tokens; a token issued before still works.
    const locked = new Isolate(closedEnv({ TOOLSIFT_ADMIN_TOKEN: undefined }));
    expectError(await locked.request("GET", "/v1/tokens"), "UNAUTHORIZED", "Token management is disabled");
    expectError(await locked.request("DELETE", `/v1/tokens/${id}`, asTenant), "FORBIDDEN");
    expect((await locked.put(catalog, [{ name: "t", description: "A tool." }], asTenant)).status).toBe(201);
  });

  it.each([
    ["a lone *", { catalogs: ["*"], access: "read" }, "catalogs[0]"],
    ["no catalogs", { catalogs: [], access: "read" }, "catalogs"],
    ["a catalog id with a slash", { catalogs: ["a/b"], access: "read" }, "catalogs[0]"],
    ["an unknown access", { catalogs: ["a"], access: "admin" }, "access"],
    ["an unknown field", { catalogs: ["a"], access: "read", admin: true }, "admin"],
    ["a label with a control character", { catalogs: ["a"], access: "read", label: "a\u0000b" }, "label"],
  ])("a token request with %s is 400 INVALID_REQUEST naming the field", async (_, body, field) => {
    expectError(await createToken(new Isolate(closedEnv()), body), "INVALID_REQUEST", field);
  });

  it("revoking: an unknown or malformed id is 404 TOKEN_NOT_FOUND; a revoked token is gone from the list", async () => {
    const isolate = new Isolate(closedEnv());
    const { id } = await tokenFor(isolate, [freshId()], "read");
    expect((await isolate.request("DELETE", `/v1/tokens/${id}`)).body).toEqual({ id, revoked: true });
    expectError(await isolate.request("DELETE", `/v1/tokens/${id}`), "TOKEN_NOT_FOUND", id);
    expectError(await isolate.request("GET", `/v1/tokens/${id}`), "TOKEN_NOT_FOUND", id);
    expectError(await isolate.request("DELETE", "/v1/tokens/not-an-id"), "TOKEN_NOT_FOUND", "16 hex digits");
    expect((await isolate.request("GET", "/v1/tokens")).body.tokens.map((t: { id: string }) => t.id)).not.toContain(id);
    expect(await serviceKv.get(`token/${id}`, "text")).toBeNull();
  });
});
