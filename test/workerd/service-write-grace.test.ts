// The write grace inside workerd: a version whose pointer could reach readers after it is WRITE_GRACE_MS old is
// never published (the pointer put itself may take up to TOOLSIFT_KV_TIMEOUT_MS), and a clean-up judges a version's
// age when it read the pointer, not after listing the versions (a flip may land meanwhile).

import { afterEach, describe, expect, it, vi } from "vitest";
import { versionCreatedAt, type CatalogPointer } from "../../src/worker/catalogs/catalog-store.js";
import { READ_GRACE_MS, WRITE_GRACE_MS } from "../../src/worker/catalogs/version-retirement.js";
import { Gate } from "./kv-interceptor.js";
import {
  BILLING,
  expectError,
  faultyKv,
  freshId,
  Isolate,
  serviceEnv,
  serviceKv,
  type KvFault,
} from "./service-harness.js";

afterEach(() => {
  vi.useRealTimers();
});

/** Moves `Date` only (timers, KV timeouts included, run in real time). */
function fakeClock(): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now());
}

const isCatalogText = (key: string) => /\/v\/[^/]+\/catalog$/.test(key);
const versionOfKey = (key: string) => key.split("/v/")[1].split("/")[0];

async function pointerOf(id: string): Promise<CatalogPointer> {
  return JSON.parse((await serviceKv.get(`catalog/${id}/current`, "text"))!);
}

/** A writer isolate over `fault`, keyword ranking, KV calls bounded by `timeoutMs`. */
function writerOver(fault: KvFault, timeoutMs = 60_000) {
  const env = { TOOLSIFT_KV: faultyKv(fault), TOOLSIFT_KV_TIMEOUT_MS: String(timeoutMs), TOOLSIFT_EMBEDDING: "none" };
  return new Isolate(serviceEnv(env));
}

describe("a PUT's pointer never reaches readers after its version is WRITE_GRACE_MS old", () => {
  // Writing the catalog text took `writing` ms after the version was made; the pointer put then takes 45 s (under the
  // 60 s KV timeout). Published only when the pointer lands, and KV's other locations (READ_GRACE_MS) see it, before
  // the version is WRITE_GRACE_MS old: then no clean-up can count the version as abandoned.
  it.each([
    ["9.5 minutes: the check passed, the put would land past the grace", WRITE_GRACE_MS - 30_000, 503],
    ["7.5 minutes: the put would land within the grace, not KV's propagation", 7.5 * 60_000, 503],
    ["6 minutes: the put and KV's propagation end within the grace", 6 * 60_000, 200],
  ])("text written after %s", async (_, writing, status) => {
    const id = freshId("grace");
    const landed: number[] = [];
    let slow = false;
    let made = 0;
    const writer = writerOver(async (operation, key) => {
      if (!slow || operation !== "put") return undefined;
      if (isCatalogText(key)) {
        made = versionCreatedAt(versionOfKey(key));
        vi.setSystemTime(made + writing);
      }
      if (key === `catalog/${id}/current`) {
        vi.setSystemTime(Date.now() + 45_000);
        landed.push(Date.now());
      }
      return undefined;
    });
    expect((await writer.put(id, BILLING)).status).toBe(201);
    const first = await pointerOf(id);
    fakeClock();
    slow = true;
    const answer = await writer.put(id, BILLING);
    slow = false;
    const inKv = await pointerOf(id);
    if (status === 503) {
      expectError(answer, "STORAGE_UNAVAILABLE", "it was not published", `${WRITE_GRACE_MS} ms`);
      expect(landed).toEqual([]);
      expect(inKv.version).toBe(first.version);
    } else {
      expect(answer.status).toBe(200);
      expect(inKv.version).toBe(answer.body.version);
      expect(landed).toHaveLength(1);
      expect(landed[0] - made).toBeLessThanOrEqual(WRITE_GRACE_MS - READ_GRACE_MS);
    }
    await writer.settle();
  });
});

describe("a clean-up judges a version's age when it read the pointer", () => {
  it("a version published while another isolate listed versions is not deleted as abandoned", async () => {
    const id = freshId("grace-clean");
    const textHeld = new Gate();
    const listHeld = new Gate();
    let holdText = false;
    let holdList = false;
    const a = writerOver(async (operation, key) => {
      if (holdText && operation === "put" && isCatalogText(key)) await textHeld.wait();
      return undefined;
    }, 5_000);
    const b = writerOver(async (operation) => {
      if (holdList && operation === "list") await listHeld.wait();
      return undefined;
    }, 5_000);
    expect((await a.put(id, BILLING)).status).toBe(201);
    fakeClock();
    const start = Date.now();
    // A makes version 2 now and is held writing its text.
    holdText = true;
    const putA = a.put(id, BILLING);
    await textHeld.reached(1);
    // Seven minutes later B publishes version 3 and, after answering, cleans up: it reads the pointer (version 3), then
    // its listing is held.
    vi.setSystemTime(start + 7 * 60_000);
    holdList = true;
    const putB = await b.put(id, BILLING);
    expect(putB.status).toBe(200);
    const settleB = b.settle();
    await listHeld.reached(1);
    // A's write goes on: within its deadline, its pointer replaces B's (two racing PUTs: KV keeps the last).
    textHeld.open();
    const answerA = await putA;
    expect(answerA.status).toBe(200);
    expect((await pointerOf(id)).version).toBe(answerA.body.version);
    await a.settle();
    // B's listing ends past A's version's write grace; it read the pointer before A's flip, at seven minutes.
    vi.setSystemTime(start + WRITE_GRACE_MS + 1_000);
    listHeld.open();
    await settleB;
    expect(await serviceKv.get(`catalog/${id}/v/${answerA.body.version}/catalog`, "text")).not.toBeNull();
    const reader = new Isolate(serviceEnv({ TOOLSIFT_EMBEDDING: "none" }));
    const selected = await reader.select(id, { query: "refund" });
    expect(selected.status).toBe(200);
    expect(selected.body.catalog.version).toBe(answerA.body.version);
  });
});
