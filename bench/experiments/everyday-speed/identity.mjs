// Dumps what keyword select and selectWithScores (maxTools 20, minRelevance 0) return for every BFCL query and every
// everyday turn (as a plain query) on one build, so two builds can be compared byte for byte:
//   node bench/experiments/everyday-speed/identity.mjs [<dir with dist/>] > out.json ; diff / cmp two outputs
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadBfcl } from "../../lib/data.mjs";
import { readEverydayData } from "../../../scripts/everyday-data.mjs";
import { toToolSet } from "../../everyday/rows.mjs";

const root = process.argv[2] ?? new URL("../../../", import.meta.url).pathname;
const module = await import(pathToFileURL(resolve(root, "dist/index.js")).href);
const out = [];
async function run(index, label, query) {
  const names = await index.select(query);
  const scored = await index.selectWithScores(query, { maxTools: 20, minRelevance: 0 });
  out.push({ label, query, names, scored });
}
const { tools, queries } = loadBfcl();
const bfcl = module.createToolIndex(tools);
for (const q of queries) await run(bfcl, "bfcl", q.query);
const long = queries
  .map((q) => q.query)
  .join(" ")
  .split(/\s+/)
  .slice(0, 200)
  .join(" ");
await run(bfcl, "bfcl-long", long);
const { catalogs } = readEverydayData(new URL("../../everyday/", import.meta.url).pathname);
for (const catalog of catalogs) {
  const index = module.createToolIndex(toToolSet(catalog));
  for (const conversation of catalog.conversations)
    for (const turn of conversation.turns) await run(index, catalog.id, turn.text);
}
process.stdout.write(JSON.stringify(out, null, 1));
