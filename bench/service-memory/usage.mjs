// Memory a catalog's learnt usage holds in a warm isolate: WarmUsage's parsed copy of the snapshot plus the usage
// graph `replaceUsage` installs into the warm index, against the snapshot's JSON characters. Figures for the
// usage part of the warm-bytes estimate (src/worker/catalogs/memory-estimate.ts, USAGE_BYTES_PER_CHARACTER).
//
//   npm run build && npx node --expose-gc bench/service-memory/usage.mjs <tools> <conversations> \
//     [<tools> <conversations> …]
import { createToolIndex } from "../../dist/index.js";

const memory = () => {
  globalThis.gc();
  globalThis.gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};
const mib = (bytes) => (bytes / 1048576).toFixed(2);

/** A deterministic learner: each conversation 3 user turns of 2 random words, 3 random tool calls a turn. */
function learntSnapshot(tools, conversations) {
  const learner = createToolIndex(tools);
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  for (let c = 0; c < conversations; c++) {
    const messages = [];
    for (let t = 0; t < 3; t++) {
      const words = `please w${Math.floor(random() * 40000)} and w${Math.floor(random() * 40000)}`;
      messages.push({ role: "user", content: words });
      for (let k = 0; k < 3; k++) {
        const toolName = tools[Math.floor(random() * tools.length)].name;
        const toolCallId = `c${c}_${t}_${k}`;
        messages.push({ role: "assistant", content: [{ type: "tool-call", toolCallId, toolName, input: {} }] });
        const output = { type: "text", value: "ok" };
        messages.push({ role: "tool", content: [{ type: "tool-result", toolCallId, toolName, output }] });
      }
    }
    learner.learn(messages);
  }
  return JSON.stringify(learner.usage());
}

const args = process.argv.slice(2).map(Number);
for (let n = 0; n + 1 < args.length; n += 2) {
  const [count, conversations] = [args[n], args[n + 1]];
  const tools = Array.from({ length: count }, (_, i) => ({ name: `t${i}`, description: `tool ${i} does ${i % 97}` }));
  const json = learntSnapshot(tools, conversations);
  const index = createToolIndex(tools);
  await index.warmUp();
  await index.select("does 5");
  const before = memory();
  const copy = JSON.parse(json); // WarmUsage's copy (UsageClient: response.json())
  index.replaceUsage(copy); // installed into the warm index
  await index.select("does 5");
  const held = memory() - before;
  console.log(
    JSON.stringify({
      tools: count,
      conversations,
      snapshotChars: json.length,
      heldMiB: mib(held),
      bytesPerChar: (held / json.length).toFixed(2),
      bytesPerTool: (held / count).toFixed(1),
    }),
  );
  globalThis.keep = [copy, index];
}
