// Reads the `embeddingCache` option: an EmbeddingCache as it is, toolpick's { load, save } shape through fromLoadSave.

import { ToolsiftError } from "../errors.js";
import type { EmbeddingCache, LoadSaveEmbeddingCache } from "./embedding-cache.js";
import { fromLoadSave } from "./load-save-cache.js";

/** True for an object with `getMany` and `setMany` methods. */
export function isEmbeddingCache(value: unknown): value is EmbeddingCache {
  return typeof value === "object" && value !== null && typeof (value as EmbeddingCache).getMany === "function" && typeof (value as EmbeddingCache).setMany === "function";
}

function isLoadSave(value: unknown): value is LoadSaveEmbeddingCache {
  return typeof value === "object" && value !== null && typeof (value as LoadSaveEmbeddingCache).load === "function" && typeof (value as LoadSaveEmbeddingCache).save === "function";
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value !== "object") return typeof value;
  const methods = Object.keys(value).filter((key) => typeof (value as Record<string, unknown>)[key] === "function");
  return methods.length > 0 ? `an object with methods ${methods.join(", ")}` : "an object without methods";
}

/**
 * The `embeddingCache` option as an `EmbeddingCache`: one is returned as it is, toolpick's
 * `{ load, save }` shape is wrapped by `fromLoadSave`; anything else throws `INVALID_OPTION`.
 */
export function toEmbeddingCache(value: EmbeddingCache | LoadSaveEmbeddingCache): EmbeddingCache {
  if (isEmbeddingCache(value)) return value;
  if (isLoadSave(value)) return fromLoadSave(value);
  throw new ToolsiftError(
    "INVALID_OPTION",
    `Option "embeddingCache" must be an EmbeddingCache ({ getMany, setMany }, e.g. memoryCache()) or { load, save }, got ${describe(value)}.`,
    { option: "embeddingCache", received: describe(value) },
  );
}
