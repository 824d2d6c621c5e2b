// Index options tried for the gateway's search over the six real MCP servers (the gateway's index: local model for
// embedding and query expansion), each scored on the public set; the held-out set printed beside it, never chosen on.
//
//   npm run build && npx node bench/experiments/mcp-search/grid.mjs
import { createMcpCatalog } from "../../../dist/mcp/index.js";
import { localEmbeddingModel } from "../../../dist/local/index.js";
import { connectAll, mcpServers, requestSets } from "../../mcp/servers.mjs";
import { importSource } from "../../../scripts/import-source.mjs";

const { MODEL_SEARCH } = await importSource("src/options.ts");

const sets = requestSets();
const { servers } = mcpServers();
const clients = await connectAll(servers);
const local = localEmbeddingModel();
await local.load();

const variants = {
  gateway: {},
  "server 0.5": { fields: { server: { weight: 0.5 } } },
  "server 0.25": { fields: { server: { weight: 0.25 } } },
  "server 2": { fields: { server: { weight: 2 } } },
  "weighted 0.5/0.5": { embedding: { fusion: { method: "weighted", weights: { keyword: 0.5, semantic: 0.5 } } } },
  "weighted 0.3/0.7": { embedding: { fusion: { method: "weighted", weights: { keyword: 0.3, semantic: 0.7 } } } },
  "weighted 0.7/0.3": { embedding: { fusion: { method: "weighted", weights: { keyword: 0.7, semantic: 0.3 } } } },
  "adaptive 0.5/0.5": { embedding: { fusion: { method: "adaptive", weights: { keyword: 0.5, semantic: 0.5 } } } },
  "rrf 1/1": { embedding: { fusion: { method: "rrf", weights: { keyword: 1, semantic: 1 } } } },
  "expansion 0.6": { keyword: { queryExpansion: { model: local, threshold: 0.6 } } },
  "expansion 0.4": { keyword: { queryExpansion: { model: local, threshold: 0.4 } } },
  "expansion w 0.25": { keyword: { queryExpansion: { model: local, weight: 0.25 } } },
  "no expansion": { keyword: { queryExpansion: undefined } },
};

const percent = (value) => `${(value * 100).toFixed(1)}%`;
for (const [label, extra] of Object.entries(variants)) {
  const options = { embeddingModel: local, keyword: { queryExpansion: local }, ...extra };
  if (options.queryExpansion === undefined) delete options.queryExpansion;
  const catalog = await createMcpCatalog(clients, { runtime: { warnings: false }, watch: false, ...options });
  await catalog.index.warmUp();
  const line = [label.padEnd(20)];
  for (const [setName, requests] of Object.entries(sets)) {
    let top1 = 0;
    let top5 = 0;
    for (const { request, expected, also = [] } of requests) {
      const found = await catalog.index.select(request, { ...MODEL_SEARCH, maxTools: 5 });
      const rank = found.findIndex((name) => name === expected || also.includes(name)) + 1;
      if (rank === 1) top1++;
      if (rank >= 1) top5++;
    }
    line.push(`${setName} ${percent(top1 / requests.length)} / ${percent(top5 / requests.length)}`);
  }
  console.log(line.join("   "));
}
await Promise.all(Object.values(clients).map((client) => client.close()));
