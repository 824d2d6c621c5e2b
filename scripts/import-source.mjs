// A module of src/ for a script or a bench experiment that needs an internal (a tokenizer, the wasm arena, the option
// table): dist/ publishes only the entries' bundles (issue 38), so the TypeScript source is bundled by esbuild (the
// package's "#…" imports under the "node" condition, packages left as imports) into node_modules/.cache/ and imported
// from there.
//
//   const { tokenize } = await importSource("src/core/tokenizer.ts");
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { packageImportsFromSource } from "./package-imports-from-source.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The module `path` (relative to the repository root, e.g. "src/options.ts"), built from source and imported. */
export async function importSource(path) {
  const result = await build({
    entryPoints: [join(root, path)],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    packages: "external",
    external: ["*.wasm", "*.bin"],
    write: false,
    logLevel: "silent",
    tsconfigRaw: "{}",
    plugins: [packageImportsFromSource(["node"])],
  });
  // Inside the repository, so the packages it imports resolve from its node_modules.
  const folder = join(root, "node_modules", ".cache", "toolsift-source");
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `${path.replace(/[^a-z0-9]+/gi, "-")}-${process.pid}.mjs`);
  writeFileSync(file, result.outputFiles[0].contents);
  return import(pathToFileURL(file).href);
}
