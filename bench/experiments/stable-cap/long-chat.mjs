// A dozen-turn chat through the default prepareStep over four everyday catalogs: the tools offered at each turn's first
// step (the first 12 one-step opening requests of each catalog, each answered by its expected tool).
//   npm run build && npx node bench/experiments/stable-cap/long-chat.mjs
import { readFileSync } from "node:fs";
const dist = new URL(process.argv[2] ?? "../../../dist", import.meta.url).pathname;
const { createToolIndex } = await import(`${dist}/index.js`);
for (const id of ["saas", "devops", "enterprise", "mcp-pooled-dev"]) {
  const cat = JSON.parse(readFileSync(new URL(`../../everyday/catalogs/${id}.json`, import.meta.url), "utf8"));
  const req = JSON.parse(readFileSync(new URL(`../../everyday/requests/${id}.json`, import.meta.url), "utf8"));
  const index = createToolIndex(
    cat.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
  );
  const prepare = index.prepareStep();
  const turns = req.conversations
    .map((c) => c.turns[0])
    .filter((t) => t.steps.length === 1)
    .slice(0, 12);
  let messages = [];
  const sizes = [];
  let id2 = 0;
  for (const turn of turns) {
    messages = [...messages, { role: "user", content: turn.text }];
    const r = await prepare({ steps: [], messages });
    sizes.push(r.activeTools === undefined ? cat.tools.length : r.activeTools.length);
    const name = turn.steps[0][0];
    const callId = `c${id2++}`;
    messages = [
      ...messages,
      { role: "assistant", content: [{ type: "tool-call", toolCallId: callId, toolName: name, input: {} }] },
      {
        role: "tool",
        content: [
          { type: "tool-result", toolCallId: callId, toolName: name, output: { type: "json", value: { ok: true } } },
        ],
      },
      { role: "assistant", content: "Done." },
    ];
  }
  console.log(id, cat.tools.length, "tools:", sizes.join(" → "));
}
