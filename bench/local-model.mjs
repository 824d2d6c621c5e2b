// The local embedding model on the paraphrase set and on BFCL: recall@5 for keyword, local-semantic,
// combined and keyword + query expansion; plus asset size, load time and per-query embedding time.
//   npx node bench/local-model.mjs [--asset path.bin ...]   (default: the bundled asset)
import { readFileSync, statSync } from "node:fs";
import { parseArgs } from "node:util";
import { createToolIndex } from "../dist/index.js";
import { localEmbeddingModel } from "../dist/local/index.js";
import { loadBfcl } from "./data.mjs";
import { median } from "./stats.mjs";
import { markdownTable, runIfMain } from "./table.mjs";

const paraphraseCatalog = JSON.parse(readFileSync(new URL("./paraphrase/catalog.json", import.meta.url), "utf8"));
const paraphraseQueries = JSON.parse(readFileSync(new URL("./paraphrase/queries.json", import.meta.url), "utf8"));

/** recall@5 and top-1 of an index over queries with `expected` (string or [string]) and optional `alternatives`. */
async function accuracy(index, queries) {
  let recall = 0;
  let top1 = 0;
  for (const query of queries) {
    const expected = Array.isArray(query.expected) ? query.expected : [query.expected];
    const accepted = new Set([...expected, ...(query.alternatives ?? [])]);
    const names = await index.select(query.query, { maxTools: 5, adaptive: false });
    if (names.some((name) => accepted.has(name))) recall++;
    if (accepted.has(names[0])) top1++;
  }
  return { recall5: recall / queries.length, top1: top1 / queries.length };
}

export const STRATEGIES = [
  { label: "keyword", options: () => ({}) },
  { label: "local semantic", options: (model) => ({ embeddingModel: model, strategy: "semantic" }) },
  { label: "combined (keyword + local)", options: (model) => ({ embeddingModel: model }) },
  { label: "keyword + expansion", options: (model) => ({ queryExpansion: model }) },
  { label: "combined + expansion", options: (model) => ({ embeddingModel: model, queryExpansion: model }) },
];

export async function measureLocalModel({ assets = [undefined] } = {}) {
  const rows = [];
  const bfcl = loadBfcl();
  for (const asset of assets) {
    const bytes = asset === undefined ? statSync(new URL("../assets/local-model.bin", import.meta.url)).size : statSync(asset).size;
    const model = localEmbeddingModel(asset === undefined ? {} : { asset: readFileSync(asset) });
    const started = performance.now();
    await model.load();
    const loadMs = performance.now() - started;
    const times = [];
    for (const query of paraphraseQueries) {
      const t = performance.now();
      await model.doEmbed({ values: [query.query] });
      times.push(performance.now() - t);
    }
    for (const strategy of STRATEGIES) {
      const options = strategy.options(model);
      const para = await accuracy(createToolIndex(paraphraseCatalog, options), paraphraseQueries);
      const bench = await accuracy(createToolIndex(bfcl.tools, options), bfcl.queries);
      rows.push({ asset: asset ?? "bundled", bytes, words: model.info.words, dims: model.info.dimensions, loadMs, embedMs: median(times), strategy: strategy.label, para, bench });
    }
  }
  return rows;
}

export function localModelTable(rows) {
  const pct = (value) => `${(value * 100).toFixed(1)}%`;
  return markdownTable(
    ["asset", "strategy", "paraphrase recall@5", "paraphrase top-1", "BFCL recall@5", "BFCL top-1"],
    rows.map((row) => [`${row.words} × ${row.dims} (${(row.bytes / 1048576).toFixed(2)} MiB)`, row.strategy, pct(row.para.recall5), pct(row.para.top1), pct(row.bench.recall5), pct(row.bench.top1)]),
  );
}

runIfMain(import.meta.url, async () => {
  const { values } = parseArgs({ options: { asset: { type: "string", multiple: true } } });
  const rows = await measureLocalModel({ assets: values.asset ?? [undefined] });
  console.log(localModelTable(rows));
  for (const row of rows.filter((_, i) => i % STRATEGIES.length === 0)) console.log(`${row.asset}: load ${row.loadMs.toFixed(1)} ms, embed one query ${row.embedMs.toFixed(4)} ms (median)`);
});
