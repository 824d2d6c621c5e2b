// The shared UsageStore checks, declared as vitest tests once per adapter (memory and file in node, KV in workerd).

import { describe, expect, it } from "vitest";
import { createToolIndex, type UsageSnapshot } from "../../src/index.js";
import type { UsageStore } from "../../src/usage/usage-store.js";
import { saasCatalog } from "../api/saas-catalog.js";
import { conversation } from "./conversations.js";

/** A snapshot of an index that learnt a few small conversations on the SaaS catalog. */
export function learntSnapshot(repeat = 1): UsageSnapshot {
  const index = createToolIndex(saasCatalog);
  for (let n = 0; n < repeat; n++) {
    index.learn(
      conversation([
        { user: "bill the customer for March", calls: ["stripe_create_invoice", "send_email"] },
        { user: "tell the team in Slack", calls: ["slack_post_message"] },
      ]),
    );
    index.learn(conversation([{ user: "ship the release", calls: ["github_create_pull_request", "deploy_service"] }]));
  }
  return index.usage();
}

/** Resolves to the ToolsiftError code `action` rejects with (fails the test when it resolves). */
export async function rejectionCode(action: () => Promise<unknown>): Promise<string> {
  const error = await action().then(
    () => expect.fail("expected a rejection"),
    (thrown: unknown) => thrown,
  );
  return (error as { code?: string }).code ?? String(error);
}

/** Declares the shared checks against a fresh, empty store from `make` for each test. */
export function describeUsageStore(label: string, make: () => UsageStore | Promise<UsageStore>): void {
  describe(`${label} (shared UsageStore spec)`, () => {
    it("loads undefined before anything is saved", async () => {
      expect(await (await make()).load()).toBeUndefined();
    });

    it("loads the snapshot saved, equal field by field", async () => {
      const store = await make();
      const snapshot = learntSnapshot();
      await store.save(snapshot);
      expect(await store.load()).toEqual(snapshot);
    });

    it("replaces the stored snapshot on each save", async () => {
      const store = await make();
      await store.save(learntSnapshot(1));
      const second = learntSnapshot(3);
      await store.save(second);
      expect(await store.load()).toEqual(second);
    });

    it("refuses to save what is not a usage snapshot, keeping what it holds", async () => {
      const store = await make();
      const snapshot = learntSnapshot();
      await store.save(snapshot);
      const notSnapshots = [null, {}, { ...snapshot, version: 99 }, { ...snapshot, next: [[0, 1, 999, 1]] }];
      for (const value of notSnapshots) {
        expect(await rejectionCode(() => store.save(value as UsageSnapshot))).toBe("INVALID_USAGE");
      }
      expect(await store.load()).toEqual(snapshot);
    });

    it("hands back a snapshot an index restores from", async () => {
      const store = await make();
      await store.save(learntSnapshot(2));
      const index = createToolIndex(saasCatalog, { learning: { usage: await store.load() } });
      expect(index.usage().conversations).toBe(4);
    });
  });
}
