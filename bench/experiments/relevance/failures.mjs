// Prints the off-topic turns that still get a catalog tool, with the words that matched: the chit-chat turns on the
// BFCL catalog and the math/trivia questions on the SaaS catalog (bench/irrelevance.mjs's sets).
//
//   npm run build && npx node bench/experiments/relevance/failures.mjs [--set chitChat|saas|own]
import { parseArgs } from "node:util";
import { loadBfcl, loadIrrelevance, loadOffTopicSets } from "../../lib/data.mjs";
import { toolsiftLocation } from "../../libraries.mjs";

const { values } = parseArgs({ options: { set: { type: "string", default: "chitChat,saas" } } });
const toolsift = await import(toolsiftLocation);
const offTopic = loadOffTopicSets();
const sets = {
  chitChat: () => [[loadBfcl().tools, offTopic.chitChat]],
  saas: () => [[offTopic.saasCatalog, offTopic.offTopic]],
  own: () => loadIrrelevance().items.map((item) => [item.tools, [item.query]]),
};
for (const name of values.set.split(",")) {
  let failures = 0;
  let total = 0;
  for (const [tools, queries] of sets[name]()) {
    const index = toolsift.createToolIndex(tools);
    for (const query of queries) {
      total++;
      const { results } = await index.selectWithScores(query, { maxTools: 5 });
      const ranked = results.filter((entry) => entry.reason === "ranked");
      if (ranked.length === 0) continue;
      failures++;
      const top = ranked[0];
      const words = top.match.map((m) => `${m.word}→${m.term}(${m.kind},${m.field},${m.credit.toFixed(2)})`);
      console.log(`${name}\t${JSON.stringify(query)}\t${top.name} ${top.relevance.toFixed(2)}\t${words.join(" ")}`);
    }
  }
  console.log(`${name}: ${failures}/${total} get a tool`);
}
