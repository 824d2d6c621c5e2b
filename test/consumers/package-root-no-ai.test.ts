// The package's entry points, bundled as an app that uses keyword search and the local model would bundle them,
// carry no code of the AI SDK even when `ai` is installed (toolsift calls model objects through doEmbed/doGenerate).
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { packageImportsFromSource } from "../../scripts/package-imports-from-source.mjs";

const source = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** The files with bytes in the bundle of `contents` under `condition`, and those of `ai` and `@ai-sdk/*` among them. */
async function bundled(contents: string, condition: string) {
  const result = await build({
    stdin: { contents, resolveDir: source("."), loader: "ts" },
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
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
  return {
    shipped,
    aiSdk: shipped.filter((path) => /node_modules\/(ai|@ai-sdk\/[^/]+)\//.test(path)),
    mcpSdk: shipped.filter((path) => path.includes("node_modules/@modelcontextprotocol/")),
  };
}

describe("what a bundler ships for toolsift", () => {
  it.each([["browser"], ["workerd"], ["edge-light"]])(
    "the root and toolsift/local under %s: no byte of ai or @ai-sdk/* in the output",
    async (condition) => {
      const { shipped, aiSdk, mcpSdk } = await bundled(
        `export { createToolIndex } from ${JSON.stringify(source("src/index.ts"))};\n` +
          `export { localEmbeddingModel } from ${JSON.stringify(source("src/local/index.ts"))};\n`,
        condition,
      );
      // The bundle holds toolsift itself, so an empty list below means something.
      expect(shipped.some((path) => path.endsWith("src/tool-index.ts"))).toBe(true);
      expect(aiSdk).toEqual([]);
      // The MCP SDK (a dependency, for toolsift/mcp and the gateway) stays out of the root entry too.
      expect(mcpSdk).toEqual([]);
    },
  );

  it("sees the AI SDK where a bundle does ship it (the control for the check above)", async () => {
    const { aiSdk } = await bundled('export { embed } from "ai";\n', "browser");
    expect(aiSdk.length).toBeGreaterThan(0);
  });
});
