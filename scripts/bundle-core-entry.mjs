// After tsc: dist/core.js, the `toolsift/core` entry as one ES module (dist/core-entry.js and every module it imports),
// because Node spends most of a cold import resolving and loading modules one by one: as one file it imports in about
// a third of the time (bench/cold-import.mjs). Not minified, so stack traces stay readable; a user's bundler
// tree-shakes and minifies it like any ES module. Only the `#default-wasm` import stays, for the package's import
// conditions to pick the runtime's wasm loader. Fails if the entry imports anything else.
//
//   node scripts/bundle-core-entry.mjs   (run by `npm run build`)
import { build } from "esbuild";

const result = await build({
  entryPoints: ["dist/core-entry.js"],
  outfile: "dist/core.js",
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  external: ["#default-wasm", "ai", "zod"],
  metafile: true,
  logLevel: "warning",
  // The repository's tsconfig maps "#default-wasm" to a source file; the package's "imports" decide at install time.
  tsconfigRaw: "{}",
  banner: { js: "// toolsift/core: dist/core-entry.js bundled into one module by scripts/bundle-core-entry.mjs." },
});
const imports = Object.values(result.metafile.outputs)[0].imports.map((entry) => entry.path);
const unexpected = imports.filter((path) => path !== "#default-wasm");
if (unexpected.length > 0) {
  throw new Error(`bundle-core-entry: toolsift/core must import only "#default-wasm", not ${unexpected.join(", ")}`);
}
