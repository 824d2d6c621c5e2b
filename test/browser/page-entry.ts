// Bundled by esbuild into the test page: runs the shared cache checks against indexedDbCache in Chromium, reporting
// each outcome to Node.

import { indexedDbCache } from "../../src/cache/indexeddb-cache.js";
import { cacheChecks, key, NAMESPACE_A, vector } from "../cache/cache-checks.js";

/** What a check reports back through page.evaluate: ok, or the error it failed with. */
export type CheckOutcome = { ok: true } | { ok: false; message: string };

let databases = 0;

function outcomeOf(error: unknown): CheckOutcome {
  return { ok: false, message: error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error) };
}

/** Runs one shared check on a database of its own. */
async function runCacheCheck(name: string): Promise<CheckOutcome> {
  const check = cacheChecks.find((candidate) => candidate.name === name);
  if (check === undefined) return { ok: false, message: `no check named ${JSON.stringify(name)}` };
  const dbName = `toolsift-check-${databases++}`;
  try {
    await check.run({ open: () => indexedDbCache({ dbName }), persistent: true });
    return { ok: true };
  } catch (error) {
    return outcomeOf(error);
  }
}

function request<T>(open: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

/**
 * A database created by someone else (version 3, another store) gains the cache's store by an upgrade; its own data
 * stays.
 */
async function upgradesForeignDatabase(): Promise<CheckOutcome> {
  try {
    const opening = indexedDB.open("toolsift-foreign", 3);
    opening.onupgradeneeded = () => opening.result.createObjectStore("settings").put("dark", "theme");
    (await request(opening)).close();
    const cache = indexedDbCache({ dbName: "toolsift-foreign", storeName: "vectors" });
    await cache.setMany([[key(NAMESPACE_A, 1), vector(1, 8)]]);
    const found = (await cache.getMany([key(NAMESPACE_A, 1)]))[0];
    if (found === undefined || found.join() !== vector(1, 8).join())
      throw new Error(`vector not found after the upgrade: ${String(found)}`);
    const db = await request(indexedDB.open("toolsift-foreign"));
    const stores = [...db.objectStoreNames].sort().join();
    const theme = await request(db.transaction("settings").objectStore("settings").get("theme"));
    const version = db.version;
    db.close();
    if (stores !== "settings,vectors" || theme !== "dark" || version !== 4)
      throw new Error(`after the upgrade: stores ${stores}, theme ${String(theme)}, version ${version}`);
    return { ok: true };
  } catch (error) {
    return outcomeOf(error);
  }
}

/** Values stored as ArrayBuffers, one record per key. */
async function storesArrayBuffers(): Promise<CheckOutcome> {
  try {
    await indexedDbCache({ dbName: "toolsift-layout" }).setMany([[key(NAMESPACE_A, 1), vector(1, 8)]]);
    const db = await request(indexedDB.open("toolsift-layout"));
    const value = await request(db.transaction("embeddings").objectStore("embeddings").get(key(NAMESPACE_A, 1)));
    db.close();
    if (!(value instanceof ArrayBuffer) || value.byteLength !== 32)
      throw new Error(`stored ${Object.prototype.toString.call(value)}`);
    return { ok: true };
  } catch (error) {
    return outcomeOf(error);
  }
}

const page = {
  names: cacheChecks.map((check) => check.name),
  runCacheCheck,
  upgradesForeignDatabase,
  storesArrayBuffers,
};
(globalThis as unknown as { toolsiftCacheChecks: typeof page }).toolsiftCacheChecks = page;
document.title = "ready";
