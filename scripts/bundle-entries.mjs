// After tsc: the package's entry points rebuilt by esbuild, because Node spends most of a cold import resolving and
// loading modules one by one (the root entry loaded 112 of them; bench/cold-import.mjs). Not minified, so stack
// traces stay readable; a user's bundler tree-shakes and minifies the output like any ES module. Left as imports:
// packages (peer dependencies, node: built-ins) and the package's own "#…" imports, for its import conditions to
// pick each runtime's wasm and model-asset loaders.
// - `toolsift/core`: dist/core.js, one module of its own that imports only "#default-wasm" (checked).
// - Every other JavaScript target of package.json "exports" and "imports", and the `toolsift` binary: one build with
//   the code they share split into chunks (dist/chunks/), so a module two entries use is one chunk, loaded once (a
//   class or WeakMap has one identity however many entries an app imports, `ToolsiftError` from a "#…" loader too).
// Then dist/ is pruned to what the package publishes (issue 38): the bundles, the wasm binary, and the declaration
// files the entries' types reach (scripts/reachable-files.mjs); the per-module JavaScript tsc wrote goes.
//
//   node scripts/bundle-entries.mjs   (run by `npm run build`)
import { build } from "esbuild";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { reachableFiles } from "./reachable-files.mjs";

const shared = {
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  metafile: true,
  logLevel: "warning",
  // The repository's tsconfig maps "#…" imports to source files; the package's "imports" decide at install time.
  tsconfigRaw: "{}",
};

const core = await build({
  ...shared,
  entryPoints: ["dist/core-entry.js"],
  outfile: "dist/core.js",
  external: ["#default-wasm", "ai", "zod"],
  banner: { js: "// toolsift/core: dist/core-entry.js bundled into one module by scripts/bundle-entries.mjs." },
});
const unexpected = Object.values(core.metafile.outputs)[0]
  .imports.map((entry) => entry.path)
  .filter((path) => path !== "#default-wasm");
if (unexpected.length > 0) {
  throw new Error(`bundle-entries: toolsift/core must import only "#default-wasm", not ${unexpected.join(", ")}`);
}

const manifest = JSON.parse(readFileSync("package.json", "utf8"));

/**
 * Every "./dist/….js" target of an export or a "#…" import (any condition) and of the binary, but toolsift/core's own
 * bundle.
 */
function entryFiles() {
  const targets = new Set(Object.values(manifest.bin ?? {}));
  const visit = (value) => {
    if (typeof value === "string") targets.add(value);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(visit);
  };
  for (const [subpath, target] of Object.entries(manifest.exports)) if (subpath !== "./core") visit(target);
  Object.values(manifest.imports ?? {}).forEach(visit);
  return [...targets].filter((path) => path.startsWith("./dist/") && path.endsWith(".js")).map((path) => path.slice(2));
}

const entries = entryFiles();
rmSync("dist/chunks", { recursive: true, force: true });
const result = await build({
  ...shared,
  entryPoints: entries,
  outdir: "dist",
  outbase: "dist",
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  packages: "external",
  // The wasm binary and the model asset stay files beside the bundles ("./generated/core.wasm" from dist/wasm/).
  external: ["#default-wasm", "#local-model-asset", "node:*", "*.wasm", "*.wasm?module", "*.bin"],
  // The entries are rebuilt over the files tsc wrote: read everything first, then write.
  write: false,
});
for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.contents);
}
const chunks = Object.keys(result.metafile.outputs).filter((path) => path.startsWith("dist/chunks/")).length;

// What tsc wrote and no bundle replaced, and declarations no entry's types reach: not published, so not kept.
const written = new Set([...Object.keys(core.metafile.outputs), ...Object.keys(result.metafile.outputs)]);
const reached = reachableFiles(".");
let pruned = 0;
for (const entry of readdirSync("dist", { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const path = join(entry.parentPath, entry.name).replaceAll("\\", "/");
  const stale = path.endsWith(".d.ts") ? !reached.has(path) : path.endsWith(".js") && !written.has(path);
  if (stale) {
    rmSync(path);
    pruned++;
  }
}
// Folders the pruning emptied (dist/core/, dist/support/, …).
for (const entry of readdirSync("dist", { recursive: true, withFileTypes: true }).reverse()) {
  const path = join(entry.parentPath, entry.name);
  if (entry.isDirectory() && readdirSync(path).length === 0) rmSync(path, { recursive: true });
}
console.log(
  `bundle-entries: toolsift/core, ${entries.length} entry points, ${chunks} shared chunks in dist/chunks/; ` +
    `${pruned} files no entry reaches removed`,
);
