// Runs the shared EmbeddingCache checks as vitest tests: one call per adapter, in any vitest project.

import { describe, it } from "vitest";
import { cacheChecks, type CacheCheckTarget } from "./cache-checks.js";

/** Declares one test per shared check, each against a fresh target from `makeTarget`. */
export function describeEmbeddingCache(label: string, makeTarget: () => CacheCheckTarget | Promise<CacheCheckTarget>): void {
  describe(`${label} (shared EmbeddingCache spec)`, () => {
    for (const check of cacheChecks) {
      it(check.name, async () => {
        await check.run(await makeTarget());
      });
    }
  });
}
