// Cold import in Node: what importing an entry of the package costs a fresh process.
//
//   npm run build && npx node bench/cold-import.mjs        (COLD_IMPORT_RUNS=N, default 21)
//
// Each run starts fresh processes of this Node (`process.execPath`, no flags) in the repository, one per entry and
// one empty, in turn, so machine load falls on all of them alike:
//   - empty:   node --input-type=module -e ""
//   - entry:   node --input-type=module -e "await import('<entry>')"   (the package's own name: "exports" decides)
// "wall" is spawn to exit (spawnSync), median over the runs, minus the empty process's median: the cost of the import
// to a process. "in process" is `performance.now()` around the `await import(...)` inside the process, median (the
// same import without process start-up noise). Nothing is run after the import: no index is built.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { markdownTable, runIfMain } from "./lib/table.mjs";
import { median, nowMs } from "./lib/stats.mjs";

const REPO = fileURLToPath(new URL("../", import.meta.url));
const RUNS = Number(process.env.COLD_IMPORT_RUNS ?? 21);

/** The entries timed: the package root and the keyword-only entry. */
export const COLD_IMPORT_ENTRIES = ["toolsift", "toolsift/core"];

function timedProcess(source) {
  const started = nowMs();
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", source], { cwd: REPO, encoding: "utf8" });
  const wall = nowMs() - started;
  if (result.status !== 0) throw new Error(`bench/cold-import: ${source} failed:\n${result.stderr}`);
  return { wall, inside: result.stdout === "" ? undefined : Number(result.stdout) };
}

const importSource = (entry) =>
  `const started = performance.now(); await import(${JSON.stringify(entry)}); ` +
  "process.stdout.write(String(performance.now() - started));";

export function measureColdImport(entries = COLD_IMPORT_ENTRIES, runs = RUNS) {
  const empty = [];
  const timings = new Map(entries.map((entry) => [entry, { wall: [], inside: [] }]));
  // One untimed pass, so that the file system cache holds every file before the first timed run.
  for (const entry of entries) timedProcess(importSource(entry));
  for (let run = 0; run < runs; run++) {
    empty.push(timedProcess("").wall);
    for (const entry of entries) {
      const { wall, inside } = timedProcess(importSource(entry));
      timings.get(entry).wall.push(wall);
      timings.get(entry).inside.push(inside);
    }
  }
  const baseline = median(empty);
  return {
    runs,
    baseline,
    rows: entries.map((entry) => ({
      entry,
      wall: median(timings.get(entry).wall),
      overBaseline: median(timings.get(entry).wall) - baseline,
      inside: median(timings.get(entry).inside),
    })),
  };
}

const msText = (value) => `${value.toFixed(1)} ms`;

export function coldImportTable({ runs, baseline, rows }) {
  return `${markdownTable(
    ["entry (fresh Node process, median)", "wall − empty process", "import inside the process", "wall"],
    rows.map((row) => [`\`${row.entry}\``, msText(row.overBaseline), msText(row.inside), msText(row.wall)]),
  )}\n\n- ${runs} runs; an empty process (\`node --input-type=module -e ""\`) took ${msText(baseline)} (median).`;
}

export const COLD_IMPORT_NOTES =
  'Each run starts one fresh `node --input-type=module -e "await import(entry)"` per entry and one empty process, ' +
  "in turn, in the repository (the package's own name, resolved through its `exports`); an untimed pass first. " +
  '"wall − empty process": median spawn-to-exit time less the empty process\'s median; "import inside the ' +
  'process": `performance.now()` around the `await import`, median. No index is built. Goal for a keyword-only ' +
  "consumer: ≤ 22 ms. Command: `npm run build && npx node bench/cold-import.mjs`.";

await runIfMain(import.meta.url, async () => coldImportTable(measureColdImport()));
