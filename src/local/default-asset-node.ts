// The bundled local model asset in Node: read from the package's assets folder, wherever a bundler moved this code.

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { ToolsiftError } from "../errors.js";
import { errorMessage } from "../support/error-message.js";

/**
 * Bytes of the asset: assets/local-model.bin two folders up from src/local or dist/local. When this module was
 * bundled into another folder (esbuild or webpack for Node), the file is looked up in the installed toolsift
 * package instead; when neither has it, an INVALID_MODEL_ASSET error names both places and the fix.
 */
export async function defaultLocalModelAsset(): Promise<ArrayBuffer | ArrayBufferView | Response> {
  const beside = new URL("../../assets/local-model.bin", import.meta.url);
  // webpack (Next.js's `--webpack` server build) turns this URL into its own asset's public path, not a file: URL,
  // which names no file on disk: the installed package is then the place to read.
  if (beside.protocol === "file:") {
    try {
      return await readFile(beside);
    } catch (error) {
      if ((error as { code?: unknown }).code !== "ENOENT") throw unreadable(beside.href, errorMessage(error));
    }
  }
  let installed: URL | undefined;
  try {
    const manifest = createRequire(import.meta.url).resolve("toolsift/package.json");
    installed = new URL("assets/local-model.bin", pathToFileURL(manifest));
  } catch {
    // toolsift is not resolvable from here (a self-contained bundle deployed without node_modules).
  }
  if (installed !== undefined) {
    try {
      return await readFile(installed);
    } catch {
      // reported below with the first place tried
    }
  }
  throw new ToolsiftError(
    "INVALID_MODEL_ASSET",
    `toolsift/local: the model asset local-model.bin is not at ${beside.href}` +
      `${installed === undefined ? " and the toolsift package cannot be resolved from there" : ` nor at ${installed.href}`}` +
      ` (this code was bundled away from node_modules/toolsift). Keep toolsift external to the bundle ` +
      `(esbuild --packages=external), copy node_modules/toolsift/assets/local-model.bin to the first place, or pass ` +
      `the bytes: localEmbeddingModel({ asset: await readFile("path/to/local-model.bin") }).`,
    { url: beside.href },
  );
}

function unreadable(url: string, reason: string): ToolsiftError {
  return new ToolsiftError("INVALID_MODEL_ASSET", `toolsift/local: reading the model asset ${url} failed: ${reason}.`, {
    url,
    reason,
  });
}
