// DELETE's side of learning: erases what was learnt for a catalog, and this isolate's copy of it.

import { errorMessage } from "../../support/error-message.js";
import type { UsageClient } from "./usage-client.js";
import type { CatalogVersionRef } from "./usage-object.js";
import type { WarmUsage } from "./warm-usage.js";

/** A DELETE's warning: the catalog is deleted, its learnt usage could not be erased. */
export interface UsageNotErased {
  readonly code: "USAGE_NOT_ERASED";
  readonly message: string;
}

/**
 * Erases what was learnt under `id` up to its `deleted` version (DELETE), and drops this isolate's copy of it; a
 * failure is answered as a warning (the catalog stays deleted). Nothing to do without the usage objects.
 */
export async function eraseLearntUsage(
  client: UsageClient | undefined,
  warmUsage: WarmUsage | undefined,
  id: string,
  deleted: CatalogVersionRef,
): Promise<UsageNotErased[]> {
  if (client === undefined) return [];
  try {
    const { revision } = await client.erase(id, deleted);
    warmUsage?.erased(id, revision);
    return [];
  } catch (error) {
    const message =
      `Catalog "${id}" was deleted, but its learnt usage could not be erased (${errorMessage(error)}); ` +
      "a catalog published again under this id starts from it.";
    return [{ code: "USAGE_NOT_ERASED", message }];
  }
}
