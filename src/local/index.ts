// toolsift/local: the offline embedding model.

export {
  localEmbeddingModel,
  type LocalEmbeddingModel,
  type LocalEmbeddingModelOptions,
} from "./local-embedding-model.js";
export { parseLocalModelAsset } from "./asset.js";
