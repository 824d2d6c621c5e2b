// Shipped size: toolsift's wasm core, and both libraries' root entry minified + gzipped with esbuild.
//
// Bundles are built in memory (`platform: "neutral"`, ESM, minify, bundle); `ai` and `zod` are
// external for both (peer dependencies the host already ships). Node built-ins are marked external
// too, and any a bundle still imports is listed, since the package root must run on Workers,
// Edge and in browsers. toolsift is bundled twice:
//   - "workerd" condition: the wasm module is imported as a file (`*.wasm` external), so the JS
//     is the core alone and the wasm is counted in its own row;
//   - default condition: the wasm bytes are inlined in the JS (what Node and browsers load).
// Then an app that imports createToolIndex and calls select (no other import), bundled the same way: from the root
// (whose index carries the AI SDK adapters as methods) and from `toolsift/core` (dist/core.js, keyword-only).
// gzip is node:zlib at level 9. A further toolsift row bundles `ai` and `zod` too (installed, as in an app that uses
// the AI SDK elsewhere): it shows what a bundler ships for toolsift alone, i.e. whether the SDK is pulled in.
// Consumer projects built by real bundlers from the packed tarball: scripts/consumers/run.mjs (bench/bundles.md).
import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { bytes, markdownTable, runIfMain } from "./lib/table.mjs";

const root = new URL("../", import.meta.url);
const WASM_CANDIDATES = ["dist/wasm/generated/core.wasm", "dist/wasm/core.wasm"];
const NODE_BUILTINS = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** The AI SDK's operation ids as string literals: only the `ai` package has them. */
const AI_SDK_MARKER = /["'`]ai\.(generateText|embedMany|streamText)["'`]/;

/**
 * An app that imports `createToolIndex` from `module` (a dist file) and calls `select`: what a keyword-only consumer
 * bundles (the index's adapter methods come along with the root's createToolIndex; toolsift/core has none).
 */
// toolsift/core requires keyword.commonWords: `false`, its smallest app (the root's default reads English).
const selectingApp = (module, options = "undefined") => ({
  contents:
    `import { createToolIndex } from ${JSON.stringify(`./${module}`)};\n` +
    `const index = createToolIndex({ send_email: { description: "Send an email" } }, ${options});\n` +
    'console.log(await index.select("email my boss"));\n',
  resolveDir: fileURLToPath(root),
  sourcefile: "select-app.mjs",
});

async function bundle(entry, conditions, { sdkExternal = true } = {}) {
  const result = await build({
    ...(entry instanceof URL ? { entryPoints: [fileURLToPath(entry)] } : { stdin: entry }),
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions,
    external: [...(sdkExternal ? ["ai", "zod"] : []), "*.wasm", ...NODE_BUILTINS],
    write: false,
    metafile: true,
    logLevel: "silent",
    // The repo's tsconfig maps "#default-wasm" to a source file for the type checker; a user's
    // bundler sees only package.json, so ignore tsconfig and let the export conditions decide.
    tsconfigRaw: "{}",
  });
  const code = result.outputFiles[0].contents;
  const output = Object.values(result.metafile.outputs)[0];
  const builtins = [...new Set(output.imports.filter((i) => NODE_BUILTINS.includes(i.path)).map((i) => i.path))];
  const wasmImports = output.imports.filter((i) => i.path.endsWith(".wasm")).map((i) => i.path);
  const withSdk = AI_SDK_MARKER.test(result.outputFiles[0].text);
  return { raw: code.length, gzip: gzipSize(code), builtins, wasmImports, withSdk };
}

export async function measureSize() {
  const rows = [];
  const notes = [];
  const wasmPath = WASM_CANDIDATES.find((path) => existsSync(new URL(path, root)));
  if (wasmPath) {
    const wasm = readFileSync(new URL(wasmPath, root));
    rows.push({ artifact: `toolsift wasm core (${wasmPath})`, raw: wasm.length, gzip: gzipSize(wasm) });
  } else {
    notes.push(`No wasm file found at ${WASM_CANDIDATES.join(" or ")}.`);
  }
  const toolsiftEntry = new URL("dist/index.js", root);
  if (existsSync(toolsiftEntry)) {
    for (const [label, conditions] of [
      ["toolsift dist/index.js, workerd condition (wasm as a separate file)", ["workerd"]],
      ["toolsift dist/index.js, default condition (wasm inlined)", []],
    ]) {
      try {
        const result = await bundle(toolsiftEntry, conditions);
        rows.push({ artifact: label, raw: result.raw, gzip: result.gzip });
        if (result.builtins.length > 0) notes.push(`${label} imports Node built-ins: ${result.builtins.join(", ")}.`);
        if (result.wasmImports.length > 0)
          notes.push(`${label} imports ${result.wasmImports.join(", ")} (counted in the wasm row).`);
      } catch (error) {
        notes.push(`${label}: esbuild failed: ${error.message.split("\n")[0]}`);
      }
    }
    for (const [label, module, conditions] of [
      ["an app calling createToolIndex + select from `toolsift`, workerd condition", "dist/index.js", ["workerd"]],
      ["the same app importing `toolsift/core`, workerd condition", "dist/core.js", ["workerd"]],
      ["the same app importing `toolsift/core`, default condition (wasm inlined)", "dist/core.js", []],
    ]) {
      try {
        const options = module === "dist/core.js" ? "{ keyword: { commonWords: false } }" : undefined;
        const result = await bundle(selectingApp(module, options), conditions);
        rows.push({ artifact: label, raw: result.raw, gzip: result.gzip });
        if (result.builtins.length > 0) notes.push(`${label} imports Node built-ins: ${result.builtins.join(", ")}.`);
      } catch (error) {
        notes.push(`${label}: esbuild failed: ${error.message.split("\n")[0]}`);
      }
    }
    const label = "toolsift dist/index.js, workerd condition, ai and zod bundled (installed)";
    try {
      const result = await bundle(toolsiftEntry, ["workerd"], { sdkExternal: false });
      rows.push({ artifact: label, raw: result.raw, gzip: result.gzip });
      notes.push(`${label}: ${result.withSdk ? "the AI SDK is in the bundle" : "no AI SDK code in the bundle"}.`);
    } catch (error) {
      notes.push(`${label}: esbuild failed: ${error.message.split("\n")[0]}`);
    }
  } else {
    notes.push("dist/index.js not found; run `npm run build`.");
  }
  const toolpickEntry = new URL("node_modules/toolpick/dist/index.js", root);
  const toolpick = await bundle(toolpickEntry, []);
  rows.push({ artifact: "toolpick 0.4.0 dist/index.js", raw: toolpick.raw, gzip: toolpick.gzip });
  if (toolpick.builtins.length > 0)
    notes.push(`toolpick's root imports Node built-ins: ${toolpick.builtins.join(", ")}.`);
  return { rows, notes };
}

export function sizeTable({ rows, notes }) {
  const table = markdownTable(
    ["artifact (minified; ai/zod external unless said)", "raw", "gzip"],
    rows.map((r) => [r.artifact, `${bytes(r.raw)} (${r.raw} B)`, `${bytes(r.gzip)} (${r.gzip} B)`]),
  );
  return notes.length > 0 ? `${table}\n\n${notes.map((n) => `- ${n}`).join("\n")}` : table;
}

await runIfMain(import.meta.url, async () => sizeTable(await measureSize()));
