// Runs the shared EmbeddingCache checks as vitest tests: one call per adapter, in any vitest project.

import { describe, it } from "vitest";
import { cacheChecks, type CacheCheckTarget, type CacheTraits } from "./cache-checks.js";

/**
 * Declares one test per shared check, each against fresh storage from `makeOpen`. A check the adapter
 * cannot pass by design (persistence, for a cache in one instance's memory) is declared skipped, with
 * the reason in its name.
 */
export function describeEmbeddingCache(
  label: string,
  traits: CacheTraits,
  makeOpen: () => CacheCheckTarget["open"] | Promise<CacheCheckTarget["open"]>,
): void {
  describe(`${label} (shared EmbeddingCache spec)`, () => {
    for (const check of cacheChecks) {
      const skipped = check.needsPersistence === true && !traits.persistent;
      const name = skipped ? `${check.name} — skipped: this cache keeps nothing beyond its instance` : check.name;
      it.skipIf(skipped)(name, async () => {
        await check.run({ ...traits, open: await makeOpen() });
      });
    }
  });
}
