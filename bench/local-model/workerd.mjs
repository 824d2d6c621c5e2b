// Loads the local model inside workerd through Miniflare: bench/local-model/worker.ts, bundled by wrangler as a
// user's Worker would be (bench/lib/worker-bundle.mjs), importing "toolsift/local" by package name (dist/ through
// package.json "exports"). With wrangler's "workerd" condition, `#default-wasm` becomes the `import ... from
// "./generated/core.wasm"` shim and `#local-model-asset` the `import asset from "../../assets/local-model.bin"` shim;
// wrangler hands both to workerd as modules: core.wasm as CompiledWasm (workerd refuses to compile wasm from bytes at
// run time), the asset as Data (its default export is an ArrayBuffer; wrangler's default rule for .bin).
// One workerd process; its first /load is the fresh isolate's first request, then `runs` more.
//
//   node bench/local-model/workerd.mjs      (needs dist/: `npm run build`; also part of bench/local-model.mjs)
import { startMiniflare, timedRequest } from "../lib/miniflare.mjs";
import { median } from "../lib/stats.mjs";
import { runIfMain } from "../lib/table.mjs";
import { bundleWorker } from "../lib/worker-bundle.mjs";

/** Bundles worker.ts (see bench/lib/worker-bundle.mjs for what comes back); throws if a module it needs is missing. */
export function bundleLocalModelWorker() {
  const bundle = bundleWorker({ entry: "bench/local-model/worker.ts" });
  if (!bundle.files.some((file) => file.type === "CompiledWasm"))
    throw new Error(
      "bench/local-model: the Worker bundle imports no .wasm file; did #default-wasm resolve to the byte shim instead of the workerd one?",
    );
  if (!bundle.files.some((file) => file.type === "Data"))
    throw new Error(
      "bench/local-model: the Worker bundle imports no .bin file; did #local-model-asset resolve to the Node or fetch file instead of the workerd one?",
    );
  return bundle;
}

/** First /load in a fresh isolate, then `runs` more (each a new model object); medians of the latter. */
export async function measureWorkerdLoad({ runs = 9 } = {}) {
  const bundle = bundleLocalModelWorker();
  const miniflare = await startMiniflare(bundle);
  try {
    const first = await timedRequest(miniflare, "/load");
    const clock = (await timedRequest(miniflare, "/clock")).body;
    const noop = [];
    for (let i = 0; i < 5; i++) noop.push((await timedRequest(miniflare, "/noop")).ms);
    const later = [];
    for (let i = 0; i < runs; i++) later.push(await timedRequest(miniflare, "/load"));
    const all = [first, ...later];
    if (all.some((run) => run.body.dimensions !== first.body.info?.dimensions))
      throw new Error("bench/local-model: workerd embedded a vector of the wrong length");
    return {
      first: { loadMs: first.body.loadMs, firstEmbedMs: first.body.firstEmbedMs, wallMs: first.ms },
      loadMs: median(later.map((run) => run.body.loadMs)),
      firstEmbedMs: median(later.map((run) => run.body.firstEmbedMs)),
      embedMs: median(all.map((run) => run.body.loopMs / run.body.loopCount)),
      loopCount: first.body.loopCount,
      wallMs: median(later.map((run) => run.ms)),
      runs: later.length,
      noopWallMs: median(noop),
      clock,
      info: first.body.info,
      scriptBytes: bundle.files.find((file) => file.name === bundle.entry).bytes,
    };
  } finally {
    await miniflare.dispose();
    bundle.remove();
  }
}

await runIfMain(import.meta.url, () => measureWorkerdLoad());
