// toolsift/local: the offline embedding model.

export { localEmbeddingModel, type LocalEmbeddingModelOptions } from "./local-embedding-model.js";
