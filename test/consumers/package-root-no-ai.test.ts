// The package's entry points, bundled as an app that uses keyword search and the local model would bundle them,
// carry no code of the AI SDK even when `ai` is installed (toolsift calls model objects through doEmbed/doGenerate).
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { packageImportsFromSource } from "../../scripts/package-imports-from-source.mjs";

const source = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

describe("what a bundler ships for toolsift", () => {
  it.each([["browser"], ["workerd"], ["edge-light"]])(
    "the root and toolsift/local under %s: no byte of ai or @ai-sdk/* in the output",
    async (condition) => {
      const result = await build({
        stdin: {
          contents:
            `export { createToolIndex } from ${JSON.stringify(source("src/index.ts"))};\n` +
            `export { localEmbeddingModel } from ${JSON.stringify(source("src/local/index.ts"))};\n`,
          resolveDir: source("."),
          loader: "ts",
        },
        bundle: true,
        format: "esm",
        platform: "browser",
        conditions: [condition],
        external: ["*.wasm", "*.wasm?module", "*.bin"],
        write: false,
        metafile: true,
        logLevel: "silent",
        tsconfigRaw: {},
        plugins: [packageImportsFromSource([condition])],
      });
      const [output] = Object.values(result.metafile.outputs);
      const shipped = Object.entries(output.inputs)
        .filter(([path, input]) => input.bytesInOutput > 0 && /node_modules\/(ai|@ai-sdk\/[^/]+)\//.test(path))
        .map(([path]) => path);
      expect(shipped).toEqual([]);
    },
  );
});
