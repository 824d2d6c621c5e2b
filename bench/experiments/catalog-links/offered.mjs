// Tools offered per query in a conversation on BFCL: `selectWithScores(query, { maxTools: 5, adaptive: false,
// messages: [the query as the user's message] })` over bfcl-dev.json's 600 queries; ranked tools plus companions
// (catalog prerequisites: the only companions without learnt usage or earlier calls). Prints the mean and the
// count by reason. Used for the catalog-prerequisite rule (CHANGELOG, DESIGN).
//
//   npm run build && npx node bench/experiments/catalog-links/offered.mjs
import { createToolIndex } from "../../../dist/index.js";
import { loadBfcl } from "../../lib/data.mjs";

const bfcl = loadBfcl();
const index = createToolIndex(bfcl.tools);
let offered = 0;
const byReason = {};
for (const { query } of bfcl.queries) {
  const { results } = await index.selectWithScores(query, {
    maxTools: 5,
    adaptive: false,
    messages: [{ role: "user", content: query }],
  });
  offered += results.length;
  for (const result of results) byReason[result.reason] = (byReason[result.reason] ?? 0) + 1;
}
console.log(`tools offered per query: ${(offered / bfcl.queries.length).toFixed(2)}`, byReason);
