// The bundled local model asset in browsers: fetched next to this module (bundlers copy the file).

/** A request for the bundled asset (assets/local-model.bin, two folders up from this module). */
export function defaultLocalModelAsset(): Promise<ArrayBuffer | ArrayBufferView | Response> {
  return fetch(new URL("../../assets/local-model.bin", import.meta.url));
}
