// The Worker as wrangler bundles it (esbuild, [alias] ai → src/worker/embedding/without-ai-sdk.ts): the real
// workers-ai-provider embeds through a stand-in AI binding, import("ai") fails with the fix, and the optional providers
// may be absent.
import { build, type BuildOptions } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** esbuild options as wrangler bundles this repo's Worker (its `ai` alias and the workerd conditions). */
const workerBundle: BuildOptions & { alias: Record<string, string> } = {
  bundle: true,
  format: "esm",
  platform: "neutral",
  conditions: ["workerd", "worker", "import"],
  mainFields: ["module", "main"],
  alias: { ai: `${root}src/worker/embedding/without-ai-sdk.ts` },
  write: false,
  logLevel: "silent",
};

/** Bundles `entry` as wrangler would for this repo's Worker, and imports the result. */
async function bundled(entry: string): Promise<Record<string, any>> {
  const result = await build({ ...workerBundle, stdin: { contents: entry, resolveDir: root, loader: "ts" } });
  const code = result.outputFiles![0].text;
  expect(code).not.toContain("function embedMany("); // the AI SDK itself is not in the bundle
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

describe("src/worker/embedding/without-ai-sdk.ts under the Worker's alias", () => {
  it("workers-ai-provider's embedding model works; import('ai') rejects with the way out; generateId is the SDK's", async () => {
    const module = await bundled(`
      export { workersAiEmbeddingModel } from "./src/worker/embedding/provider-workers-ai.ts";
      export { generateId } from "ai";
      export const loadAi = () => import("ai");
    `);
    const texts: string[][] = [];
    const binding = {
      async run(_model: string, inputs: { text: string[] }) {
        texts.push(inputs.text);
        return { shape: [inputs.text.length, 2], data: inputs.text.map((text) => [text.length, 1]) };
      },
    };
    const model = module.workersAiEmbeddingModel(binding, "@cf/baai/bge-small-en-v1.5");
    const { embeddings } = await model.doEmbed({ values: ["abc", "de"] });
    expect(embeddings).toEqual([
      [3, 1],
      [2, 1],
    ]);
    expect(texts).toEqual([["abc", "de"]]);
    await expect(module.loadAi()).rejects.toThrow(/left out of this Worker's bundle: remove its \[alias\] line/);
    const ids = [module.generateId(), module.generateId()];
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("the service bundles without @ai-sdk/openai and workers-ai-provider installed (their imports fail at run time)", async () => {
    const result = await build({
      ...workerBundle,
      entryPoints: [`${root}src/worker/main.ts`],
      outdir: `${root}.wrangler/unused`,
      external: ["cloudflare:*", "node:*"],
      loader: { ".wasm": "empty", ".bin": "empty" },
      alias: {
        ...workerBundle.alias,
        "#default-wasm": `${root}src/wasm/default-wasm-module.ts`,
        "#local-model-asset": `${root}src/local/default-asset-module.ts`,
        // Names no package has: resolving them fails as a package that is not installed does.
        "@ai-sdk/openai": "toolsift-test-not-installed-openai",
        "workers-ai-provider": "toolsift-test-not-installed-workers-ai",
      },
    });
    const code = result.outputFiles!.find((file) => file.path.endsWith(".js"))!.text;
    expect(code).toContain('import("@ai-sdk/openai")');
    expect(code).toContain('import("workers-ai-provider")');
    expect(code).not.toContain("OpenAIEmbeddingModel"); // neither package is in the bundle
    expect(code).not.toContain("WorkersAIEmbeddingModel");
  });
});
