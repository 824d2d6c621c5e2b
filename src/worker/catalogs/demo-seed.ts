// Publishes the bundled demo catalog (src/demo/demo-catalog.ts) under TOOLSIFT_SEED_DEMO, once.

import { DEMO_TOOLS } from "../../demo/demo-catalog.js";
import { putCatalog, type WriteContext } from "./catalog-writes.js";

/**
 * Seeds `id` with the 24-tool demo catalog unless the seed marker (`seed/<id>`) is set, then sets
 * it: a catalog uploaded or deleted under `id` later is left as it is.
 */
export async function seedDemoCatalog(context: WriteContext, id: string): Promise<void> {
  if (await context.store.hasSeedMarker(id)) return;
  if ((await context.store.readPointer(id)) === null) {
    const text = JSON.stringify(DEMO_TOOLS);
    await putCatalog(context, id, JSON.parse(text), text);
  }
  await context.store.writeSeedMarker(id);
}
