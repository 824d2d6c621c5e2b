// Peak and held memory of building one service catalog in Node: an upload that embeds every tool, then the same
// catalog read back from KV (vectors included) by a fresh isolate's first select. Figures for src/worker/README.md.
//
//   npm run build && npx node --expose-gc bench/service-memory/peak.mjs <tools> <dims>
import { memoryNow, serviceInNode } from "./service.mjs";

const [tools, dims] = [Number(process.argv[2]), Number(process.argv[3])];
const catalog = Array.from({ length: tools }, (_, i) => ({
  name: `tool_${i}`,
  description: `Handle the records of account ${i}, with their owners and status.`,
}));

/** Runs `work` while sampling heap + external every millisecond; prints the peak and what stays held. */
async function measure(label, work) {
  const base = memoryNow().heap;
  const sample = () => {
    const { heapUsed, external } = process.memoryUsage();
    peak = Math.max(peak, heapUsed + external);
  };
  let peak = base;
  const timer = setInterval(sample, 1);
  const answer = await work();
  sample();
  clearInterval(timer);
  const held = memoryNow().heap - base;
  const mib = (bytes) => (bytes / 1048576).toFixed(1);
  console.log(JSON.stringify({ label, tools, dims, peakMiB: mib(peak - base), heldMiB: mib(held), answer }));
}

const options = { dims, precision: "int8", maxTools: tools };
const writer = serviceInNode(options);
await measure("embed (PUT)", async () => (await writer.request("PUT", "/v1/catalogs/peak", catalog)).embeddings);
// A fresh isolate on the same KV: its first select reads the catalog and every vector from KV and builds the index.
const reader = serviceInNode({ ...options, kv: writer.kv });
await measure("from KV (first select)", async () => {
  const { strategy, tools: selected } = await reader.request("POST", "/v1/catalogs/peak/select", {
    query: "records of an account",
  });
  return { strategy, selected: selected.length };
});
