// Memory held by the service's warm catalogs in Node: `count` catalogs uploaded and selected once each, all kept warm;
// heap + external and rss per catalog. Figures for src/worker/README.md, "Memory".
//
//   npm run build && npx node --expose-gc bench/service-memory/measure.mjs <tools> <dims: 0 = keywords> \
//     <auto|float32|int8> [count, default 4]
import { memoryNow, serviceInNode } from "./service.mjs";

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
function catalog(seed, length = tools) {
  return Array.from({ length }, (_, i) => ({
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

const service = serviceInNode({ dims, precision, maxTools: tools });
// Warm up once: the wasm module, the model, the service's own state.
await service.request("PUT", "/v1/catalogs/warm-up", catalog(99, 10));
await service.request("POST", "/v1/catalogs/warm-up/select", { query: "refund the invoice of a customer" });
const before = memoryNow();
for (let k = 0; k < count; k++) await service.request("PUT", `/v1/catalogs/c${k}`, catalog(k));
// A select each, as a warm catalog answers (query vectors, scratch).
for (let k = 0; k < count; k++)
  await service.request("POST", `/v1/catalogs/c${k}/select`, { query: "refund the invoice of a customer" });
const after = memoryNow();
const mib = (bytes) => (bytes / 1048576).toFixed(2);
console.log(
  JSON.stringify({
    tools,
    dims,
    precision,
    count,
    catalogChars: JSON.stringify(catalog(0)).length,
    perIndexHeapExternalMiB: mib((after.heap - before.heap) / count),
    perIndexRssMiB: mib((after.rss - before.rss) / count),
  }),
);
