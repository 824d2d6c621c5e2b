// Peak and held memory of building one service index: embedding every tool, and reading every vector from a cache.
import { buildCatalogIndex } from "../../src/worker/catalogs/catalog-index.ts";
import { embeddingModelFor } from "../../src/worker/embedding/embedding-model.ts";
import { readConfig } from "../../src/worker/http/config.ts";
import { hashingEmbeddingModel } from "../../src/testing/index.ts";
import { memoryCache } from "../../src/cache/index.ts";
import { CATALOG_LIMIT_MAXIMUMS } from "../../src/core/catalog-limits.ts";
const [tools, dims] = [Number(process.argv[2]), Number(process.argv[3])];
const catalog = () =>
  Array.from({ length: tools }, (_, i) => ({
    name: `tool_${i}`,
    description: `Handle the records of account ${i}, with their owners and status.`,
  }));
const gc = (globalThis as any).gc as () => void;
const now = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};
const env: any = { TOOLSIFT_KV: {}, TOOLSIFT_VECTOR_PRECISION: "int8" };
const model = hashingEmbeddingModel({ dimensions: dims });
embeddingModelFor(env, readConfig(env), () => model);
const cache = memoryCache();
async function measure(label: string, withCache: boolean) {
  gc();
  gc();
  const base = now();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, now());
  }, 1);
  const built = await buildCatalogIndex(catalog(), model, withCache ? cache : undefined, CATALOG_LIMIT_MAXIMUMS);
  peak = Math.max(peak, now());
  clearInterval(timer);
  gc();
  gc();
  const held = now() - base;
  console.log(
    JSON.stringify({
      label,
      tools,
      dims,
      peakMiB: ((peak - base) / 1048576).toFixed(1),
      heldMiB: (held / 1048576).toFixed(1),
      estimateMiB: (built.bytes / 1048576).toFixed(1),
      embedded: built.embedding?.embedded,
      fromCache: built.embedding?.fromCache,
    }),
  );
  return built;
}
const first = await measure("embed", true);
void first;
await measure("from cache", true);
