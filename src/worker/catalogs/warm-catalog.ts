// What one isolate keeps per warm catalog, its bytes, and what a lookup takes and answers (warm-catalogs.ts).

import type { ToolsiftEvent } from "../../events.js";
import type { ToolIndex } from "../../tool-index.js";
import type { ServiceEmbeddingModel } from "../embedding/embedding-model.js";
import { dedupe, type ServiceWarning } from "../http/warnings.js";
import { indexBytes } from "./catalog-index.js";
import type { CatalogPointer } from "./catalog-store.js";

/** A published catalog version, built and ready to rank in this isolate. */
export interface WarmCatalog {
  readonly id: string;
  readonly pointer: CatalogPointer;
  readonly index: ToolIndex;
  /** `Date.now()` when the pointer last confirmed this version. */
  checkedAt: number;
  /** The revision of learnt usage installed in `index` (warm-usage.ts); unset until a selection installs one. */
  usageRevision?: number;
  /** Estimated bytes of that usage (the graph in `index`, the parsed copy: memory-estimate.ts), in the budget. */
  usageBytes?: number;
  /**
   * What holds for every answer from this version while it is warm (`EMBEDDING_MODEL_CHANGED`: its stored vectors
   * are another model's), found once when it was loaded; none for a version this isolate wrote.
   */
  readonly warnings?: readonly ServiceWarning[];
}

/** What an isolate keeps warm: at most `catalogs` built indexes, of at most `bytes` estimated bytes together. */
export interface WarmBudget {
  /** TOOLSIFT_WARM_CATALOGS. */
  readonly catalogs: number;
  /** TOOLSIFT_WARM_BYTES (estimates: memory-estimate.ts). */
  readonly bytes: number;
}

/** The catalog to answer from, and what getting it worked around. */
export interface CatalogLookup {
  readonly entry: WarmCatalog;
  readonly warnings: readonly ServiceWarning[];
}

export interface LookupSettings {
  /** Serve a warm copy without reading the pointer for this long (0: read it on every request). */
  readonly recheckMs: number;
  readonly model: ServiceEmbeddingModel | undefined;
  /** Sees every toolsift event of a catalog this lookup loads (its embedding pass: tools, tokens, cache hits). */
  readonly onEvent?: (event: ToolsiftEvent) => void;
}

/** A lookup's answer from `entry`: the warnings its version carries, then `warnings` (this request's). */
export function answerFrom(entry: WarmCatalog, warnings: readonly ServiceWarning[] = []): CatalogLookup {
  return { entry, warnings: entry.warnings === undefined ? warnings : dedupe([...entry.warnings, ...warnings]) };
}

/** A warm copy's estimated bytes: its index and the learnt usage installed in it. */
export const entryBytes = (warm: WarmCatalog) => indexBytes(warm.index) + (warm.usageBytes ?? 0);
