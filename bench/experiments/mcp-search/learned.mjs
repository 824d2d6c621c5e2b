// What learning from use gives the gateway's search (the gateway learns every forwarded call; bench/mcp.mjs runs with
// --no-learn): the index learns each public request as a call of its expected tool (learnStep, what a forwarded call
// records), then the held-out requests — written apart, with their own words — are searched. Also public 2-fold: learn
// one half, search the other. Figures as top-1 / top-5 of what select() returns first (ranked tools, then companions).
//
//   npm run build && npx node bench/experiments/mcp-search/learned.mjs
import { connectForLearning, gatewayCatalog } from "../../mcp/servers.mjs";
import { importSource } from "../../../scripts/import-source.mjs";

const { MODEL_SEARCH } = await importSource("src/options.ts");

const { sets, clients, local } = await connectForLearning();

async function score(learnt, searched) {
  const catalog = await gatewayCatalog(clients, local);
  for (const { request, expected } of learnt) catalog.index.learnStep(request, [], [expected]);
  let top1 = 0;
  let top5 = 0;
  for (const { request, expected, also = [] } of searched) {
    const found = (await catalog.index.select(request, { ...MODEL_SEARCH, maxTools: 5 })).slice(0, 5);
    const rank = found.findIndex((name) => name === expected || also.includes(name)) + 1;
    if (rank === 1) top1++;
    if (rank >= 1) top5++;
  }
  return { top1, top5, of: searched.length };
}

const percent = ({ top1, top5, of }) => `${((top1 / of) * 100).toFixed(1)}% / ${((top5 / of) * 100).toFixed(1)}%`;
const even = sets.public.filter((_, i) => i % 2 === 0);
const odd = sets.public.filter((_, i) => i % 2 === 1);
console.log(`held-out, nothing learnt:            ${percent(await score([], sets.heldout))}`);
console.log(`held-out, after the 69 public calls: ${percent(await score(sets.public, sets.heldout))}`);
const folds = [await score(even, odd), await score(odd, even)];
const sum = (key) => folds.reduce((total, fold) => total + fold[key], 0);
console.log(
  `public 2-fold (learn one half, search the other): ${percent({ top1: sum("top1"), top5: sum("top5"), of: 69 })}`,
);
await Promise.all(Object.values(clients).map((client) => client.close()));
