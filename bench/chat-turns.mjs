// Which turns after a task the default prepareStep() reads as chat: 220 small conversations (bench/chat-turns/
// turns.json, written blind by a helper session that read no ranking code, committed before use): a request, the
// assistant's reply (a question in about one in five), then the user's next turn, labelled chat (a reaction, a
// feeling, banter: "feel like death tbh", "greta is a legend") or asking ("the rug as well", "do it", "tom" to "Should
// I assign it to someone?"). Each conversation goes through one delivery's prepareStep over the written SaaS catalog
// (bench/everyday/catalogs/saas.json, 60 tools) as AI SDK messages; the last turn's activeTools and no-match events
// are read.
//
//   npm run build && npx node bench/chat-turns.mjs [--before <dist of another build>] [--misses]
//
// Per row: chat turns read as chat (a `no-match` event with reason "small-talk") and given no tool; asking turns read
// as chat (wrongly). Whether an asking turn gets the right tool depends on the catalog, so it is not counted here.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { toToolSet } from "./everyday/rows.mjs";

const { values: args } = parseArgs({ options: { before: { type: "string" }, misses: { type: "boolean" } } });
const here = new URL(".", import.meta.url).pathname;
const { items } = JSON.parse(readFileSync(resolve(here, "chat-turns/turns.json"), "utf8"));
const toolSet = toToolSet(JSON.parse(readFileSync(resolve(here, "everyday/catalogs/saas.json"), "utf8")));

const load = async (dist) => import(pathToFileURL(resolve(dist, "index.js")).href);
const builds = [{ label: "this build", module: await load(resolve(here, "../dist")) }];
if (args.before) builds.push({ label: "before", module: await load(args.before) });

const messagesOf = (item) => [
  { role: "user", content: item.previous },
  { role: "assistant", content: [{ type: "text", text: item.assistant }] },
  { role: "user", content: item.turn },
];

const rows = [];
for (const build of builds) {
  for (const [name, options] of [
    ["`prepareStep()` (default)", {}],
    ["`prepareStep({ stableTools: false })`", { stableTools: false }],
  ]) {
    const index = build.module.createToolIndex(toolSet);
    const counts = { chat: 0, chatRead: 0, chatNoTool: 0, asking: 0, askingRead: 0, askingNoTool: 0, tools: 0 };
    const misses = [];
    for (const item of items) {
      const events = [];
      const prepareStep = index.prepareStep({ ...options, onEvent: (event) => events.push(event) });
      const messages = messagesOf(item);
      // The earlier turn first, as generateText's first step of that turn calls it (the stable set it leaves).
      await prepareStep({ messages: messages.slice(0, 1), steps: [], stepNumber: 0, model: {} });
      events.length = 0;
      const result = await prepareStep({ messages, steps: [], stepNumber: 0, model: {} });
      const offered = result?.activeTools ?? Object.keys(toolSet);
      const read = events.some((event) => event.type === "no-match" && event.reason === "small-talk");
      if (item.chat) {
        counts.chat++;
        if (read) counts.chatRead++;
        if (offered.length === 0) counts.chatNoTool++;
        else misses.push(`chat given ${offered.length} tools: ${item.id} ${JSON.stringify(item.turn)}`);
      } else {
        counts.asking++;
        counts.tools += offered.length;
        if (offered.length === 0) counts.askingNoTool++;
        if (read) {
          counts.askingRead++;
          misses.push(
            `asking read as chat: ${item.id} ${JSON.stringify(item.turn)} (to ${JSON.stringify(item.assistant)})`,
          );
        }
      }
    }
    rows.push({ label: `toolsift ${name}${build.label === "before" ? " (before)" : ""}`, counts, misses });
  }
}

const share = (count, of) => `${((100 * count) / of).toFixed(1)}% (${count}/${of})`;
console.log(`\`npx node bench/chat-turns.mjs${args.before ? " --before …" : ""}\`: ${items.length} turns after a task`);
console.log(
  "\n| row | chat read as chat | chat given no tool | asking read as chat | asking given no tool | tools per asking turn |",
);
console.log("| --- | --: | --: | --: | --: | --: |");
for (const { label, counts } of rows)
  console.log(
    `| ${label} | ${share(counts.chatRead, counts.chat)} | ${share(counts.chatNoTool, counts.chat)} | ` +
      `${share(counts.askingRead, counts.asking)} | ${share(counts.askingNoTool, counts.asking)} | ` +
      `${(counts.tools / counts.asking).toFixed(1)} |`,
  );
if (args.misses) for (const { label, misses } of rows) console.log(`\n${label}\n${misses.join("\n")}`);
