// toolsift/test: deterministic models for tests of code that uses toolsift.

export { failingEmbeddingModel, hashingEmbeddingModel } from "./hashing-embedding-model.js";
