// Embedding through a model object never loads the AI SDK (so bundlers need not include it): batches, parallelism,
// retries after retry-after, usage, and the id-string path that does need `ai`.
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { retryDelayMs } from "../../src/ai-sdk.js";
import { createEmbedder, type EmbedderSettings } from "../../src/semantic/embedder.js";

afterEach(() => {
  vi.doUnmock("ai");
  vi.resetModules();
});

const settings: EmbedderSettings = {
  timeoutMs: 10_000,
  maxParallelCalls: 4,
  maxRetries: 0,
  abortSignal: undefined,
  dimensions: undefined,
};

/** An AI SDK APICallError as providers throw it (the SDK's own class is not needed: toolsift reads its fields). */
function apiError(status: number, headers: Record<string, string> = {}) {
  return Object.assign(new Error(`HTTP ${status}`), {
    statusCode: status,
    isRetryable: status === 429 || status >= 500,
    responseHeaders: headers,
  });
}

interface RecordingModel {
  calls: string[][];
  peak: number;
}

function recordingModel(
  spec: { maxEmbeddingsPerCall?: number; supportsParallelCalls?: boolean; bytes?: number },
  fail: (call: number) => Error | undefined = () => undefined,
) {
  const seen: RecordingModel = { calls: [], peak: 0 };
  let running = 0;
  const model = {
    specificationVersion: "v3" as const,
    provider: "test",
    modelId: "recording",
    maxEmbeddingsPerCall: spec.maxEmbeddingsPerCall,
    supportsParallelCalls: Promise.resolve(spec.supportsParallelCalls ?? false),
    [Symbol.for("vercel.ai.embeddingModel.maxInputBytesPerCall")]: spec.bytes,
    async doEmbed({ values }: { values: string[] }) {
      seen.calls.push(values);
      const error = fail(seen.calls.length);
      if (error !== undefined) throw error;
      running++;
      seen.peak = Math.max(seen.peak, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
      return { embeddings: values.map((value) => [value.length, 1]), usage: { tokens: values.length * 3 } };
    },
  };
  return { model, seen };
}

describe("createEmbedder with a model object", () => {
  it("embeds without ever importing the ai package", async () => {
    let imported = 0;
    vi.resetModules();
    vi.doMock("ai", () => {
      imported++;
      throw new Error("Cannot find package 'ai'");
    });
    const { createEmbedder: fresh } = await import("../../src/semantic/embedder.js");
    const { model } = recordingModel({ maxEmbeddingsPerCall: 2 });
    const embedder = fresh(model as never, settings);
    const pass = await embedder.embedMany(["a", "bb", "ccc"]);
    expect(pass.vectors.map((vector) => Array.from(vector))).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(pass.tokens).toBe(9);
    expect(Array.from(await embedder.embed("dddd"))).toEqual([4, 1]);
    expect(imported).toBe(0);
  });

  it("runs chunks in parallel only when the model supportsParallelCalls, at most maxParallelCalls", async () => {
    const values = Array.from({ length: 20 }, (_, i) => `text ${i}`);
    const serial = recordingModel({ maxEmbeddingsPerCall: 2, supportsParallelCalls: false });
    await createEmbedder(serial.model as never, settings).embedMany(values);
    expect(serial.seen.calls.map((chunk) => chunk.length)).toEqual(Array(10).fill(2));
    expect(serial.seen.peak).toBe(1);

    const parallel = recordingModel({ maxEmbeddingsPerCall: 2, supportsParallelCalls: true });
    const pass = await createEmbedder(parallel.model as never, settings).embedMany(values);
    expect(parallel.seen.peak).toBe(4);
    expect(pass.vectors.map((vector) => vector[0])).toEqual(values.map((value) => value.length));
  });

  it("cuts chunks at the provider's per-call byte limit as well as its count limit", async () => {
    const { model, seen } = recordingModel({ maxEmbeddingsPerCall: 100, bytes: 10 });
    await createEmbedder(model as never, settings).embedMany(["aaaa", "bbbb", "cccc", "dd", "é"]);
    expect(seen.calls).toEqual([
      ["aaaa", "bbbb"],
      ["cccc", "dd", "é"],
    ]);
  });

  it("retries a retryable error (429) after its retry-after, up to maxRetries; never a 401", async () => {
    const limited = recordingModel({}, (call) => (call === 1 ? apiError(429, { "retry-after": "0" }) : undefined));
    const pass = await createEmbedder(limited.model as never, { ...settings, maxRetries: 1 }).embedMany(["a", "b"]);
    expect(limited.seen.calls).toEqual([
      ["a", "b"],
      ["a", "b"],
    ]);
    expect(pass.vectors).toHaveLength(2);

    const always = recordingModel({}, () => apiError(429, { "retry-after-ms": "1" }));
    const embedder = createEmbedder(always.model as never, { ...settings, maxRetries: 2 });
    await expect(embedder.embedMany(["a"])).rejects.toThrow("HTTP 429");
    expect(always.seen.calls).toHaveLength(3);

    const denied = recordingModel({}, () => apiError(401));
    await expect(
      createEmbedder(denied.model as never, { ...settings, maxRetries: 2 }).embedMany(["a"]),
    ).rejects.toThrow("HTTP 401");
    expect(denied.seen.calls).toHaveLength(1);
  });

  it("rejects an answer with the wrong number of vectors for a chunk, naming the counts", async () => {
    const model = {
      provider: "test",
      modelId: "short",
      maxEmbeddingsPerCall: 2,
      doEmbed: async ({ values }: { values: string[] }) => ({ embeddings: values.slice(1).map(() => [1]) }),
    };
    await expect(createEmbedder(model as never, settings).embedMany(["a", "b", "c"])).rejects.toMatchObject({
      code: "EMBEDDING_FAILED",
      message: "The embedding model returned 1 vectors for 2 texts.",
    });
  });
});

describe("retryDelayMs (the AI SDK's rule)", () => {
  it("uses retry-after-ms, then retry-after in seconds or as a date, within 0–60 s; else the backoff", () => {
    expect(retryDelayMs(apiError(429, { "retry-after-ms": "150" }), 2000)).toBe(150);
    expect(retryDelayMs(apiError(429, { "retry-after": "3" }), 2000)).toBe(3000);
    const date = retryDelayMs(apiError(429, { "retry-after": new Date(Date.now() + 5000).toUTCString() }), 2000);
    expect(date).toBeGreaterThan(3000);
    expect(date).toBeLessThanOrEqual(5000);
    expect(retryDelayMs(apiError(429, { "retry-after": "120" }), 2000)).toBe(2000);
    expect(retryDelayMs(apiError(429, { "retry-after": "-1" }), 2000)).toBe(2000);
    expect(retryDelayMs(apiError(503), 4000)).toBe(4000);
    expect(retryDelayMs(new Error("plain"), 8000)).toBe(8000);
  });
});

describe("a model id string", () => {
  it("goes through the AI SDK, and without it fails with MISSING_DEPENDENCY naming the package", async () => {
    vi.resetModules();
    vi.doMock("ai", () => {
      throw new Error("Cannot find package 'ai'");
    });
    const { createEmbedder: fresh } = await import("../../src/semantic/embedder.js");
    const embedder = fresh("openai/text-embedding-3-small", settings);
    expect(embedder.identity).toEqual({ provider: "gateway", modelId: "openai/text-embedding-3-small" });
    await expect(embedder.embedMany(["a"])).rejects.toMatchObject({
      code: "MISSING_DEPENDENCY",
      message: expect.stringContaining('"ai" package'),
    });
  });
});

describe("generateJson with a model object", () => {
  /** A language model (specification v4) answering `text`, recording the options of each doGenerate call. */
  function textModel(answers: (call: number) => string | Error) {
    const calls: Record<string, unknown>[] = [];
    const model = {
      specificationVersion: "v4" as const,
      provider: "test",
      modelId: "json-writer",
      supportedUrls: {},
      async doGenerate(options: Record<string, unknown>) {
        calls.push(options);
        const answer = answers(calls.length);
        if (answer instanceof Error) throw answer;
        return { content: [{ type: "text", text: answer }], finishReason: "stop", usage: {}, warnings: [] };
      },
    };
    return { model, calls };
  }
  const schema = {
    type: "object",
    properties: { tools: { type: "array", items: { type: "string" } } },
    required: ["tools"],
  };

  it("calls doGenerate with one user message and a JSON response format, never importing ai", async () => {
    let imported = 0;
    vi.resetModules();
    vi.doMock("ai", () => {
      imported++;
      throw new Error("Cannot find package 'ai'");
    });
    const { generateJson } = await import("../../src/tool-index/llm/generate-json.js");
    const { model, calls } = textModel(() => '```json\n{ "tools": ["a", "b"] }\n```');
    const output = await generateJson<{ tools: string[] }>(model as never, { prompt: "order these", schema });
    expect(output).toEqual({ tools: ["a", "b"] });
    expect(calls).toEqual([
      expect.objectContaining({
        prompt: [{ role: "user", content: [{ type: "text", text: "order these" }] }],
        responseFormat: { type: "json", schema },
      }),
    ]);
    expect(imported).toBe(0);
  });

  it("rejects an answer that is not JSON, or lacks a required property, naming the model", async () => {
    const { generateJson } = await import("../../src/tool-index/llm/generate-json.js");
    const prose = textModel(() => "Sure! The tools are a and b.");
    await expect(generateJson(prose.model as never, { prompt: "p", schema })).rejects.toThrow(
      'json-writer did not answer with JSON: "Sure! The tools are a and b."',
    );
    const partial = textModel(() => '{ "names": [] }');
    await expect(generateJson(partial.model as never, { prompt: "p", schema })).rejects.toThrow(
      "json-writer answered JSON without tools",
    );
  });

  it("retries a retryable provider error (maxRetries), not a 400", async () => {
    const { generateJson } = await import("../../src/tool-index/llm/generate-json.js");
    const busy = textModel((call) => (call === 1 ? apiError(503, { "retry-after-ms": "0" }) : '{ "tools": [] }'));
    expect(await generateJson(busy.model as never, { prompt: "p", schema, maxRetries: 1 })).toEqual({ tools: [] });
    expect(busy.calls).toHaveLength(2);
    const bad = textModel(() => apiError(400));
    await expect(generateJson(bad.model as never, { prompt: "p", schema })).rejects.toThrow("HTTP 400");
    expect(bad.calls).toHaveLength(1);
  });
});

describe("what a bundler ships", () => {
  it("an esbuild bundle of the embedder and generateJson contains no file of the ai package", async () => {
    const { build } = await import("esbuild");
    const source = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
    const result = await build({
      stdin: {
        contents:
          `export { createEmbedder } from ${JSON.stringify(source("src/semantic/embedder.ts"))};\n` +
          `export { generateJson } from ${JSON.stringify(source("src/ai-sdk.ts"))};\n`,
        resolveDir: source("."),
        loader: "ts",
      },
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    // Bytes each input left in the output: src/ai-sdk.ts is in, no file of a package is.
    const [output] = Object.values(result.metafile.outputs);
    const shipped = Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0);
    expect(shipped.some(([path]) => path.includes("src/ai-sdk.ts"))).toBe(true);
    expect(shipped.map(([path]) => path).filter((path) => path.includes("node_modules/"))).toEqual([]);
  });
});
