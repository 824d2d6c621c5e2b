// The Worker's `ai` stand-in as wrangler bundles it ([alias] ai → src/worker/without-ai-sdk.ts, esbuild): the real
// workers-ai-provider embeds through a stand-in AI binding, and toolsift's lazy import("ai") fails with the fix.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Bundles `entry` as wrangler would for this repo's Worker (its `ai` alias), and imports the result. */
async function bundled(entry: string): Promise<Record<string, any>> {
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "import"],
    mainFields: ["module", "main"],
    alias: { ai: `${root}src/worker/without-ai-sdk.ts` },
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].text;
  expect(code).not.toContain("function embedMany("); // the AI SDK itself is not in the bundle
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

describe("src/worker/without-ai-sdk.ts under the Worker's alias", () => {
  it("workers-ai-provider's embedding model works; import('ai') rejects with the way out; generateId is the SDK's", async () => {
    const module = await bundled(`
      export { workersAiEmbeddingModel } from "./src/worker/provider-workers-ai.ts";
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
});
