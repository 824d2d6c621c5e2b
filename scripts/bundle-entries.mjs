// After tsc: the package's entry points rebuilt by esbuild, because Node spends most of a cold import resolving and
// loading modules one by one (the root entry loaded 112 of them; bench/cold-import.mjs). Not minified, so stack
// traces stay readable; a user's bundler tree-shakes and minifies the output like any ES module. Left as imports:
// packages (peer dependencies, node: built-ins) and the package's own "#…" imports, for its import conditions to
// pick each runtime's wasm and model-asset loaders.
// - `toolsift/core`: dist/core.js, one module of its own that imports only "#default-wasm" (checked).
// - Every other JavaScript target of package.json "exports", and the `toolsift` binary: one build with the code they
//   share split into chunks (dist/chunks/), so a module two entries use is one chunk, loaded once (a class or WeakMap
//   has one identity however many entries an app imports). The modules tsc wrote stay in dist/: the "#…" targets
//   import two of them (errors.js, support/error-message.js).
//
//   node scripts/bundle-entries.mjs   (run by `npm run build`)
import { build } from "esbuild";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

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
  ...shared,
  entryPoints: entries,
  outdir: "dist",
  outbase: "dist",
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  packages: "external",
  external: ["#default-wasm", "#local-model-asset", "node:*"],
  // The entries are rebuilt over the files tsc wrote: read everything first, then write.
  write: false,
});
for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.contents);
}
const chunks = Object.keys(result.metafile.outputs).filter((path) => path.startsWith("dist/chunks/")).length;
console.log(`bundle-entries: toolsift/core, ${entries.length} entry points, ${chunks} shared chunks in dist/chunks/`);
