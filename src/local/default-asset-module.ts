// The bundled local model asset in Workers and Vercel Edge: imported as a binary module (wrangler treats .bin as Data).

import asset from "../../assets/local-model.bin";

export function defaultLocalModelAsset(): Promise<ArrayBuffer | ArrayBufferView | Response> {
  return Promise.resolve(asset);
}
