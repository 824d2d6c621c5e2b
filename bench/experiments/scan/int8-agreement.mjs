// int8 against float32 on real text: the paraphrase set (50 tools, 106 queries) and BFCL (589 tools, 600 queries),
// `select(query, { maxTools: 5, adaptive: false })` with float32 rows and with `quantize: "int8"` (rescored with
// the 4-bit residuals, the default, and with `rescore: false`), semantic and combined, with the local model (100
// dimensions) and the deterministic hashing model (1,536). Reports the share of queries whose top-5 set and whose
// first tool are float32's (the issue's goal: the same top-5 set on >= 99% of paraphrase queries).
//
//   npx node bench/experiments/scan/int8-agreement.mjs      (needs dist/: `npm run build`)
import { createToolIndex } from "../../../dist/index.js";
import { localEmbeddingModel } from "../../../dist/local/index.js";
import { hashingEmbeddingModel } from "../../../dist/testing/index.js";
import { loadBfcl, loadParaphraseSet } from "../../lib/data.mjs";
import { markdownTable, percent, runIfMain } from "../../lib/table.mjs";
import { compareTopFive } from "../../semantic.mjs";

const STRATEGIES = [
  ["semantic", "semantic"],
  ["combined", "combined"],
];

/** The top 5 names of every query. */
async function topFives(index, queries) {
  const names = [];
  for (const query of queries) names.push(await index.select(query.query, { maxTools: 5, adaptive: false }));
  return names;
}

export async function measureInt8Agreement() {
  const local = localEmbeddingModel();
  await local.load();
  const models = [
    ["local (100 dims)", local],
    ["hashing (1,536 dims)", hashingEmbeddingModel({ dimensions: 1536 })],
  ];
  const paraphrase = loadParaphraseSet();
  const bfcl = loadBfcl();
  const rows = [];
  for (const [modelLabel, model] of models) {
    for (const [label, catalog, queries] of [
      ["paraphrase set", paraphrase.catalog, paraphrase.queries],
      ["BFCL", bfcl.tools, bfcl.queries],
    ]) {
      for (const [strategyLabel, strategy] of STRATEGIES) {
        const options = { embeddingModel: model, strategy };
        const exact = await topFives(
          createToolIndex(catalog, { ...options, embedding: { quantize: "float32" } }),
          queries,
        );
        const rescored = await topFives(
          createToolIndex(catalog, { ...options, embedding: { quantize: "int8" } }),
          queries,
        );
        const plain = await topFives(
          createToolIndex(catalog, { ...options, embedding: { quantize: "int8", rescore: false } }),
          queries,
        );
        rows.push({
          model: modelLabel,
          data: label,
          strategy: strategyLabel,
          queries: queries.length,
          rescored: compareTopFive(exact, rescored),
          plain: compareTopFive(exact, plain),
        });
      }
    }
  }
  return rows;
}

export function int8AgreementTable(rows) {
  const share = (value, queries) => `${percent(value)} (${Math.round(value * queries)})`;
  return markdownTable(
    [
      "model",
      "data",
      "strategy",
      "queries",
      "same top-5 set, int8 rescored",
      "same top 1, rescored",
      "same top-5 set, `rescore: false`",
      "same top 1, `rescore: false`",
    ],
    rows.map((row) => [
      row.model,
      row.data,
      row.strategy,
      String(row.queries),
      share(row.rescored.sameSet, row.queries),
      share(row.rescored.sameFirst, row.queries),
      share(row.plain.sameSet, row.queries),
      share(row.plain.sameFirst, row.queries),
    ]),
  );
}

await runIfMain(import.meta.url, async () => int8AgreementTable(await measureInt8Agreement()));
