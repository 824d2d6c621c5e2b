// The local model's load and embedding time with given asset files (e.g. the version-1 and version-2 assets),
// for bench/experiments/local-model/encodings.md.
//
//   npx node bench/experiments/local-model/timing.mjs old.bin new.bin [...]
//
// Needs dist/ (`npm run build`) and BFCL (bench/lib/data.mjs).
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { localEmbeddingModel } from "../../../dist/local/index.js";
import { importSource } from "../../../scripts/import-source.mjs";

import { loadBfcl } from "../../lib/data.mjs";
import { median, nowMs } from "../../lib/stats.mjs";
import { markdownTable, ms, runIfMain } from "../../lib/table.mjs";

// The asset reader is internal (toolsift/local publishes localEmbeddingModel): built from src/.
const { parseLocalModelAsset } = await importSource("src/local/asset.ts");

const TIMING_RUNS = 21;
const EMBED_PASSES = 3;

/**
 * Per asset file: decode (parseLocalModelAsset), load() (decode, word map, wasm instance, rows copied into wasm),
 * and embedding BFCL's tool texts one per doEmbed call and all in one call, after an untimed first run.
 */
export async function measureTiming(paths) {
  const tools = loadBfcl().tools.map((t) => `${t.name} ${t.description ?? ""}`);
  const rows = [];
  for (const path of paths) {
    const file = readFileSync(path);
    const [decode, load, single, batch] = [[], [], [], []];
    for (let run = 0; run <= TIMING_RUNS; run++) {
      let t = nowMs();
      parseLocalModelAsset(file);
      if (run > 0) decode.push(nowMs() - t);
      const model = localEmbeddingModel({ asset: file });
      t = nowMs();
      await model.load();
      if (run > 0) load.push(nowMs() - t);
    }
    const model = localEmbeddingModel({ asset: file });
    await model.load();
    for (let pass = 0; pass <= EMBED_PASSES; pass++) {
      for (const text of tools) {
        const t = nowMs();
        await model.doEmbed({ values: [text] });
        if (pass > 0) single.push(nowMs() - t);
      }
      const t = nowMs();
      await model.doEmbed({ values: tools });
      if (pass > 0) batch.push((nowMs() - t) / tools.length);
    }
    rows.push({
      path,
      decodeMs: median(decode),
      decodeMinMs: Math.min(...decode),
      loadMs: median(load),
      loadMinMs: Math.min(...load),
      embedMs: median(single),
      batchMs: median(batch),
    });
  }
  return { rows, tools: tools.length };
}

export function timingTable({ rows, tools }) {
  return markdownTable(
    [
      "asset file",
      "decode (parse) ms, median / min",
      "load() ms, median / min",
      "embed one tool per call ms",
      "embed per tool, all in one call ms",
    ],
    rows.map((r) => [
      basename(r.path),
      `${ms(r.decodeMs)} / ${ms(r.decodeMinMs)}`,
      `${ms(r.loadMs)} / ${ms(r.loadMinMs)}`,
      ms(r.embedMs),
      ms(r.batchMs),
    ]),
  ).concat(
    `\n\nMedians and minimums of ${TIMING_RUNS} decodes and loads (each load a new model object) after an untimed one; embedding: BFCL's ${tools} tool texts (name and description), ${EMBED_PASSES} passes after an untimed one.`,
  );
}

runIfMain(import.meta.url, async () => {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length === 0) throw new Error("give one or more asset files");
  return timingTable(await measureTiming(positionals));
});
