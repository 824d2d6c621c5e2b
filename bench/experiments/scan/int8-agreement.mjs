// int8 against float32 on real text: the local model's embeddings of the paraphrase set (50 tools, 106 queries)
// and BFCL (589 tools, 600 queries), `select(query, { maxTools: 5, adaptive: false })` with `quantize: "int8"`
// and with float32 rows, semantic and combined. Reports the share of queries whose top-5 set is the same and
// whose first tool is the same (the goal: the same top-5 set on >= 99% of paraphrase queries).
//
//   npx node bench/experiments/scan/int8-agreement.mjs      (needs dist/: `npm run build`)
import { createToolIndex } from "../../../dist/index.js";
import { localEmbeddingModel } from "../../../dist/local/index.js";
import { loadBfcl, loadParaphraseSet } from "../../lib/data.mjs";
import { markdownTable, percent, runIfMain } from "../../lib/table.mjs";
import { compareTopFive } from "../../semantic.mjs";

const STRATEGIES = [
  ["local semantic", "semantic"],
  ["combined (keyword + local)", "combined"],
];

/** The top 5 names of every query. */
async function topFives(index, queries) {
  const names = [];
  for (const query of queries) names.push(await index.select(query.query, { maxTools: 5, adaptive: false }));
  return names;
}

export async function measureInt8Agreement() {
  const model = localEmbeddingModel();
  await model.load();
  const paraphrase = loadParaphraseSet();
  const bfcl = loadBfcl();
  const rows = [];
  for (const [label, catalog, queries] of [
    ["paraphrase set", paraphrase.catalog, paraphrase.queries],
    ["BFCL", bfcl.tools, bfcl.queries],
  ]) {
    for (const [strategyLabel, strategy] of STRATEGIES) {
      const options = { embeddingModel: model, strategy };
      const exact = await topFives(createToolIndex(catalog, { ...options, quantize: "float32" }), queries);
      const int8 = await topFives(createToolIndex(catalog, { ...options, quantize: "int8" }), queries);
      const { sameSet, sameFirst } = compareTopFive(exact, int8);
      rows.push({ data: label, strategy: strategyLabel, queries: queries.length, sameSet, sameFirst });
    }
  }
  return rows;
}

export function int8AgreementTable(rows) {
  return markdownTable(
    ["data", "strategy", "queries", "same top-5 set as float32", "same top 1"],
    rows.map((row) => [
      row.data,
      row.strategy,
      String(row.queries),
      `${percent(row.sameSet)} (${Math.round(row.sameSet * row.queries)})`,
      `${percent(row.sameFirst)} (${Math.round(row.sameFirst * row.queries)})`,
    ]),
  );
}

await runIfMain(import.meta.url, async () => int8AgreementTable(await measureInt8Agreement()));
