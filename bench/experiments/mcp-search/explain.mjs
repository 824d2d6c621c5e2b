// One request over the six real MCP servers with the gateway's index: how the query was read (terms, expansions),
// the top tools with their keyword and semantic parts, and where the wanted tool stands.
//
//   npm run build && npx node bench/experiments/mcp-search/explain.mjs "make a folder called invoices" \
//     filesystem__create_directory ["<request>" <tool>]...
import { createMcpCatalog } from "../../../dist/mcp/index.js";
import { localEmbeddingModel } from "../../../dist/local/index.js";
import { connectAll, mcpServers } from "../../mcp/servers.mjs";

const pairs = [];
for (let i = 2; i < process.argv.length; i += 2) pairs.push([process.argv[i], process.argv[i + 1]]);
const { servers } = mcpServers();
const clients = await connectAll(servers);
const local = localEmbeddingModel();
await local.load();
const catalog = await createMcpCatalog(clients, {
  runtime: { warnings: false },
  watch: false,
  embeddingModel: local,
  keyword: { queryExpansion: local },
});
const options = { adaptive: false, minRelevance: 0, maxTools: 8 };
for (const [request, wanted] of pairs) {
  console.log(`\n${request}`);
  const { results } = await catalog.index.selectWithScores(request, options);
  const first = await catalog.index.explain(request, results[0].name, options);
  console.log(
    "query terms:",
    first.queryTerms.map((t) => `${t.term}(${t.kind} ${t.from} ${t.weight.toFixed(2)})`).join(" "),
  );
  for (const name of [...results.map((r) => r.name), ...(wanted ? [wanted] : [])]) {
    const e = await catalog.index.explain(request, name, options);
    const parts = e.terms.map((t) => `${t.term}:${t.contribution?.toFixed?.(2) ?? ""}`).join(" ");
    console.log(
      `${String(e.rank).padStart(4)} ${name.padEnd(44)} score ${e.score.toFixed(3)} kw ${e.keywordScore.toFixed(2)} ` +
        `sim ${e.semantic?.similarity.toFixed(3)} fused kw ${e.semantic?.keyword.toFixed(3)} sem ${e.semantic?.semantic.toFixed(3)}  ${parts}`,
    );
  }
}
await Promise.all(Object.values(clients).map((client) => client.close()));
