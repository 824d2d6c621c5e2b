// Loads the local model inside workerd through Miniflare: bench/local-model/worker.ts, bundled as a user's Worker
// would be.
//
//   node bench/local-model/workerd.mjs      (needs dist/: `npm run build`; also part of bench/local-model.mjs)
//
// Adapted from bench/restart/workerd.mjs. esbuild bundles worker.ts with wrangler's conditions
// ("workerd", "worker", "browser"), `tsconfigRaw: {}` (the repo's tsconfig "paths" point the
// `#...` imports at the Node files), importing "toolsift/local" by package name (dist/ through
// package.json "exports"). With "workerd", `#default-wasm` becomes the `import ... from
// "./generated/core.wasm"` shim and `#local-model-asset` the `import asset from
// "../../assets/local-model.bin"` shim; both imports are left external and handed to Miniflare as
// modules: core.wasm as CompiledWasm (workerd refuses to compile wasm from bytes at run time), the
// asset as Data (its default export is an ArrayBuffer; wrangler's default rule for .bin).
// One workerd process; its first /load is the fresh isolate's first request, then `runs` more.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median, nowMs } from "../lib/stats.mjs";

process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.WRANGLER_HIDE_BANNER ??= "true";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const COMPATIBILITY_DATE = "2026-11-01"; // wrangler.toml's, as bench/restart/workerd.mjs

/** Bundles worker.ts; returns the script and the bytes of the core.wasm and .bin files it imports. */
export async function bundleLocalModelWorker() {
  const esbuild = await import("esbuild");
  const external = {};
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL("./worker.ts", import.meta.url))],
    absWorkingDir: REPO,
    tsconfigRaw: {},
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["browser", "module", "main"],
    logLevel: "warning",
    plugins: [
      {
        name: "local-model-worker",
        setup(build) {
          build.onResolve({ filter: /\.(wasm|bin)$/ }, (args) => {
            const kind = args.path.endsWith(".wasm") ? "wasm" : "bin";
            external[kind] = resolve(args.resolveDir, args.path);
            return { path: kind === "wasm" ? "./core.wasm" : "./local-model.bin", external: true };
          });
        },
      },
    ],
  });
  if (external.wasm === undefined)
    throw new Error(
      "bench/local-model: the Worker bundle imports no .wasm file; did #default-wasm resolve to the byte shim instead of the workerd one?",
    );
  if (external.bin === undefined)
    throw new Error(
      "bench/local-model: the Worker bundle imports no .bin file; did #local-model-asset resolve to the Node or fetch file instead of the workerd one?",
    );
  return {
    script: result.outputFiles[0].text,
    wasm: readFileSync(external.wasm),
    asset: readFileSync(external.bin),
    wasmPath: external.wasm,
    assetPath: external.bin,
  };
}

async function startWorkerd(bundle) {
  const { Miniflare, convertV4MiniflareOptions } = await import("miniflare");
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      cf: false,
      telemetry: { enabled: false },
      compatibilityDate: COMPATIBILITY_DATE,
      modulesRoot: "/local-model",
      modules: [
        { type: "ESModule", path: "/local-model/worker.js", contents: bundle.script },
        { type: "CompiledWasm", path: "/local-model/core.wasm", contents: new Uint8Array(bundle.wasm) },
        { type: "Data", path: "/local-model/local-model.bin", contents: new Uint8Array(bundle.asset) },
      ],
    }),
  );
  await miniflare.ready;
  return miniflare;
}

async function request(miniflare, path) {
  const started = nowMs();
  const response = await miniflare.dispatchFetch(`http://127.0.0.1${path}`);
  const text = await response.text();
  const wallMs = nowMs() - started;
  if (!response.ok)
    throw new Error(`bench/local-model: workerd answered ${response.status} to ${path}: ${text.slice(0, 500)}`);
  return { body: JSON.parse(text), wallMs };
}

/** First /load in a fresh isolate, then `runs` more (each a new model object); medians of the latter. */
export async function measureWorkerdLoad({ runs = 9 } = {}) {
  const bundle = await bundleLocalModelWorker();
  const miniflare = await startWorkerd(bundle);
  try {
    const first = await request(miniflare, "/load");
    const clock = (await request(miniflare, "/clock")).body;
    const noop = [];
    for (let i = 0; i < 5; i++) noop.push((await request(miniflare, "/noop")).wallMs);
    const later = [];
    for (let i = 0; i < runs; i++) later.push(await request(miniflare, "/load"));
    const all = [first, ...later];
    if (all.some((run) => run.body.dimensions !== first.body.info?.dimensions))
      throw new Error("bench/local-model: workerd embedded a vector of the wrong length");
    return {
      first: { loadMs: first.body.loadMs, firstEmbedMs: first.body.firstEmbedMs, wallMs: first.wallMs },
      loadMs: median(later.map((run) => run.body.loadMs)),
      firstEmbedMs: median(later.map((run) => run.body.firstEmbedMs)),
      embedMs: median(all.map((run) => run.body.loopMs / run.body.loopCount)),
      loopCount: first.body.loopCount,
      wallMs: median(later.map((run) => run.wallMs)),
      runs: later.length,
      noopWallMs: median(noop),
      clock,
      info: first.body.info,
      scriptBytes: bundle.script.length,
    };
  } finally {
    await miniflare.dispose();
  }
}

const { pathToFileURL } = await import("node:url");
if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) console.log(await measureWorkerdLoad());
