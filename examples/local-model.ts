// Offline semantic search with toolsift/local: a small word-embedding model shipped in the package (no
// key, no network). Paraphrases that share no word with the right tool's description are ranked by
// keywords alone and with the local model, side by side; then one agent turn uses the local index.
//
//   npx node examples/local-model.ts         (offline; with OPENAI_API_KEY: gpt-4o-mini for the agent turn)
import { generateText, isStepCount } from "ai";
import { createToolIndex } from "toolsift";
import { localEmbeddingModel } from "toolsift/local";
import { callIfOffered, describeStep, exampleModel } from "./shared/model.ts";
import { tools, type ToolName } from "./shared/tools.ts";

const keyword = createToolIndex(tools);
const local = localEmbeddingModel();
const semantic = createToolIndex(tools, { embeddingModel: local, keyword: { queryExpansion: local } });
const started = performance.now();
await Promise.all([keyword.warmUp(), semantic.warmUp()]); // loads the 1.2 MiB model and embeds the 30 tools
console.log(`indexes ready in ${(performance.now() - started).toFixed(0)} ms\n`);

const paraphrases: [query: string, expected: ToolName][] = [
  ["give the customer their money back", "stripe_create_refund"],
  ["let everyone in the ops room know we are back up", "slack_send_message"],
  ["is it going to rain in Porto tomorrow?", "weather_forecast"],
  ["put the quarterly numbers in cold storage", "aws_s3_put_object"],
  ["when are Ana and Raj both free for half an hour?", "google_calendar_find_free_time"],
  ["the customer wants to stop paying every month", "stripe_cancel_subscription"],
];

const mark = (names: string[], expected: ToolName) =>
  names.map((name) => (name === expected ? `[${name}]` : name)).join(", ");
const found = { keyword: 0, local: 0 };
for (const [query, expected] of paraphrases) {
  const byKeyword = await keyword.select(query, { maxTools: 3, adaptive: false });
  const byLocal = await semantic.select(query, { maxTools: 3, adaptive: false });
  if (byKeyword.includes(expected)) found.keyword++;
  if (byLocal.includes(expected)) found.local++;
  console.log(`"${query}"  (want ${expected})`);
  console.log(`  keywords:         ${mark(byKeyword, expected) || "(nothing)"}`);
  console.log(`  + local model:    ${mark(byLocal, expected)}`);
}
console.log(
  `\nwanted tool in the top 3: keywords ${found.keyword}/${paraphrases.length}, with the local model ${found.local}/${paraphrases.length}`,
);

// The same index drives an agent loop.
const prompt = "Sam paid for order 1042 twice; give them their money back for the second one (ch_2).";
const { model, label } = await exampleModel([
  callIfOffered("stripe_create_refund", { charge: "ch_2" }),
  { text: "Refunded ch_2." },
]);
const selectTools = semantic.prepareStep({ maxTools: 3 });
console.log(`\nagent (${label})\nuser: ${prompt}`);
await generateText({
  model,
  tools,
  prompt,
  stopWhen: isStepCount(4),
  prepareStep: async (step) => {
    const { activeTools } = await selectTools(step);
    console.log(`step ${step.stepNumber + 1}: offered ${activeTools?.join(", ") ?? "all tools"}`);
    return { activeTools };
  },
  onStepFinish: (step) => console.log(describeStep(step).join("\n")),
});
