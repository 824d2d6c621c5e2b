// After tsc: the package's entry points (every JavaScript target of package.json "exports" but `toolsift/core`, and
// the `toolsift` binary) rebuilt as ES modules with the code they share split into chunks (dist/chunks/), because
// Node spends most of a cold import resolving and loading modules one by one: the root entry loaded 112 modules. One
// build for all of them, so a module two entries use is one chunk, loaded once (a class or WeakMap has one identity
// however many entries an app imports). Not minified, so stack traces stay readable; a user's bundler tree-shakes
// and minifies the chunks like any ES module. Left as imports: packages (peer dependencies, node: built-ins) and the
// package's own "#…" imports, for its import conditions to pick each runtime's wasm and model-asset loaders. The
// modules tsc wrote stay in dist/: the "#…" targets import two of them (errors.js, support/error-message.js).
// `toolsift/core` is one module of its own (scripts/bundle-core-entry.mjs).
//
//   node scripts/bundle-entries.mjs   (run by `npm run build`)
import { build } from "esbuild";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const manifest = JSON.parse(readFileSync("package.json", "utf8"));

/** Every "./dist/….js" target of an export (any condition) and of the binary, but toolsift/core's own bundle. */
function entryFiles() {
  const targets = new Set(Object.values(manifest.bin ?? {}));
  const visit = (value) => {
    if (typeof value === "string") targets.add(value);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(visit);
  };
  for (const [subpath, target] of Object.entries(manifest.exports)) if (subpath !== "./core") visit(target);
  return [...targets].filter((path) => path.startsWith("./dist/") && path.endsWith(".js")).map((path) => path.slice(2));
}

const entries = entryFiles();
rmSync("dist/chunks", { recursive: true, force: true });
const result = await build({
  entryPoints: entries,
  outdir: "dist",
  outbase: "dist",
  bundle: true,
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  format: "esm",
  platform: "neutral",
  target: "es2022",
  packages: "external",
  external: ["#default-wasm", "#local-model-asset", "node:*"],
  write: false,
  metafile: true,
  logLevel: "warning",
  // The repository's tsconfig maps "#…" imports to source files; the package's "imports" decide at install time.
  tsconfigRaw: "{}",
});
for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.contents);
}
const chunks = Object.keys(result.metafile.outputs).filter((path) => path.startsWith("dist/chunks/")).length;
console.log(`bundle-entries: ${entries.length} entry points, ${chunks} shared chunks in dist/chunks/`);
