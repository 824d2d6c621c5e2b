// How learnt tools share search_tools' limit (src/search/search-answer.ts `withinLimit`): the index learns each
// public request as a call of its expected tool, twice (learnStep, as a forwarded call records it; a learnt link needs
// two observations), then the held-out requests are searched with limit 5; also public 2-fold (learn one half, search
// the other). Each rule is scored on the tools a caller asking for 5 receives.
//
//   npm run build && npx node bench/experiments/mcp-search/learned-limit.mjs
import { DEFAULT_MIN_RELEVANCE } from "../../../dist/index.js";
import { importSource } from "../../../scripts/import-source.mjs";
import { connectForLearning, gatewayCatalog } from "../../mcp/servers.mjs";

const { withinLimit } = await importSource("src/search/search-answer.ts");
const { MODEL_SEARCH } = await importSource("src/options.ts");

const LIMIT = 5;
const rules = {
  "ranked only (learnt tools dropped)": (results) => results.filter((r) => r.reason === "ranked").slice(0, LIMIT),
  "learnt after the ranked (previous: up to 8)": (results) => results,
  "learnt first": (results) =>
    [...results.filter((r) => r.reason !== "ranked"), ...results.filter((r) => r.reason === "ranked")].slice(0, LIMIT),
  "learnt after the first ranked": (results) => {
    const ranked = results.filter((r) => r.reason === "ranked");
    return [...ranked.slice(0, 1), ...results.filter((r) => r.reason !== "ranked"), ...ranked.slice(1)].slice(0, LIMIT);
  },
  "learnt after the ranked at the relevance bar": (results) => {
    const ranked = results.filter((r) => r.reason === "ranked");
    const strong = ranked.filter((r) => r.relevance >= DEFAULT_MIN_RELEVANCE);
    const weak = ranked.filter((r) => r.relevance < DEFAULT_MIN_RELEVANCE);
    return [...strong, ...results.filter((r) => r.reason !== "ranked"), ...weak].slice(0, LIMIT);
  },
  "one place in 5 for a learnt tool, the last (withinLimit, shipped)": (results) => withinLimit(results, LIMIT),
};
const { sets, clients, local } = await connectForLearning();

async function score(learnt, searched) {
  const catalog = await gatewayCatalog(clients, local);
  for (let round = 0; round < 2; round++)
    for (const { request, expected } of learnt) catalog.index.learnStep(request, [], [expected]);
  const counts = Object.fromEntries(Object.keys(rules).map((rule) => [rule, { top1: 0, top5: 0, returned: 0 }]));
  for (const { request, expected, also = [] } of searched) {
    const { results } = await catalog.index.selectWithScores(request, { ...MODEL_SEARCH, maxTools: LIMIT });
    for (const [rule, shape] of Object.entries(rules)) {
      const names = shape(results).map((result) => result.name);
      const rank = names.findIndex((name) => name === expected || also.includes(name)) + 1;
      counts[rule].returned += names.length;
      if (rank === 1) counts[rule].top1++;
      if (rank >= 1) counts[rule].top5++;
    }
  }
  return { counts, of: searched.length };
}

function report(title, runs) {
  const of = runs.reduce((total, run) => total + run.of, 0);
  console.log(`${title} (${of} requests): top-1 / found among what is returned / tools returned per search`);
  for (const rule of Object.keys(rules)) {
    const sum = (key) => runs.reduce((total, run) => total + run.counts[rule][key], 0);
    const percent = (value) => `${((value / of) * 100).toFixed(1)}%`;
    console.log(
      `  ${rule.padEnd(66)} ${percent(sum("top1"))} / ${percent(sum("top5"))} / ${(sum("returned") / of).toFixed(2)}`,
    );
  }
}

report("held-out, nothing learnt", [await score([], sets.heldout)]);
report("held-out, after the public requests learnt twice", [await score(sets.public, sets.heldout)]);
const even = sets.public.filter((_, i) => i % 2 === 0);
const odd = sets.public.filter((_, i) => i % 2 === 1);
report("public 2-fold (learn one half twice, search the other)", [await score(even, odd), await score(odd, even)]);
await Promise.all(Object.values(clients).map((client) => client.close()));
