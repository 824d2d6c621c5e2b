// The bundled local model asset in Node: read from the package's assets folder.

import { readFile } from "node:fs/promises";

/** Bytes of the bundled asset (assets/local-model.bin, two folders up from src/local or dist/local). */
export function defaultLocalModelAsset(): Promise<ArrayBuffer | ArrayBufferView | Response> {
  return readFile(new URL("../../assets/local-model.bin", import.meta.url));
}
