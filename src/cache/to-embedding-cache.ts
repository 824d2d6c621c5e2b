// Reads the `embedding.cache` option: an EmbeddingCache as it is, toolpick's { load, save } through fromLoadSave.

import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";
import type { EmbeddingCache, LoadSaveEmbeddingCache } from "./embedding-cache.js";
import { fromLoadSave } from "./load-save-cache.js";

/** True for an object with `getMany` and `setMany` methods. */
export function isEmbeddingCache(value: unknown): value is EmbeddingCache {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as EmbeddingCache).getMany === "function" &&
    typeof (value as EmbeddingCache).setMany === "function"
  );
}

function isLoadSave(value: unknown): value is LoadSaveEmbeddingCache {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as LoadSaveEmbeddingCache).load === "function" &&
    typeof (value as LoadSaveEmbeddingCache).save === "function"
  );
}

/** Describes a value given as a cache: an object by the methods it has (a cache missing one shows which). */
function describeCacheCandidate(value: unknown): string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return describeValue(value);
  const methods = Object.keys(value).filter((key) => typeof (value as Record<string, unknown>)[key] === "function");
  return methods.length > 0 ? `an object with methods ${methods.join(", ")}` : "an object without methods";
}

/**
 * The `embedding.cache` option as an `EmbeddingCache`: one is returned as it is, toolpick's
 * `{ load, save }` shape is wrapped by `fromLoadSave`; anything else throws `INVALID_OPTION`, naming
 * `where` (the function the option was given to; default `createToolIndex`).
 */
export function toEmbeddingCache(
  value: EmbeddingCache | LoadSaveEmbeddingCache,
  where = "createToolIndex",
): EmbeddingCache {
  if (isEmbeddingCache(value)) return value;
  if (isLoadSave(value)) return fromLoadSave(value);
  const received = describeCacheCandidate(value);
  throw new ToolsiftError(
    "INVALID_OPTION",
    `${where}: option "embedding.cache" must be an EmbeddingCache ({ getMany, setMany }, e.g. memoryCache()) or ` +
      `toolpick's { load, save }, got ${received}.`,
    { option: "embedding.cache", value, received },
  );
}
