// Recall at 1, 3 and 5 with the local model under other asset files, and the six paraphrases that
// examples/local-model.ts shows: a check on encodings.md's choice (next to this file) at the cut-offs users see (a
// one-time measurement).
//
//   npx node bench/experiments/local-model/top-k.mjs old.bin new.bin [...]
//
// Needs dist/ (`npm run build`), BFCL (bench/lib/data.mjs) and Node's TypeScript type stripping (examples/shared is
// TypeScript; the project's Node 22 has it on by default).
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { createToolIndex } from "../../../dist/index.js";
import { localEmbeddingModel } from "../../../dist/local/index.js";
import { tools as exampleTools } from "../../../examples/shared/tools.ts";
import { loadBfcl, loadParaphraseSet } from "../../lib/data.mjs";
import { markdownTable, percent, runIfMain } from "../../lib/table.mjs";

const { catalog: paraphraseCatalog, queries: paraphraseQueries } = loadParaphraseSet();
/** The paraphrases examples/local-model.ts prints (copied from it), ranked there with maxTools 3. */
const EXAMPLE = [
  ["give the customer their money back", "stripe_create_refund"],
  ["let everyone in the ops room know we are back up", "slack_send_message"],
  ["is it going to rain in Porto tomorrow?", "weather_forecast"],
  ["put the quarterly numbers in cold storage", "aws_s3_put_object"],
  ["when are Ana and Raj both free for half an hour?", "google_calendar_find_free_time"],
  ["the customer wants to stop paying every month", "stripe_cancel_subscription"],
];
const CUTS = [1, 3, 5];

/** Per query, whether an accepted tool is among the first 1, 3 and 5 of `select(query, { maxTools: 5 })`. */
async function found(index, queries) {
  const out = [];
  for (const query of queries) {
    const expected = Array.isArray(query.expected) ? query.expected : [query.expected];
    const accepted = new Set([...expected, ...(query.alternatives ?? [])]);
    const names = await index.select(query.query, { maxTools: 5, adaptive: false });
    out.push(CUTS.map((cut) => names.slice(0, cut).some((name) => accepted.has(name))));
  }
  return out;
}

const shares = (hits) => CUTS.map((_, i) => hits.filter((hit) => hit[i]).length / hits.length);

/** Queries found at 5 by `reference` and not by `hits` (lost), and the other way round (gained). */
function flips(reference, hits) {
  const at5 = CUTS.indexOf(5);
  return {
    lost: hits.filter((hit, q) => reference[q][at5] && !hit[at5]).length,
    gained: hits.filter((hit, q) => !reference[q][at5] && hit[at5]).length,
  };
}

export async function measureTopK(paths) {
  const bfcl = loadBfcl();
  const rows = [];
  for (const path of paths) {
    const model = localEmbeddingModel({ asset: readFileSync(path) });
    const row = { asset: basename(path) };
    for (const [label, options] of [
      ["combined", { embeddingModel: model }],
      ["combined + expansion", { embeddingModel: model, keyword: { queryExpansion: model } }],
    ]) {
      row[label] = {
        para: await found(createToolIndex(paraphraseCatalog, options), paraphraseQueries),
        bench: await found(createToolIndex(bfcl.tools, options), bfcl.queries),
      };
    }
    const example = createToolIndex(exampleTools, { embeddingModel: model, keyword: { queryExpansion: model } });
    let shown = 0;
    for (const [query, expected] of EXAMPLE) {
      if ((await example.select(query, { maxTools: 3, adaptive: false })).includes(expected)) shown++;
    }
    row.example = shown;
    rows.push(row);
  }
  return rows;
}

const cuts = (hits) => shares(hits).map(percent).join(" / ");

export function topKTable(rows) {
  const [first] = rows;
  const changed = (row, label, set) => {
    if (row === first) return "–";
    const { lost, gained } = flips(first[label][set], row[label][set]);
    return `−${lost} / +${gained}`;
  };
  return markdownTable(
    [
      "asset file",
      "para R@1/3/5 combined",
      "para R@1/3/5 + expansion",
      "BFCL R@1/3/5 combined",
      "BFCL R@1/3/5 + expansion",
      "R@5 queries lost / gained vs first: para, + exp., BFCL, + exp.",
      "examples/local-model.ts (top 3)",
    ],
    rows.map((r) => [
      r.asset,
      cuts(r.combined.para),
      cuts(r["combined + expansion"].para),
      cuts(r.combined.bench),
      cuts(r["combined + expansion"].bench),
      [
        changed(r, "combined", "para"),
        changed(r, "combined + expansion", "para"),
        changed(r, "combined", "bench"),
        changed(r, "combined + expansion", "bench"),
      ].join(", "),
      `${r.example}/${EXAMPLE.length}`,
    ]),
  ).concat(
    "\n\n`select(query, { maxTools: 5, adaptive: false })`; R@k: an accepted tool among the first k. " +
      '"combined": `{ embeddingModel }`; "+ expansion": `{ embeddingModel, queryExpansion }` with the same model. ' +
      "Lost / gained: queries whose R@5 hit the first asset file has and this one has not, and the reverse. " +
      "The last column: the example's six paraphrases, combined + expansion, `maxTools: 3`.",
  );
}

runIfMain(import.meta.url, async () => {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length === 0) throw new Error("give one or more asset files");
  return topKTable(await measureTopK(positionals));
});
