// How the local model's vocabulary size was chosen: "combined" accuracy with alternative assets
// (a one-time measurement).
//
//   npx node bench/experiments/local-model/vocabulary.mjs [--out <table.md>, default vocabulary.md] [asset.bin ...]
//
// Default assets: /tmp/lm-{10000,15000,20000,23000}-100.bin, /tmp/lm-34000-64.bin, /tmp/lm-42000-50.bin
// and /tmp/lm-20000-100-nc.bin (no common component), regenerated with
//   node scripts/build-local-model.mjs --words N --dims D [--common] --out F
// (all but the -nc file with --common; D < 100 is a PCA of GloVe's 100 dimensions). Absent files are
// listed and skipped. The table (with the date, commit and command) is printed and written to --out,
// which `npm run bench` copies into bench/RESULTS.md under its date: the run itself never reads /tmp.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { importSource } from "../../../scripts/import-source.mjs";
import { measureLocalModel, pickStrategies, points } from "../../local-model.mjs";
import { bytes, markdownTable, percent, runIfMain } from "../../lib/table.mjs";

// The asset reader is internal (toolsift/local publishes localEmbeddingModel): built from src/.
const { parseLocalModelAsset } = await importSource("src/local/asset.ts");

export const VOCABULARY_ASSETS = [
  "/tmp/lm-10000-100.bin",
  "/tmp/lm-15000-100.bin",
  "/tmp/lm-20000-100.bin",
  "/tmp/lm-23000-100.bin",
  "/tmp/lm-34000-64.bin",
  "/tmp/lm-42000-50.bin",
  "/tmp/lm-20000-100-nc.bin",
];
/** Where the one-time table is kept (committed); bench/run.mjs copies it in through bench/copied-report.mjs. */
export const VOCABULARY_REPORT = new URL("./vocabulary.md", import.meta.url);
const SHIPPED = fileURLToPath(new URL("../../../assets/local-model.bin", import.meta.url));

export async function measureVocabulary(assets = VOCABULARY_ASSETS) {
  const present = assets.filter((path) => existsSync(path));
  const missing = assets.filter((path) => !existsSync(path));
  const rows =
    present.length === 0 ? [] : await measureLocalModel({ assets: present, strategies: pickStrategies(["combined"]) });
  const shipped = readFileSync(SHIPPED);
  for (const row of rows) {
    const file = readFileSync(row.asset);
    row.gzip = gzipSync(file, { level: 9 }).length;
    row.common = parseLocalModelAsset(file).common !== undefined;
    row.shipped = file.equals(shipped);
  }
  return { rows, missing };
}

export function vocabularyTable({ rows, missing }) {
  if (rows.length === 0) return `No asset found (${missing.join(", ")}); nothing measured.`;
  const keyword = rows[0].keyword;
  const table = markdownTable(
    [
      "asset",
      "words × dims",
      "common component",
      "bytes",
      "gzip",
      "paraphrase recall@5",
      "Δ vs keyword",
      "paraphrase top-1",
      "BFCL recall@5",
      "Δ vs keyword",
      "BFCL top-1",
      "load ms",
    ],
    rows.map((row) => [
      `${basename(row.asset)}${row.shipped ? " (= shipped asset)" : ""}`,
      `${row.words} × ${row.dims}`,
      row.common ? "yes" : "no",
      bytes(row.bytes),
      bytes(row.gzip),
      percent(row.para.recall5),
      points(row.para.recall5 - keyword.para.recall5),
      percent(row.para.top1),
      percent(row.bench.recall5),
      points(row.bench.recall5 - keyword.bench.recall5),
      percent(row.bench.top1),
      row.loadMs.toFixed(1),
    ]),
  );
  return (
    `${table}\n\nStrategy "combined" (\`{ embeddingModel: localEmbeddingModel({ asset }) }\`, default fusion), \`select(query, { maxTools: 5, adaptive: false })\`. ` +
    `Keyword search alone, for the Δ columns (points): paraphrase recall@5 ${percent(keyword.para.recall5)}, top-1 ${percent(keyword.para.top1)}; ` +
    `BFCL recall@5 ${percent(keyword.bench.recall5)}, top-1 ${percent(keyword.bench.top1)}. "load ms": one load() in the process (the first includes compiling the wasm core).` +
    (missing.length > 0 ? `\n\nNot measured (file absent): ${missing.join(", ")}.` : "")
  );
}

function git(args) {
  try {
    return execFileSync("git", args, {
      cwd: fileURLToPath(new URL("../../../", import.meta.url)),
      encoding: "utf8",
    }).trim();
  } catch {
    return "unknown";
  }
}

runIfMain(import.meta.url, async () => {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: "string" } } });
  const result = await measureVocabulary(positionals.length > 0 ? positionals : VOCABULARY_ASSETS);
  const dirty = git(["status", "--porcelain", "--untracked-files=no"]) !== "";
  const report =
    `One-time measurement, ${new Date().toISOString().slice(0, 10)}, commit ${git(["rev-parse", "--short", "HEAD"])}${dirty ? " plus uncommitted changes" : ""}, Node ${process.version}. ` +
    "Command: `npm run build && npx node bench/experiments/local-model/vocabulary.mjs`; the assets were built into /tmp with " +
    "`node scripts/build-local-model.mjs --words N --dims D [--common] --out /tmp/lm-N-D[-nc].bin` (all with `--common` except the -nc file; D < 100 is a PCA of GloVe's 100 dimensions).\n\n" +
    vocabularyTable(result);
  if (result.rows.length > 0) {
    const out = values.out ?? fileURLToPath(VOCABULARY_REPORT);
    writeFileSync(out, `${report}\n`);
    return `${report}\n\nWrote ${out}`;
  }
  return report;
});
