// Search accuracy over the six real MCP servers, in process, for several index configurations side by side: top-1 and
// top-5 of select() (the gateway's search options) on the public and the held-out request sets.
//
//   npm run build && npx node bench/experiments/mcp-search/evaluate.mjs [--misses] [--set public|heldout]
//     [--only <label>]
//     [--asset <local model asset>] [--sif <sifWeight>] [--text name|name+first|name+description|name x2+description]
//     [--name-blend λ]
//
// Configurations: keyword only; the local model as the gateway uses it (embedding + query expansion); its embedding
// alone (strategy "semantic"); its query expansion alone.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createMcpCatalog } from "../../../dist/mcp/index.js";
import { localEmbeddingModel } from "../../../dist/local/index.js";
import { connectAll, mcpServers, requestSets } from "../../mcp/servers.mjs";
import { importSource } from "../../../scripts/import-source.mjs";

const { MODEL_SEARCH } = await importSource("src/options.ts");

const { values } = parseArgs({
  options: {
    misses: { type: "boolean" },
    set: { type: "string" },
    only: { type: "string" },
    asset: { type: "string" },
    text: { type: "string" },
    sif: { type: "string" },
    "name-blend": { type: "string" },
  },
});
const sets = requestSets();
const { servers } = mcpServers();
const clients = await connectAll(servers);

const local = localEmbeddingModel({
  ...(values.asset === undefined ? {} : { asset: readFileSync(values.asset) }),
  ...(values.sif === undefined ? {} : { sifWeight: Number(values.sif) }),
});
await local.load();
// --text: what of a tool's embedding text (name words / description / "Parameters: …" / parameter prose, one per line)
// the model sees; a query (one line) is left alone. An experiment on the text, without rebuilding toolsift.
const cuts = {
  name: (lines) => lines[0],
  "name+first": (lines) => `${lines[0]}\n${(lines[1] ?? "").split(/(?<=\.)\s/)[0]}`,
  "name+description": (lines) => lines.slice(0, 2).join("\n"),
  "name x2+description": (lines) => [lines[0], ...lines.slice(0, 2)].join("\n"),
};
const cut = values.text === undefined ? undefined : cuts[values.text];
// --name-blend λ: a tool's vector is its whole text's plus λ × its first line's (the name words), renormalised.
const blend = values["name-blend"] === undefined ? undefined : Number(values["name-blend"]);
const blended = async (call) => {
  const whole = (await local.doEmbed(call)).embeddings;
  const names = (await local.doEmbed({ ...call, values: call.values.map((value) => value.split("\n")[0]) })).embeddings;
  const embeddings = whole.map((vector, i) => {
    if (!call.values[i].includes("\n")) return vector;
    const sum = vector.map((value, d) => value + blend * names[i][d]);
    const norm = Math.hypot(...sum) || 1;
    return sum.map((value) => value / norm);
  });
  return { embeddings, usage: { tokens: 0 }, warnings: [] };
};
const model =
  blend !== undefined
    ? { ...local, doEmbed: blended }
    : cut === undefined
      ? local
      : {
          ...local,
          doEmbed: (call) =>
            local.doEmbed({
              ...call,
              values: call.values.map((value) => (value.includes("\n") ? cut(value.split("\n")) : value)),
            }),
        };
const configs = {
  keyword: {},
  gateway: { embeddingModel: model, keyword: { queryExpansion: local } },
  "semantic only": { embeddingModel: model, strategy: "semantic" },
  "expansion only": { keyword: { queryExpansion: local } },
};

const percent = (value) => `${(value * 100).toFixed(1)}%`;
for (const [label, options] of Object.entries(configs)) {
  if (values.only !== undefined && values.only !== label) continue;
  const catalog = await createMcpCatalog(clients, { runtime: { warnings: false }, watch: false, ...options });
  await catalog.index.warmUp();
  const line = [label.padEnd(16)];
  for (const [setName, requests] of Object.entries(sets)) {
    if (values.set !== undefined && values.set !== setName) continue;
    let top1 = 0;
    let top5 = 0;
    const misses = [];
    for (const { request, expected, also = [] } of requests) {
      const found = await catalog.index.select(request, { ...MODEL_SEARCH, maxTools: 5 });
      const right = new Set([expected, ...also]);
      const rank = found.findIndex((name) => right.has(name)) + 1;
      if (rank === 1) top1++;
      if (rank >= 1) top5++;
      else misses.push(`    -  ${request} → want ${expected}, got ${found.slice(0, 3).join(", ")}`);
      if (rank > 1) misses.push(`    ${rank}  ${request} → want ${expected}, got ${found[0]}`);
    }
    line.push(`${setName} top-1 ${percent(top1 / requests.length)} top-5 ${percent(top5 / requests.length)}`);
    if (values.misses) console.log(`${label} / ${setName}:\n${misses.join("\n")}`);
  }
  console.log(line.join("   "));
}
await Promise.all(Object.values(clients).map((client) => client.close()));
