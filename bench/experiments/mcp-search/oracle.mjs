// The ceiling of fusion with today's signals: for each request, is the wanted tool in the top 5 of keyword search, of
// keyword + query expansion, of the local embedding alone, or of the gateway's fusion — and of any of them?
//
//   npm run build && npx node bench/experiments/mcp-search/oracle.mjs
import { createMcpCatalog } from "../../../dist/mcp/index.js";
import { localEmbeddingModel } from "../../../dist/local/index.js";
import { connectAll, mcpServers, requestSets } from "../../mcp/servers.mjs";
const sets = requestSets();
const clients = await connectAll(mcpServers().servers);
const local = localEmbeddingModel();
await local.load();
const cfg = {
  kw: {},
  exp: { keyword: { queryExpansion: local } },
  sem: { embeddingModel: local, strategy: "semantic" },
  gw: { embeddingModel: local, keyword: { queryExpansion: local } },
};
const cats = {};
for (const [k, o] of Object.entries(cfg)) {
  cats[k] = await createMcpCatalog(clients, { runtime: { warnings: false }, watch: false, ...o });
  await cats[k].index.warmUp();
}
for (const [name, reqs] of Object.entries(sets)) {
  const t = { kw: 0, exp: 0, sem: 0, gw: 0, any: 0, any10: 0 };
  for (const r of reqs) {
    const ok = (f, n) => f.slice(0, n).some((x) => x === r.expected || (r.also ?? []).includes(x));
    let any = false,
      any10 = false;
    for (const k of Object.keys(cfg)) {
      const f = await cats[k].index.select(r.request, { adaptive: false, minRelevance: 0, maxTools: 10 });
      if (ok(f, 5)) {
        t[k]++;
        any = true;
      }
      if (ok(f, 10)) any10 = true;
    }
    t.any += any;
    t.any10 += any10;
  }
  console.log(name, reqs.length, JSON.stringify(t));
}
process.exit(0);
