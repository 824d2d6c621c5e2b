// The bundled local model asset in browsers: fetched next to this module (Vite and webpack emit the file there).

import { ToolsiftError } from "../errors.js";
import { errorMessage } from "../support/error-message.js";

/**
 * The asset (assets/local-model.bin, two folders up from this module), fetched. Bundlers that rewrite
 * `new URL(path, import.meta.url)` (Vite, webpack, Next.js) emit the file and point the URL at it; others
 * (esbuild) leave a URL with nothing behind it. That, an HTML page served for the missing file (a single-page
 * app's fallback) and a failed fetch are INVALID_MODEL_ASSET errors naming the URL and the fix.
 */
export async function defaultLocalModelAsset(): Promise<ArrayBuffer | ArrayBufferView | Response> {
  let url: URL;
  try {
    url = new URL("../../assets/local-model.bin", import.meta.url);
  } catch {
    // A bundle without module URLs (an IIFE or CommonJS build leaves import.meta.url undefined).
    throw missingAsset("../../assets/local-model.bin", "this bundle has no import.meta.url to resolve it against");
  }
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw missingAsset(url.href, `the fetch failed: ${errorMessage(error)}`);
  }
  if (!response.ok) throw missingAsset(url.href, `HTTP ${response.status}`);
  if (/^text\/html\b/i.test(response.headers.get("content-type") ?? "")) {
    throw missingAsset(url.href, "the server answered with an HTML page");
  }
  return response;
}

function missingAsset(url: string, reason: string): ToolsiftError {
  return new ToolsiftError(
    "INVALID_MODEL_ASSET",
    `toolsift/local: the model asset local-model.bin is not at ${url} (${reason}). Vite, webpack and Next.js ` +
      `copy it there from new URL("../../assets/local-model.bin", import.meta.url); your bundler did not ` +
      `(esbuild does not). Serve node_modules/toolsift/assets/local-model.bin at that URL, or load it yourself: ` +
      `localEmbeddingModel({ asset: fetch("/local-model.bin") }).`,
    { url, reason },
  );
}
