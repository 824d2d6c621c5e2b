// toolsift/local: the offline embedding model.

export {
  localEmbeddingModel,
  type LocalEmbeddingModel,
  type LocalEmbeddingModelOptions,
  type LocalModelAssetSource,
} from "./local-embedding-model.js";
export { parseLocalModelAsset, LOCAL_MODEL_FORMAT, type LocalModelAsset } from "./asset.js";
