// Builds and warms the toolsift index of one catalog version, collecting what its build worked around.

import type { EmbeddingCache } from "../cache/embedding-cache.js";
import type { CatalogTool, ToolCatalog, ToolDefinition } from "../core/catalog.js";
import type { ToolsiftEvent } from "../events.js";
import { createToolIndex, type ToolIndex } from "../tool-index.js";
import { queryExpansionFor, type ServiceEmbeddingModel } from "./embedding.js";
import { logEvent } from "./warnings.js";
import type { CatalogLimits } from "../core/catalog-limits.js";

export interface BuiltCatalogIndex {
  readonly index: ToolIndex;
  /** Events reported while building and warming (embedding counts, cache errors, fallbacks). */
  readonly events: readonly ToolsiftEvent[];
}

/**
 * Tools already read (`readCatalog`) as plain definitions, so an upload is not read in its own
 * shape again: provider tools stay provider tools, and every field the index uses is kept as read.
 */
export function readToolDefinitions(tools: readonly CatalogTool[]): ToolDefinition[] {
  return tools.map((tool) =>
    tool.provider
      ? { type: "provider", name: tool.name }
      : { name: tool.name, title: tool.title, description: tool.description, inputSchema: tool.schema },
  );
}

/**
 * `createToolIndex(catalog)` with the service's model (combined ranking; the local model also expands
 * unknown query words) and `cache` for tool vectors, then `warmUp()`, so the first select is fast.
 * Throws toolsift's 400-kind errors for a catalog it cannot read. `limits`: the service's (TOOLSIFT_MAX_*) when a
 * catalog is written; the library's maximums when a stored version is read back (it passed the limits when written).
 */
export async function buildCatalogIndex(
  catalog: unknown,
  model: ServiceEmbeddingModel | undefined,
  cache: EmbeddingCache | undefined,
  limits: CatalogLimits,
): Promise<BuiltCatalogIndex> {
  const events: ToolsiftEvent[] = [];
  let warming = true;
  const expansion = queryExpansionFor(model);
  const index = createToolIndex(catalog as ToolCatalog, {
    ...(model === undefined
      ? {}
      : { embeddingModel: model, ...(cache === undefined ? {} : { embeddingCache: cache }) }),
    ...(expansion === undefined ? {} : { queryExpansion: expansion }),
    // The service logs every event itself (logEvent below): the library's once-per-index console line would repeat it.
    warnings: false,
    limits,
    onEvent(event) {
      if (warming) events.push(event);
      logEvent(event);
    },
  });
  await index.warmUp();
  warming = false;
  return { index, events };
}
