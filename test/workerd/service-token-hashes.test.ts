// The env's tokens: each configured value is hashed once per isolate (a changed env takes effect), the bearer token
// once per request, and a right and a wrong token do the same hashing.

import { afterEach, describe, expect, it, vi } from "vitest";
import { BILLING, closedEnv, expectError, freshId, Isolate } from "./service-harness.js";

afterEach(() => vi.restoreAllMocks());

/** Counts SHA-256 digests by the text hashed. */
function countDigests(): (text: string) => number {
  const digest = vi.spyOn(crypto.subtle, "digest");
  const decoder = new TextDecoder();
  return (text) => digest.mock.calls.filter(([, data]) => decoder.decode(data as Uint8Array) === text).length;
}

/** Token values no other test has configured, so this isolate has hashed none of them yet. */
const fresh = (label: string) => `${label}-${crypto.randomUUID()}`;

/** An isolate with fresh admin and read tokens, and a catalog the admin token stored. */
async function isolateWithCatalog(label: string) {
  const admin = fresh("admin");
  const reader = fresh("read");
  const isolate = new Isolate(closedEnv({ TOOLSIFT_ADMIN_TOKEN: admin, TOOLSIFT_READ_TOKEN: reader }));
  const id = freshId(label);
  const digests = countDigests();
  expect((await isolate.put(id, BILLING, { token: admin })).status).toBe(201);
  expect((await isolate.get(id, { token: reader })).status).toBe(200);
  return { isolate, id, admin, reader, digests };
}

describe("the env's tokens", () => {
  it("hashes each configured value once, the bearer token once per request, whether right or wrong", async () => {
    const { isolate, id, admin, reader, digests } = await isolateWithCatalog("hashes");
    const wrong = fresh("wrong");
    // First use: the admin token hashed as given and as configured, the read token as given and as configured.
    expect([digests(admin), digests(reader)]).toEqual([2, 2]);
    for (let round = 0; round < 3; round++) {
      expect((await isolate.get(id, { token: reader })).status).toBe(200);
      expectError(await isolate.get(id, { token: wrong }), "UNAUTHORIZED");
    }
    // Then only the bearer token of each request: once, right or wrong; the configured ones never again.
    expect([digests(admin), digests(reader), digests(wrong)]).toEqual([2, 2 + 3, 3]);
  });

  it("takes a changed env's value at once: the new token is accepted, the old one refused", async () => {
    const { isolate, id, admin, reader: before, digests } = await isolateWithCatalog("rotated");
    const after = fresh("read-after");
    isolate.env = closedEnv({ TOOLSIFT_ADMIN_TOKEN: admin, TOOLSIFT_READ_TOKEN: after });
    expectError(await isolate.get(id, { token: before }), "UNAUTHORIZED");
    expect((await isolate.get(id, { token: after })).status).toBe(200);
    expect((await isolate.get(id, { token: after })).status).toBe(200);
    // The new value hashed once as configured (first request), then as the bearer token of its two requests.
    expect(digests(after)).toBe(1 + 2);
  });
});
