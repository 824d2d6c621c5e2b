// Builds the playground into public/: index.html, playground.css, playground.js (esbuild, browser conditions), the
// local model asset and an example catalog.
// `--if-stale` skips the build when public/ is newer than everything it is made from.
import { copyFile, mkdir, readdir, rm, stat } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { packageImportsFromSource } from "./package-imports-from-source.mjs";

const root = new URL("..", import.meta.url);
const path = (relative) => fileURLToPath(new URL(relative, root));
const outDirectory = path("public/");

/** Files copied as they are, source → name in public/. */
const copies = [
  ["src/playground/index.html", "index.html"],
  ["src/playground/playground.css", "playground.css"],
  // Next to the bundle: the page fetches it from new URL("./local-model.bin", import.meta.url).
  ["assets/local-model.bin", "local-model.bin"],
  ["test/fixtures/paraphrase/catalog.json", "examples/paraphrase-catalog.json"],
];

async function newestInput() {
  let newest = 0;
  const visit = async (relative) => {
    const info = await stat(path(relative));
    if (!info.isDirectory()) return void (newest = Math.max(newest, info.mtimeMs));
    for (const entry of await readdir(path(relative))) await visit(`${relative}/${entry}`);
  };
  for (const input of [
    "src",
    "package.json",
    "scripts/build-playground.mjs",
    "scripts/package-imports-from-source.mjs",
    ...copies.map(([source]) => source),
  ])
    await visit(input);
  return newest;
}

async function isFresh() {
  try {
    const built = await Promise.all(
      ["playground.js", ...copies.map(([, name]) => name)].map((name) => stat(`${outDirectory}${name}`)),
    );
    return Math.min(...built.map((info) => info.mtimeMs)) >= (await newestInput());
  } catch (error) {
    if (error?.code === "ENOENT") return false;
    throw error;
  }
}

if (process.argv.includes("--if-stale") && (await isFresh())) {
  console.log("build-playground: public/ is up to date");
} else {
  const started = performance.now();
  await rm(outDirectory, { recursive: true, force: true });
  await mkdir(`${outDirectory}examples`, { recursive: true });
  const result = await build({
    entryPoints: { playground: path("src/playground/main.ts") },
    outdir: outDirectory,
    bundle: true,
    format: "esm",
    // The AI SDK (behind toolsift's dynamic import("ai"), for embedMany) becomes a chunk that loads after the page is
    // up.
    // Chunks sit next to playground.js, so import.meta.url-relative URLs mean the same in each.
    splitting: true,
    chunkNames: "playground-chunk-[hash]",
    platform: "browser",
    conditions: ["browser"],
    target: "es2022",
    minify: true,
    legalComments: "none",
    // No tsconfig: its "paths" point #default-wasm at the Node shim; package.json "imports" decides instead.
    tsconfigRaw: {},
    plugins: [packageImportsFromSource(["browser"])],
    metafile: true,
    logLevel: "warning",
  });
  for (const [source, name] of copies) await copyFile(path(source), `${outDirectory}${name}`);
  const sizes = Object.entries(result.metafile.outputs).map(
    ([file, output]) => `${file.split("/").pop()} ${(output.bytes / 1024).toFixed(0)} KiB`,
  );
  console.log(`build-playground: public/ (${sizes.join(", ")}) in ${(performance.now() - started).toFixed(0)} ms`);
}
