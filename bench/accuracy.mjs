// Recall@5 and top-1 of both libraries on the BFCL queries, clean and with typos.
//
// Every query has exactly one expected tool, so recall@5 is the share of queries whose expected
// tool is among the 5 names `select(query, { maxTools: 5, adaptive: false })` returns, and top-1
// the share where it comes first. toolsift gets the raw tools array; toolpick (keyword mode,
// strategy "hybrid") gets the same tools as an AI SDK ToolSet.
import { loadBfcl } from "./lib/data.mjs";
import { buildIndex, loadLibraries } from "./libraries.mjs";
import { markdownTable, percent, runIfMain } from "./lib/table.mjs";
import { makeTypoQueries } from "./typos.mjs";

async function score(library, index, queries) {
  let hits = 0;
  let firsts = 0;
  let empty = 0;
  for (const { query, expected } of queries) {
    const names = await library.select(index, query);
    if (names.length === 0) empty++;
    if (names.slice(0, 5).includes(expected[0])) hits++;
    if (names[0] === expected[0]) firsts++;
  }
  return { recallAt5: hits / queries.length, top1: firsts / queries.length, empty, total: queries.length };
}

/** @returns {Promise<{ rows: object[], typoUnchanged: number, queryCount: number }>} */
export async function measureAccuracy(libraries) {
  const { tools, queries } = loadBfcl();
  const typo = makeTypoQueries(queries);
  const rows = [];
  for (const library of libraries) {
    const index = await buildIndex(library, tools);
    rows.push({ library: library.name, set: "clean", ...(await score(library, index, queries)) });
    rows.push({ library: library.name, set: "typos", ...(await score(library, index, typo.queries)) });
  }
  return { rows, typoUnchanged: typo.unchanged, queryCount: queries.length, toolCount: tools.length };
}

export function accuracyTable({ rows }) {
  const libraries = [...new Set(rows.map((r) => r.library))];
  const get = (library, set) => rows.find((r) => r.library === library && r.set === set);
  return markdownTable(
    ["library", "recall@5 clean", "top-1 clean", "recall@5 typos", "top-1 typos", "empty results (clean/typos)"],
    libraries.map((library) => {
      const clean = get(library, "clean");
      const typos = get(library, "typos");
      return [
        library,
        percent(clean.recallAt5),
        percent(clean.top1),
        percent(typos.recallAt5),
        percent(typos.top1),
        `${clean.empty}/${typos.empty}`,
      ];
    }),
  );
}

await runIfMain(import.meta.url, async () => accuracyTable(await measureAccuracy(await loadLibraries())));
