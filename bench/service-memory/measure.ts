// Measures memory of built service catalog indexes in Node: K indexes held at once, heap+external and rss deltas.
import { buildCatalogIndex } from "../../src/worker/catalogs/catalog-index.ts";
import { embeddingModelFor } from "../../src/worker/embedding/embedding-model.ts";
import { readConfig } from "../../src/worker/http/config.ts";
import { hashingEmbeddingModel } from "../../src/testing/index.ts";
import { CATALOG_LIMIT_MAXIMUMS } from "../../src/core/catalog-limits.ts";

const [tools, dims, precision, count] = [
  Number(process.argv[2]),
  Number(process.argv[3]),
  process.argv[4],
  Number(process.argv[5] ?? 4),
];
const words =
  "create list update delete get send post refund invoice ticket customer deployment repository message channel email calendar event file folder user team project issue comment order payment subscription".split(
    " ",
  );
function catalog(seed: number) {
  return Array.from({ length: tools }, (_, i) => ({
    name: `svc${seed}_tool_${i}`,
    description: `${words[(i * 7 + seed) % words.length]} the ${words[(i * 13 + 3) % words.length]} of a ${words[(i * 5 + 1) % words.length]} in account ${i}; returns the ${words[(i * 3 + 2) % words.length]} with its id, status and owner.`,
    inputSchema: {
      type: "object",
      properties: {
        id: { type: "string", description: "The id of the item." },
        limit: { type: "integer", description: "Most results." },
      },
      required: ["id"],
    },
  }));
}
const gc = (globalThis as any).gc as () => void;
const usage = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed + m.external, rss: m.rss };
};
const env: any = {
  TOOLSIFT_KV: {},
  TOOLSIFT_EMBEDDING: dims === 0 ? "none" : "local",
  TOOLSIFT_VECTOR_PRECISION: precision,
};
const config = readConfig(env);
const model = dims === 0 ? undefined : hashingEmbeddingModel({ dimensions: dims });
// record vector options for the model as the service does for a model passed in code
if (model) embeddingModelFor(env, config, () => model);
const chars = JSON.stringify(catalog(0)).length;
// warm up the wasm module once
await buildCatalogIndex(catalog(99).slice(0, 10), model, undefined, CATALOG_LIMIT_MAXIMUMS);
const before = usage();
const held = [];
let estimate = 0;
for (let k = 0; k < count; k++) {
  const c = JSON.parse(JSON.stringify(catalog(k)));
  const built = await buildCatalogIndex(c, model, undefined, CATALOG_LIMIT_MAXIMUMS);
  held.push(built.index);
  estimate += built.bytes;
}
// a select each, as a warm catalog answers (query vectors, scratch)
for (const index of held) await index.select("refund the invoice of a customer");
const after = usage();
const mib = (n: number) => (n / 1048576).toFixed(2);
console.log(
  JSON.stringify({
    tools,
    dims,
    precision,
    count,
    catalogChars: chars,
    perIndexHeapExternalMiB: mib((after.heap - before.heap) / count),
    perIndexRssMiB: mib((after.rss - before.rss) / count),
    perIndexEstimateMiB: mib(estimate / count),
  }),
);
