// Bundles examples/vercel-edge/route.ts as Next.js does for Edge ("edge-light"), as a script an EdgeVM can run.
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import { packageImportsFromSource } from "../../scripts/package-imports-from-source.mjs";

/** Global through which the bundle reads its `*.wasm?module` imports; the test sets it in the VM, as Vercel does. */
export const WASM_BINDING = "__toolsiftCoreWasm";

const source = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

// `toolsift` is built from src/ (as every test runs it), and every `.wasm` import becomes the binding the VM holds:
// the core that the "edge-light" condition picks for `#default-wasm` (the route imports none of its own).
const edgeImports: Plugin = {
  name: "edge-imports",
  setup(context) {
    context.onResolve({ filter: /^toolsift$/ }, () => ({ path: source("src/index.ts") }));
    context.onResolve({ filter: /\.wasm(\?module)?$/ }, (args) => ({ path: args.path, namespace: "wasm-binding" }));
    context.onLoad({ filter: /.*/, namespace: "wasm-binding" }, () => ({
      contents: `export default globalThis.${WASM_BINDING};`,
      loader: "js",
    }));
  },
};

/** The route as a script that leaves its exports in the global `route` (EdgeVM evaluates scripts, not ES modules). */
export async function bundleRoute(): Promise<string> {
  const result = await build({
    entryPoints: [source("examples/vercel-edge/route.ts")],
    bundle: true,
    format: "iife",
    globalName: "route",
    platform: "browser",
    conditions: ["edge-light"],
    target: "es2022",
    tsconfigRaw: {},
    write: false,
    logLevel: "silent",
    plugins: [packageImportsFromSource(["edge-light"]), edgeImports],
  });
  return result.outputFiles[0].text;
}
