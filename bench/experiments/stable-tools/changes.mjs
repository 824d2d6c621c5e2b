// How often the tools a request sends change per BFCL multi-turn conversation: plain prepareStep against
// prepareStep({ stableTools: true }), on the protocol of bench/sessions.mjs (one prepareStep input per ground-truth
// call; the tools array as the AI SDK sends it: activeTools in ToolSet order, or toolOrder first).
//
//   npm run build && npx node bench/experiments/stable-tools/changes.mjs
import { toolsiftLocation } from "../../libraries.mjs";
import { conversationMessages, loadSessions, stepInputs } from "../../sessions-data.mjs";
import { markdownTable, percent } from "../../lib/table.mjs";

const { createToolIndex } = await import(toolsiftLocation);
const { tools, conversations } = loadSessions();
const catalog = tools.map((tool) => tool.name);

/** The tools array the SDK sends for a prepareStep result (ai/src/prompt/prepare-tools.ts's order). */
function toolsArray(result) {
  const active =
    result.activeTools === undefined ? catalog : catalog.filter((name) => result.activeTools.includes(name));
  if (result.toolOrder === undefined) return active;
  const listed = result.toolOrder.filter((name) => active.includes(name));
  return [...listed, ...active.filter((name) => !listed.includes(name)).sort()];
}

async function measure(name, stepOptions, learn) {
  const folds = [0, 1].map((fold) => {
    const index = createToolIndex(tools);
    if (learn) conversations.forEach((c, i) => i % 2 !== fold && index.learn(conversationMessages(c)));
    return index.prepareStep({ maxTools: 5, ...stepOptions });
  });
  const counts = { calls: 0, offered: 0, requests: 0, turnChanges: 0, callChanges: 0, prefixBreaks: 0, tools: 0 };
  for (let c = 0; c < conversations.length; c++) {
    let previous;
    for (const step of stepInputs(conversations[c])) {
      const sent = toolsArray(await folds[c % 2](step.input));
      counts.requests++;
      counts.calls++;
      counts.tools += sent.length;
      if (sent.includes(step.expected)) counts.offered++;
      if (previous !== undefined && sent.join() !== previous.join()) {
        if (step.call === 0) counts.turnChanges++;
        else counts.callChanges++;
        if (!previous.every((tool, i) => sent[i] === tool)) counts.prefixBreaks++;
      }
      previous = sent;
    }
  }
  const per = (value) => (value / conversations.length).toFixed(2);
  return [
    name,
    percent(counts.offered / counts.calls),
    (counts.tools / counts.requests).toFixed(1),
    per(counts.turnChanges + counts.callChanges),
    per(counts.turnChanges),
    per(counts.callChanges),
    per(counts.prefixBreaks),
  ];
}

const rows = [];
for (const learn of [false, true]) {
  const suffix = learn ? ", learned (2-fold)" : ", cold";
  rows.push(await measure(`prepareStep${suffix}`, {}, learn));
  rows.push(await measure(`prepareStep stableTools${suffix}`, { stableTools: true }, learn));
}
console.log(
  `${conversations.length} conversations, ${tools.length} tools\n` +
    markdownTable(
      [
        "prepareStep",
        "calls offered",
        "tools / request",
        "tool-set changes / conv.",
        "at a user turn",
        "within a call",
        "not an append (earlier tools moved or left)",
      ],
      rows,
    ),
);
