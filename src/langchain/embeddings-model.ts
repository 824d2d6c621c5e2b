// Adapts a LangChain `Embeddings` object (embedDocuments / embedQuery) to an AI SDK embedding model.

import { ToolsiftError } from "../errors.js";

/** The part of LangChain's `Embeddings` toolsift calls. */
export interface LangChainEmbeddings {
  embedDocuments(documents: string[]): Promise<number[][]>;
  embedQuery(document: string): Promise<number[]>;
}

/** An AI SDK `EmbeddingModelV4` backed by a LangChain `Embeddings` object. */
export interface LangChainEmbeddingModel {
  readonly specificationVersion: "v4";
  /** `langchain:<class name>`; part of the embedding cache keys. */
  readonly provider: string;
  /** The object's `model` or `modelName` field, else its class name; part of the embedding cache keys. */
  readonly modelId: string;
  /** No limit: LangChain's `Embeddings` batch requests themselves (`batchSize`). */
  readonly maxEmbeddingsPerCall: undefined;
  readonly supportsParallelCalls: false;
  doEmbed(options: { values: string[]; abortSignal?: AbortSignal }): Promise<{ embeddings: number[][]; warnings: [] }>;
  /**
   * Marks `text` as a search query until the returned function is called: a `doEmbed` of exactly this
   * one text goes to `embedQuery`; everything else (tool texts) goes to `embedDocuments`.
   */
  expectQuery(text: string): () => void;
}

/** Options of `fromLangChainEmbeddings`. */
export interface LangChainEmbeddingModelOptions {
  /**
   * The model id the embedding cache keys use. Default: the object's `model` or `modelName` field, else
   * its class name; a non-empty string.
   */
  modelId?: string;
}

/** True for objects with LangChain's `embedDocuments` and `embedQuery` methods (and no AI SDK `doEmbed`). */
export function isLangChainEmbeddings(value: unknown): value is LangChainEmbeddings {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as { embedDocuments?: unknown; embedQuery?: unknown; doEmbed?: unknown };
  return (
    typeof candidate.embedDocuments === "function" &&
    typeof candidate.embedQuery === "function" &&
    typeof candidate.doEmbed !== "function"
  );
}

function whenNotAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  // LangChain's Embeddings take no abort signal: the call is left to finish, its result is dropped.
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Wraps a LangChain `Embeddings` object (`OpenAIEmbeddings`, `CohereEmbeddings`, a fake) as an AI SDK
 * embedding model. Tool texts go through `embedDocuments` in one call; the selection query goes through
 * `embedQuery`, so models that embed queries and documents differently are used as intended.
 */
export function fromLangChainEmbeddings(
  embeddings: LangChainEmbeddings,
  options: LangChainEmbeddingModelOptions = {},
): LangChainEmbeddingModel {
  if (!isLangChainEmbeddings(embeddings)) {
    throw new ToolsiftError(
      "INVALID_OPTION",
      `Option "embeddingModel" must be an AI SDK embedding model or a LangChain Embeddings object (with embedDocuments and embedQuery), got ${embeddings === null ? "null" : typeof embeddings}.`,
      { option: "embeddingModel" },
    );
  }
  const fields = embeddings as unknown as { model?: unknown; modelName?: unknown };
  const className = (embeddings as object).constructor?.name || "Embeddings";
  const modelId =
    options.modelId ??
    (typeof fields.model === "string" && fields.model.length > 0
      ? fields.model
      : typeof fields.modelName === "string" && fields.modelName.length > 0
        ? fields.modelName
        : className);
  const queries = new Map<string, number>();
  return {
    specificationVersion: "v4",
    provider: `langchain:${className}`,
    modelId,
    maxEmbeddingsPerCall: undefined,
    supportsParallelCalls: false,
    async doEmbed({ values, abortSignal }) {
      abortSignal?.throwIfAborted();
      const isQuery = values.length === 1 && queries.has(values[0]);
      const vectors = await whenNotAborted(
        isQuery ? embeddings.embedQuery(values[0]).then((vector) => [vector]) : embeddings.embedDocuments([...values]),
        abortSignal,
      );
      return { embeddings: vectors, warnings: [] };
    },
    expectQuery(text) {
      queries.set(text, (queries.get(text) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const count = (queries.get(text) ?? 1) - 1;
        if (count <= 0) queries.delete(text);
        else queries.set(text, count);
      };
    },
  };
}
