// Builds and warms the toolsift index of one catalog version, collecting what its build worked around and cost.

import type { EmbeddingCache } from "../../cache/embedding-cache.js";
import type { CatalogTool, ToolCatalog, ToolDefinition } from "../../core/catalog.js";
import type { ToolsiftEvent } from "../../events.js";
import { createToolIndex, type ToolIndex } from "../../tool-index.js";
import { queryExpansionFor, vectorOptionsFor, type ServiceEmbeddingModel } from "../embedding/embedding-model.js";
import { estimateIndexBytes } from "./memory-estimate.js";
import { logEvent } from "../http/warnings.js";
import type { CatalogLimits } from "../../core/catalog-limits.js";

/** What one embedding pass over a catalog cost (the `embeddings-ready` event of its build). */
export interface EmbeddingPassReport {
  /** Tools the model embedded now (each one billed by an API provider). */
  readonly embedded: number;
  /** Tools whose vectors were read from the stored embeddings (cache hits). */
  readonly fromCache: number;
  /** Tokens the provider reported for the pass; null when it reports none (Workers AI, the local model). */
  readonly tokens: number | null;
  readonly dimensions: number;
}

export interface BuiltCatalogIndex {
  readonly index: ToolIndex;
  /** Events reported while building and warming (embedding counts, cache errors, fallbacks). */
  readonly events: readonly ToolsiftEvent[];
  /** The embedding pass of this build; undefined without a model, or when embedding failed. */
  readonly embedding: EmbeddingPassReport | undefined;
  /** Estimated bytes the index holds in memory (memory-estimate.ts). */
  readonly bytes: number;
}

/** toolsift's default `queryCacheSize`: each index keeps this many query vectors. */
const QUERY_CACHE_SIZE = 128;

// Estimated bytes of every index built here, for warm copies installed by others (catalog-writes.ts).
const builtBytes = new WeakMap<ToolIndex, number>();

/** The estimated bytes of an index `buildCatalogIndex` built (0 for any other). */
export function indexBytes(index: ToolIndex): number {
  return builtBytes.get(index) ?? 0;
}

// The catalog each index was built from (its tools' texts and schemas are the index's own, shared, not copied).
const builtFrom = new WeakMap<ToolIndex, unknown>();

/** The catalog `buildCatalogIndex` built `index` from (undefined for any other index): for tool definitions. */
export function indexCatalog(index: ToolIndex): unknown {
  return builtFrom.get(index);
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

function passReport(events: readonly ToolsiftEvent[]): EmbeddingPassReport | undefined {
  const ready = events.find((event) => event.type === "embeddings-ready");
  if (ready === undefined) return undefined;
  return {
    embedded: ready.embedded,
    fromCache: ready.fromCache,
    tokens: ready.tokens ?? null,
    dimensions: ready.dimensions,
  };
}

function catalogCharacters(catalog: unknown): number {
  try {
    return JSON.stringify(catalog)?.length ?? 0;
  } catch {
    return 0; // not JSON (tools with functions, in code): the per-tool part of the estimate still counts them
  }
}

/**
 * `createToolIndex(catalog)` with the service's model (combined ranking; the local model also expands
 * unknown query words; its dimensions and float32/int8 storage as `vectorOptionsFor` says) and `cache` for tool
 * vectors, then `warmUp()`, so the first select is fast. Throws toolsift's 400-kind errors for a catalog it cannot
 * read. `limits`: the service's (TOOLSIFT_MAX_*) when a catalog is written; the library's maximums when a stored
 * version is read back (it passed the limits when written). `onEvent` sees every event of the build and later.
 */
export async function buildCatalogIndex(
  catalog: unknown,
  model: ServiceEmbeddingModel | undefined,
  cache: EmbeddingCache | undefined,
  limits: CatalogLimits,
  onEvent?: (event: ToolsiftEvent) => void,
): Promise<BuiltCatalogIndex> {
  const events: ToolsiftEvent[] = [];
  let warming = true;
  const expansion = queryExpansionFor(model);
  const vectors = vectorOptionsFor(model);
  const index = createToolIndex(catalog as ToolCatalog, {
    ...(model === undefined ? {} : { embeddingModel: model }),
    embedding: {
      ...(model === undefined ? {} : { ...vectors, ...(cache === undefined ? {} : { cache }) }),
      queryCacheSize: QUERY_CACHE_SIZE,
    },
    ...(expansion === undefined ? {} : { keyword: { queryExpansion: expansion } }),
    // The service logs every event itself (logEvent below): the library's once-per-index console line would repeat it.
    runtime: { warnings: false },
    catalog: { limits },
    onEvent(event) {
      if (warming) events.push(event);
      logEvent(event);
      onEvent?.(event);
    },
  });
  await index.warmUp();
  warming = false;
  const embedding = passReport(events);
  const bytes = estimateIndexBytes({
    tools: index.toolNames.length,
    catalogCharacters: catalogCharacters(catalog),
    dimensions: embedding?.dimensions ?? 0,
    quantization: vectors.quantize,
    rescore: vectors.rescore ?? true,
    queryCacheSize: QUERY_CACHE_SIZE,
  });
  builtBytes.set(index, bytes);
  builtFrom.set(index, catalog);
  return { index, events, embedding, bytes };
}
