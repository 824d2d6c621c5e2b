// The service stores a catalog version's vectors with kvCache: every one of them, beyond kvCache's default bound
// (TOOLSIFT_MAX_TOOLS allows 100,000 tools).

import { describe, expect, it } from "vitest";
import { CatalogStore } from "../../src/worker/catalogs/catalog-store.js";
import { BoundedKv } from "../../src/worker/http/bounded-kv.js";
import { key, NAMESPACE_A } from "../cache/cache-checks.js";
import { freshId, serviceKv } from "./service-harness.js";

describe("a catalog version's vectors", () => {
  it("keeps all 10,001 vectors of a version (kvCache keeps 10,000 by default)", async () => {
    const store = new CatalogStore(new BoundedKv(serviceKv, 5_000));
    const keys = Array.from({ length: 10_001 }, (_, n) => key(NAMESPACE_A, n));
    const id = freshId("vectors");
    await store.embeddings(id, "v1").setMany(keys.map((k, n) => [k, Float32Array.of(n + 1)]));
    const found = await store.embeddings(id, "v1").getMany(keys);
    expect(found.filter((vector) => vector !== undefined)).toHaveLength(10_001);
    expect(found[0]).toEqual(Float32Array.of(1));
  });
});
