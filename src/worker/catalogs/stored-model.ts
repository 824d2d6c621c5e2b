// A stored version's vectors against the model in force: vectors of another model are not used, so every isolate
// that loads the version embeds all its tools again until it is written again.

import { modelId } from "../../support/model-id.js";
import type { ServiceEmbeddingModel } from "../embedding/embedding-model.js";
import type { ServiceWarning } from "../http/warnings.js";
import type { CatalogPointer } from "./catalog-store.js";

/**
 * EMBEDDING_MODEL_CHANGED (also logged) when `pointer`'s vectors were stored for another model than `model` (or for
 * none): loading it embeds its tools with `model` in every isolate, each time, until a `PUT` of the catalog stores
 * vectors for `model`. None without a model (keyword ranking reads no vectors). Called once per load: the warm copy
 * keeps the result (`WarmCatalog.warnings`), so every answer from the version carries it and the log has one line.
 */
export function storedModelWarnings(
  id: string,
  pointer: CatalogPointer,
  model: ServiceEmbeddingModel | undefined,
): ServiceWarning[] {
  if (model === undefined) return [];
  const current = modelId(model);
  const stored = pointer.embeddings.model;
  if (stored === current) return [];
  const message =
    `Version ${pointer.version} of catalog "${id}" was stored ${stored === null ? "without vectors" : `with vectors of model "${stored}"`}; ` +
    `the service ranks with "${current}", so each isolate that loads it embeds its ${pointer.tools} tools again. ` +
    `PUT the catalog again to store vectors for "${current}".`;
  console.warn(`[toolsift service] EMBEDDING_MODEL_CHANGED: ${message}`);
  return [{ code: "EMBEDDING_MODEL_CHANGED", message }];
}
