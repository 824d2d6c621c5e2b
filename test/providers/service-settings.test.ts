// The service's provider and memory settings as read from env: TOOLSIFT_EMBEDDING forms, the OpenAI key and base
// URL, the AI binding, TOOLSIFT_VECTOR_PRECISION and TOOLSIFT_WARM_BYTES, each bad value named; lazy provider models.
import { createOpenAI } from "@ai-sdk/openai";
import { createWorkersAI } from "workers-ai-provider";
import { describe, expect, it } from "vitest";
import { readConfig } from "../../src/worker/http/config.js";
import { embeddingModelFor, vectorOptionsFor } from "../../src/worker/embedding/embedding-model.js";
import type { ServiceEnv } from "../../src/worker/http/env.js";
import { ServiceError } from "../../src/worker/http/errors.js";
import { lazyEmbeddingModel, missingProvider } from "../../src/worker/embedding/provider-lazy-model.js";
import { openaiEmbeddingModel } from "../../src/worker/embedding/provider-openai.js";
import { workersAiEmbeddingModel } from "../../src/worker/embedding/provider-workers-ai.js";

const binding = { run: async () => ({ shape: [0, 0], data: [] }) };
const env = (variables: Record<string, unknown>) => ({ TOOLSIFT_KV: {}, ...variables }) as unknown as ServiceEnv;

function refusal(variables: Record<string, unknown>): string {
  try {
    readConfig(env(variables));
  } catch (error) {
    expect(ServiceError.isInstance(error) && error.code === "INVALID_CONFIGURATION").toBe(true);
    return (error as Error).message;
  }
  throw new Error(`readConfig accepted ${JSON.stringify(variables)}`);
}

describe("TOOLSIFT_EMBEDDING", () => {
  it("reads local (the default), none, openai with and without dimensions, and workers-ai", () => {
    expect(readConfig(env({})).embedding).toEqual({ kind: "local" });
    expect(readConfig(env({ TOOLSIFT_EMBEDDING: " none " })).embedding).toEqual({ kind: "none" });
    expect(
      readConfig(env({ TOOLSIFT_EMBEDDING: "openai:text-embedding-3-small:512", OPENAI_API_KEY: "k" })).embedding,
    ).toEqual({ kind: "openai", model: "text-embedding-3-small", dimensions: 512, apiKey: "k", baseURL: undefined });
    // A colon inside a model id (an OpenAI-compatible server's tag) is part of the id, not dimensions.
    const tagged = readConfig(
      env({
        TOOLSIFT_EMBEDDING: "openai:nomic-embed-text:latest",
        OPENAI_API_KEY: "k",
        TOOLSIFT_OPENAI_BASE_URL: "http://127.0.0.1:11434/v1/",
      }),
    ).embedding;
    expect(tagged).toMatchObject({
      model: "nomic-embed-text:latest",
      dimensions: undefined,
      baseURL: "http://127.0.0.1:11434/v1",
    });
    expect(
      readConfig(env({ TOOLSIFT_EMBEDDING: "workers-ai:@cf/baai/bge-base-en-v1.5", AI: binding })).embedding,
    ).toEqual({ kind: "workers-ai", model: "@cf/baai/bge-base-en-v1.5" });
  });

  it("names the variable, the value and what to set for each bad value", () => {
    expect(refusal({ TOOLSIFT_EMBEDDING: "cohere:embed" })).toMatch(
      /TOOLSIFT_EMBEDDING must be .*"openai:<model>\[:<dimensions>\]".*got "cohere:embed"/,
    );
    expect(refusal({ TOOLSIFT_EMBEDDING: "openai", OPENAI_API_KEY: "k" })).toMatch(/"openai" names no model/);
    expect(refusal({ TOOLSIFT_EMBEDDING: "openai: :64", OPENAI_API_KEY: "k" })).toMatch(/names no model/);
    for (const dimensions of ["0", "1.5", "-3", "65537", "1e3", ""]) {
      expect(refusal({ TOOLSIFT_EMBEDDING: `openai:m:${dimensions}`, OPENAI_API_KEY: "k" })).toContain(
        `must be an integer in [1, 65536], got "${dimensions}"`,
      );
    }
    expect(refusal({ TOOLSIFT_EMBEDDING: "openai:m" })).toMatch(
      /OPENAI_API_KEY secret is not set: `npx wrangler secret put/,
    );
    expect(
      refusal({ TOOLSIFT_EMBEDDING: "openai:m", OPENAI_API_KEY: "k", TOOLSIFT_OPENAI_BASE_URL: "localhost:1" }),
    ).toMatch(/TOOLSIFT_OPENAI_BASE_URL must be an http\(s\) URL .*got "localhost:1"/);
    expect(refusal({ TOOLSIFT_EMBEDDING: "workers-ai:@cf/baai/bge-small-en-v1.5" })).toMatch(
      /no Workers AI binding named "AI"/,
    );
    expect(refusal({ TOOLSIFT_EMBEDDING: "workers-ai:@cf/x", AI: { run: "no" } })).toMatch(/binding = "AI"/);
    expect(refusal({ TOOLSIFT_EMBEDDING: "workers-ai", AI: binding })).toMatch(/"workers-ai:<model>"/);
  });
});

describe("TOOLSIFT_VECTOR_PRECISION and TOOLSIFT_WARM_BYTES", () => {
  const chosen = (variables: Record<string, unknown>, fromCode = false) => {
    const e = env(variables);
    const model = embeddingModelFor(
      e,
      readConfig(e),
      fromCode ? () => createOpenAI({ apiKey: "k" }).embedding("m") : undefined,
    );
    return vectorOptionsFor(model);
  };

  it("auto: int8 for the API providers (float32 below 256 asked dimensions), float32 for local and code", () => {
    expect(chosen({ TOOLSIFT_EMBEDDING: "openai:m", OPENAI_API_KEY: "k" })).toEqual({ quantize: "int8" });
    expect(chosen({ TOOLSIFT_EMBEDDING: "openai:m:1536", OPENAI_API_KEY: "k" })).toEqual({
      dimensions: 1536,
      quantize: "int8",
    });
    expect(chosen({ TOOLSIFT_EMBEDDING: "openai:m:128", OPENAI_API_KEY: "k" })).toEqual({
      dimensions: 128,
      quantize: "float32",
    });
    expect(chosen({ TOOLSIFT_EMBEDDING: "workers-ai:@cf/baai/bge-m3", AI: binding })).toEqual({ quantize: "int8" });
    expect(chosen({})).toEqual({ quantize: "float32" });
    expect(chosen({}, true)).toEqual({ quantize: "float32" });
  });

  it("int8, int8-compact or float32 forces one; anything else is refused", () => {
    expect(
      chosen({ TOOLSIFT_EMBEDDING: "openai:m", OPENAI_API_KEY: "k", TOOLSIFT_VECTOR_PRECISION: "float32" }),
    ).toEqual({
      quantize: "float32",
    });
    expect(chosen({ TOOLSIFT_VECTOR_PRECISION: "int8" }, true)).toEqual({ quantize: "int8" });
    expect(chosen({ TOOLSIFT_VECTOR_PRECISION: "int8-compact" }, true)).toEqual({ quantize: "int8", rescore: false });
    expect(refusal({ TOOLSIFT_VECTOR_PRECISION: "int4" })).toContain(
      'must be "auto", "int8", "int8-compact" or "float32", got "int4"',
    );
  });

  it("TOOLSIFT_WARM_BYTES: 32 MiB by default, an integer in [64 KiB, 1 GiB]", () => {
    expect(readConfig(env({})).warmBytes).toBe(32 * 1024 * 1024);
    expect(readConfig(env({ TOOLSIFT_WARM_BYTES: "1048576" })).warmBytes).toBe(1024 * 1024);
    for (const value of ["65535", "1073741825", "64MiB", "1.5"]) {
      expect(refusal({ TOOLSIFT_WARM_BYTES: value })).toContain(
        `TOOLSIFT_WARM_BYTES must be an integer in [65536, 1073741824], got "${value}"`,
      );
    }
  });
});

describe("provider models, loaded on first use", () => {
  it("carry the identity the real models report (the stored vectors' namespace)", () => {
    const openai = openaiEmbeddingModel({ model: "text-embedding-3-large", apiKey: "k", baseURL: undefined });
    const realOpenai = createOpenAI({ apiKey: "k" }).embedding("text-embedding-3-large");
    expect([openai.provider, openai.modelId]).toEqual([realOpenai.provider, realOpenai.modelId]);
    const workersAi = workersAiEmbeddingModel(binding, "@cf/baai/bge-base-en-v1.5");
    const realWorkersAi = createWorkersAI({ binding: binding as never }).textEmbedding("@cf/baai/bge-base-en-v1.5");
    expect([workersAi.provider, workersAi.modelId]).toEqual([realWorkersAi.provider, realWorkersAi.modelId]);
  });

  it("answer with the real model's limits once loaded (100 texts a Workers AI call, 2,048 for OpenAI)", async () => {
    expect(await workersAiEmbeddingModel(binding, "@cf/baai/bge-base-en-v1.5").maxEmbeddingsPerCall).toBe(100);
    expect(await openaiEmbeddingModel({ model: "m", apiKey: "k", baseURL: undefined }).maxEmbeddingsPerCall).toBe(2048);
  });

  it("load nothing until the first call, load once, and try again after a failed import (MISSING_DEPENDENCY)", async () => {
    const real = createWorkersAI({ binding: binding as never }).textEmbedding("@cf/baai/bge-base-en-v1.5");
    const pkg = { name: "workers-ai-provider", neededBy: "TOOLSIFT_EMBEDDING=workers-ai:@cf/baai/bge-base-en-v1.5" };
    let loads = 0;
    const model = lazyEmbeddingModel({ provider: real.provider, modelId: real.modelId }, async () => {
      loads++;
      if (loads === 1) throw missingProvider(pkg, new Error("Cannot find package 'workers-ai-provider'"));
      return real;
    });
    expect(loads).toBe(0);
    await expect(model.doEmbed({ values: ["a"] })).rejects.toMatchObject({
      code: "MISSING_DEPENDENCY",
      message: expect.stringContaining(
        'needs the "workers-ai-provider" package, which could not be loaded: npm install',
      ),
    });
    await Promise.all([model.doEmbed({ values: ["a"] }), model.doEmbed({ values: ["b"] })]);
    expect(loads).toBe(2);
  });
});
