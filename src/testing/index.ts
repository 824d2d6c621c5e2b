// toolsift/test: deterministic models for tests of code that uses toolsift.

export {
  failingEmbeddingModel,
  hashingEmbeddingModel,
  type FailingEmbeddingModelOptions,
  type HashingEmbeddingModelOptions,
} from "./hashing-embedding-model.js";
