// Runs bench/restart/worker.ts in workerd through Miniflare: one cold build that fills Workers KV, then warm restarts
// that read it.
//
// The Worker is bundled by wrangler as a user's Worker would be (bench/lib/worker-bundle.mjs): it imports "toolsift",
// "toolsift/storage" and "toolsift/test" by package name (dist/ through package.json "exports"), and core.wasm reaches
// workerd as a CompiledWasm module (workerd refuses to compile wasm from bytes at run time). The catalog is bundled in
// as a module ("restart:catalog", aliased to a JSON file), as a Worker's tools are defined in its code.
//
// Two workerd processes share one KV directory (`resourcePersistencePath`): the first runs the cold
// build and is stopped, the second (a fresh isolate, nothing in memory) serves the restarts.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMiniflare, timedRequest } from "../lib/miniflare.mjs";
import { median } from "../lib/stats.mjs";
import { bundleWorker } from "../lib/worker-bundle.mjs";

const KV_PREFIX = "toolsift/";

/** Bundles worker.ts with `tools` as its catalog (see bench/lib/worker-bundle.mjs for what comes back). */
export function bundleRestartWorker(tools) {
  const folder = mkdtempSync(join(tmpdir(), "toolsift-restart-catalog-"));
  try {
    const catalog = join(folder, "catalog.json");
    writeFileSync(catalog, JSON.stringify(tools));
    const bundle = bundleWorker({ entry: "bench/restart/worker.ts", aliases: { "restart:catalog": catalog } });
    if (!bundle.files.some((file) => file.type === "CompiledWasm"))
      throw new Error(
        "bench/restart: the Worker bundle imports no .wasm file; did #default-wasm resolve to the byte shim instead of the workerd one?",
      );
    return bundle;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const start = (bundle, persistencePath) => startMiniflare(bundle, { persistencePath, kvNamespaces: ["KV"] });

/** Sum of the sizes of the values the cache wrote (manifest + chunks), and how many keys. */
async function storedBytes(miniflare) {
  const kv = await miniflare.getKVNamespace("KV");
  let total = 0;
  let keys = 0;
  let cursor;
  do {
    const page = await kv.list({ prefix: KV_PREFIX, cursor });
    for (const { name } of page.keys) {
      const value = await kv.get(name, "arrayBuffer");
      total += value.byteLength;
      keys++;
    }
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor !== undefined);
  return { bytes: total, keys };
}

/**
 * Cold build, then `restarts` warm restarts (each a new kvCache + index, in a workerd process started
 * after the cold one stopped; the first restart is that isolate's first request). Throws if a
 * restart embedded any tool, read fewer than all from KV, or ranked differently.
 */
export async function measureKvRestart(tools, { restarts }) {
  const bundle = bundleRestartWorker(tools);
  const persistencePath = mkdtempSync(join(tmpdir(), "toolsift-restart-kv-"));
  let miniflare;
  try {
    miniflare = await start(bundle, persistencePath);
    const cold = await timedRequest(miniflare, "/build?check");
    if (cold.body.embedded.values !== tools.length) {
      throw new Error(
        `bench/restart: the cold build in workerd embedded ${cold.body.embedded.values} tool texts, expected ${tools.length}`,
      );
    }
    const stored = await storedBytes(miniflare);
    await miniflare.dispose();
    miniflare = undefined;

    miniflare = await start(bundle, persistencePath);
    const clock = (await timedRequest(miniflare, "/clock")).body;
    const noop = [];
    for (let i = 0; i < 5; i++) noop.push((await timedRequest(miniflare, "/noop")).ms);
    const runs = [];
    // The timed restarts, then one more that also ranks (untimed) to compare with the cold build.
    for (let i = 0; i <= restarts; i++) {
      const check = i === restarts;
      const run = await timedRequest(miniflare, check ? "/build?check" : "/build");
      const { embedded, ready, problems, top } = run.body;
      const which = check ? "the checking restart" : `restart ${i + 1}`;
      if (embedded.values !== 0 || ready?.fromCache !== tools.length || problems.length > 0) {
        throw new Error(
          `bench/restart: kvCache ${which} in workerd embedded ${embedded.values} tool texts (expected 0), read ${ready?.fromCache} from KV (expected ${tools.length})${problems.length ? `, events: ${problems.join("; ")}` : ""}`,
        );
      }
      if (check && JSON.stringify(top) !== JSON.stringify(cold.body.top))
        throw new Error(`bench/restart: kvCache ${which} in workerd ranks differently from the cold build`);
      if (!check) runs.push(run);
    }
    return {
      // The cold request also ranks the check queries after its timing; its wall time includes that.
      cold: { insideMs: cold.body.totalMs, wallMs: cold.ms },
      restart: {
        insideMs: median(runs.map((run) => run.body.totalMs)),
        wallMs: median(runs.map((run) => run.ms)),
        firstInsideMs: runs[0].body.totalMs,
        firstWallMs: runs[0].ms,
        embedded: Math.max(...runs.map((run) => run.body.embedded.values)),
        runs: runs.length,
      },
      noopWallMs: median(noop),
      clock,
      stored,
    };
  } finally {
    await miniflare?.dispose();
    rmSync(persistencePath, { recursive: true, force: true });
    bundle.remove();
  }
}
