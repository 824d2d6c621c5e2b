// fromLangChainEmbeddings: a LangChain Embeddings object as an AI SDK v4 embedding model.
import { embed, embedMany } from "ai";
import { describe, expect, it } from "vitest";
import { fromLangChainEmbeddings, isLangChainEmbeddings } from "../../src/langchain/embeddings-model.js";
import { WordEmbeddings } from "./fixtures.js";

describe("fromLangChainEmbeddings", () => {
  it("is an AI SDK v4 embedding model named after the object", async () => {
    const embeddings = new WordEmbeddings();
    const model = fromLangChainEmbeddings(embeddings);
    expect(model).toMatchObject({
      specificationVersion: "v4",
      provider: "langchain:WordEmbeddings",
      modelId: "word-hash-64",
    });
    expect(fromLangChainEmbeddings(embeddings, { modelId: "custom" }).modelId).toBe("custom");
    const { embeddings: vectors } = await embedMany({ model, values: ["send an email", "book a hotel"] });
    expect(vectors).toEqual([WordEmbeddings.vector("send an email"), WordEmbeddings.vector("book a hotel")]);
    expect(embeddings.documents).toEqual([["send an email", "book a hotel"]]);
  });

  it("sends texts marked as queries to embedQuery, everything else to embedDocuments", async () => {
    const embeddings = new WordEmbeddings();
    const model = fromLangChainEmbeddings(embeddings);
    const release = model.expectQuery("weather in Lisbon");
    await embed({ model, value: "weather in Lisbon" });
    await embed({ model, value: "get_weather: Get the current weather" });
    release();
    await embed({ model, value: "weather in Lisbon" });
    expect(embeddings.queries).toEqual(["weather in Lisbon"]);
    expect(embeddings.documents).toEqual([["get_weather: Get the current weather"], ["weather in Lisbon"]]);
  });

  it("rejects when the abort signal fires, and tells Embeddings from AI SDK models", async () => {
    const model = fromLangChainEmbeddings({
      embedDocuments: () => new Promise<number[][]>(() => {}),
      embedQuery: async () => [1],
    });
    const controller = new AbortController();
    const pending = model.doEmbed({ values: ["a"], abortSignal: controller.signal });
    controller.abort(new Error("timed out"));
    await expect(pending).rejects.toThrow("timed out");
    expect(isLangChainEmbeddings(new WordEmbeddings())).toBe(true);
    expect(isLangChainEmbeddings(model)).toBe(false);
    expect(() => fromLangChainEmbeddings({} as never)).toThrow(/embeddingModel/);
  });
});
