// Runs bench/restart/worker.ts in workerd through Miniflare: one cold build that fills Workers KV, then warm restarts
// that read it.
//
// The Worker is bundled with esbuild as a user's Worker would be: it imports "toolsift",
// "toolsift/cache" and "toolsift/test" by package name (resolved to dist/ through package.json
// "exports"), with the "workerd" condition, so `#default-wasm` becomes the `import ... from
// "./generated/core.wasm"` shim; that import is left external and handed to Miniflare as a
// CompiledWasm module (workerd refuses to compile wasm from bytes at run time). The catalog is
// bundled in as a module, as a Worker's tools are defined in its code.
//
// Two workerd processes share one KV directory (`resourcePersistencePath`): the first runs the cold
// build and is stopped, the second (a fresh isolate, nothing in memory) serves the restarts.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median, nowMs } from "../lib/stats.mjs";

// No telemetry, no update check, no cf.json download; kept if the caller set them.
process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.WRANGLER_HIDE_BANNER ??= "true";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const COMPATIBILITY_DATE = "2026-11-01"; // wrangler.toml's
const KV_PREFIX = "toolsift/";

/** Bundles worker.ts with `tools` as its catalog; returns the script and the core.wasm it imports. */
export async function bundleWorker(tools) {
  const esbuild = await import("esbuild");
  let wasmPath;
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL("./worker.ts", import.meta.url))],
    absWorkingDir: REPO,
    // Not the repo's tsconfig.json: its "paths" point #default-wasm at the byte shim (for vitest and tsc).
    tsconfigRaw: {},
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    // wrangler's default conditions: "workerd" picks the Module shim, "browser" the AI SDK's Node-free files.
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["browser", "module", "main"],
    logLevel: "warning",
    plugins: [
      {
        name: "restart-worker",
        setup(build) {
          build.onResolve({ filter: /^restart:catalog$/ }, () => ({ path: "catalog", namespace: "restart" }));
          build.onLoad({ filter: /.*/, namespace: "restart" }, () => ({
            contents: JSON.stringify(tools),
            loader: "json",
          }));
          build.onResolve({ filter: /\.wasm$/ }, (args) => {
            wasmPath = resolve(args.resolveDir, args.path);
            return { path: "./core.wasm", external: true };
          });
        },
      },
    ],
  });
  if (wasmPath === undefined)
    throw new Error(
      "bench/restart: the Worker bundle imports no .wasm file; did #default-wasm resolve to the byte shim instead of the workerd one?",
    );
  return { script: result.outputFiles[0].text, wasm: readFileSync(wasmPath), wasmPath };
}

async function startWorkerd(bundle, persistencePath) {
  const { Miniflare, convertV4MiniflareOptions } = await import("miniflare");
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      cf: false,
      telemetry: { enabled: false },
      resourcePersistencePath: persistencePath,
      compatibilityDate: COMPATIBILITY_DATE,
      modulesRoot: "/restart",
      modules: [
        { type: "ESModule", path: "/restart/worker.js", contents: bundle.script },
        { type: "CompiledWasm", path: "/restart/core.wasm", contents: new Uint8Array(bundle.wasm) },
      ],
      kvNamespaces: ["KV"],
    }),
  );
  await miniflare.ready;
  return miniflare;
}

/** One request; returns its JSON and the wall time Node saw, from dispatch to the parsed body. */
async function request(miniflare, path) {
  const started = nowMs();
  const response = await miniflare.dispatchFetch(`http://127.0.0.1${path}`);
  const text = await response.text();
  const wallMs = nowMs() - started;
  if (!response.ok)
    throw new Error(`bench/restart: workerd answered ${response.status} to ${path}: ${text.slice(0, 500)}`);
  return { body: JSON.parse(text), wallMs };
}

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
  const bundle = await bundleWorker(tools);
  const persistencePath = mkdtempSync(join(tmpdir(), "toolsift-restart-kv-"));
  let miniflare;
  try {
    miniflare = await startWorkerd(bundle, persistencePath);
    const cold = await request(miniflare, "/build?check");
    if (cold.body.embedded.values !== tools.length) {
      throw new Error(
        `bench/restart: the cold build in workerd embedded ${cold.body.embedded.values} tool texts, expected ${tools.length}`,
      );
    }
    const stored = await storedBytes(miniflare);
    await miniflare.dispose();
    miniflare = undefined;

    miniflare = await startWorkerd(bundle, persistencePath);
    const clock = (await request(miniflare, "/clock")).body;
    const noop = [];
    for (let i = 0; i < 5; i++) noop.push((await request(miniflare, "/noop")).wallMs);
    const runs = [];
    // The timed restarts, then one more that also ranks (untimed) to compare with the cold build.
    for (let i = 0; i <= restarts; i++) {
      const check = i === restarts;
      const run = await request(miniflare, check ? "/build?check" : "/build");
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
      cold: { insideMs: cold.body.totalMs, wallMs: cold.wallMs },
      restart: {
        insideMs: median(runs.map((run) => run.body.totalMs)),
        wallMs: median(runs.map((run) => run.wallMs)),
        firstInsideMs: runs[0].body.totalMs,
        firstWallMs: runs[0].wallMs,
        embedded: Math.max(...runs.map((run) => run.body.embedded.values)),
        runs: runs.length,
      },
      noopWallMs: median(noop),
      clock,
      stored,
      wasmPath: bundle.wasmPath,
    };
  } finally {
    await miniflare?.dispose();
    rmSync(persistencePath, { recursive: true, force: true });
  }
}
