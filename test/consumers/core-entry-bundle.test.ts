// What a bundler ships for an app that selects with toolsift/core: no AI SDK adapter, no model stage, no cache, and
// within the size the entry exists for (issue 21: ≤ 75 KiB minified, ≤ 26 KiB gzip, 26.5 KiB since issue 29; workerd
// condition, wasm apart).
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { packageImportsFromSource } from "../../scripts/package-imports-from-source.mjs";

const source = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** An app importing createToolIndex from `entry` and calling select, bundled and minified under `workerd`. */
async function selectingApp(entry: string) {
  const result = await build({
    stdin: {
      contents:
        `import { createToolIndex } from ${JSON.stringify(source(entry))};\n` +
        'console.log(await createToolIndex({ send_email: { description: "Send an email" } }).select("email"));\n',
      resolveDir: source("."),
      loader: "ts",
    },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd"],
    external: ["*.wasm", "ai", "zod"],
    write: false,
    metafile: true,
    logLevel: "silent",
    tsconfigRaw: {},
    plugins: [packageImportsFromSource(["workerd"])],
  });
  const [output] = Object.values(result.metafile.outputs);
  const shipped = Object.entries(output.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path.replace(/^.*?\bsrc\//, "src/"));
  const code = result.outputFiles[0].contents;
  return { shipped, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

/** Files only the root's adapters and model stages need (the input check included: the core runs no tool). */
const modelOrAdapter = (path: string) =>
  /^src\/(agent|cache|langchain|local)\//.test(path) ||
  path === "src/check-tool-input.ts" ||
  path.includes("node_modules/@cfworker/") ||
  /^src\/tool-index\/(llm\/|all-model-stages|query-expansion)/.test(path) ||
  /^src\/semantic\/(embedder|semantic-engine|vector-index|query-cache)\.ts$/.test(path) ||
  path === "src/ai-sdk.ts";

describe("an app selecting with toolsift/core", () => {
  it("ships the keyword index and none of the adapters, model stages or caches", async () => {
    const core = await selectingApp("src/core-entry.ts");
    expect(core.shipped).toContain("src/core/keyword-engine.ts");
    expect(core.shipped).toContain("src/tool-index/create-index.ts");
    expect(core.shipped.filter(modelOrAdapter)).toEqual([]);
    // The control: the same app on the root ships them (its index has the adapters as methods).
    const root = await selectingApp("src/index.ts");
    expect(root.shipped.filter(modelOrAdapter).length).toBeGreaterThan(10);
  });

  // Issue 21's goal was 26 KiB gzip (met at 26,537 B). Issue 29's option table (each option once, with its path,
  // surfaces, default and range; old names refused naming the new path) brought the app to 27,149 B; its model rows
  // moved to a module core does not bundle (27,103 B). The limit was 26.5 KiB (27,136 B) until the table's cost is won
  // back elsewhere: a deliberate, measured step, not headroom. Three such steps since, measured: issue 37 (what users
  // type: the shorthand table read both ways, names given after "called", product-prefixed name words, finger-slip
  // typos; 78,420 B minified, 29,008 B gzip), issue 38's errors that point at the fix (explain naming the tool an
  // unknown name meant, a misspelt alwaysActive name reported; +337 B gzip) and toolpick's own option names kept with
  // their meaning (`threshold`): 29,846 B gzip in all (the shorthand's name-only read-back and its once-read readings
  // included), 80,896 B minified (79 KiB). Then explain's fusion weights (issue 38 item 13: why a keyword part is 0
  // beside a BM25F score above 0): 80,914 B minified, 29,853 B gzip. The limits follow them, and go back down when
  // the cost is won back.
  it("stays within 80,914 B minified and 29,900 B gzip", async () => {
    const { bytes, gzip } = await selectingApp("src/core-entry.ts");
    expect(bytes).toBeLessThanOrEqual(80_914);
    expect(gzip).toBeLessThanOrEqual(29_900);
  });
});
